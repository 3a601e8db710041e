import { describe, expect, it } from "vitest";
import type { ConnectorDocument, VersionSummary } from "../../../src/core/api/documents.js";
import { fromCodexPlugin } from "../../../src/core/convert/from-codex-plugin.js";
import { fromGeminiExtension } from "../../../src/core/convert/from-gemini-extension.js";
import { fromHostPackage } from "../../../src/core/convert/from-host-package.js";
import {
  claudeMarketplace,
  checkMarketplaceName,
} from "../../../src/core/host-catalogs/claude-marketplace.js";
import { hostPackageFiles } from "../../../src/core/host-catalogs/host-package.js";
import { nativeInstall } from "../../../src/core/host-catalogs/install-command.js";
import { npmPackument } from "../../../src/core/host-catalogs/npm-packument.js";
import { extensionServers, pluginServers } from "../../../src/core/host-catalogs/plugin-servers.js";
import { geminiSettingsOf, userConfigOf } from "../../../src/core/host-catalogs/user-config.js";
import type { PackageFiles, PluginManifest, ServerSet, TokenSchema } from "../../../src/core/types.js";

const text = (s: string) => new TextEncoder().encode(s);
const read = (files: PackageFiles, path: string) =>
  JSON.parse(new TextDecoder().decode(files.get(path))) as Record<string, any>;

const schema: TokenSchema = {
  type: "object",
  properties: {
    API_KEY: { type: "string", title: "API key", secret: true },
    LIMIT: { type: "integer", default: 10 },
    REGION: { type: "string", description: "eu or us" },
  },
  required: ["API_KEY", "LIMIT"],
};
const servers: ServerSet = {
  local: { command: "node", args: ["${PLUGIN_ROOT}/server.js"], env: { API_KEY: "${API_KEY}" } },
  remote: {
    type: "streamable-http",
    url: "https://x.test/mcp?region=${REGION}",
    headers: { Authorization: "Bearer ${API_KEY}" },
  },
};
const manifest: PluginManifest = {
  name: "acme-search",
  version: "1.2.0",
  description: "Search Acme",
  publisher: "acme",
  license: "MIT",
  keywords: ["search"],
  categories: ["search"],
  permissions: { network: "none" } as PluginManifest["permissions"],
};

describe("token schema → host settings", () => {
  it("userConfig: secrets sensitive, required only without a default, integers as numbers", () => {
    expect(userConfigOf(schema)).toEqual({
      API_KEY: { type: "string", title: "API key", description: "API key", sensitive: true, required: true },
      LIMIT: {
        type: "number",
        title: "LIMIT",
        description: "LIMIT",
        sensitive: false,
        required: false,
        default: 10,
      },
      REGION: { type: "string", title: "REGION", description: "eu or us", sensitive: false, required: false },
    });
    expect(userConfigOf(undefined)).toEqual({});
  });
  it("Gemini settings: each credential the environment variable of its key", () => {
    expect(geminiSettingsOf(schema)[0]).toEqual({
      name: "API key",
      description: "API key",
      envVar: "API_KEY",
      sensitive: true,
    });
  });
});

describe("servers in each host's plugin", () => {
  it("Claude Code: ${user_config.KEY} everywhere (URL too) and ${CLAUDE_PLUGIN_ROOT}", () => {
    expect(pluginServers(servers)).toEqual({
      local: {
        type: "stdio",
        command: "node",
        args: ["${CLAUDE_PLUGIN_ROOT}/server.js"],
        env: { API_KEY: "${user_config.API_KEY}" },
      },
      remote: {
        type: "http",
        url: "https://x.test/mcp?region=${user_config.REGION}",
        headers: { Authorization: "Bearer ${user_config.API_KEY}" },
      },
    });
  });
  it("Gemini CLI: httpUrl, ${extensionPath}, credentials from the environment", () => {
    expect(extensionServers(servers)).toEqual({
      local: { command: "node", args: ["${extensionPath}/server.js"], env: { API_KEY: "${API_KEY}" } },
      remote: {
        httpUrl: "https://x.test/mcp?region=${REGION}",
        headers: { Authorization: "Bearer ${API_KEY}" },
      },
    });
  });
});

