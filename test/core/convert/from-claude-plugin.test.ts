import { describe, expect, it } from "vitest";
import { fromClaudePlugin } from "../../../src/core/convert/from-claude-plugin.js";
import { fromMarketplace } from "../../../src/core/convert/from-marketplace.js";
import { fromMcpJson } from "../../../src/core/convert/from-mcp-json.js";
import type { PackageFiles } from "../../../src/core/types.js";
import { json, strictFailures } from "./real-world.js";

const enc = new TextEncoder();
const folder = (tree: Record<string, unknown>): PackageFiles =>
  new Map(
    Object.entries(tree).map(([k, v]) => [k, enc.encode(typeof v === "string" ? v : JSON.stringify(v))]),
  );
const SKILL = "---\nname: greet\ndescription: Greets people politely.\n---\n# Greet\n";

describe("fromClaudePlugin", () => {
  it("reads the flat .mcp.json with ${VAR}, ${VAR:-default} and copies code run from ${CLAUDE_PLUGIN_ROOT}", () => {
    const r = fromClaudePlugin(
      folder({
        ".claude-plugin/plugin.json": {
          name: "chat",
          version: "0.2.0",
          description: "Chat bridge.",
          author: { name: "Acme Inc" },
        },
        ".mcp.json": {
          chat: {
            command: "bun",
            args: ["run", "--cwd", "${CLAUDE_PLUGIN_ROOT}", "start"],
            env: { CHAT_TOKEN: "${CHAT_TOKEN}", CHAT_MODE: "${CHAT_MODE:-quiet}" },
          },
        },
        "server.ts": "console.log('hi')",
        "commands/x.md": "# cmd",
        "skills/greet/SKILL.md": SKILL,
      }),
      undefined,
    );
    if (!r.ok) throw new Error(r.message);
    expect(strictFailures(r.files)).toEqual([]);
    expect(json(r.files, "mcp.json").mcpServers.chat).toEqual({
      command: "bun",
      args: ["run", "--cwd", "${PLUGIN_ROOT}", "start"],
      env: { CHAT_TOKEN: "${CHAT_TOKEN}", CHAT_MODE: "${CHAT_MODE}" },
    });
    const schema = json(r.files, "token-schema.json");
    expect(schema.properties.CHAT_TOKEN.secret).toBe(true);
    expect(schema.properties.CHAT_MODE.default).toBe("quiet");
    expect(schema.required).toEqual(["CHAT_TOKEN"]);
    expect([...r.files.keys()]).toEqual(expect.arrayContaining(["server.ts", "skills/greet/SKILL.md"]));
    expect(r.files.has("commands/x.md")).toBe(false);
    expect(r.notes.map((n) => n.code)).toContain("convert.plugin.component-dropped");
    expect(json(r.files, "plugin.json")).toMatchObject({ publisher: "acme-inc", version: "0.2.0" });
  });

  it("reads the wrapped shape, remote servers and userConfig", () => {
    const r = fromClaudePlugin(
      folder({
        ".claude-plugin/plugin.json": {
          name: "Remote_One",
          description: "Remote.",
          userConfig: {
            api_token: { description: "Your token", sensitive: true },
            region: { description: "Region", default: "eu" },
          },
        },
        ".mcp.json": {
          mcpServers: {
            api: {
              type: "http",
              url: "https://${user_config.region}.acme.example/mcp",
              headers: { Authorization: "Bearer ${user_config.api_token}" },
            },
            ws: { type: "ws", url: "wss://acme.example" },
          },
        },
      }),
      { name: "Remote_One", category: "productivity" },
    );
    if (!r.ok) throw new Error(r.message);
    expect(strictFailures(r.files)).toEqual([]);
    expect(json(r.files, "mcp.json").mcpServers).toEqual({
      api: {
        type: "http",
        url: "https://${REGION}.acme.example/mcp",
        headers: { Authorization: "Bearer ${API_TOKEN}" },
      },
    });
    const schema = json(r.files, "token-schema.json");
    expect(schema.properties.API_TOKEN).toMatchObject({ secret: true, description: "Your token" });
    expect(schema.properties.REGION.default).toBe("eu");
    expect(json(r.files, "plugin.json")).toMatchObject({ name: "remote-one", categories: ["productivity"] });
    expect(r.notes.map((n) => n.code)).toEqual(
      expect.arrayContaining(["convert.name.renamed", "convert.server.dropped"]),
    );
    expect(json(r.files, "plugin.json").keywords).toContain("Remote_One");
  });

  it("makes a skills-only connector, renaming a skill folder to its front-matter name", () => {
    const r = fromClaudePlugin(
      folder({
        ".claude-plugin/plugin.json": { name: "helper", description: "Skills." },
        "skills/greet/SKILL.md": SKILL,
        "skills/rules/SKILL.md": "---\nname: writing-rules\ndescription: Writes rules.\n---\nbody\n",
        "skills/broken/SKILL.md": "no front matter",
      }),
      undefined,
    );
    if (!r.ok) throw new Error(r.message);
    expect(strictFailures(r.files)).toEqual([]);
    expect(json(r.files, "mcp.json")).toEqual({ mcpServers: {} });
    expect(r.files.has("skills/writing-rules/SKILL.md")).toBe(true);
    expect(r.notes.map((n) => n.code)).toEqual(
      expect.arrayContaining([
        "convert.skills-only",
        "convert.plugin.skill-renamed",
        "convert.plugin.skill-dropped",
      ]),
    );
  });

  it("reports a plugin with neither servers nor skills, and a broken .mcp.json", () => {
    const none = fromClaudePlugin(
      folder({ ".claude-plugin/plugin.json": { name: "cmds" }, "commands/a.md": "x" }),
      undefined,
    );
    expect(none).toMatchObject({ ok: false, code: "convert.refused.not-a-connector" });
    if (!none.ok) expect(none.message).toContain("commands");
    const broken = fromClaudePlugin(
      folder({ ".claude-plugin/plugin.json": { name: "b" }, ".mcp.json": "{ nope" }),
      undefined,
    );
    expect(broken).toMatchObject({ ok: false, code: "convert.refused.not-json" });
  });
});

