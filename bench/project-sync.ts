// `npm run bench:project`: wall and CPU time of the built CLI's `connectory sync` of a project whose
// lock pins 20 connectors: into an empty home (downloads, verifies and installs all 20, writes two host
// files), and a no-op sync (everything already as locked: no request at all). The real registry runs on
// loopback in this process.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createToken } from "../src/registry/tokens.js";
import { startServer } from "../src/server/start-server.js";
import { median, timedNode, writeCpuReporter } from "./child-cpu.js";
import { benchPackage } from "./lib/package.js";
import { answerHelp } from "./lib/help.js";

answerHelp(import.meta.url);

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const BIN = path.join(ROOT, "bin/connectory.js");
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const CONNECTORS = 20;

/** Spawns `connectory sync` in `cwd` (asynchronously: the registry answers from this process). */
function timed(reporter: string, cwd: string, env: Record<string, string>) {
  return timedNode(reporter, [BIN, "sync"], { env: { ...process.env, ...env }, cwd });
}

async function main(): Promise<void> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "connectory-bench-project-"));
  const server = await startServer({
    port: 0,
    host: "127.0.0.1",
    databaseUrl: path.join(dir, "registry.db"),
    storageDir: path.join(dir, "blobs"),
    seed: false,
    log: () => undefined,
  });
  try {
    const { token } = await createToken(server.repo, { publisher: "acme", now: new Date() });
    const names = Array.from({ length: CONNECTORS }, (_, i) => `bench-${String(i + 1).padStart(2, "0")}`);
    for (const name of names) {
      const res = await fetch(`${server.url}/v1/connectors/${name}`, {
        method: "PUT",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/gzip" },
        body: await benchPackage(name, "1.0.0", 4096),
      });
      if (res.status !== 201) throw new Error(`publish ${name}: ${res.status} ${await res.text()}`);
    }
    const project = path.join(dir, "project");
    await fs.mkdir(project);
    const manifest = {
      connectors: Object.fromEntries(names.map((n) => [n, "^1.0.0"])),
      hosts: ["claude-code", "cursor"],
    };
    await fs.writeFile(path.join(project, "connectory.json"), JSON.stringify(manifest, null, 2) + "\n");
    const reporter = await writeCpuReporter(dir);
    const env = (home: string) => ({ CONNECTORY_HOME: home, CONNECTORY_REGISTRY: server.url, NO_COLOR: "1" });
    // The lock, as the first teammate writes it.
    const first = await timed(reporter, project, env(path.join(dir, "home-author")));
    if (first.code !== 0) throw new Error(`the first sync exited ${first.code}: ${first.stderr}`);
    const lock = await fs.readFile(path.join(project, "connectory.lock"), "utf8");

    const cases: Array<{ label: string; home: (i: number) => string }> = [
      {
        label: `sync of a ${CONNECTORS}-connector lock into an empty home`,
        home: (i) => path.join(dir, `home-${i}`),
      },
      { label: "no-op sync (already as locked)", home: () => path.join(dir, "home-0") },
    ];
    const rows: string[][] = [];
    for (const c of cases) {
      const times: number[] = [];
      const cpus: number[] = [];
      // One warm-up run: the first spawn pays for the disk cache, which no user sees twice.
      for (let i = 0; i <= RUNS; i++) {
        const r = await timed(reporter, project, env(c.home(i)));
        if (r.code !== 0) throw new Error(`${c.label} exited ${r.code}: ${r.stderr}`);
        if (i > 0) times.push(r.ms);
        if (i > 0) cpus.push(r.cpu);
      }
      rows.push([
        c.label,
        median(times).toFixed(0),
        Math.min(...times).toFixed(0),
        Math.max(...times).toFixed(0),
        median(cpus).toFixed(0),
      ]);
    }
    if ((await fs.readFile(path.join(project, "connectory.lock"), "utf8")) !== lock)
      throw new Error("a sync rewrote the lock");
    const header = ["case", "median ms", "min", "max", "CPU ms (median)"];
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
    const line = (r: string[]) => r.map((x, i) => x.padEnd(widths[i] ?? 0)).join("  ");
    console.log(
      `node ${process.version}, ${os.cpus().length} cpu, ${RUNS} runs each (median), ${CONNECTORS} connectors of ~4 KiB`,
    );
    console.log(
      `load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")}; CPU = user+system, all threads\n`,
    );
    console.log([line(header), line(widths.map((w) => "-".repeat(w))), ...rows.map(line)].join("\n"));
  } finally {
    await server.close();
    await fs.rm(dir, { recursive: true, force: true });
  }
}

await main();
