// `npm run bench:gateway`: what the gateway costs. (1) The size of tools/list a host receives through
// `connectory gateway` (bytes, and ~tokens = bytes / 4), full and --lazy, for the bundled samples that
// run here (weather; the others are remote or npx servers needing a network and credentials) plus the
// notes fixture, a generated 200-tool server, and the 82 real tool lists of Docker's MCP catalog
// (../shared/data/real-world, when present); (2) the per-call overhead of a tools/call directly to a
// stdio server, through `connectory run` and through `connectory gateway` (p50 / p99 over BENCH_CALLS
// calls; the overhead budget's table first, after BENCH_WARMUP untimed calls per path, default 20); (3) the gateway's start time with ten servers, which start lazily: until its initialize
// answer, and until the first tools/list (which starts all ten), p50 / max over BENCH_STARTS starts.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { overheadBudget } from "./gateway-overhead.js";
import { BIN, ROOT, WEATHER, benchHome as home, setGuards } from "./lib/bench-home.js";
import { answerHelp } from "./lib/help.js";

answerHelp(import.meta.url);

const TOOLS_SERVER = path.join(ROOT, "test/fixtures/servers/tools-server.mjs");
const PROXY = path.join(ROOT, "dist/bench/lib/stdio-proxy.js");
const CALLS = Number(process.env.BENCH_CALLS ?? 200);
/** Untimed calls per path before the overhead budget's timed ones. */
const WARMUP = Number(process.env.BENCH_WARMUP ?? 20);
/** Another build's bin/connectory.js, measured side by side with this one (a before/after). */
const BASELINE_BIN = process.env.BENCH_BASELINE_BIN;
const STARTS = Number(process.env.BENCH_STARTS ?? 5);
const DOCKER_TOOLS = path.join(ROOT, "..", "shared/data/real-world/docker-mcp-registry/servers");

async function client(command: string, args: string[], home: string): Promise<Client> {
  return (await opened(command, args, home)).client;
}

/** A client and the pid of the process it spawned. */
async function opened(command: string, args: string[], home: string, env: Record<string, string> = {}) {
  const transport = new StdioClientTransport({
    command,
    args,
    env: { ...(process.env as Record<string, string>), CONNECTORY_HOME: home, ...env },
    stderr: "ignore",
  });
  const c = new Client({ name: "bench", version: "1" });
  await c.connect(transport);
  return { client: c, pid: transport.pid };
}

function generatedTools(n: number): unknown[] {
  return Array.from({ length: n }, (_, i) => ({
    name: `tool_${String(i).padStart(3, "0")}`,
    description: `Generated tool number ${i}: does one small thing with a record and returns it as text.`,
    inputSchema: {
      type: "object",
      properties: {
        id: { type: "string", description: "The record's id" },
        limit: { type: "integer", description: "At most this many results" },
      },
      required: ["id"],
    },
  }));
}

/**
 * Docker's catalog lists tools as { name, description, arguments: [{ name, type, desc }] }: made into
 * MCP definitions, every server's under `<server>_<tool>`, as one server (one process, not 82).
 */
async function dockerTools(): Promise<unknown[] | undefined> {
  const dirs = await fs.readdir(DOCKER_TOOLS).catch(() => undefined);
  if (!dirs) return undefined;
  const out: unknown[] = [];
  for (const dir of dirs.sort()) {
    const text = await fs.readFile(path.join(DOCKER_TOOLS, dir, "tools.json"), "utf8").catch(() => undefined);
    if (text === undefined) continue;
    for (const t of JSON.parse(text) as Array<{
      name: string;
      description?: string;
      inputSchema?: object;
      arguments?: Array<{ name: string; type?: string; desc?: string }>;
    }>) {
      const properties = Object.fromEntries(
        (t.arguments ?? []).map((a) => [
          a.name,
          { type: a.type ?? "string", ...(a.desc ? { description: a.desc } : {}) },
        ]),
      );
      out.push({
        name: `${dir}_${t.name}`.slice(0, 60),
        description: t.description ?? "",
        inputSchema: t.inputSchema ?? { type: "object", properties },
      });
    }
  }
  return out;
}

/** Spawn-to-initialize and spawn-to-first-tools/list of `connectory gateway` (ms). */
async function startTimes(dir: string): Promise<{ ready: number[]; listed: number[] }> {
  const ready: number[] = [];
  const listed: number[] = [];
  for (let i = 0; i < STARTS; i++) {
    const start = process.hrtime.bigint();
    const c = await client(process.execPath, [BIN, "gateway"], dir);
    ready.push(Number(process.hrtime.bigint() - start) / 1e6);
    const { tools } = await c.listTools();
    listed.push(Number(process.hrtime.bigint() - start) / 1e6);
    if (tools.length !== 20) throw new Error(`expected 20 tools from ten servers, got ${tools.length}`);
    await c.close();
  }
  return { ready, listed };
}

async function listSize(dir: string, lazy: boolean): Promise<{ tools: number; bytes: number }> {
  const c = await client(process.execPath, [BIN, "gateway", ...(lazy ? ["--lazy"] : [])], dir);
  const { tools } = await c.listTools();
  await c.close();
  return { tools: tools.length, bytes: Buffer.byteLength(JSON.stringify({ tools })) };
}

async function timeCalls(c: Client, name: string): Promise<{ p50: number; p99: number }> {
  for (let i = 0; i < 10; i++) await c.callTool({ name, arguments: {} }); // warm-up
  const times: number[] = [];
  for (let i = 0; i < CALLS; i++) {
    const start = process.hrtime.bigint();
    await c.callTool({ name, arguments: {} });
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] as number;
  return { p50: at(0.5), p99: at(0.99) };
}