describe("fromMarketplace", () => {
  it("converts local entries and names every remote or missing one", () => {
    const marketplace = {
      name: "m",
      owner: { name: "Owner" },
      plugins: [
        { name: "local", description: "L", source: "./plugins/local" },
        { name: "gone", description: "G", source: "./plugins/gone" },
        {
          name: "far",
          description: "F",
          source: { source: "url", url: "https://github.com/x/far.git", sha: "abc" },
        },
        {
          name: "sub",
          description: "S",
          source: { source: "git-subdir", url: "https://github.com/x/y.git", path: "p" },
        },
      ],
    };
    const local = folder({ ".mcp.json": { s: { command: "npx", args: ["-y", "s"] } } });
    const out = fromMarketplace(marketplace, (f) => (f === "plugins/local" ? local : undefined));
    if (!Array.isArray(out)) throw new Error(out.message);
    expect(out.map((o) => [o.entry, o.conversion.ok ? "ok" : o.conversion.code])).toEqual([
      ["local", "ok"],
      ["gone", "convert.refused.source-missing"],
      ["far", "convert.refused.remote-source"],
      ["sub", "convert.refused.remote-source"],
    ]);
    const first = out[0]!.conversion;
    if (first.ok) expect(json(first.files, "plugin.json").publisher).toBe("owner");
    expect(fromMarketplace({ plugins: "no" }, () => undefined)).toMatchObject({
      ok: false,
      code: "convert.refused.shape",
    });
  });
});

describe("fromMcpJson", () => {
  it("converts a bare .mcp.json under the given name", () => {
    const r = fromMcpJson(
      {
        mcpServers: {
          ctx: { type: "http", url: "https://x.example/mcp", headers: { Authorization: "${CTX_KEY:-}" } },
        },
      },
      "My Tools",
    );
    if (!r.ok) throw new Error(r.message);
    expect(strictFailures(r.files)).toEqual([]);
    expect(json(r.files, "plugin.json").name).toBe("my-tools");
    expect(json(r.files, "token-schema.json").required).toEqual(["CTX_KEY"]);
    expect(fromMcpJson({ mcpServers: {} }, "x")).toMatchObject({
      ok: false,
      code: "convert.refused.no-server",
    });
  });
});

