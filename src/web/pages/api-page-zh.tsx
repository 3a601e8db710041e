import { CopyBlock } from "../components/copy-block.js";
import type { ApiProseProps } from "./api-page.js";

/** The /api page's prose in Simplified Chinese (api-page.tsx has the English and the examples). */
export function ApiProseZh({ namespace, vscode, addMcp, curl }: ApiProseProps) {
  return (
    <>
      <h1>API 与客户端</h1>
      <p class="lead">
        本注册表提供两套 HTTP API：它自己的 <a href="/v1/connectors">/v1</a>（<code>connectory</code> CLI
        使用），以及官方 MCP Registry API（<code>/v0.1/servers</code>，也在 <code>/v0</code> 下），供 VS
        Code、 add-mcp 等 MCP 客户端读取。每个连接器的每个服务器在那里都是一条 <code>server.json</code> 记录。
      </p>
      <h2>VS Code</h2>
      <p>
        把 <code>chat.mcp.gallery.serviceUrl</code> 设为本注册表的地址（不是 <code>/v0.1/servers</code> 的
        URL：VS Code 会自己加上路径）。设置编辑器里看不到这一项：请写进 <code>settings.json</code>。组织的
        Copilot 策略会覆盖它。
      </p>
      <CopyBlock id="vscode-settings" text={vscode} label="VS Code 设置" />
      <h2>add-mcp</h2>
      <p>
        在 add-mcp 的配置文件中让 <code>add-mcp find</code> 指向本注册表，然后搜索并安装，例如{" "}
        <code>add-mcp find weather -a claude-code</code>。add-mcp 安装带有 npm 包或远程 URL 的服务器。
      </p>
      <CopyBlock id="add-mcp-config" text={addMcp} label="add-mcp 配置" />
      <h2>自己读取</h2>
      <p>
        本注册表的名称形如 <code>{namespace}/&lt;connector&gt;</code>，多服务器的连接器在斜杠后写作{" "}
        <code>&lt;connector&gt;.&lt;server&gt;</code>；从其他目录导入的条目保留其上游名称（例如{" "}
        <code>io.github.&lt;owner&gt;/&lt;name&gt;</code>）。在路径中把斜杠写成 <code>%2F</code>。
        <code>search</code> 匹配名称和 Connectory
        的全文索引（中文也能按词中片段找到）；游标会保留它所延续的查询。内置服务器以 MCP Bundle（
        <code>.mcpb</code>）列出，Claude Desktop 打开该文件即可安装。
      </p>
      <CopyBlock id="official-curl" text={curl} label="示例请求" />
    </>
  );
}
