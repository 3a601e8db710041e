// `npm run bench:gateway`: what the gateway costs. (1) The size of tools/list a host receives through
// `connectory gateway` (bytes, and ~tokens = bytes / 4) for the bundled samples and a generated
// 200-tool server; (2) the per-call overhead of a tools/call directly to a stdio server, through
// `connectory run` and through `connectory gateway` (p50 / p99 over BENCH_CALLS calls).
import { spawn } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const BIN = path.join(ROOT, "bin/connectory.js");
const TOOLS_SERVER = path.join(ROOT, "test/fixtures/servers/tools-server.mjs");
const WEATHER = path.join(ROOT, "plugins-sample/weather/server/index.js");
const CALLS = Number(process.env.BENCH_CALLS ?? 200);

function connectory(home: string, argv: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...argv], {
      env: { ...process.env, CONNECTORY_HOME: home, NO_COLOR: "1" },
      stdio: "ignore",
    });
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`${argv.join(" ")}: exit ${code}`)),
    );
  });
}

async function client(command: string, args: string[], home: string): Promise<Client> {
  const c = new Client({ name: "bench", version: "1" });
  await c.connect(
    new StdioClientTransport({
      command,
      args,
      env: { ...(process.env as Record<string, string>), CONNECTORY_HOME: home },
      stderr: "ignore",
    }),
  );
  return c;
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

async function home(servers: Record<string, string[]>): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "connectory-bench-gw-"));
  for (const [name, args] of Object.entries(servers)) {
    await connectory(dir, ["mcp", "add", name, "--", process.execPath, ...args]);
    await connectory(dir, ["trust", name]);
  }
  return dir;
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
  const rows: string[][] = [];
  for (const [label, dir] of [
    ["samples (weather + notes)", samples],
    ["generated 200-tool server", big],
  ] as const) {
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
  await Promise.all([samples, big, scratch].map((d) => fs.rm(d, { recursive: true, force: true })));
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