describe("Claude Code oauth → ours", () => {
  it("carries clientId and scopes (space-separated in Claude Code), notes callbackPort and authServerMetadataUrl", () => {
    // The Asana V2 server as its plugin README adds it (a pre-registered client, callback port 8080), with the
    // scope and metadata override keys Claude Code's docs describe.
    const r = fromClaudePlugin(
      folder({
        ".claude-plugin/plugin.json": {
          name: "asana",
          description: "Asana tasks.",
          author: { name: "Asana" },
        },
        ".mcp.json": {
          mcpServers: {
            asana: {
              type: "http",
              url: "https://mcp.asana.com/v2/mcp",
              oauth: {
                clientId: "1207788888888888",
                callbackPort: 8080,
                scopes: "default  tasks:read tasks:read",
                authServerMetadataUrl: "https://app.asana.com/.well-known/oauth-authorization-server",
              },
            },
            plain: { type: "sse", url: "https://mcp.asana.com/sse", oauth: {} },
          },
        },
      }),
      undefined,
    );
    if (!r.ok) throw new Error(r.message);
    expect(strictFailures(r.files)).toEqual([]);
    const servers = json(r.files, "mcp.json").mcpServers;
    expect(servers.asana).toEqual({
      type: "http",
      url: "https://mcp.asana.com/v2/mcp",
      oauth: { clientId: "1207788888888888", scopes: ["default", "tasks:read"] },
    });
    expect(servers.plain).toEqual({ type: "sse", url: "https://mcp.asana.com/sse", oauth: {} });
    const dropped = r.notes.filter((n) => n.code === "convert.oauth.dropped");
    expect(dropped).toHaveLength(1);
    expect(dropped[0]!.path).toBe("/mcpServers/asana/oauth");
    expect(dropped[0]!.message).toContain("callbackPort, authServerMetadataUrl");
  });

  it("leaves out hostile or malformed oauth values with a note; the package still passes --strict", () => {
    const r = fromMcpJson(
      {
        mcpServers: {
          a: {
            type: "http",
            url: "https://a.example/mcp",
            oauth: {
              clientId: "x".repeat(256),
              clientMetadataUrl: "http://a.example/client.json",
              scopes: ['bad"quote', "ok", 7, "back\\slash", ...Array.from({ length: 40 }, (_, i) => `s${i}`)],
            },
          },
          b: { type: "http", url: "https://b.example/mcp", oauth: "yes" },
          c: { type: "http", url: "https://c.example/mcp", oauth: null },
          local: { command: "node", args: ["x.js"], oauth: { clientId: "abc" } },
        },
      },
      "hostile",
    );
    if (!r.ok) throw new Error(r.message);
    expect(strictFailures(r.files)).toEqual([]);
    const servers = json(r.files, "mcp.json").mcpServers;
    expect(servers.a.oauth.clientId).toBeUndefined();
    expect(servers.a.oauth.clientMetadataUrl).toBeUndefined();
    expect(servers.a.oauth.scopes).toHaveLength(32);
    expect(servers.a.oauth.scopes[0]).toBe("ok");
    expect(servers.b.oauth).toEqual({});
    expect(servers.c.oauth).toBeUndefined();
    expect(servers.local.oauth).toBeUndefined();
    const at = r.notes.filter((n) => n.code.startsWith("convert.oauth")).map((n) => n.path);
    expect(at).toEqual(
      expect.arrayContaining([
        "/mcpServers/a/oauth/clientId",
        "/mcpServers/a/oauth/clientMetadataUrl",
        "/mcpServers/a/oauth/scopes",
        "/mcpServers/b/oauth",
      ]),
    );
    expect(r.notes.find((n) => n.path === "/mcpServers/local")?.message).toContain("oauth");
  });
});
