import { describe, expect, it } from "vitest";
import { spawn } from "node:child_process";
import { BIN, cli } from "../helpers/cli.js";
import { buildHome, type FakeInstall } from "../helpers/home.js";
import { tempDir } from "../helpers/tmp.js";

const SECRET = "s3cr3t-value-for-run";

/** Script text for a one-liner server: writes a JSON-RPC log notification carrying `data` on stdout. */
const notify = `((data) => process.stdout.write(JSON.stringify({ jsonrpc: "2.0", method: "notifications/message", params: { level: "info", data } }) + "\\n"))`;

/** Every line of a run's stdout, parsed: each must be one JSON-RPC message. */
function messages(stdout: string): unknown[] {
  return stdout
    .split("\n")
    .filter((l) => l !== "")
    .map((l) => JSON.parse(l));
}

/** A connector whose one stdio server is a node one-liner, with a secret credential. */
function oneLiner(name: string, script: string, extraArgs: string[] = []): FakeInstall {
  return {
    name,
    version: "1.0.0",
    files: {
      "plugin.json": { name, version: "1.0.0", description: "test", publisher: "test" },
      "mcp.json": {
        mcpServers: {
          [name]: {
            command: process.execPath,
            args: ["-e", script, ...extraArgs],
            env: { API_KEY: "${API_KEY}" },
          },
        },
      },
      "token-schema.json": {
        type: "object",
        properties: { API_KEY: { type: "string", secret: true } },
        required: ["API_KEY"],
        additionalProperties: false,
      },
    },
    credentials: { API_KEY: SECRET },
  };
}

