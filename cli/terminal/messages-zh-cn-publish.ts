import type { PublishMessageKey } from "./messages-en-publish.js";

// A publisher's main verbs (pack, publish) in Simplified Chinese: every key of messages-en-publish.ts.

export const zhCNPublish: Record<PublishMessageKey, string> = {
  "pack.skipped": "已跳过（从不打包）：{files}",
  "pack.invalid": "{dir} 不是有效的连接器包（{n} 个错误）；没有写入任何内容",
  "pack.invalid-hint": "修正上面的错误；`connectory validate {dir}` 显示完整报告。",
  "pack.packed": "已打包 {name}@{version}（{n} 个文件）",
  "pack.file": "文件       {file}",
  "pack.size": "大小       {size} 字节",
  "pack.integrity": "完整性     {integrity}",
  "pack.sha256": "sha256 摘要 {sha256}",
  "publish.converted": "已把 {format} 转换为连接器包（{n} 条说明）",
  "publish.trusted": "可信发布：已为 {name} 换取 {source} 令牌（有效期至 {expires}）",
  "publish.listing-tools": "正在列出 {name}@{version} 的 {n} 个服务器的工具…",
  "publish.reported": "已为 {name}@{version} 报告 {n} 个工具",
  "publish.uploading": "正在把 {name}@{version}（{bytes} 字节）发布到 {marketplace}（{url}）…",
  "publish.published": "已发布 {name}@{version}",
  "publish.reported-tools": "已报告 {n} 个工具",
  "publish.invalid": "{target} 不是有效的连接器包（{n} 个错误）；没有上传任何内容",
  "publish.invalid-hint": "修正上面的错误；`connectory validate` 显示完整报告",
};
