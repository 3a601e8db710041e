import { CopyBlock } from "../components/copy-block.js";
import { ProsePage } from "../components/prose-page.js";
import { useT } from "../lib/i18n.js";
import { ApiProseZh } from "./api-page-zh.js";

export interface ApiPageProps {
  /** The registry's public URL (PUBLIC_URL), without a trailing slash. */
  base: string;
  /** One server name this registry lists, for the examples (undefined when it lists none). */
  example: string | undefined;
  /** This registry's own namespace (REGISTRY_NAMESPACE): its connectors are `<namespace>/<connector>`. */
  namespace: string;
}

/** /api: the two HTTP APIs, and how to point VS Code and add-mcp at this registry. */
export function ApiPage({ base, example, namespace }: ApiPageProps) {
  const t = useT();
  const name = example ?? `${namespace}/weather`;
  const vscode = `// settings.json (VS Code)\n{\n  "chat.mcp.gallery.serviceUrl": "${base}"\n}`;
  const addMcp = `// $XDG_CONFIG_HOME/add-mcp/config.json (default ~/.config/add-mcp/config.json)\n{\n  "version": 1,\n  "findRegistries": [{ "url": "${base}/v0.1/servers" }]\n}`;
  const curl = `curl '${base}/v0.1/servers?search=weather&version=latest'\ncurl '${base}/v0.1/servers/${encodeURIComponent(name)}/versions/latest'`;
  const prose = { name, namespace, vscode, addMcp, curl };
  return (
    <ProsePage
      title={t("api.title")}
      description={t("api.description")}
      en={<ApiProseEn {...prose} />}
      zh={<ApiProseZh {...prose} />}
    />
  );
}

/** What the prose of /api shows: the example name and the three copyable blocks. */
export interface ApiProseProps {
  name: string;
  namespace: string;
  vscode: string;
  addMcp: string;
  curl: string;
}

/** The /api page's prose in English (api-page-zh.tsx has it in Simplified Chinese). */
function ApiProseEn({ namespace, vscode, addMcp, curl }: ApiProseProps) {
  return (
    <>
      <h1>API and clients</h1>
      <p class="lead">
        This registry speaks two HTTP APIs: its own, under <a href="/v1/connectors">/v1</a>, which the{" "}
        <code>connectory</code> CLI uses, and the official MCP Registry API (<code>/v0.1/servers</code>, also
        under <code>/v0</code>), which MCP clients such as VS Code and add-mcp read. Every connector appears
        there as one <code>server.json</code> entry per server.
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
        <code>add-mcp find weather -a claude-code</code>. add-mcp installs servers that have an npm package or
        a remote URL.
      </p>
      <CopyBlock id="add-mcp-config" text={addMcp} label="add-mcp config" />
      <h2>Reading it yourself</h2>
      <p>
        This registry's names are <code>{namespace}/&lt;connector&gt;</code>, or{" "}
        <code>&lt;connector&gt;.&lt;server&gt;</code> after the slash for a connector with several servers; an
        entry imported from another catalog keeps its upstream name (e.g.{" "}
        <code>io.github.&lt;owner&gt;/&lt;name&gt;</code>). Write the slash as <code>%2F</code> in a path.{" "}
        <code>search</code> matches names and Connectory's full-text index; cursors keep the query they
        continue. Bundled servers are listed as MCP Bundles (<code>.mcpb</code>), which Claude Desktop
        installs by opening the file.
      </p>
      <CopyBlock id="official-curl" text={curl} label="Example requests" />
    </>
  );
}
