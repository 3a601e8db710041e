import type { Problem } from "../../src/core/types.js";
import { cliLanguage, say } from "./language.js";

// A package problem in Simplified Chinese (validate, and errors that list problems): the problem's own
// message is English with its specifics (the value it got, the rule), so the Chinese says what kind of
// problem it is, by code: exactly for the codes a newcomer meets first, else from the code's last part
// (`manifest.name.invalid` → `name：无效`). Codes are what scripts read; they stay as they are.

/** The codes a first package meets, said in full. */
const EXACT: Record<string, string> = {
  "mcp.file.missing": "缺少 mcp.json：每个包的根目录都需要一个",
  "manifest.file.missing": "缺少 plugin.json：每个包的根目录都需要一个",
  "manifest.json.invalid": "plugin.json 不是有效的 JSON",
  "mcp.json.invalid": "mcp.json 不是有效的 JSON",
  "token-schema.json.invalid": "token-schema.json 不是有效的 JSON",
  "manifest.root.type": "plugin.json 必须是一个 JSON 对象",
  "mcp.root.type": "mcp.json 必须是一个 JSON 对象",
  "mcp.servers.empty": 'mcp.json 没有声明任何服务器：在 "mcpServers" 下添加一个（只有带技能的包可以没有）',
  "manifest.key.unknown": "plugin.json 中有未知的键：删除它或检查拼写",
  "mcp.key.unknown": "mcp.json 中有未知的键：删除它或检查拼写",
  "mcp.server.key.unknown": "服务器中有未知的键：删除它或检查拼写",
  "manifest.name.invalid": "name 无效：须为 1–64 个小写字母、数字和连字符，以字母或数字开头和结尾",
  "manifest.version.invalid": "version 无效：须为严格的语义化版本，如 1.0.0 或 1.2.0-beta.1",
  "manifest.description.too-short": "description 太短",
  "manifest.description.too-long": "description 太长",
  "template.undeclared": "模板引用了 token-schema.json 中没有声明的凭据",
  "template.unused": "token-schema.json 声明的凭据没有被任何模板使用",
  "template.secret-in-url": "机密凭据出现在 URL 中",
  "mcp.server.command.missing": "命令型服务器缺少 command",
  "mcp.server.url.missing": "远程服务器缺少 url",
  "mcp.server.url.insecure": "远程服务器的 URL 不安全（须为 https）",
  "skill.file.missing": "技能文件夹缺少 SKILL.md",
  "skill.front-matter.missing": "SKILL.md 缺少开头的 front matter",
  "skill.name.mismatch": "SKILL.md 的 name 与其文件夹名不一致",
  "package.symlink": "包中有符号链接：打包时不能包含",
  "package.dir.missing": "文件夹不存在",
  // plugin.json
  "manifest.categories.unknown": "categories 中有未知的分类：请使用允许的分类之一（原文列出了它们）",
  "manifest.license.invalid":
    "license 须为 SPDX 表达式（如 MIT 或 (MIT OR Apache-2.0)），或“SEE LICENSE IN <file>”",
  "manifest.homepage.invalid": "homepage 须为 http(s) URL",
  "manifest.repository.invalid": "repository 无效",
  "manifest.publisher.invalid": "publisher 无效",
  "manifest.engines.connectory.invalid": 'engines.connectory 不是语义化版本范围，例如 ">=0.1.0"',
  "manifest.permissions.network.invalid": "permissions.network 中的主机名无效，须如 api.example.com",
  "manifest.permissions.network.unknown": 'permissions.network 须为 "none"、"any" 或主机名列表',
  "manifest.permissions.filesystem.access.unknown":
    'permissions.filesystem 的 access 须为 "read" 或 "read-write"',
  "manifest.permissions.path.template":
    "权限路径用了未声明的模板：只能用 ${HOME}、${PLUGIN_ROOT} 或 token-schema.json 的键",
  "manifest.permissions.path.relative": "权限路径不是绝对路径：以“/”或 ${HOME} 等模板开头",
  "manifest.permissions.path.traversal": "权限路径含有 . 或 .. 路径段：请直接写出文件夹本身",
  "manifest.permissions.path.default": "沙箱授权路径用到的凭据的默认值不是干净的绝对路径",
  // mcp.json
  "mcp.server.name.invalid": "服务器名称无效：须为 1–64 个字母、数字、“_”、“-”或“.”，以字母或数字开头",
  "mcp.server.name.separator": "服务器名称含有“__”（它分隔服务器名和工具名）：请改一个不含“__”的名称",
  "mcp.server.type.missing": '带 "url" 的服务器是远程服务器，需要 "type"："streamable-http"、"http" 或 "sse"',
  "mcp.server.type.unknown":
    '未知的服务器类型：命令用 "stdio"（或省略），URL 用 "streamable-http"、"http" 或 "sse"',
  "mcp.server.url.invalid": "服务器的 URL 无效",
  "mcp.schema-version.required": '用到了 mcp.json 2 的键：请在 mcp.json 顶层加上 "schemaVersion": 2',
  "mcp.schema-version.unsupported": "mcp.json 的 schemaVersion 比这个版本的 Connectory 支持的更新",
  "mcp.schema-version.invalid": "mcp.json 的 schemaVersion 无效",
  // token-schema.json
  "token-schema.root.type":
    'token-schema.json 必须是 JSON Schema 对象：{ "type": "object", "properties": { … } }',
  "token-schema.keyword.unknown": "token-schema.json 中有不允许的关键字：删除它或检查拼写",
  "token-schema.property.type.missing": '每个凭据都需要 "type"："string"、"number"、"integer" 或 "boolean"',
  "token-schema.property.type.unknown": '凭据的 "type" 须为 "string"、"number"、"integer" 或 "boolean"',
  "token-schema.property.pattern.invalid": "pattern 不是有效的正则表达式（ajv 以 `u` 标志编译）",
  "token-schema.property.secret-default": "机密凭据有默认值，它会随包一起发布：请删除默认值",
  "token-schema.required.unknown": 'required 中的键不是已声明的凭据：在 "properties" 下声明它或删掉它',
  "template.not-allowed": "env 或请求头的名称中不能用模板，只能用在值中",
  "template.optional-unset": "服务器需要一个可选且没有默认值的凭据：把它设为必填或给它默认值",
};