describe("connectory run", () => {
  it("passes credentials in the environment, not argv, and forwards the exit code", async () => {
    const home = await tempDir();
    const script = `${notify}({ env: process.env.API_KEY === ${JSON.stringify(SECRET)}, argv: process.argv.join(" ").includes(${JSON.stringify(SECRET)}) }); process.exit(7)`;
    await buildHome(home, [oneLiner("probe", script)]);
    const run = await cli(["run", "probe"], { home });
    expect(run.code).toBe(7);
    expect(messages(run.stdout)).toEqual([
      {
        jsonrpc: "2.0",
        method: "notifications/message",
        params: { level: "info", data: { env: true, argv: false } },
      },
    ]);
  });

  it("warns when a template puts a secret on the command line", async () => {
    const home = await tempDir();
    const install = oneLiner("leaky", "process.exit(0)", ["--", "--key=${API_KEY}"]);
    await buildHome(home, [install]);
    const run = await cli(["run", "leaky"], { home });
    expect(run.code).toBe(0);
    expect(run.stderr).toContain("secret on its command line");
    expect(run.stderr).not.toContain(SECRET);
  });

  it("refuses an inactive server with its reason and the next step", async () => {
    const home = await tempDir();
    await buildHome(home, [{ sample: "tushare" }]);
    const run = await cli(["run", "tushare"], { home });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('server "tushare" is needs-credentials');
    expect(run.stderr).toContain("connectory credentials set tushare");
    expect(run.stdout).toBe("");
    // stdout is the MCP channel: --json must not put a document (or "null") there, errors included.
    const json = await cli(["run", "tushare", "--json"], { home });
    expect(json.code).toBe(1);
    expect(json.stdout).toBe("");
    expect(json.stderr).toContain("needs-credentials");
  });

  it("refuses an unknown server and a command that does not exist", async () => {
    const home = await tempDir();
    await buildHome(home, [
      {
        name: "ghost",
        version: "1.0.0",
        files: {
          "plugin.json": { name: "ghost", version: "1.0.0", description: "test", publisher: "test" },
          "mcp.json": { mcpServers: { ghost: { command: "definitely-not-a-command-xyz", args: [] } } },
        },
      },
    ]);
    const unknown = await cli(["run", "nope"], { home });
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('no server named "nope"');
    const ghost = await cli(["run", "ghost"], { home });
    expect(ghost.code).toBe(1);
    expect(ghost.stderr).toContain("could not start definitely-not-a-command-xyz: ENOENT");
    expect((await cli(["run"], { home })).code).toBe(2);
  });

  it("forwards SIGTERM to the server and exits with its status (built binary)", async () => {
    const home = await tempDir();
    // The server reports it got the signal, then exits 3.
    const script = `process.on("SIGTERM", () => { process.stderr.write("got SIGTERM"); process.exit(3); }); ${notify}("ready"); setInterval(() => {}, 1000);`;
    await buildHome(home, [oneLiner("sleeper", script)]);
    const child = spawn(process.execPath, [BIN, "run", "sleeper"], {
      env: { ...process.env, CONNECTORY_HOME: home },
    });
    let stderr = "";
    child.stderr.on("data", (d) => (stderr += d));
    await new Promise<void>((resolve) => child.stdout.once("data", () => resolve()));
    child.kill("SIGTERM");
    const code = await new Promise<number | null>((resolve) => child.on("close", (c) => resolve(c)));
    expect(stderr).toContain("got SIGTERM");
    expect(code).toBe(3);
  });

  it("keeps stdout JSON-RPC only: a server's stray output is dropped and named on stderr, redacted", async () => {
    const home = await tempDir();
    const script = `process.stdout.write("Server ready! key=" + process.env.API_KEY + "\\n"); ${notify}("after"); process.stdout.write("{not json\\n");`;
    await buildHome(home, [oneLiner("chatty", script)]);
    const run = await cli(["run", "chatty"], { home });
    expect(run.code).toBe(0);
    expect(messages(run.stdout)).toEqual([
      { jsonrpc: "2.0", method: "notifications/message", params: { level: "info", data: "after" } },
    ]);
    expect(run.stderr).toContain("not JSON-RPC: Server ready! key=***");
    expect(run.stderr).toContain("not JSON-RPC: {not json");
    expect(run.stderr).not.toContain(SECRET);
  });

  it("answers a host line that is not JSON-RPC with the JSON-RPC error, and passes nothing on", async () => {
    const home = await tempDir();
    // The server echoes whatever reaches it on stdin back as a notification, so a leak would show.
    const script = `process.stdin.on("data", (d) => ${notify}(String(d)));`;
    await buildHome(home, [oneLiner("echo", script)]);
    const stdin = ['{"jsonrpc":"2.0","id":1,', '{"jsonrpc":"1.0","id":7,"method":"x"}', "[1,2]", ""].join(
      "\n",
    );
    const run = await cli(["run", "echo"], { home, stdin });
    expect(run.code).toBe(0);
    expect(messages(run.stdout)).toEqual([
      { jsonrpc: "2.0", id: null, error: { code: -32700, message: "Parse error: not JSON" } },
      {
        jsonrpc: "2.0",
        id: 7,
        error: { code: -32600, message: "Invalid Request: not a JSON-RPC 2.0 message" },
      },
      {
        jsonrpc: "2.0",
        id: null,
        error: { code: -32600, message: "Invalid Request: not a JSON-RPC 2.0 message" },
      },
    ]);
  });

  it("refuses an oversized host message without buffering it whole", async () => {
    const home = await tempDir();
    await buildHome(home, [oneLiner("big", `process.stdin.on("data", (d) => ${notify}(d.length));`)]);
    const stdin = `{"jsonrpc":"2.0","id":1,"method":"ping","params":{"pad":"${"x".repeat(11 * 1024 * 1024)}"}}\n`;
    const run = await cli(["run", "big"], { home, stdin });
    expect(run.code).toBe(0);
    expect(messages(run.stdout)).toEqual([
      {
        jsonrpc: "2.0",
        id: null,
        error: { code: -32600, message: "Invalid Request: a message longer than 10 MiB" },
      },
    ]);
  });
});
