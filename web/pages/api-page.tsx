import { CopyBlock } from "../components/copy-block.js";
import { Layout } from "../components/layout.js";

export interface ApiPageProps {
  /** The registry's public URL (PUBLIC_URL), without a trailing slash. */
  base: string;
  /** One server name this registry lists, for the examples (undefined when it lists none). */
  example: string | undefined;
}

/** /api: the two HTTP APIs, and how to point VS Code and add-mcp at this registry. */
export function ApiPage({ base, example }: ApiPageProps) {
  const name = example ?? "dev.connectory/weather";
  const vscode = `// settings.json (VS Code)\n{\n  "chat.mcp.gallery.serviceUrl": "${base}"\n}`;
  const addMcp = `// $XDG_CONFIG_HOME/add-mcp/config.json (default ~/.config/add-mcp/config.json)\n{\n  "version": 1,\n  "findRegistries": [{ "url": "${base}/v0.1/servers" }]\n}`;
  const curl = `curl '${base}/v0.1/servers?search=weather&version=latest'\ncurl '${base}/v0.1/servers/${encodeURIComponent(name)}/versions/latest'`;
  return (
    <Layout
      title="API and clients"
      description="Connectory's HTTP APIs and how to use this registry from VS Code and add-mcp."
    >
      <article class="prose">
        <h1>API and clients</h1>
        <p class="lead">
          This registry speaks two HTTP APIs: its own, under <a href="/v1/connectors">/v1</a>, which the{" "}
          <code>connectory</code> CLI uses, and the official MCP Registry API (<code>/v0.1/servers</code>,
          also under <code>/v0</code>), which MCP clients such as VS Code and add-mcp read. Every connector
          appears there as one <code>server.json</code> entry per server.
        </p>
        <h2>VS Code</h2>
        <p>
          Set <code>chat.mcp.gallery.serviceUrl</code> to this registry's address (not the{" "}
          <code>/v0.1/servers</code> URL: VS Code adds the path). The setting is hidden from the Settings
          editor: put it in <code>settings.json</code>. An organization's Copilot policy overrides it.
        </p>
        <CopyBlock id="vscode-settings" text={vscode} label="VS Code setting" />
        <h2>add-mcp</h2>
        <p>
          Point <code>add-mcp find</code> at this registry in its config file, then search and install, e.g.{" "}
          <code>add-mcp find weather -a claude-code</code>. add-mcp installs servers that have an npm package
          or a remote URL.
        </p>
        <CopyBlock id="add-mcp-config" text={addMcp} label="add-mcp config" />
        <h2>Reading it yourself</h2>
        <p>
          Names are <code>{name.split("/")[0]}/&lt;connector&gt;</code>, or{" "}
          <code>&lt;connector&gt;.&lt;server&gt;</code> after the slash for a connector with several servers;
          write the slash as <code>%2F</code> in a path. <code>search</code> matches names and Connectory's
          full-text index; cursors keep the query they continue. Bundled servers are listed as MCP Bundles (
          <code>.mcpb</code>), which Claude Desktop installs by opening the file.
        </p>
        <CopyBlock id="official-curl" text={curl} label="Example requests" />
      </article>
    </Layout>
  );
}
