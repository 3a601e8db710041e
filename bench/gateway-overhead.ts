// The overhead budget of issue 26, side by side in one run: tools/call get_weather to the bundled
// weather sample (1) directly over stdio, (2) through `connectory gateway` as it was (guards off,
// no telemetry) and (3) through the gateway with the guards on (the defaults) and OpenTelemetry
// exporting (OTLP/HTTP protobuf to a receiver in this process, spans sent every 200 ms, metrics every
// second). Calls are interleaved round by round across the three clients, so a load change on the
// shared machine hits all three alike. Sequential, then 10 calls in flight at once. With
// BENCH_BASELINE_BIN=<another checkout's bin/connectory.js> a fourth path runs that build's gateway
// (guards on + OTLP) in the same rounds: a before/after that the machine's load cannot tell apart.
// BENCH_WARMUP (default 20) calls per path go first, untimed: most of what the gateway adds over a
// direct call after 20 calls is V8 still warming up (raise it to 1500 to see the steady state).
// The CPU columns: user+system time of the process each path talks to (the server, or the gateway
// without its server) per call, sequential and at 10 in flight; steadier than wall time on a shared
// machine. At 10 in flight on 2 cores the three processes (client, gateway, server) share two CPUs,
// so the gateway's CPU per call, paid for the calls ahead in line, is most of what it adds.
// BENCH_PROXIES=1 adds two stand-ins (lib/stdio-proxy.ts), a proxy that pipes bytes and one that parses
// and re-serializes each line: the floor any proxy process between host and server sits on.
import { readFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { handOver } from "./lib/report.js";
import { answerHelp } from "./lib/help.js";

answerHelp(import.meta.url);

/** A client session and the pid of the process it talks to (for its CPU time). */
export interface Opened {
  client: Client;
  pid: number | null;
}
type Open = (env: Record<string, string>) => Promise<Opened>;

/** User+system CPU milliseconds of a process so far (Linux /proc; NaN elsewhere). */
function cpuOf(pid: number | null): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // clock ticks (USER_HZ 100)
  } catch {
    return Number.NaN;
  }
}

const percentile = (xs: number[], q: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
};

/** An OTLP/HTTP receiver that accepts and discards every export, counting them. */
export async function sink(): Promise<{ url: string; exports: () => number; close(): void }> {
  let count = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      count++;
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    exports: () => count,
    close: () => server.close(),
  };
}

const CALL = { name: "get_weather", arguments: { city: "Paris" } };

async function timed(c: Client, name: string): Promise<number> {
  const start = process.hrtime.bigint();
  const result = await c.callTool({ ...CALL, name });
  if (result.isError) throw new Error(`${name} failed: ${JSON.stringify(result.content)}`);
  return Number(process.hrtime.bigint() - start) / 1e6;
}

/**
 * Prints the table: p50/p99 per path and the overhead over direct, sequential and at 10 in flight.
 * `direct` opens the weather server itself; `gateway` the gateway (given extra environment).
 */
