import { cliLanguage, say, type SaidBoth } from "./language.js";

// Errors of src/core and src/package in Simplified Chinese by their code: what a converter refused or
// could not read (src/core/convert's REFUSAL_CODES and INPUT_CODES), a package folder that is not
// there, and a registry's frequent refusals (by its problem+json `code`). The kind, with the English words beside it (`原文：…`, as a package problem's), since they name
// the file, the plugin or the limit; the hint when the core's is a fixed sentence.

const KIND: Record<string, string> = {
  "convert.refused.format-unknown": "无法识别输入的格式",
  "convert.refused.invalid-package": "转换出的包无法通过 validate --strict",
  "convert.refused.name": "上游名称得不到可用的连接器名称：请传入 --name",
  "convert.refused.no-server": "没有 Connectory 能运行的服务器",
  "convert.refused.not-a-connector": "没有 MCP 服务器也没有技能：没有连接器可以承载的内容",
  "convert.refused.not-json": "输入不是有效的 JSON",
  "convert.refused.not-yaml": "输入不是有效的 YAML",
  "convert.refused.remote-source": "插件的来源不在本地检出中：请先取得它，再转换它的文件夹",
  "convert.refused.shape": "输入的结构不符合该格式",
  "convert.refused.source-missing": "插件的文件夹不在检出中",
  "convert.refused.too-deep": "输入嵌套太深",
  "convert.refused.too-large": "输入太大",
  "convert.input.encoding": "输入不是 UTF-8 文本",
  "convert.input.missing": "输入不存在或不是文件",
  "convert.input.too-large": "输入超过了 convert 能读取的大小",
  "convert.input.unreadable": "无法把输入读作包文件夹",
  "convert.marketplace.plugin-missing": "这是一个包含多个插件的市场：请用 #<plugin> 指定一个",
  "convert.marketplace.plugin-unknown": "市场中没有这个名称的插件",
  "convert.remote.failed": "通过 URL 给出的市场要先用 `connectory convert` 转换",
  "package.dir.missing": "文件夹不存在",
  "package.dir.not-folder": "这不是文件夹",
  "package.dir.symlink": "这是一个符号链接，不是文件夹本身",
  "token-schema.invalid": "token-schema.json 无法编译",
  "template.invalid": "服务器的模板无效",
  "template.command": "command 中只能使用 ${PLUGIN_ROOT}",
  "project.lock.invalid": "connectory.lock 已损坏",
  // A registry's refusals (problem+json `code`): its `detail` is the English beside them.
  "auth.required": "这个请求需要发布令牌",
  "auth.invalid": "发布令牌无效（未知、格式错误或已吊销）",
  "auth.scope": "这个令牌只能用于它所签发给的连接器",
  "connector.forbidden": "这个连接器属于另一个发布者",
  "publish.version.exists": "这个版本已经存在；版本一经发布便不可更改",
  "publish.name.mismatch": "plugin.json 中的名称与 URL 中的名称不一致",
  "publish.publisher.mismatch": "plugin.json 中的 publisher 与令牌所属的发布者不一致",
  "publish.body.empty": "请求没有正文",
  "version.malicious": "该版本已被运营者确认为恶意，保持撤回状态",
};

/** What to do, for the errors whose core hint is a fixed sentence. */
const HINT: Record<string, string> = {
  "convert.input.missing":
    "请给出 server.json、manifest.json、marketplace.json#<plugin>、.mcp.json、server.yaml 或插件文件夹的路径。",
  "convert.remote.failed": "请先转换它（`connectory convert <url>#<plugin> -o <folder>`），再发布该文件夹",
  "package.dir.missing": "请给出连接器文件夹的路径（含有 plugin.json 的那个）。",
  "package.dir.not-folder": "请给出连接器文件夹（含有 plugin.json 的那个），而不是其中的文件。",
  "package.dir.symlink": "请给出文件夹本身（把它复制进来），而不是指向它的链接。",
  "token-schema.invalid": "在这个包上运行 `connectory validate`；发布者需要修正 token-schema.json。",
  "template.invalid": "在这个包上运行 `connectory validate` 并修正它的 mcp.json。",
  "template.command": "请通过 args 或 env 传递凭据。",
  "project.lock.invalid": "从版本控制中恢复它，或删除它并运行 `connectory sync` 重新解析",
  "auth.required":
    "用 `connectory login <marketplace>` 保存一个令牌（它以 `Authorization: Bearer <token>` 发送）",
  "auth.invalid": "向注册表运营者申请令牌（`connectory-registry token create --publisher <name>`）",
  "publish.version.exists": "请在 plugin.json 中提高版本号，然后重新发布",
  "publish.body.empty": "把压缩包（`connectory pack`）作为请求正文发送",
  "version.malicious": "请发布一个新的、干净的版本",
};

/** The Chinese hint of an error said here, when its core hint is a fixed sentence. */
export function coreHintInChinese(code: string): string | undefined {
  return Object.hasOwn(HINT, code) ? HINT[code] : undefined;
}

/** Whether an error code is said here. */
export function isWordedCode(code: string): boolean {
  return Object.hasOwn(KIND, code);
}

/** An error (or a converter's refusal) in Chinese: its kind by code, and its own words beside it. */
export function coreInChinese(code: string, message: string): string {
  const kind = Object.hasOwn(KIND, code) ? KIND[code]! : "出错了";
  return `${kind}（${say("validate.detail", { message })}）`;
}

/** The words of this file, for the test that every one is Chinese. */
export const CORE_WORDS_ZH_CN = { ...KIND, ...HINT };

/** A converter's refusal for a sentence of the tables to quote: English (--json), and in the run's language. */
export function convertWhy(code: string, message: string): SaidBoth {
  return { en: message, text: cliLanguage() === "en" ? message : coreInChinese(code, message) };
}