describe("host package", () => {
  const own = new Map<string, Uint8Array>([
    ["plugin.json", text(JSON.stringify(manifest))],
    ["mcp.json", text(JSON.stringify({ mcpServers: servers }))],
    ["token-schema.json", text(JSON.stringify(schema))],
    ["package.json", text(JSON.stringify({ type: "module", scripts: { postinstall: "evil" } }))],
    ["skills/find/SKILL.md", text("---\nname: find\ndescription: Find things\n---\nAsk the search tool.\n")],
    ["server.js", text("// code")],
  ]);
  const content = {
    manifest,
    mcp: { mcpServers: servers },
    tokenSchema: schema,
    skills: [{ name: "find", description: "Find things", path: "skills/find/SKILL.md" }],
  };
  const built = hostPackageFiles({
    name: "acme-search",
    content,
    files: own,
    pageUrl: "https://r.test/c/acme-search",
  });

  it("carries every host's manifest beside the connector's files", () => {
    const claude = read(built, ".claude-plugin/plugin.json");
    expect(claude).toMatchObject({
      name: "acme-search",
      version: "1.2.0",
      author: { name: "acme" },
      license: "MIT",
    });
    expect(claude["userConfig"]["API_KEY"]["sensitive"]).toBe(true);
    expect(read(built, ".codex-plugin/plugin.json")["mcpServers"]).toBe("./.codex-plugin/mcp.json");
    // It declares permissions: the wrapper launches `connectory run --package ${PLUGIN_ROOT} local`.
    expect(read(built, ".codex-plugin/mcp.json")["mcpServers"]["local"]["args"].slice(3)).toEqual([
      "${PLUGIN_ROOT}",
      "local",
      "node",
      "${PLUGIN_ROOT}/server.js",
    ]);
    expect(read(built, ".cursor-plugin/plugin.json")["displayName"]).toBe("acme-search");
    expect(read(built, "gemini-extension.json")["settings"]).toHaveLength(3);
    expect(new TextDecoder().decode(built.get("GEMINI.md"))).toContain("Ask the search tool.");
    expect(read(built, ".agents/plugins/marketplace.json")["plugins"][0]["source"]).toEqual({
      source: "local",
      path: "./",
    });
    // npm's package.json: the connector's identity, its own fields kept, no install scripts.
    expect(read(built, "package.json")).toMatchObject({
      name: "acme-search",
      version: "1.2.0",
      type: "module",
    });
    expect(read(built, "package.json")["scripts"]).toBeUndefined();
  });

  it("reads back as the very connector, byte for byte (as a Claude plugin or a Gemini extension)", () => {
    const back = fromHostPackage(built);
    expect(back?.ok && back.files).toEqual(own);
    const viaGemini = fromGeminiExtension(built);
    expect(viaGemini.ok && viaGemini.files).toEqual(own);
    expect(fromHostPackage(new Map([[".claude-plugin/plugin.json", text("{}")]]))).toBeUndefined();
  });
});

describe("a foreign Codex plugin", () => {
  it("its manifest and MCP file read as the Claude Code plugin they amount to", () => {
    const files = new Map([
      [
        ".codex-plugin/plugin.json",
        text(
          JSON.stringify({
            name: "notes",
            version: "2.0.0",
            description: "Notes",
            author: { name: "Ann" },
            mcpServers: "./.codex-plugin/mcp.json",
            interface: { displayName: "Notes" },
          }),
        ),
      ],
      [
        ".codex-plugin/mcp.json",
        text(JSON.stringify({ mcpServers: { notes: { command: "node", args: ["${PLUGIN_ROOT}/n.js"] } } })),
      ],
      ["n.js", text("// code")],
    ]);
    const result = fromCodexPlugin(files);
    if (!result.ok) throw new Error(result.message);
    expect([result.name, result.version]).toEqual(["notes", "2.0.0"]);
    expect(read(result.files, "mcp.json")["mcpServers"]["notes"]).toEqual({
      command: "node",
      args: ["${PLUGIN_ROOT}/n.js"],
    });
    expect(read(result.files, "plugin.json")["publisher"]).toBe("ann");
    expect([...result.files.keys()].some((p) => p.startsWith(".codex-plugin/"))).toBe(false);
  });
});

describe("a foreign Gemini CLI extension", () => {
  it("settings become credentials, httpUrl streamable HTTP, ${extensionPath} the package root", () => {
    const files = new Map([
      [
        "gemini-extension.json",
        text(
          JSON.stringify({
            name: "maps-ext",
            version: "0.3.0",
            description: "Maps",
            settings: [{ name: "Maps key", envVar: "MAPS_KEY", sensitive: true }],
            mcpServers: {
              maps: {
                command: "node",
                args: ["${extensionPath}${/}run.js"],
                env: { MAPS_KEY: "${MAPS_KEY}" },
              },
              tiles: { httpUrl: "https://tiles.test/mcp", headers: { "X-Key": "${MAPS_KEY}" } },
            },
          }),
        ),
      ],
      ["run.js", text("// code")],
    ]);
    const result = fromGeminiExtension(files, { publisher: "maps" });
    if (!result.ok) throw new Error(result.message);
    const mcp = read(result.files, "mcp.json")["mcpServers"];
    expect(mcp["maps"]).toEqual({
      command: "node",
      args: ["${PLUGIN_ROOT}/run.js"],
      env: { MAPS_KEY: "${MAPS_KEY}" },
    });
    expect(mcp["tiles"]).toMatchObject({
      type: "http",
      url: "https://tiles.test/mcp",
      headers: { "X-Key": "${MAPS_KEY}" },
    });
    expect(read(result.files, "token-schema.json")["properties"]["MAPS_KEY"]).toMatchObject({
      secret: true,
      title: "Maps key",
    });
    expect(result.files.has("run.js")).toBe(true);
  });
  it("refuses a manifest without a name", () => {
    expect(fromGeminiExtension(new Map([["gemini-extension.json", text("{}")]])).ok).toBe(false);
  });
});