async function main(): Promise<void> {
  // (4) first: the overhead budget of the guards and telemetry (BENCH_OVERHEAD_ONLY=1: only this).
  const weather = await home({ weather: [WEATHER] });
  await overheadBudget({
    calls: CALLS,
    warmup: WARMUP,
    direct: () => opened(process.execPath, [WEATHER], weather),
    gateway: (env) => opened(process.execPath, [BIN, "gateway"], weather, env),
    baseline: BASELINE_BIN
      ? (env) => opened(process.execPath, [BASELINE_BIN, "gateway"], weather, env)
      : undefined,
    setGuards: (on) => setGuards(weather, "weather", on),
    proxies:
      process.env.BENCH_PROXIES === "1"
        ? (["bytes", "parse"] as const).map((mode) => [
            mode === "bytes" ? "stand-in proxy: pipes bytes" : "stand-in proxy: JSON.parse + stringify",
            () => opened(process.execPath, [PROXY, mode, WEATHER], weather),
          ])
        : undefined,
  });
  await fs.rm(weather, { recursive: true, force: true });
  if (process.env.BENCH_OVERHEAD_ONLY === "1") return;
  const scratch = await fs.mkdtemp(path.join(os.tmpdir(), "connectory-bench-tools-"));
  const notesFile = path.join(scratch, "notes.json");
  const bigFile = path.join(scratch, "big.json");
  await fs.writeFile(
    notesFile,
    JSON.stringify([
      { name: "search", description: "Search the notes", inputSchema: { type: "object", properties: {} } },
      { name: "list", description: "List notes", inputSchema: { type: "object", properties: {} } },
    ]),
  );
  await fs.writeFile(bigFile, JSON.stringify(generatedTools(200)));

  const samples = await home({ weather: [WEATHER], notes: [TOOLS_SERVER, notesFile] });
  const big = await home({ big: [TOOLS_SERVER, bigFile] });
  const docker = await dockerTools();
  const dockerFile = path.join(scratch, "docker.json");
  if (docker) await fs.writeFile(dockerFile, JSON.stringify(docker));
  const real = docker ? await home({ docker: [TOOLS_SERVER, dockerFile] }) : undefined;
  const rows: string[][] = [];
  const profiles: Array<[string, string]> = [
    ["samples (weather + notes)", samples],
    ["generated 200-tool server", big],
    ...(real ? [["Docker catalog tool lists (82)", real] as [string, string]] : []),
  ];
  for (const [label, dir] of profiles) {
    for (const lazy of [false, true]) {
      const { tools, bytes } = await listSize(dir, lazy);
      rows.push([label, lazy ? "lazy" : "full", String(tools), String(bytes), String(Math.round(bytes / 4))]);
    }
  }
  console.log("tools/list through `connectory gateway` (~tokens = bytes / 4)");
  console.log(table(["PROFILE", "MODE", "TOOLS", "BYTES", "~TOKENS"], rows));

  const overhead: string[][] = [];
  const cases: Array<[string, () => Promise<Client>, string]> = [
    [
      "direct (node tools-server.mjs)",
      () => client(process.execPath, [TOOLS_SERVER, notesFile], samples),
      "list",
    ],
    ["connectory run notes", () => client(process.execPath, [BIN, "run", "notes"], samples), "list"],
    ["connectory gateway", () => client(process.execPath, [BIN, "gateway"], samples), "notes__list"],
  ];
  for (const [label, open, tool] of cases) {
    const c = await open();
    const { p50, p99 } = await timeCalls(c, tool);
    await c.close();
    overhead.push([label, p50.toFixed(2), p99.toFixed(2)]);
  }
  console.log(`\nper tools/call, ${CALLS} calls each (ms)`);
  console.log(table(["PATH", "P50", "P99"], overhead));

  const ten = await home(
    Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`s${i}`, [TOOLS_SERVER, notesFile]])),
  );
  const { ready, listed } = await startTimes(ten);
  // The same ten processes started by a client itself, in parallel: what the machine costs anyway.
  const direct: number[] = [];
  for (let i = 0; i < STARTS; i++) {
    const start = process.hrtime.bigint();
    const cs = await Promise.all(
      Array.from({ length: 10 }, async () => {
        const c = await client(process.execPath, [TOOLS_SERVER, notesFile], ten);
        await c.listTools();
        return c;
      }),
    );
    direct.push(Number(process.hrtime.bigint() - start) / 1e6);
    await Promise.all(cs.map((c) => c.close()));
  }
  const stat = (xs: number[]) => {
    const sorted = [...xs].sort((a, b) => a - b);
    return [
      (sorted[Math.floor(sorted.length / 2)] as number).toFixed(0),
      (sorted.at(-1) as number).toFixed(0),
    ];
  };
  console.log(`\n\`connectory gateway\` with ten servers (lazy start), ${STARTS} starts (ms)`);
  console.log(
    table(
      ["UNTIL", "P50", "MAX"],
      [
        ["initialize answered (no server started)", ...stat(ready)],
        ["first tools/list answered (all ten started)", ...stat(listed)],
        ["baseline: ten servers started and listed directly", ...stat(direct)],
      ],
    ),
  );
  await Promise.all(
    [samples, big, ten, scratch, ...(real ? [real] : [])].map((d) =>
      fs.rm(d, { recursive: true, force: true }),
    ),
  );
}

function table(head: string[], rows: string[][]): string {
  const all = [head, ...rows];
  const widths = head.map((_, i) => Math.max(...all.map((r) => (r[i] ?? "").length)));
  return all
    .map((r) =>
      r
        .map((c, i) => c.padEnd(widths[i] as number))
        .join("  ")
        .trimEnd(),
    )
    .join("\n");
}

await main();
