// Instructions the gateway process executes per tools/call (valgrind callgrind; the load of a shared
// machine does not change them): `connectory gateway` with the guards on and OTLP exporting, run
// under callgrind twice, once for FEW and once for MANY sequential tools/call get_weather to the
// weather sample; (MANY − FEW) / (MANY − FEW calls) is the cost of one call, start-up cancelled out.
// The weather server is not counted (callgrind does not follow children). With BENCH_BASELINE_BIN
// the other build's gateway is counted too, alternately. `node dist/bench/gateway-instructions.js`.
import { spawn } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import { sink } from "./gateway-overhead.js";
import { BIN, WEATHER, benchHome, setGuards } from "./lib/bench-home.js";
import { canCountInstructions } from "./lib/instructions.js";
import { answerHelp } from "./lib/help.js";

answerHelp(import.meta.url);

const FEW = Number(process.env.BENCH_FEW ?? 50);
const MANY = Number(process.env.BENCH_MANY ?? 550);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1);

/** Instructions of one gateway run under callgrind that answers `calls` sequential tools/call. */
function gatewayRun(bin: string, home: string, env: Record<string, string>, calls: number): Promise<number> {
  const child = spawn(
    "valgrind",
    ["--tool=callgrind", "--callgrind-out-file=/dev/null", process.execPath, bin, "gateway"],
    { env: { ...process.env, CONNECTORY_HOME: home, ...env }, stdio: ["pipe", "pipe", "pipe"] },
  );
  let stderr = "";
  child.stderr.on("data", (d) => (stderr += d));
  const waiting = new Map<number, () => void>();
  let rest = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    const lines = (rest + chunk).split("\n");
    rest = lines.pop() ?? "";
    for (const line of lines) {
      const message = JSON.parse(line) as { id?: number; error?: unknown; result?: { isError?: boolean } };
      if (message.error || message.result?.isError) throw new Error(`gateway answered ${line}`);
      if (typeof message.id === "number") waiting.get(message.id)?.();
    }
  });
  let next = 0;
  const request = (method: string, params: object) =>
    new Promise<void>((resolve) => {
      const id = ++next;
      waiting.set(id, resolve);
      child.stdin.write(JSON.stringify({ jsonrpc: "2.0", id, method, params }) + "\n");
    });
  return (async () => {
    await request("initialize", {
      protocolVersion: "2025-06-18",
      capabilities: {},
      clientInfo: { name: "bench", version: "1" },
    });
    child.stdin.write(JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }) + "\n");
    for (let i = 0; i < calls; i++)
      await request("tools/call", { name: "weather__get_weather", arguments: { city: "Paris" } });
    child.stdin.end();
    await new Promise((resolve) => child.on("close", resolve));
    const m = /Collected\s*:\s*(\d+)/.exec(stderr);
    if (!m) throw new Error(`no instruction count from valgrind:\n${stderr.slice(-2000)}`);
    return Number(m[1]);
  })();
}

async function main(): Promise<void> {
  if (!canCountInstructions())
    throw new Error("valgrind is not installed (Debian: apt-get install valgrind)");
  const receiver = await sink();
  const home = await benchHome({ weather: [WEATHER] });
  await setGuards(home, "weather", true);
  // Exports by count (a full batch of spans) and at exit, not by the clock: under valgrind a call
  // takes ~50x longer, so a timer would export per few calls and make the count depend on the load.
  const otlp = {
    OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
    OTEL_BSP_SCHEDULE_DELAY: "3600000",
    OTEL_METRIC_EXPORT_INTERVAL: "3600000",
  };
  const bins: Array<[string, string]> = [["this build", BIN]];
  if (process.env.BENCH_BASELINE_BIN) bins.push(["baseline build", process.env.BENCH_BASELINE_BIN]);
  const perCall = new Map<string, number[]>(bins.map(([label]) => [label, []]));
  for (let round = 0; round < ROUNDS; round++)
    for (const [label, bin] of bins) {
      const few = await gatewayRun(bin, home, otlp, FEW);
      const many = await gatewayRun(bin, home, otlp, MANY);
      perCall.get(label)!.push((many - few) / (MANY - FEW));
    }
  console.log(
    `gateway instructions per tools/call (guards on + OTLP; callgrind, (${MANY} − ${FEW} calls), ` +
      `${ROUNDS} round(s); load average ${os.loadavg()[0]!.toFixed(2)})`,
  );
  console.table(
    bins.map(([label]) => ({
      build: label,
      "instructions/call (each round)": perCall
        .get(label)!
        .map((n) => `${(n / 1e3).toFixed(0)} k`)
        .join(", "),
    })),
  );
  receiver.close();
  await fs.rm(home, { recursive: true, force: true });
}

await main();