const summary = (version: string, yanked = false): VersionSummary => ({
  version,
  publishedAt: "2026-01-01T00:00:00.000Z",
  yanked,
  dist: { tarball: "", integrity: "", sha256: "", size: 0 },
});
const connector = (name: string, versions: VersionSummary[], latest: string): ConnectorDocument => ({
  name,
  description: `${name} connector`,
  publisher: "acme",
  keywords: ["k"],
  categories: ["search"],
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-02T00:00:00.000Z",
  distTags: { latest },
  versions: Object.fromEntries(versions.map((v) => [v.version, v])),
  downloads: 0,
  publisherBadge: { verified: false, domains: [], unclaimed: false },
});

describe("catalogs", () => {
  it("the marketplace: one npm source per connector, on this registry; a yanked latest falls back; all yanked: left out", () => {
    const doc = claudeMarketplace({
      name: "acme-connectors",
      publicUrl: "https://r.test",
      connectors: [
        connector("a", [summary("1.0.0")], "1.0.0"),
        connector("b", [summary("1.0.0"), summary("2.0.0", true)], "2.0.0"),
        connector("c", [summary("1.0.0", true)], "1.0.0"),
      ],
    });
    const plugins = doc["plugins"] as Array<Record<string, any>>;
    expect(plugins.map((p) => [p["name"], p["version"]])).toEqual([
      ["a", "1.0.0"],
      ["b", "1.0.0"],
    ]);
    expect(plugins[0]!["source"]).toEqual({
      source: "npm",
      package: "a",
      version: "1.0.0",
      registry: "https://r.test/npm/",
    });
    expect(doc["name"]).toBe("acme-connectors");
  });
  it("MARKETPLACE_NAME is kebab-case and not one Claude Code reserves", () => {
    expect(checkMarketplaceName("acme-connectors")).toBe("acme-connectors");
    for (const bad of ["Acme", "claude-plugins-official", "anthropic-x", "a_b"])
      expect(() => checkMarketplaceName(bad)).toThrow(/MARKETPLACE_NAME/);
  });
  it("the packument lists the versions not yanked, with their host package's digests", () => {
    const doc = npmPackument(
      connector("b", [summary("1.0.0"), summary("2.0.0", true)], "2.0.0"),
      "https://r.test",
      new Map([
        ["1.0.0", { integrity: "sha512-x", shasum: "ab" }],
        ["2.0.0", { integrity: "sha512-y", shasum: "cd" }],
      ]),
    );
    expect(Object.keys(doc["versions"] as object)).toEqual(["1.0.0"]);
    expect(doc["dist-tags"]).toEqual({});
    expect((doc["versions"] as any)["1.0.0"].dist).toEqual({
      tarball: "https://r.test/npm/b/-/b-1.0.0.tgz",
      integrity: "sha512-x",
      shasum: "ab",
    });
  });
  it("native installs: one line per plugin host, a note when the sandbox would be lost; none for the others", () => {
    const input = {
      name: "acme-search",
      version: "1.2.0",
      publicUrl: "https://r.test",
      marketplace: "connectory",
      content: { manifest, mcp: { mcpServers: servers } },
    };
    expect(nativeInstall("claude-code", input)?.command).toBe(
      "claude plugin marketplace add https://r.test/.claude-plugin/marketplace.json && claude plugin install acme-search@connectory",
    );
    expect(nativeInstall("claude-code", input)?.notes[0]).toMatch(/runs? unconfined/);
    expect(nativeInstall("claude-code", input)?.notes[0]).toContain(
      "through `connectory run` when connectory is on PATH",
    );
    expect(nativeInstall("codex", input)?.command).toContain(
      "codex plugin add acme-search@connectory-acme-search",
    );
    expect(nativeInstall("gemini-cli", input)?.command).toContain("gemini extensions install");
    expect(nativeInstall("vscode", input)).toBeUndefined();
  });
});
