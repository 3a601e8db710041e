import { CATEGORIES } from "../../core/types.js";
import { CopyBlock } from "../components/copy-block.js";
import { ProsePage } from "../components/prose-page.js";
import { useT } from "../lib/i18n.js";
import { PublishProseZh } from "./publish-page-zh.js";

const TREE = `my-connector/
  plugin.json            manifest (required)
  mcp.json               the MCP servers it provides (required)
  token-schema.json      credentials users must supply (optional)
  skills/<skill>/SKILL.md  skills: front matter name + description, then markdown
  README.md              shown on its page here (optional)
  icon.svg | icon.png    (optional)
  server/…               bundled files, e.g. a stdio server (optional)`;

const PLUGIN = `{
  "name": "weather",
  "version": "1.0.0",
  "description": "Current conditions for 20 world cities.",
  "publisher": "acme",
  "license": "MIT",
  "keywords": ["weather", "forecast"],
  "categories": ["weather"]
}`;

const MCP = `{
  "mcpServers": {
    "weather": { "command": "node", "args": ["\${PLUGIN_ROOT}/server/index.js"] },
    "forecast": {
      "type": "streamable-http",
      "url": "https://api.example.com/mcp",
      "headers": { "Authorization": "Bearer \${FORECAST_TOKEN}" }
    }
  }
}`;

const TOKENS = `{
  "type": "object",
  "properties": {
    "FORECAST_TOKEN": { "type": "string", "title": "Forecast API token",
      "description": "From example.com → Settings → API", "secret": true }
  },
  "required": ["FORECAST_TOKEN"],
  "additionalProperties": false
}`;

const COMMANDS = `connectory validate ./my-connector --strict
connectory pack ./my-connector
connectory login <marketplace> --token <token from the registry operator>
connectory publish ./my-connector`;

/** The examples both languages show. */
export interface PublishExamples {
  tree: string;
  plugin: string;
  mcp: string;
  tokens: string;
  commands: string;
}

const EXAMPLES: PublishExamples = {
  tree: TREE,
  plugin: PLUGIN,
  mcp: MCP,
  tokens: TOKENS,
  commands: COMMANDS,
};

/** /publish: the package format in short, the JSON Schemas, an example package, the commands, and links to the docs. */
export function PublishPage() {
  const t = useT();
  return (
    <ProsePage
      title={t("publish.title")}
      description={t("publish.description")}
      en={<PublishProseEn {...EXAMPLES} />}
      zh={<PublishProseZh {...EXAMPLES} />}
    />
  );
}

/** The /publish page's prose in English (publish-page-zh.tsx has it in Simplified Chinese). */
function PublishProseEn({ tree, plugin, mcp, tokens, commands }: PublishExamples) {
  return (
    <>
      <h1>Publish a connector</h1>
      <p class="lead">
        A connector is a folder packed into a gzip tarball. Start from the{" "}
        <a href="/publish/example.tgz">example package</a> (the bundled weather sample) and check your files
        against the JSON Schemas:
      </p>
      <ul>
        <li>
          <a href="/schemas/plugin.schema.json">plugin.schema.json</a> for plugin.json
        </li>
        <li>
          <a href="/schemas/mcp.schema.json">mcp.schema.json</a> for mcp.json
        </li>
        <li>
          <a href="/schemas/token-schema.schema.json">token-schema.schema.json</a> for token-schema.json
        </li>
      </ul>
      <p>
        This page is the short version. The full contract, with every rule, limit and validation code, is{" "}
        <a href="/docs/package-format.md">the package format</a>; the commands are in{" "}
        <a href="/docs/cli.md">the CLI reference</a> and the registry's endpoints in{" "}
        <a href="/docs/http-api.md">the HTTP API</a> (<a href="/docs/">all docs</a>).
      </p>
      <h2>The folder</h2>
      <pre class="code">{tree}</pre>
      <h2>plugin.json</h2>
      <p>
        <code>name</code> is lower-case letters, digits and dashes (up to 64) and unique in a registry; the
        first publisher to use a name owns it. <code>version</code> is strict semver and immutable once
        published. <code>description</code> is up to 300 characters. <code>publisher</code> must match your
        token. Optional: <code>displayName</code>, <code>license</code> (SPDX), <code>homepage</code>,{" "}
        <code>repository</code>, <code>keywords</code>, <code>categories</code>, <code>icon</code>,{" "}
        <code>defaultEnabled</code>, <code>engines.connectory</code>, and <code>i18n</code>: translations of{" "}
        <code>displayName</code>, <code>description</code> and the README by language tag (<code>zh-CN</code>
        ), which search and the Chinese pages use.
      </p>
      <p>Categories: {CATEGORIES.join(", ")}.</p>
      <pre class="code">{plugin}</pre>
      <h2>mcp.json</h2>
      <p>
        Servers are stdio (<code>command</code>, <code>args</code>, <code>env</code>, <code>cwd</code>) or
        remote (<code>type</code> <code>streamable-http</code>, <code>http</code> or <code>sse</code>, with{" "}
        <code>url</code> and <code>headers</code>). Write <code>{"${KEY}"}</code> for a credential declared in
        token-schema.json and <code>{"${PLUGIN_ROOT}"}</code> for the installed folder; <code>command</code>{" "}
        may only use <code>{"${PLUGIN_ROOT}"}</code>. Commands run without a shell.
      </p>
      <pre class="code">{mcp}</pre>
      <h2>token-schema.json</h2>
      <p>
        A JSON Schema object whose properties (named <code>^[A-Z][A-Z0-9_]*$</code>) are the credentials users
        supply at install. Mark secrets with <code>"secret": true</code>: they are never printed, logged or
        sent to the registry.
      </p>
      <pre class="code">{tokens}</pre>
      <h2>Skills, README and icon</h2>
      <p>
        Each <code>skills/&lt;name&gt;/SKILL.md</code> starts with YAML front matter holding <code>name</code>{" "}
        (the folder name) and <code>description</code>. The README is rendered here as markdown: scripts,
        styles, frames, forms and event handlers are removed, links keep only http(s) and mailto, and images
        are shown as links (this site loads nothing from other origins). The icon is an SVG or PNG under 1
        MiB; SVG icons are served as images only, never run.
      </p>
      <h2>Limits</h2>
      <p>
        Tarball entries live under <code>package/</code>; only regular files and folders; at most 5 MiB
        compressed, 20 MiB unpacked, 1000 entries, 16 levels deep. <code>connectory pack</code> makes the same
        bytes from the same folder. Every limit and every rule a tarball must follow:{" "}
        <a href="/docs/package-format.md#folders-and-tarballs">folders and tarballs</a>.
      </p>
      <h2>Publish</h2>
      <CopyBlock id="publish-cmds" text={commands} label="Publishing commands" />
      <p>
        What each command prints, its options and exit codes:{" "}
        <a href="/docs/cli.md#publishing">publishing in the CLI reference</a>. What the registry checks when
        you publish, and its answers: <a href="/docs/http-api.md#publish">publish in the HTTP API</a>.
      </p>
    </>
  );
}
