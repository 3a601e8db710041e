import { describe, expect, it } from "vitest";
import { parse as parseToml } from "@decimalturn/toml-patch";
import YAML from "yaml";
import { HOSTS, getHost, HOST_IDS } from "../../../src/core/hosts/index.js";
import { hostSnippet } from "../../../src/core/hosts/snippet.js";
import { type SnippetContext } from "../../../src/core/hosts/types.js";
import type { RemoteServer, StdioServer } from "../../../src/core/types.js";

const github: RemoteServer = {
  type: "http",
  url: "https://api.githubcopilot.com/mcp/",
  headers: { Authorization: "Bearer ${GITHUB_PAT}", "X-MCP-Toolsets": "${GITHUB_TOOLSETS}" },
};
const tushare: RemoteServer = {
  type: "streamable-http",
  url: "https://api.tushare.pro/mcp/?token=${TUSHARE_TOKEN}",
};
const brave: StdioServer = {
  command: "npx",
  args: ["-y", "brave-mcp"],
  env: { BRAVE_API_KEY: "${BRAVE_API_KEY}" },
};
const weather: StdioServer = {
  command: "node",
  args: ["${PLUGIN_ROOT}/server/index.js"],
  env: { WEATHER_UNITS: "${WEATHER_UNITS}" },
};
const sse: RemoteServer = { type: "sse", url: "https://example.com/sse" };

const ctx = (server: string): SnippetContext => ({
  server,
  credentials: [
    { key: "GITHUB_PAT", secret: true, title: "GitHub token" },
    { key: "GITHUB_TOOLSETS", secret: false },
    { key: "TUSHARE_TOKEN", secret: true },
    { key: "BRAVE_API_KEY", secret: true },
  ],
  launcher: { command: "connectory", args: [] },
});

function decodeBase64(text: string): unknown {
  return JSON.parse(new TextDecoder().decode(Uint8Array.from(atob(text), (c) => c.charCodeAt(0))));
}

describe.each(HOST_IDS)("%s snippet", (id) => {
  const adapter = HOSTS[id];
  it.each([
    ["github", github],
    ["tushare", tushare],
    ["brave", brave],
    ["weather", weather],
    ["legacy", sse],
  ] as const)(
    "%s: parses in the host's format, with every credential referenced or a placeholder",
    (name, template) => {
      const snippet = hostSnippet(adapter, name, template, ctx(name));
      const format = adapter.document?.format ?? "json";
      const parsed =
        format === "toml"
          ? parseToml(snippet.text)
          : format === "yaml"
            ? YAML.parse(snippet.text)
            : JSON.parse(snippet.text);
      expect(JSON.parse(JSON.stringify(parsed))).toEqual(JSON.parse(JSON.stringify(snippet.document)));
      // No template survives unless it is the host's own syntax for the same key.
      const text = JSON.stringify(snippet.document);
      for (const key of ["GITHUB_PAT", "TUSHARE_TOKEN", "BRAVE_API_KEY", "PLUGIN_ROOT"]) {
        if (!text.includes(key)) continue;
        expect(snippet.placeholders.map((p) => p.key).concat(["PLUGIN_ROOT"])).toContain(key);
      }
    },
  );
});

