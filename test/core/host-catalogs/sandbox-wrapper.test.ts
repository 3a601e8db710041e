import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { hostPackageFiles } from "../../../src/core/host-catalogs/host-package.js";
import {
  codexServers,
  extensionServers,
  pluginServers,
} from "../../../src/core/host-catalogs/plugin-servers.js";
import {
  SANDBOX_SCRIPT,
  SANDBOX_SCRIPT_NAME,
  sandboxWrapped,
} from "../../../src/core/host-catalogs/sandbox-wrapper.js";
import type { PackageFiles, PluginManifest, ServerSet, TokenSchema } from "../../../src/core/types.js";

// A server whose version declares permissions launches through `connectory run --package` where it is on
// PATH (test/cli/run-package.test.ts runs the wrapper for real); servers without permissions stay as written.

const schema: TokenSchema = {
  type: "object",
  properties: { API_KEY: { type: "string", secret: true }, PATH: { type: "string" } },
  required: ["API_KEY"],
};
const servers: ServerSet = {
  local: {
    command: "node",
    args: ["${PLUGIN_ROOT}/server.js", "--k=${API_KEY}"],
    env: { KEY: "${API_KEY}" },
  },
  remote: {
    type: "streamable-http",
    url: "https://x.test/mcp",
    headers: { Authorization: "Bearer ${API_KEY}" },
  },
};

describe("the sandbox wrapper", () => {
  it("Claude Code: sh -c with a constant script, the root and the server as arguments, credentials by key", () => {
    const out = pluginServers(servers, { sandboxed: true, tokenSchema: schema });
    expect(out["local"]).toEqual({
      type: "stdio",
      command: "sh",
      args: [
        "-c",
        SANDBOX_SCRIPT,
        SANDBOX_SCRIPT_NAME,
        "${CLAUDE_PLUGIN_ROOT}",
        "local",
        "node",
        "${CLAUDE_PLUGIN_ROOT}/server.js",
        "--k=${user_config.API_KEY}",
      ],
      env: {
        KEY: "${user_config.API_KEY}",
        CONNECTORY_CREDENTIAL_API_KEY: "${user_config.API_KEY}",
        // A key named like a system variable does not replace it.
        CONNECTORY_CREDENTIAL_PATH: "${user_config.PATH}",
      },
    });
    // A remote server is not sandboxed by connectory: left as it is.
    expect(out["remote"]).toEqual(pluginServers(servers)["remote"]);
    expect(SANDBOX_SCRIPT).not.toContain("CLAUDE_PLUGIN_ROOT");
  });

  it("Codex uses ${PLUGIN_ROOT}, Gemini ${extensionPath}; both pass credentials as ${KEY}", () => {
    const codex = codexServers(servers, { sandboxed: true, tokenSchema: schema })["local"] as {
      args: string[];
      env: Record<string, string>;
    };
    expect(codex.args.slice(3, 5)).toEqual(["${PLUGIN_ROOT}", "local"]);
    expect(codex.env["CONNECTORY_CREDENTIAL_API_KEY"]).toBe("${API_KEY}");
    const gemini = extensionServers(servers, { sandboxed: true, tokenSchema: schema })["local"] as {
      command: string;
      args: string[];
      env: Record<string, string>;
    };
    expect(gemini.command).toBe("sh");
    expect(gemini.args.slice(3)).toEqual([
      "${extensionPath}",
      "local",
      "node",
      "${extensionPath}/server.js",
      "--k=${API_KEY}",
    ]);
    expect(gemini.env["CONNECTORY_CREDENTIAL_API_KEY"]).toBe("${API_KEY}");
  });

  it("leaves local HTTP servers, MCPB launches and unsandboxed versions exactly as before", () => {
    const refs = { root: "R", credential: (k: string) => `\${${k}}` };
    const http = {
      command: "node",
      args: ["s.js"],
      transport: { type: "http" as const, port: 3000, path: "/mcp" },
    };
    expect(sandboxWrapped("h", http as never, [], refs)).toBe(http);
    const mcpb = { command: "" };
    expect(sandboxWrapped("m", mcpb, [], refs)).toBe(mcpb);
    expect(pluginServers(servers, { sandboxed: false, tokenSchema: schema })).toEqual(pluginServers(servers));
  });

  it("the script reads the root and the server name as data, never as shell", () => {
    // Without connectory on PATH it says so and runs the original command with its arguments untouched.
    const hostile = "$(touch /tmp/pwned-by-wrapper); `id`";
    const out = execFileSync(
      "sh",
      ["-c", SANDBOX_SCRIPT, SANDBOX_SCRIPT_NAME, hostile, "srv'; echo x", "printf", "%s|", "a b", hostile],
      { env: { PATH: "/usr/bin:/bin" }, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] },
    );
    expect(out).toBe(`a b|${hostile}|`);
  });
});

describe("host package", () => {
  const manifest: PluginManifest = {
    name: "acme",
    version: "1.0.0",
    description: "d",
    publisher: "acme",
    permissions: { network: "none" },
  } as PluginManifest;
  const build = (m: PluginManifest) =>
    hostPackageFiles({
      name: "acme",
      content: { manifest: m, mcp: { mcpServers: servers }, tokenSchema: schema, skills: [] } as never,
      files: new Map() as PackageFiles,
      pageUrl: "https://r.test/c/acme",
    });
  const read = (files: PackageFiles, path: string) =>
    JSON.parse(new TextDecoder().decode(files.get(path))) as {
      mcpServers: Record<string, { command?: string }>;
    };

  it("wraps the stdio servers of a version with permissions in every host's file, and no others", () => {
    const wrapped = build(manifest);
    for (const file of [".mcp.json", ".codex-plugin/mcp.json", "gemini-extension.json"])
      expect(read(wrapped, file).mcpServers["local"]?.command, file).toBe("sh");
    const { permissions: _p, ...plain } = manifest;
    const bare = build(plain as PluginManifest);
    for (const file of [".mcp.json", ".codex-plugin/mcp.json", "gemini-extension.json"])
      expect(read(bare, file).mcpServers["local"]?.command, file).toBe("node");
  });
});
