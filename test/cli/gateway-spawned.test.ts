import fs from "node:fs/promises";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterEach, describe, expect, it } from "vitest";
import { readAuditLog } from "../../cli/home/audit-log.js";
import { BIN, cli } from "../helpers/cli.js";
import { buildHome } from "../helpers/home.js";
import { tempDir } from "../helpers/tmp.js";
import { SECRET, fixtureConnector, writeTools } from "./inspect-fixtures.js";

// End to end: the built CLI (`npm run build` first) as `connectory gateway`, driven by the SDK's
// StdioClientTransport, in front of two real stdio servers: the bundled weather sample and the
// tools-server fixture (which logs one line per start, with its pid).

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((c) => c()));
});

async function setup() {
  const dir = await tempDir();
  const home = path.join(dir, "home");
  const tools = path.join(dir, "tools.json");
  const log = path.join(dir, "starts.log");
  await writeTools(tools);
  await buildHome(home, [
    { sample: "weather" },
    fixtureConnector("notes", "tools-server.mjs", [tools, "--log", log]),
  ]);
  const starts = async () =>
    (await fs.readFile(log, "utf8").catch(() => ""))
      .split("\n")
      .filter((l) => l !== "")
      .map((l) => JSON.parse(l) as { pid: number });
  return { home, starts };
}

async function startGateway(home: string, argv = ["gateway"]) {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, ...argv],
    env: { ...(process.env as Record<string, string>), CONNECTORY_HOME: home, NO_COLOR: "1" },
    stderr: "pipe",
  });
  let stderr = "";
  transport.stderr?.on("data", (d) => (stderr += d));
  const client = new Client({ name: "e2e-host", version: "2.0.0" });
  await client.connect(transport);
  closers.push(() => client.close());
  return { client, stderr: () => stderr };
}

const text = (result: Awaited<ReturnType<Client["callTool"]>>) =>
  (result.content as Array<{ text: string }>).map((c) => c.text).join("\n");

async function status(home: string) {
  const run = await cli(["gateway", "status", "--json"], { home });
  expect(run.code).toBe(0);
  return JSON.parse(run.stdout) as {
    gateways: Array<{
      client?: { name: string };
      servers: Record<string, { state: string; pid?: number; restarts: number }>;
    }>;
  };
}

