import { CATEGORIES } from "../../core/types.js";
import { CopyBlock } from "../components/copy-block.js";
import type { PublishExamples } from "./publish-page.js";

/** The /publish page's prose in Simplified Chinese (publish-page.tsx has the English and the examples). */
export function PublishProseZh({ tree, plugin, mcp, tokens, commands }: PublishExamples) {
  return (
    <>
      <h1>发布连接器</h1>
      <p class="lead">
        连接器是一个打包成 gzip tarball 的文件夹。可以从<a href="/publish/example.tgz">示例包</a>
        （内置的天气示例）开始，并用 JSON Schema 检查你的文件：
      </p>
      <ul>
        <li>
          <a href="/schemas/plugin.schema.json">plugin.schema.json</a> 对应 plugin.json
        </li>
        <li>
          <a href="/schemas/mcp.schema.json">mcp.schema.json</a> 对应 mcp.json
        </li>
        <li>
          <a href="/schemas/token-schema.schema.json">token-schema.schema.json</a> 对应 token-schema.json
        </li>
      </ul>
      <p>
        本页是简版。完整的约定（每条规则、限制和校验代码）见<a href="/docs/package-format.md">包格式</a>
        ；命令见
        <a href="/docs/cli.md">CLI 参考</a>，注册表的接口见<a href="/docs/http-api.md">HTTP API</a>（
        <a href="/docs/">全部文档</a>，英文）。
      </p>
      <h2>文件夹</h2>
      <pre class="code">{tree}</pre>
      <h2>plugin.json</h2>
      <p>
        <code>name</code> 由小写字母、数字和短横线组成（最多 64
        个），在注册表中唯一；第一个使用该名称的发布者拥有它。
        <code>version</code> 是严格的 semver，发布后不可更改。<code>description</code> 最多 300 个字符。
        <code>publisher</code> 必须与你的令牌一致。可选：<code>displayName</code>、<code>license</code>
        （SPDX）、
        <code>homepage</code>、<code>repository</code>、<code>keywords</code>、<code>categories</code>、
        <code>icon</code>、<code>defaultEnabled</code>、<code>engines.connectory</code>，以及{" "}
        <code>i18n</code>：按语言标签（如 <code>zh-CN</code>）提供翻译后的 <code>displayName</code>、
        <code>description</code> 和 README 文件，搜索和中文界面会使用它们。
      </p>
      <p>类别：{CATEGORIES.join(", ")}。</p>
      <pre class="code">{plugin}</pre>
      <h2>mcp.json</h2>
      <p>
        服务器可以是 stdio（<code>command</code>、<code>args</code>、<code>env</code>、<code>cwd</code>
        ）或远程 （<code>type</code> 为 <code>streamable-http</code>、<code>http</code> 或 <code>sse</code>
        ，带 <code>url</code> 和 <code>headers</code>）。用 <code>{"${KEY}"}</code> 引用 token-schema.json
        中声明的凭据，用 <code>{"${PLUGIN_ROOT}"}</code> 表示安装后的文件夹；<code>command</code> 只能使用{" "}
        <code>{"${PLUGIN_ROOT}"}</code>。命令不经过 shell 运行。
      </p>
      <pre class="code">{mcp}</pre>
      <h2>token-schema.json</h2>
      <p>
        一个 JSON Schema 对象，其属性（命名为 <code>^[A-Z][A-Z0-9_]*$</code>）是用户安装时提供的凭据。用{" "}
        <code>"secret": true</code> 标记机密：它们永远不会被打印、记录或发送到注册表。
      </p>
      <pre class="code">{tokens}</pre>
      <h2>技能、README 和图标</h2>
      <p>
        每个 <code>skills/&lt;name&gt;/SKILL.md</code> 以 YAML front matter 开头，包含 <code>name</code>
        （文件夹名）和 <code>description</code>。README 在这里按 Markdown
        渲染：脚本、样式、框架、表单和事件处理器都会被移除， 链接只保留 http(s) 和
        mailto，图片显示为链接（本站不从其他来源加载任何内容）。图标是小于 1 MiB 的 SVG 或 PNG； SVG
        图标只作为图片提供，从不运行。
      </p>
      <h2>限制</h2>
      <p>
        Tarball 的条目位于 <code>package/</code> 下；只允许普通文件和文件夹；压缩后最多 5 MiB，解压后 20
        MiB，1000 个条目，16 层深。<code>connectory pack</code> 对同一个文件夹生成相同的字节。tarball
        必须遵守的每条限制和规则：
        <a href="/docs/package-format.md#folders-and-tarballs">文件夹与 tarball</a>。
      </p>
      <h2>发布</h2>
      <CopyBlock id="publish-cmds" text={commands} label="发布命令" />
      <p>
        每个命令的输出、选项和退出码：<a href="/docs/cli.md#publishing">CLI 参考中的发布</a>
        。发布时注册表检查什么、如何回答：
        <a href="/docs/http-api.md#publish">HTTP API 中的发布</a>。
      </p>
    </>
  );
}