export async function overheadBudget(options: {
  calls: number;
  /** Calls per path before timing starts (BENCH_WARMUP): V8 optimizes the gateway's hot code meanwhile. */
  warmup: number;
  direct: () => Promise<Opened>;
  gateway: Open;
  /** Another build's gateway (BENCH_BASELINE_BIN), guards on + OTLP: a before/after in one run. */
  baseline?: Open | undefined;
  /** Stand-ins for any proxy (BENCH_PROXIES=1, lib/stdio-proxy.ts): what one more process hop costs. */
  proxies?: Array<[label: string, open: () => Promise<Opened>]> | undefined;
  setGuards(on: boolean): Promise<void>;
}): Promise<void> {
  const receiver = await sink();
  const load = os.loadavg()[0] as number;
  await options.setGuards(false);
  const plain = await options.gateway({});
  await options.setGuards(true);
  const controlled = await options.gateway({
    OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
    OTEL_BSP_SCHEDULE_DELAY: "200",
    OTEL_METRIC_EXPORT_INTERVAL: "1000",
  });
  // The baseline opens after setGuards(true): both guarded gateways read the same guards.json.
  const otlp = {
    OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
    OTEL_BSP_SCHEDULE_DELAY: "200",
    OTEL_METRIC_EXPORT_INTERVAL: "1000",
  };
  const before = options.baseline ? await options.baseline(otlp) : undefined;
  const direct = await options.direct();
  const opened: Array<[string, Opened, string]> = [
    ["direct (node weather/server/index.js)", direct, "get_weather"],
    ["gateway, guards off, no telemetry", plain, "weather__get_weather"],
    ["gateway, guards on + OTLP exporting", controlled, "weather__get_weather"],
    ...(before
      ? [["baseline build, guards on + OTLP", before, "weather__get_weather"] as [string, Opened, string]]
      : []),
  ];
  for (const [label, open] of options.proxies ?? []) opened.push([label, await open(), "get_weather"]);
  const paths = opened.map(([label, o, name]) => [label, o.client, name] as [string, Client, string]);
  const seq = paths.map(() => [] as number[]);
  const par = paths.map(() => [] as number[]);
  for (let i = 0; i < options.warmup; i++) for (const [, c, name] of paths) await timed(c, name);
  // CPU time of the process each path talks to (the server itself, or the gateway without its
  // server): steadier than wall time on a loaded machine.
  const cpuBefore = opened.map(([, o]) => cpuOf(o.pid));
  for (let i = 0; i < options.calls; i++)
    for (const [k, [, c, name]] of paths.entries()) (seq[k] as number[]).push(await timed(c, name));
  const cpu = opened.map(([, o], k) => ((cpuOf(o.pid) - (cpuBefore[k] as number)) / options.calls) * 1000);
  const rounds = Math.max(1, Math.floor(options.calls / 10));
  const cpuBeforePar = opened.map(([, o]) => cpuOf(o.pid));
  for (let i = 0; i < rounds; i++)
    for (const [k, [, c, name]] of paths.entries())
      (par[k] as number[]).push(...(await Promise.all(Array.from({ length: 10 }, () => timed(c, name)))));
  // At 10 in flight the work of several calls shares a wake-up: less CPU per call than one by one.
  const cpuPar = opened.map(
    ([, o], k) => ((cpuOf(o.pid) - (cpuBeforePar[k] as number)) / (rounds * 10)) * 1000,
  );
  for (const [, c] of paths) await c.close();
  await new Promise((r) => setTimeout(r, 300));
  const rows = paths.map(([label], k) => {
    const s = seq[k] as number[];
    const p = par[k] as number[];
    const overSeq = (q: number) => percentile(s, q) - percentile(seq[0] as number[], q);
    const overPar = (q: number) => percentile(p, q) - percentile(par[0] as number[], q);
    return [
      label,
      percentile(s, 0.5).toFixed(2),
      percentile(s, 0.99).toFixed(2),
      k === 0 ? "-" : `+${overSeq(0.5).toFixed(2)} / +${overSeq(0.99).toFixed(2)}`,
      percentile(p, 0.5).toFixed(2),
      percentile(p, 0.99).toFixed(2),
      k === 0 ? "-" : `+${overPar(0.5).toFixed(2)} / +${overPar(0.99).toFixed(2)}`,
      Number.isNaN(cpu[k] as number) ? "-" : (cpu[k] as number).toFixed(0),
      Number.isNaN(cpuPar[k] as number) ? "-" : (cpuPar[k] as number).toFixed(0),
    ];
  });
  console.log(
    `\noverhead budget (issue 26: ≤ +0.3 ms p50, ≤ +2 ms p99 sequential): tools/call get_weather, ` +
      `${options.calls} sequential calls and ${par[0]?.length} at 10 in flight per path, interleaved, after ${options.warmup} warm-up calls (ms); ` +
      `${receiver.exports()} OTLP exports received; load average ${load.toFixed(2)} before, ${(os.loadavg()[0] as number).toFixed(2)} after, ${os.cpus().length} cores (shared machine)`,
  );
  console.table(
    rows.map((r) => ({
      path: r[0],
      "seq p50": r[1],
      "seq p99": r[2],
      "seq over direct (p50 / p99)": r[3],
      "10-conc p50": r[4],
      "10-conc p99": r[5],
      "10-conc over direct": r[6],
      "CPU µs/call (its process)": r[7],
      "10-conc CPU µs/call": r[8],
    })),
  );
  handOver(
    "gateway",
    rows
      .slice(1)
      .map((r) => [
        `tools/call via ${r[0]}: over direct, seq p50 / p99 (10 in flight)`,
        `${r[3]} ms (${r[6]}); gateway CPU ${r[7]} µs/call (${r[8]} at 10 in flight) vs server ${rows[0]![7]} (${rows[0]![8]}); load ${load.toFixed(2)}`,
        "≤ +0.3 / +2 ms",
      ]),
  );
  receiver.close();
}