describe("host-specific secret references", () => {
  it("claude-code uses ${VAR} and http/sse types", () => {
    const s = hostSnippet(getHost("claude-code"), "github", github, ctx("github"));
    expect(s.document).toEqual({
      mcpServers: { github: { type: "http", url: github.url, headers: github.headers } },
    });
  });

  it("cursor uses ${env:VAR} and a base64 deeplink of the server object", () => {
    const s = hostSnippet(getHost("cursor"), "brave", brave, ctx("brave"));
    const entry = {
      command: "npx",
      args: ["-y", "brave-mcp"],
      env: { BRAVE_API_KEY: "${env:BRAVE_API_KEY}" },
    };
    expect(s.document).toEqual({ mcpServers: { brave: entry } });
    const url = new URL(s.deeplink!);
    expect(url.protocol).toBe("cursor:");
    expect(url.searchParams.get("name")).toBe("brave");
    expect(decodeBase64(url.searchParams.get("config")!)).toEqual(entry);
  });

  it("vscode declares password inputs and references them", () => {
    const s = hostSnippet(getHost("vscode"), "github", github, ctx("github"));
    expect(s.document.inputs).toEqual([
      { type: "promptString", id: "github-github-pat", description: "GitHub token", password: true },
      { type: "promptString", id: "github-github-toolsets", description: "GITHUB_TOOLSETS", password: false },
    ]);
    expect((s.document.servers as Record<string, unknown>).github).toEqual({
      type: "http",
      url: github.url,
      headers: {
        Authorization: "Bearer ${input:github-github-pat}",
        "X-MCP-Toolsets": "${input:github-github-toolsets}",
      },
    });
    expect(s.deeplink!.startsWith("vscode:mcp/install?")).toBe(true);
    const payload = JSON.parse(decodeURIComponent(s.deeplink!.slice("vscode:mcp/install?".length))) as Record<
      string,
      unknown
    >;
    expect(payload.name).toBe("github");
    expect(payload.type).toBe("http");
  });

  it("codex reads secrets by name: bearer_token_env_var, env_http_headers, env_vars", () => {
    const gh = hostSnippet(getHost("codex"), "github", github, ctx("github"));
    expect(gh.document).toEqual({
      mcp_servers: {
        github: {
          url: github.url,
          bearer_token_env_var: "GITHUB_PAT",
          env_http_headers: { "X-MCP-Toolsets": "GITHUB_TOOLSETS" },
        },
      },
    });
    expect(gh.text).toContain("[mcp_servers.github]");
    const br = hostSnippet(getHost("codex"), "brave", brave, ctx("brave"));
    expect(br.document).toEqual({
      mcp_servers: { brave: { command: "npx", args: ["-y", "brave-mcp"], env_vars: ["BRAVE_API_KEY"] } },
    });
    // A secret inside a URL cannot be referenced: a clear placeholder.
    const tu = hostSnippet(getHost("codex"), "tushare", tushare, ctx("tushare"));
    expect(JSON.stringify(tu.document)).toContain("token=<TUSHARE_TOKEN>");
    // What a person pastes: the server's own table, without an empty `[mcp_servers]` heading it.
    expect(tu.text).toBe(
      '[mcp_servers.tushare]\nurl = "https://api.tushare.pro/mcp/?token=<TUSHARE_TOKEN>"\n',
    );
    // Codex has no SSE: through connectory run.
    const legacy = hostSnippet(getHost("codex"), "legacy", sse, ctx("legacy"));
    expect(legacy.document).toEqual({
      mcp_servers: { legacy: { command: "connectory", args: ["run", "legacy"] } },
    });
  });

  it("claude-desktop runs remote servers through connectory run; stdio credentials are placeholders", () => {
    const tu = hostSnippet(getHost("claude-desktop"), "tushare", tushare, ctx("tushare"));
    expect(tu.document).toEqual({
      mcpServers: { tushare: { command: "connectory", args: ["run", "tushare"] } },
    });
    expect(tu.notes[0]).toContain("connectory run tushare");
    const br = hostSnippet(getHost("claude-desktop"), "brave", brave, ctx("brave"));
    expect(br.document).toEqual({
      mcpServers: {
        brave: { command: "npx", args: ["-y", "brave-mcp"], env: { BRAVE_API_KEY: "<BRAVE_API_KEY>" } },
      },
    });
  });

  it("windsurf uses serverUrl; gemini uses httpUrl for streamable and url for SSE; cline and roo type their remotes", () => {
    expect(hostSnippet(getHost("windsurf"), "x", sse, ctx("x")).document).toEqual({
      mcpServers: { x: { serverUrl: sse.url } },
    });
    expect(
      hostSnippet(getHost("gemini-cli"), "x", { type: "http", url: "https://a/mcp" }, ctx("x")).document,
    ).toEqual({ mcpServers: { x: { httpUrl: "https://a/mcp" } } });
    expect(hostSnippet(getHost("gemini-cli"), "x", sse, ctx("x")).document).toEqual({
      mcpServers: { x: { url: sse.url } },
    });
    expect(
      hostSnippet(getHost("cline"), "x", { type: "http", url: "https://a/mcp" }, ctx("x")).document,
    ).toEqual({ mcpServers: { x: { type: "streamableHttp", url: "https://a/mcp" } } });
    expect(
      hostSnippet(getHost("roo-code"), "x", { type: "http", url: "https://a/mcp" }, ctx("x")).document,
    ).toEqual({ mcpServers: { x: { type: "streamable-http", url: "https://a/mcp" } } });
  });

  it("cherry-studio is a deeplink carrying base64 { mcpServers } with baseUrl", () => {
    const s = hostSnippet(getHost("cherry-studio"), "tushare", tushare, ctx("tushare"));
    const url = new URL(s.deeplink!);
    expect(url.protocol).toBe("cherrystudio:");
    expect(decodeBase64(url.searchParams.get("servers")!)).toEqual({
      mcpServers: {
        tushare: {
          name: "tushare",
          type: "streamableHttp",
          baseUrl: "https://api.tushare.pro/mcp/?token=<TUSHARE_TOKEN>",
        },
      },
    });
  });

  it("goose lists env_keys, uses streamable_http with uri, and has an extension link", () => {
    const br = hostSnippet(getHost("goose"), "brave", brave, ctx("brave"));
    const entry = (br.document.extensions as Record<string, Record<string, unknown>>).brave!;
    expect(entry).toMatchObject({
      type: "stdio",
      cmd: "npx",
      args: ["-y", "brave-mcp"],
      envs: {},
      env_keys: ["BRAVE_API_KEY"],
    });
    expect(br.deeplink).toContain("goose://extension?cmd=npx&arg=-y&arg=brave-mcp");
    expect(br.deeplink).toContain("env=BRAVE_API_KEY%3DBRAVE_API_KEY");
    const gh = hostSnippet(
      getHost("goose"),
      "tdx",
      { type: "streamable-http", url: "https://mcp.tdx.com.cn/mcp" },
      ctx("tdx"),
    );
    expect(gh.document.extensions).toMatchObject({
      tdx: { type: "streamable_http", uri: "https://mcp.tdx.com.cn/mcp" },
    });
  });

  it("qoder: a deeplink of urlencode(base64(urlencode(JSON))); streamable HTTP goes through connectory run", () => {
    const s = hostSnippet(getHost("qoder"), "brave", brave, ctx("brave"));
    const entry = (s.document.mcpServers as Record<string, unknown>).brave;
    expect(entry).toEqual({
      command: "npx",
      args: ["-y", "brave-mcp"],
      env: { BRAVE_API_KEY: "<BRAVE_API_KEY>" },
    });
    expect(s.deeplink!.startsWith("qoder://aicoding.aicoding-deeplink/mcp/add?name=brave&config=")).toBe(
      true,
    );
    const config = new URL(s.deeplink!).searchParams.get("config")!;
    const inner = new TextDecoder().decode(Uint8Array.from(atob(config), (c) => c.charCodeAt(0)));
    expect(inner).toMatch(/^%7B/); // the JSON is URL-encoded before base64
    expect(JSON.parse(decodeURIComponent(inner))).toEqual(entry);
    const tu = hostSnippet(getHost("qoder"), "tushare", tushare, ctx("tushare"));
    expect(tu.document).toEqual({
      mcpServers: { tushare: { command: "connectory", args: ["run", "tushare"] } },
    });
    expect(hostSnippet(getHost("qoder"), "x", sse, ctx("x")).document).toEqual({
      mcpServers: { x: { url: sse.url } },
    });
  });

  it("trae, kiro and lm-studio links carry the server entry", () => {
    const remote: RemoteServer = { type: "http", url: "https://a/mcp" };
    const trae = new URL(hostSnippet(getHost("trae"), "x", remote, ctx("x")).deeplink!);
    expect(trae.protocol).toBe("trae:");
    expect(trae.searchParams.get("type")).toBe("streamable-http");
    expect(decodeBase64(trae.searchParams.get("config")!)).toEqual({ url: "https://a/mcp" });
    const traeStdio = new URL(hostSnippet(getHost("trae"), "brave", brave, ctx("brave")).deeplink!);
    expect(traeStdio.searchParams.get("type")).toBe("stdio");
    const kiro = hostSnippet(getHost("kiro"), "brave", brave, ctx("brave"));
    const entry = { command: "npx", args: ["-y", "brave-mcp"], env: { BRAVE_API_KEY: "${BRAVE_API_KEY}" } };
    expect(kiro.document).toEqual({ mcpServers: { brave: entry } });
    expect(JSON.parse(new URL(kiro.deeplink!).searchParams.get("config")!)).toEqual(entry);
    const lm = new URL(hostSnippet(getHost("lm-studio"), "x", remote, ctx("x")).deeplink!);
    expect(lm.protocol).toBe("lmstudio:");
    expect(decodeBase64(lm.searchParams.get("config")!)).toEqual({ url: "https://a/mcp" });
  });

  it("opencode: local command arrays with environment, remote type, {env:VAR}", () => {
    const br = hostSnippet(getHost("opencode"), "brave", brave, ctx("brave"));
    expect(br.document).toEqual({
      mcp: {
        brave: {
          type: "local",
          command: ["npx", "-y", "brave-mcp"],
          environment: { BRAVE_API_KEY: "{env:BRAVE_API_KEY}" },
        },
      },
    });
    const gh = hostSnippet(getHost("opencode"), "github", github, ctx("github"));
    expect((gh.document.mcp as Record<string, unknown>).github).toMatchObject({
      type: "remote",
      url: github.url,
    });
  });

  it("amp nests under the flat key amp.mcpServers; junie and workbuddy", () => {
    expect(hostSnippet(getHost("amp"), "x", sse, ctx("x")).document).toEqual({
      "amp.mcpServers": { x: { command: "connectory", args: ["run", "x"] } },
    });
    expect(hostSnippet(getHost("junie"), "tushare", tushare, ctx("tushare")).document).toEqual({
      mcpServers: { tushare: { command: "connectory", args: ["run", "tushare"] } },
    });
    expect(hostSnippet(getHost("workbuddy"), "tushare", tushare, ctx("tushare")).document).toEqual({
      mcpServers: {
        tushare: { type: "streamable-http", url: "https://api.tushare.pro/mcp/?token=<TUSHARE_TOKEN>" },
      },
    });
  });

  it("uses the installed folder for ${PLUGIN_ROOT}, or a placeholder without one", () => {
    const installed = hostSnippet(getHost("cursor"), "weather", weather, {
      ...ctx("weather"),
      pluginRoot: "/cache/weather/1.0.0",
    });
    expect(JSON.stringify(installed.document)).toContain("/cache/weather/1.0.0/server/index.js");
    const registry = hostSnippet(getHost("cursor"), "weather", weather, ctx("weather"));
    expect(JSON.stringify(registry.document)).toContain("<PLUGIN_ROOT>/server/index.js");
    expect(registry.placeholders.map((p) => p.key)).toContain("PLUGIN_ROOT");
  });

  it("rejects unknown hosts with the list of known ones", () => {
    expect(() => getHost("notepad")).toThrow(/unknown host/);
  });
});
