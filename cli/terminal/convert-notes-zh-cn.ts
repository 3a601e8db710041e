import { cliLanguage, say } from "./language.js";

// What a conversion did not carry over as it was (src/core/convert NOTE_CODES, docs/package-format.md
// "Converting"), in Simplified Chinese by the note's code; the converter's English words, which name the
// field, the value or the server, follow as `原文：…`.

const NOTE: Record<string, string> = {
  "convert.alternative.kept": "另外的包或远程端点成为第一个的 alternatives（mcp.json 2）",
  "convert.alternative.unsupported": "有一个包或远程端点无法在这里运行，已略过",
  "convert.argument.placeholder": "一个参数占位符变成了凭据",
  "convert.bundle.files-missing": "没有给出 MCP Bundle 的服务器代码（请转换解包后的文件夹）",
  "convert.category.keyword": "上游分类没有对应的分类，作为关键词保留",
  "convert.credential.dropped": "有一个凭据没有用到或无法命名，已去掉",
  "convert.credential.multiple": "几个值合成了一个凭据",
  "convert.credential.renamed": "凭据名按规则改写了",
  "convert.credential.required": "凭据被设为必填",
  "convert.credential.secret-inferred": "根据名称（KEY、TOKEN、PASSWORD…）推断为机密",
  "convert.description.cleaned": "描述中的换行已去掉",
  "convert.description.missing": "没有描述：根据名称写了一个",
  "convert.description.truncated": "描述在词边界处截断到 300 个字符（README.md 保留了全文）",
  "convert.display-name.truncated": "标题截断到 100 个字符",
  "convert.docker.option": "主机允许列表和端口不会被强制执行",
  "convert.docker.volume": "固定的卷按原样挂载",
  "convert.env.renamed": "环境变量名按规则改写了",
  "convert.field.dropped": "有一个字段没有对应的位置，保留在来源记录（provenance）中",
  "convert.keywords.dropped": "超出限制的关键词已去掉",
  "convert.launch.malformed": "启动方式照原样看起来不对：已保留，并标记为“上游看起来有误”",
  "convert.listing-only": "没有 Connectory 能运行的内容：作为仅列出的连接器保留",
  "convert.name.renamed": "名称按规则改写了",
  "convert.oauth.dropped": "oauth 键没有对应的位置或值不合规则，已去掉",
  "convert.oauth.manual": "OAuth 登录改为令牌凭据",
  "convert.oauth.mapped": "Docker 的登录变成了 oauth",
  "convert.platform.override": "平台覆盖只保留在来源记录（provenance）中",
  "convert.plugin.component-dropped": "连接器不承载的 Claude Code 组件已去掉",
  "convert.plugin.file-dropped": "不是 UTF-8 的 README 已去掉",
  "convert.plugin.skill-dropped": "无效的技能已去掉",
  "convert.plugin.skill-renamed": "技能文件夹改名了",
  "convert.server.dropped": "有一个服务器无法运行，已去掉",
  "convert.server.renamed": "服务器名按规则改写了",
  "convert.skills-only": "没有服务器，只有技能",
  "convert.template.default-dropped": "有一个无法表达的默认值已去掉",
  "convert.template.unknown": "有一个没有对应写法的模板",
  "convert.tools.reported": "来源列出的工具作为发布者的报告保留",
  "convert.url.dropped": "不是 http(s) 的主页或仓库地址已去掉",
  "convert.version.mapped": "版本不是严格的语义化版本，已映射",
};

/** A note's lines under its code: its message, and in Chinese what kind of note it is first. */
export function convertNoteText(n: { code: string; message: string }): string[] {
  if (cliLanguage() === "en" || !Object.hasOwn(NOTE, n.code)) return [n.message];
  return [NOTE[n.code]!, say("validate.detail", { message: n.message })];
}

/** The words of this file, for the test that every one is Chinese. */
export const CONVERT_NOTES_ZH_CN = NOTE;
