// `npm run bench:config`: wall time of the built `connectory config` with 200 installed connectors.
import { spawnSync } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildHome, type FakeInstall } from "../test/helpers/home.js";
import { cpuMs, writeCpuReporter } from "./child-cpu.js";
import { answerHelp } from "./lib/help.js";

answerHelp(import.meta.url);

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const BIN = path.join(ROOT, "bin/connectory.js");
const CONNECTORS = 200;
const RUNS = 15;
const TARGET_MS = 300;

// Real sample packages under 200 names, with the credentials each needs, so every server renders.
const SAMPLES: Array<[string, Record<string, string | boolean>]> = [
  ["tushare", { TUSHARE_TOKEN: "ab".repeat(28) }],
  ["github", { GITHUB_PAT: "ghp_" + "x".repeat(36) }],
  ["brave-search", { BRAVE_API_KEY: "k".repeat(32) }],
  ["filesystem", { ALLOWED_DIR: "/tmp" }],
  ["weather", {}],
  ["tdx", {}],
];

async function main(): Promise<void> {
  const home = await fs.mkdtemp(path.join(os.tmpdir(), "connectory-bench-"));
  const tools = await fs.mkdtemp(path.join(os.tmpdir(), "connectory-bench-cpu-")); // not in the home
  try {
    const installs: FakeInstall[] = Array.from({ length: CONNECTORS }, (_, i) => {
      const [sample, credentials] = SAMPLES[i % SAMPLES.length] as (typeof SAMPLES)[number];
      return { sample, name: `${sample}-${i}`, credentials, enabled: i % 10 !== 0 };
    });
    await buildHome(home, installs);
    await fs.writeFile(
      path.join(home, "mcp.json"),
      '{ "mcpServers": { "mine": { "command": "node", "args": ["x.js"] } } }',
    );

    const rows: string[][] = [];
    const reporter = await writeCpuReporter(tools);
    for (const argv of [
      ["--version"],
      ["config"],
      ["config", "--json"],
      ["config", "--explain", "--json"],
      ["list"],
    ]) {
      const times: number[] = [];
      const cpus: number[] = [];
      let servers = "";
      for (let i = 0; i < RUNS; i++) {
        const start = process.hrtime.bigint();
        const r = spawnSync(process.execPath, ["-r", reporter, BIN, ...argv], {
          stdio: ["ignore", "pipe", "pipe", "pipe"],
          env: { ...process.env, CONNECTORY_HOME: home, NO_COLOR: "1" },
          encoding: "utf8",
        });
        times.push(Number(process.hrtime.bigint() - start) / 1e6);
        cpus.push(cpuMs(r.output[3]));
        if (r.status !== 0) throw new Error(`connectory ${argv.join(" ")} failed: ${r.stderr}`);
        if (argv.join(" ") === "config --json")
          servers = String(Object.keys(JSON.parse(r.stdout).mcpServers).length);
      }
      times.sort((a, b) => a - b);
      cpus.sort((a, b) => a - b);
      const median = times[Math.floor(times.length / 2)] as number;
      rows.push([
        `connectory ${argv.join(" ")}`,
        (times[0] as number).toFixed(0),
        median.toFixed(0),
        (times[times.length - 1] as number).toFixed(0),
        (cpus[Math.floor(cpus.length / 2)] as number).toFixed(0),
        servers,
      ]);
    }
    const header = ["command (200 connectors)", "min ms", "median ms", "max ms", "CPU ms (median)", "active"];
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
    const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join("  ");
    console.log(line(header));
    for (const row of rows) console.log(line(row));
    const config = Number(rows[1]?.[2]);
    const load = os.loadavg()[0]?.toFixed(2);
    console.log(`\nload average ${load} on ${os.cpus().length} cores (wall times grow with it)`);
    console.log(
      `connectory config median ${config} ms (target ≤ ${TARGET_MS} ms): ${config <= TARGET_MS ? "ok" : "OVER"}`,
    );
  } finally {
    await fs.rm(home, { recursive: true, force: true });
    await fs.rm(tools, { recursive: true, force: true });
  }
}

await main();
