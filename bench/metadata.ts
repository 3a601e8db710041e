// `npm run bench:metadata` (issue 29): GET /v1/connectors/:name against a bare node:http server that sends
// the same bytes (status, headers, body, taken from the registry's own answer), side by side in one run:
// BENCH_ROUNDS rounds, each a few seconds of each server in turn (which goes first alternates), so a load
// change on the shared machine hits both alike. Each server is a process of its own; the load comes from
// wrk (-t1 -c50) when it is installed, else autocannon in this process. Figures: requests/s of each and
// their ratio (target ≥ 0.6×), and each server's CPU per request (user+system from /proc, steadier than
// req/s while other processes compete for the cores).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { openDatabase } from "../src/db/open-database.js";
import { createToken } from "../src/registry/tokens.js";
import { benchPackage } from "./lib/package.js";
import { startRegistryProcess, stopRegistryProcess } from "./lib/registry-process.js";
import { reportRows } from "./lib/report.js";
import { answerHelp } from "./lib/help.js";

answerHelp(import.meta.url);

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const CONNECTIONS = 50;

/** The bare server: answers every request with the given status, headers and body, nothing else. */
const BARE = `
const http = require("node:http");
const { status, headers, body } = JSON.parse(process.argv[1]);
const bytes = Buffer.from(body, "base64");
const server = http.createServer((req, res) => { res.writeHead(status, headers); res.end(bytes); });
server.keepAliveTimeout = 5000;
server.listen(0, "127.0.0.1", () => process.stdout.write("listening on http://127.0.0.1:" + server.address().port + "\\n"));
`;

function startBare(answer: { status: number; headers: Record<string, string>; body: string }) {
  const child = spawn(process.execPath, ["-e", BARE, JSON.stringify(answer)], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise<{ child: ChildProcess; url: string }>((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (d) => {
      out += d;
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) resolve({ child, url: m[1]! });
    });
    child.once("exit", (code) => reject(new Error(`the bare server exited with ${code}`)));
  });
}

/** User+system CPU milliseconds of a process so far (Linux /proc, 100 ticks/s). */
async function cpuMs(pid: number | undefined): Promise<number> {
  const stat = await fs.readFile(`/proc/${pid}/stat`, "utf8").catch(() => "");
  const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(f[11]) + Number(f[12])) * 10;
}

const HAS_WRK = spawnSync("wrk", ["--version"], { stdio: "ignore" }).error === undefined;

/** Requests/s and requests done against `url` for `seconds` (wrk if installed, else autocannon). */
async function load(
  url: string,
  seconds: number,
): Promise<{ rps: number; requests: number; errors: number }> {
  if (HAS_WRK) {
    const out = await new Promise<string>((resolve, reject) => {
      const child = spawn("wrk", ["-t1", `-c${CONNECTIONS}`, `-d${seconds}s`, url], {
        stdio: ["ignore", "pipe", "inherit"],
      });
      let text = "";
      child.stdout.on("data", (d) => (text += d));
      child.on("error", reject);
      child.on("close", () => resolve(text));
    });
    const requests = Number(/(\d+) requests in/.exec(out)?.[1] ?? NaN);
    const rps = Number(/Requests\/sec:\s*([\d.]+)/.exec(out)?.[1] ?? NaN);
    const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0);
    const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
    const errors = non2xx + (socket ? socket.slice(1).reduce((s, n) => s + Number(n), 0) : 0);
    return { rps, requests, errors };
  }
  const r = await autocannon({ url, connections: CONNECTIONS, duration: seconds });
  return { rps: r.requests.average, requests: r.requests.total, errors: r.non2xx + r.errors };
}

async function main(): Promise<void> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "connectory-bench-metadata-"));
  const databaseUrl = path.join(dir, "registry.db");
  const repo = await openDatabase(databaseUrl);
  const { token } = await createToken(repo, { publisher: "acme", now: new Date() });
  await repo.close();
  const registry = await startRegistryProcess({
    DATABASE_URL: databaseUrl,
    STORAGE_DIR: path.join(dir, "blobs"),
  });
  let bare: { child: ChildProcess; url: string } | undefined;
  try {
    const put = await fetch(`${registry.url}/v1/connectors/bench-meta`, {
      method: "PUT",
      headers: { authorization: `Bearer ${token}` },
      body: (await benchPackage("bench-meta", "1.0.0", 2000)) as Uint8Array<ArrayBuffer>,
    });
    if (put.status !== 201) throw new Error(`publish answered ${put.status}: ${await put.text()}`);
    const target = `${registry.url}/v1/connectors/bench-meta`;
    const res = await fetch(target);
    const body = Buffer.from(await res.arrayBuffer());
    const headers: Record<string, string> = {};
    res.headers.forEach((v, k) => {
      if (!["date", "connection", "keep-alive", "transfer-encoding"].includes(k)) headers[k] = v;
    });
    bare = await startBare({ status: res.status, headers, body: body.toString("base64") });
    const loadBefore = os.loadavg()[0]!;
    const servers = [
      {
        label: "registry GET /v1/connectors/:name",
        url: target,
        pid: registry.child.pid,
        rps: [] as number[],
        cpu: 0,
        n: 0,
        errors: 0,
      },
      {
        label: "bare node:http, same bytes",
        url: `${bare.url}/v1/connectors/bench-meta`,
        pid: bare.child.pid,
        rps: [] as number[],
        cpu: 0,
        n: 0,
        errors: 0,
      },
    ];
    for (const s of servers) await load(s.url, 2); // warm-up: the JIT's first seconds are not the steady state
    for (let round = 0; round < ROUNDS; round++) {
      for (const s of round % 2 ? [...servers].reverse() : servers) {
        const before = await cpuMs(s.pid);
        const r = await load(s.url, SECONDS);
        s.cpu += (await cpuMs(s.pid)) - before;
        s.n += r.requests;
        s.rps.push(r.rps);
        s.errors += r.errors;
      }
    }
    const [reg, raw] = servers as [(typeof servers)[0], (typeof servers)[0]];
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const ratios = reg.rps.map((r, i) => r / raw.rps[i]!);
    const cpuPer = (s: (typeof servers)[0]) => (s.cpu * 1000) / s.n;
    const load1 = `load ${loadBefore.toFixed(2)} → ${os.loadavg()[0]!.toFixed(2)}`;
    reportRows("metadata", [
      [
        `${reg.label} (${HAS_WRK ? "wrk" : "autocannon"} -c${CONNECTIONS}, ${ROUNDS}×${SECONDS} s)`,
        `${Math.round(mean(reg.rps)).toLocaleString("en")} req/s, ${reg.errors} errors`,
        "",
      ],
      [raw.label, `${Math.round(mean(raw.rps)).toLocaleString("en")} req/s, ${raw.errors} errors`, ""],
      [
        "  ratio registry / bare (per round)",
        `${mean(ratios).toFixed(2)}× (${ratios.map((r) => r.toFixed(2)).join(", ")}), ${load1}`,
        "≥ 0.6×",
      ],
      [
        "  server CPU per request, registry / bare",
        `${cpuPer(reg).toFixed(1)} / ${cpuPer(raw).toFixed(1)} µs (${(cpuPer(raw) / cpuPer(reg)).toFixed(2)}×)`,
        "",
      ],
    ]);
  } finally {
    if (bare) bare.child.kill("SIGTERM");
    await stopRegistryProcess(registry.child);
    await fs.rm(dir, { recursive: true, force: true });
  }
}

await main();
