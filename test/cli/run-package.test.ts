import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { beforeEach, describe, expect, it } from "vitest";
import { hostPackageFiles } from "../../src/core/host-catalogs/host-package.js";
import type { PackageFiles, PluginManifest, ServerSet, TokenSchema } from "../../src/core/types.js";
import { BIN, cli } from "../helpers/cli.js";
import { tempDir } from "../helpers/tmp.js";

// `connectory run --package <dir> <server>`: a server of a host package (what Claude Code, Codex, Cursor or
// Gemini CLI installed natively) run as `run` runs an installed connector's, in its declared sandbox. And
// the wrapper the host package gives such a server, run for real with and without connectory on PATH.

const bwrapWorks = (() => {
  try {
    execFileSync("bwrap", ["--ro-bind", "/", "/", "true"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();

const TOKEN = "tok-" + "x".repeat(24);

// A dependency-free MCP server: its one tool says whether it can read the file named by its argument,
// and whether the credential reached it.
const SERVER = `
const fs = require("fs");
const send = (m) => process.stdout.write(JSON.stringify(m) + "\\n");
require("readline").createInterface({ input: process.stdin }).on("line", (line) => {
  const msg = JSON.parse(line);
  if (msg.id === undefined) return;
  const reply = (result) => send({ jsonrpc: "2.0", id: msg.id, result });
  if (msg.method === "initialize")
    return reply({ protocolVersion: msg.params.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: "probe", version: "1.0.0" } });
  if (msg.method === "tools/list")
    return reply({ tools: [{ name: "probe", description: "probe", inputSchema: { type: "object" } }] });
  if (msg.method === "tools/call") {
    let canRead = true;
    try { fs.readFileSync(process.argv[2]); } catch { canRead = false; }
    return reply({ content: [{ type: "text", text: JSON.stringify({ canRead, token: process.env.TOKEN === ${JSON.stringify(TOKEN)} ? "right" : "wrong" }) }] });
  }
  send({ jsonrpc: "2.0", id: msg.id, error: { code: -32601, message: "unknown method" } });
});
`;

let home: string;
let pkg: string;
let outside: string;

const schema: TokenSchema = {
  type: "object",
  properties: { API_TOKEN: { type: "string", secret: true } },
  required: ["API_TOKEN"],
};

/** Writes the host package of a one-server connector declaring `network: none` and no files. */
function writeHostPackage(dir: string, secretFile: string): void {
  const manifest = {
    name: "probe",
    version: "1.0.0",
    description: "Probe",
    publisher: "acme",
    permissions: { network: "none" },
  } as PluginManifest;
  const servers: ServerSet = {
    probe: {
      command: "node",
      args: ["${PLUGIN_ROOT}/server.js", secretFile],
      env: { TOKEN: "${API_TOKEN}" },
    },
  };
  const text = (s: string) => new TextEncoder().encode(s);
  const own: PackageFiles = new Map([
    ["plugin.json", text(JSON.stringify(manifest))],
    ["mcp.json", text(JSON.stringify({ mcpServers: servers }))],
    ["token-schema.json", text(JSON.stringify(schema))],
    ["server.js", text(SERVER)],
  ]);
  const files = hostPackageFiles({
    name: "probe",
    content: { manifest, mcp: { mcpServers: servers }, tokenSchema: schema, skills: [] } as never,
    files: own,
    pageUrl: "https://registry.test/c/probe",
  });
  for (const [rel, bytes] of files) {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), bytes);
  }
}

beforeEach(async () => {
  home = await tempDir("connectory-run-package-home-");
  pkg = await tempDir("connectory-run-package-");
  outside = path.join(await tempDir("connectory-run-package-outside-"), "secret.txt");
  fs.writeFileSync(outside, "outside every grant\n");
  writeHostPackage(pkg, outside);
});

describe("run --package: hostile and broken folders", () => {
  // run's stdout is the MCP channel: its errors are text on stderr, --json or not (docs/cli.md).
  it("names a server that is not in the package's mcp.json, and lists those that are", async () => {
    const r = await cli(["run", "--package", pkg, "nope", "--json"], { home, env: { API_TOKEN: TOKEN } });
    expect(r.code).not.toBe(0);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain('no server named "nope" in its mcp.json');
    expect(r.stderr).toContain("its servers: probe");
    // A relative folder is the caller's, not the process's.
    const relative = await cli(["run", "--package", path.basename(pkg), "nope"], {
      home,
      cwd: path.dirname(pkg),
    });
    expect(relative.stderr).toContain(`the package in ${pkg} has no server named "nope"`);
  });

  it("refuses a missing folder, a missing mcp.json and a linked plugin.json", async () => {
    const gone = await cli(["run", "--package", path.join(pkg, "none"), "probe"], { home });
    expect(gone.code).not.toBe(0);
    expect(gone.stderr).toContain("no package folder");
    fs.rmSync(path.join(pkg, "mcp.json"));
    const noMcp = await cli(["run", "--package", pkg, "probe"], { home });
    expect(noMcp.stderr).toContain("mcp.json is missing");
    writeHostPackage(pkg, outside);
    const elsewhere = path.join(await tempDir(), "plugin.json");
    fs.copyFileSync(path.join(pkg, "plugin.json"), elsewhere);
    fs.rmSync(path.join(pkg, "plugin.json"));
    fs.symlinkSync(elsewhere, path.join(pkg, "plugin.json"));
    const linked = await cli(["run", "--package", pkg, "probe", "--json"], {
      home,
      env: { API_TOKEN: TOKEN },
    });
    expect(linked.code).not.toBe(0);
    expect(linked.stderr).toContain("plugin.json is a symbolic link");
  });

  it("says which credential the host did not pass, never running the server without it", async () => {
    // A host that has no value leaves the template unfilled: that is no value.
    const r = await cli(["run", "--package", pkg, "probe"], {
      home,
      env: { CONNECTORY_CREDENTIAL_API_TOKEN: "${user_config.API_TOKEN}" },
    });
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain("needs-credentials");
    expect(r.stderr).toContain("API_TOKEN");
  });

  it.skipIf(!bwrapWorks)("--explain-sandbox shows the declared sandbox, with no network", async () => {
    const r = await cli(["run", "--package", pkg, "probe", "--explain-sandbox"], {
      home,
      env: { CONNECTORY_CREDENTIAL_API_TOKEN: TOKEN },
    });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("runs in bubblewrap");
    expect(r.stdout).toMatch(/network\s+none/);
    expect(r.stdout).not.toContain(TOKEN);
  });
});

/** Launches the host package's .mcp.json entry as Claude Code would (its templates filled), calls probe. */
async function runWrapper(
  pathVar: string,
): Promise<{ result: { canRead: boolean; token: string }; stderr: string }> {
  const entry = (
    JSON.parse(fs.readFileSync(path.join(pkg, ".mcp.json"), "utf8")) as {
      mcpServers: Record<string, { command: string; args: string[]; env: Record<string, string> }>;
    }
  ).mcpServers["probe"]!;
  const fill = (s: string) =>
    s.replaceAll("${CLAUDE_PLUGIN_ROOT}", pkg).replaceAll("${user_config.API_TOKEN}", TOKEN);
  const env = Object.fromEntries(Object.entries(entry.env).map(([k, v]) => [k, fill(v)]));
  const transport = new StdioClientTransport({
    command: entry.command,
    args: entry.args.map(fill),
    env: {
      ...env,
      PATH: pathVar,
      HOME: path.join(home, "user-home"),
      CONNECTORY_HOME: home,
      CONNECTORY_CREDENTIAL_STORE: "file",
      NO_COLOR: "1",
    },
    stderr: "pipe",
  });
  let stderr = "";
  transport.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const client = new Client({ name: "host", version: "1.0.0" });
  await client.connect(transport);
  try {
    const called = (await client.callTool({ name: "probe", arguments: {} })) as {
      content: Array<{ text: string }>;
    };
    return { result: JSON.parse(called.content[0]!.text) as { canRead: boolean; token: string }, stderr };
  } finally {
    await client.close();
  }
}

describe("the host package's sandbox wrapper, run for real", () => {
  it("without connectory on PATH: runs the server unconfined, saying so on stderr", async () => {
    const entry = JSON.parse(fs.readFileSync(path.join(pkg, ".mcp.json"), "utf8")).mcpServers.probe;
    expect(entry.command).toBe("sh");
    const { result, stderr } = await runWrapper(
      [path.dirname(process.execPath), "/usr/bin", "/bin"].join(":"),
    );
    expect(result).toEqual({ canRead: true, token: "right" });
    expect(stderr).toContain("connectory: probe runs unconfined");
  }, 60_000);

  it.skipIf(!bwrapWorks)(
    "with connectory on PATH: runs it through `connectory run --package`, in its sandbox",
    async () => {
      const bin = await tempDir("connectory-run-package-bin-");
      fs.symlinkSync(BIN, path.join(bin, "connectory"));
      const { result, stderr } = await runWrapper(
        [bin, path.dirname(process.execPath), "/usr/bin", "/bin"].join(":"),
      );
      // The credential came through; the file outside every grant did not.
      expect(result).toEqual({ canRead: false, token: "right" });
      expect(stderr).not.toContain("unconfined");
      expect(stderr).not.toContain(TOKEN);
    },
    60_000,
  );
});