describe("connectory gateway (spawned)", () => {
  it("lists both servers' tools, routes calls, and restarts a killed server on the next call", async () => {
    const s = await setup();
    const { client, stderr } = await startGateway(s.home);
    expect((await status(s.home)).gateways[0]?.servers.notes?.state).toBe("idle"); // lazy
    expect(await s.starts()).toHaveLength(0);

    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([
      "notes__list",
      "notes__search",
      "weather__get_weather",
      "weather__list_cities",
    ]);
    const weather = await client.callTool({ name: "weather__get_weather", arguments: { city: "Tokyo" } });
    expect(text(weather)).toContain("Tokyo");
    const notes = await client.callTool({ name: "notes__search", arguments: { query: "x" } });
    expect(text(notes)).toBe('search {"query":"x"}');

    // The state file is written after each change, asynchronously: wait for the calls to show in it.
    await expect
      .poll(
        async () => {
          const g = (await status(s.home)).gateways[0]?.servers;
          return [g?.weather?.state, g?.notes?.state];
        },
        { timeout: 5000 },
      )
      .toEqual(["running", "running"]);
    const before = await status(s.home);
    expect(before.gateways).toHaveLength(1);
    expect(before.gateways[0]?.client?.name).toBe("e2e-host");
    const pid = before.gateways[0]?.servers.notes?.pid as number;
    expect(pid).toBe((await s.starts())[0]?.pid);
    expect(before.gateways[0]?.servers.weather?.state).toBe("running");

    process.kill(pid, "SIGKILL");
    await expect
      .poll(async () => (await status(s.home)).gateways[0]?.servers.notes?.state, { timeout: 5000 })
      .toBe("crashed");
    const again = await client.callTool({ name: "notes__list", arguments: {} });
    expect(text(again)).toBe("list {}");
    await expect
      .poll(async () => (await status(s.home)).gateways[0]?.servers.notes, { timeout: 5000 })
      .toMatchObject({ state: "running", restarts: 1 });
    const after = (await status(s.home)).gateways[0]?.servers.notes;
    expect(after?.pid).not.toBe(pid);
    expect(await s.starts()).toHaveLength(2);
    expect(stderr()).toContain("notes: the server exited; it starts again on next use");
    expect(stderr()).not.toContain(SECRET);
  });

  it("passes a server's stderr through the one printable filter `run` uses: no raw OSC 52 (issue 31 #16)", async () => {
    const dir = await tempDir();
    const home = path.join(dir, "home");
    const tools = path.join(dir, "tools.json");
    await writeTools(tools);
    const hostile = `\u001b]52;c;${Buffer.from("rm -rf ~").toString("base64")}\u0007 key ${SECRET}\n`;
    await buildHome(home, [fixtureConnector("notes", "tools-server.mjs", [tools, "--stderr", hostile])]);
    const { client, stderr } = await startGateway(home);
    await client.listTools();
    await expect.poll(() => stderr(), { timeout: 5000 }).toContain("[notes] ⟨U+001B⟩]52;c;");
    expect(stderr()).not.toContain("\u001b");
    expect(stderr()).not.toContain("\u0007");
    expect(stderr()).not.toContain(SECRET);
  });

  it("leaves no state file behind once the host closes it", async () => {
    const s = await setup();
    const { client } = await startGateway(s.home);
    await client.listTools();
    expect((await status(s.home)).gateways).toHaveLength(1);
    await client.close();
    await expect.poll(async () => (await status(s.home)).gateways, { timeout: 5000 }).toHaveLength(0);
    expect(await fs.readdir(path.join(s.home, "gateway"))).toEqual([]);
  });

  it("run and gateway hide a denied tool and refuse its call, naming the rule", async () => {
    const s = await setup();
    expect((await cli(["tools", "deny", "notes", "sea*"], { home: s.home })).code).toBe(0);
    for (const argv of [["run", "notes"], ["gateway"]]) {
      const { client } = await startGateway(s.home, argv);
      const names = (await client.listTools()).tools.map((t) => t.name);
      const search = argv[0] === "run" ? "search" : "notes__search";
      expect(names).not.toContain(search);
      expect(names).toContain(argv[0] === "run" ? "list" : "notes__list");
      await expect(client.callTool({ name: search, arguments: {} })).rejects.toMatchObject({
        code: -32003,
        message: expect.stringContaining('hidden by the rule deny "sea*" of notes'),
      });
      await client.close();
    }
  });

  it("records every call in the audit log, with argument names and sizes; a canary secret never appears", async () => {
    const s = await setup();
    const args = { query: `find ${SECRET}`, api_token: "tok-0123456789" };
    for (const argv of [["gateway"], ["gateway", "--log-arguments"], ["run", "notes", "--log-arguments"]]) {
      const { client } = await startGateway(s.home, argv);
      const name = argv[0] === "run" ? "search" : "notes__search";
      await client.callTool({ name, arguments: args });
      if (argv[0] === "gateway")
        await expect(client.callTool({ name: "notes__nope", arguments: {} })).rejects.toThrow();
      await client.close();
    }
    const raw = await fs.readFile(path.join(s.home, "logs", "audit.jsonl"), "utf8");
    expect(raw).not.toContain(SECRET);
    expect(raw).not.toContain("tok-0123456789");
    const logs = await cli(["logs", "--server", "notes", "--json"], { home: s.home });
    const all = JSON.parse(logs.stdout).entries;
    // The stored credential in the arguments was masked on its way to the server (connectory guard):
    // a `flagged` line before each call that carried it, naming the rule, never the value.
    const flagged = all.filter((e: any) => e.outcome === "flagged");
    expect(
      flagged.map((e: any) => [e.via, e.findings[0].kind, e.findings[0].rule, e.findings[0].path]),
    ).toEqual([
      ["gateway", "secrets", "credential", "arguments.query"],
      ["gateway", "secrets", "credential", "arguments.query"],
      ["run", "secrets", "credential", "arguments.query"],
    ]);
    const entries = all.filter((e: any) => e.outcome !== "flagged");
    expect(entries.map((e: any) => [e.via, e.tool, e.outcome])).toEqual([
      ["gateway", "search", "ok"],
      ["gateway", "nope", "refused"],
      ["gateway", "search", "ok"],
      ["gateway", "nope", "refused"],
      ["run", "search", "ok"],
    ]);
    expect(entries[0]).toMatchObject({
      client: { name: "e2e-host", version: "2.0.0" },
      profile: "default",
      arguments: [
        { name: "query", bytes: JSON.stringify(args.query).length },
        { name: "api_token", bytes: 16 },
      ],
    });
    expect(entries[0].values).toBeUndefined();
    expect(entries[2].values).toEqual({ query: "find ***", api_token: "***" });
    expect(entries[4]).toMatchObject({ client: { name: "e2e-host" }, values: { query: "find ***" } });
    expect(entries[1].errorCode).toBe(-32001);
  });

  it("has every call's audit line written once the host closed stdin and the gateway exited (lines go in batches)", async () => {
    const s = await setup();
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [BIN, "gateway"],
      env: { ...(process.env as Record<string, string>), CONNECTORY_HOME: s.home },
      stderr: "ignore",
    });
    const client = new Client({ name: "e2e-host", version: "2.0.0" });
    await client.connect(transport);
    const pid = transport.pid as number;
    // 300: one full batch of 256 lines, the rest still queued when stdin closes.
    for (let round = 0; round < 10; round++)
      await Promise.all(
        Array.from({ length: 30 }, () =>
          client.callTool({ name: "weather__get_weather", arguments: { city: "Paris" } }),
        ),
      );
    const closedAt = Date.now();
    await client.close(); // ends the gateway's stdin, and waits for it to exit (SIGTERM after 2 s)
    expect(Date.now() - closedAt).toBeLessThan(2000); // it exited on its own, not by the signal
    expect(() => process.kill(pid, 0)).toThrow();
    const entries = await readAuditLog(s.home);
    expect(entries).toHaveLength(300);
    expect(entries.every((e) => e.via === "gateway" && e.tool === "get_weather" && e.outcome === "ok")).toBe(
      true,
    );
  });

  it("--profile serves only the profile's servers", async () => {
    const s = await setup();
    expect((await cli(["profile", "create", "notes-only", "notes"], { home: s.home })).code).toBe(0);
    const { client } = await startGateway(s.home, ["gateway", "--profile", "notes-only"]);
    const names = (await client.listTools()).tools.map((t) => t.name).sort();
    expect(names).toEqual(["notes__list", "notes__search"]);
    const state = (await status(s.home)).gateways[0] as unknown as { profile: string; servers: object };
    expect(state.profile).toBe("notes-only");
    expect(Object.keys(state.servers)).toEqual(["notes"]);
  });
});