/** The last part of a code, in words. */
const KIND: Record<string, string> = {
  missing: "缺失（必填）",
  pattern: "格式不符合要求",
  format: "格式无效",
  enum: "不是允许的取值之一",
  required: "缺失（必填）",
  invalid: "无效",
  type: "类型错误",
  unknown: "未知",
  "too-long": "太长",
  "too-short": "太短",
  "too-large": "太大",
  "too-many": "太多",
  "too-few": "太少",
  range: "超出范围",
  duplicate: "重复",
  empty: "为空",
  unsupported: "不受支持",
  mismatch: "不一致",
  insecure: "不安全",
  relative: "须为绝对路径或模板",
  traversal: "路径越界（..）",
  outside: "指向包外",
  absolute: "是绝对路径",
  template: "模板有问题",
  default: "默认值有问题",
  path: "路径有问题",
  separator: "含有不允许的分隔符",
  "dot-segment": "含有 . 或 .. 路径段",
  "host-namespace": "共享了主机的命名空间",
  image: "镜像有问题",
  mount: "挂载了主机路径",
  privileged: "以特权模式运行",
  loader: "会改变代码加载方式的环境变量",
  symlink: "是符号链接",
  "special-file": "是特殊文件",
  "not-folder": "不是文件夹",
  collision: "名称冲突",
  depth: "嵌套太深",
  entries: "条目太多",
  size: "太大",
  command: "命令有问题",
  "not-allowed": "不允许在这里使用",
  "optional-unset": "引用了可能未设置的可选凭据",
  "secret-in-url": "机密出现在 URL 中",
  undeclared: "未声明",
  unused: "未使用",
  strict: "不符合严格模式",
  "secret-default": "机密不能有默认值",
  script: "含有脚本",
  encoding: "编码有问题",
  corrupt: "已损坏",
  truncated: "被截断",
  device: "是设备文件",
  fifo: "是管道文件",
  link: "是链接",
  conflict: "路径冲突",
  reserved: "使用了保留的名称",
  compressed: "压缩后太大",
  unpacked: "解压后太大",
  exists: "已存在",
  timeout: "超时",
};

/** A problem in Chinese: what kind it is (the English message keeps the specifics). */
export function problemInChinese(p: Pick<Problem, "code">): string {
  if (Object.hasOwn(EXACT, p.code)) return EXACT[p.code]!;
  const parts = p.code.split(".");
  const kind = parts.pop() ?? "";
  const field = parts.slice(1).join(".");
  const word = Object.hasOwn(KIND, kind) ? KIND[kind]! : "有问题";
  return field ? `${field}：${word}` : word;
}

/** A problem's lines in the run's language: its message, and in Chinese what kind of problem it is first. */
export function problemText(p: Pick<Problem, "code" | "message">): string[] {
  if (cliLanguage() !== "zh-CN") return [p.message];
  return [problemInChinese(p), say("validate.detail", { message: p.message })];
}

/** The words of this file, for the test that every one is Chinese. */
export const PROBLEM_WORDS_ZH_CN = { EXACT, KIND };

/** A problem on one line (a warning of pack or publish): in Chinese its kind, its message beside it. */
export function problemLine(p: Pick<Problem, "code" | "file" | "path" | "message">): string {
  const [what, ...detail] = problemText(p);
  const said = detail.length > 0 ? `${what}（${detail.join("；")}）` : what;
  return `${p.code} ${p.file}${p.path ? ` ${p.path}` : ""}: ${said}`;
}
