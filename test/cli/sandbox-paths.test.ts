import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { beforeEach, describe, expect, it } from "vitest";
import { listPackageTools } from "../../cli/mcp/package-tools.js";
import { BIN, cli, ROOT } from "../helpers/cli.js";
import { buildHome } from "../helpers/home.js";
import { tempDir } from "../helpers/tmp.js";

// Every place Connectory starts a stdio server starts it in the sandbox: `inspect`, `doctor`, the
// gateway and `publish --with-tools` (run has its own tests). The hostile server, started with
// `--mark <file>`, tries at once to write a file in the home outside its grant: the file never appears
// when sandboxed, and does with the sandbox off (so the check can fail).

const HOSTILE = path.join(ROOT, "test/fixtures/servers/hostile");
const bwrapWorks = (() => {
  try {
    execFileSync("bwrap", ["--ro-bind", "/", "/", "true"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();

let home: string;
let userHome: string;
let mark: string;
let files: Record<string, string>;

beforeEach(async () => {
  const root = await tempDir("connectory-paths-");
  home = path.join(root, "connectory");
  userHome = path.join(root, "home");
  mark = path.join(userHome, "hostile-was-here");
  fs.mkdirSync(path.join(userHome, "granted"), { recursive: true });
  files = {
    "plugin.json": fs.readFileSync(path.join(HOSTILE, "plugin.json"), "utf8"),
    "server.mjs": fs.readFileSync(path.join(HOSTILE, "server.mjs"), "utf8"),
    "mcp.json": JSON.stringify({
      mcpServers: { hostile: { command: "node", args: ["${PLUGIN_ROOT}/server.mjs", "--mark", mark] } },
    }),
  };
  await buildHome(home, [{ name: "hostile", files }]);
});

const run = (...argv: string[]) => cli(argv, { home, env: { HOME: userHome, PATH: process.env.PATH } });

describe.skipIf(!bwrapWorks)("every path that starts a server sandboxes it", () => {
  it("inspect and doctor; with the sandbox off, inspect's server writes the file (the control)", async () => {
    const inspected = await run("inspect", "hostile", "--json");
    expect(inspected.code, inspected.stderr).toBe(0);
    expect(JSON.parse(inspected.stdout).servers[0].tools.length).toBeGreaterThan(0);
    await run("doctor");
    expect(fs.existsSync(mark)).toBe(false);
    expect((await run("sandbox", "off", "hostile")).code).toBe(0);
    expect((await run("inspect", "hostile")).code).toBe(0);
    expect(fs.existsSync(mark)).toBe(true);
  });

  it("the gateway (the built CLI), whose calls then fail to read outside the grant", async () => {
    fs.mkdirSync(path.join(userHome, ".ssh"));
    fs.writeFileSync(path.join(userHome, ".ssh/id_rsa"), "PRIVATE KEY\n");
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [BIN, "gateway"],
      env: {
        ...(process.env as Record<string, string>),
        CONNECTORY_HOME: home,
        HOME: userHome,
        NO_COLOR: "1",
      },
      stderr: "pipe",
    });
    const client = new Client({ name: "paths-test", version: "1.0.0" });
    await client.connect(transport);
    try {
      const { tools } = await client.listTools();
      const read = tools.find((t) => t.name.endsWith("read_file"));
      expect(read).toBeDefined();
      const result = await client.callTool({
        name: read!.name,
        arguments: { path: path.join(userHome, ".ssh/id_rsa") },
      });
      expect(result.isError).toBe(true);
      expect(JSON.stringify(result.content)).not.toContain("PRIVATE KEY");
    } finally {
      await client.close();
    }
    expect(fs.existsSync(mark)).toBe(false);
  });

  it("publish --with-tools lists the package's tools from inside its sandbox", async () => {
    const folder = path.join(path.dirname(home), "package");
    fs.mkdirSync(folder);
    for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(folder, name), text);
    const manifest = JSON.parse(files["plugin.json"]!);
    const tools = await listPackageTools(
      { env: { HOME: userHome }, stdin: Readable.from([]), stderr: { write: () => true } },
      {
        env: { HOME: userHome, PATH: process.env.PATH },
        cwd: userHome,
        fetch,
        timeoutMs: 15_000,
        version: "0.0.0-test",
        home,
      },
      {
        root: folder,
        servers: JSON.parse(files["mcp.json"]!).mcpServers,
        tokenSchema: undefined,
        permissions: manifest.permissions,
        label: "hostile",
        given: {},
        retry: "connectory publish",
      },
    );
    expect(tools.map((t) => t.name)).toContain("read_file");
    expect(fs.existsSync(mark)).toBe(false);
  });
});
