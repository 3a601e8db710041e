// `npm run bench:run-verify`: what verifying a connector's cached files (issue 12, class 6) costs
// `connectory run` at start: verifyCache in-process for a few package sizes, and the built `run` of the
// bundled weather sample, with and without recorded hashes.
import { spawnSync } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { hashFiles, verifyCache } from "../cli/install/file-hashes.js";
import { homePaths } from "../cli/home/home.js";
import { readPackageDir } from "../src/package/read-dir.js";
import { buildHome } from "../test/helpers/home.js";
import { answerHelp } from "./lib/help.js";

answerHelp(import.meta.url);

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const BIN = path.join(ROOT, "bin/connectory.js");
const RUNS = 15;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

async function time(fn: () => Promise<unknown>): Promise<number> {
  const start = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

/** A folder of `count` files of `size` bytes, and their hashes. */
async function synthetic(dir: string, count: number, size: number): Promise<Record<string, string>> {
  const files = new Map<string, Uint8Array>();
  for (let i = 0; i < count; i++) {
    const bytes = new Uint8Array(size).fill(i % 251);
    const rel = `lib/part-${Math.floor(i / 50)}/file-${i}.js`;
    files.set(rel, bytes);
    await fs.mkdir(path.dirname(path.join(dir, rel)), { recursive: true });
    await fs.writeFile(path.join(dir, rel), bytes);
  }
  return hashFiles(files);
}

async function main(): Promise<void> {
  const work = await fs.mkdtemp(path.join(os.tmpdir(), "connectory-bench-verify-"));
  try {
    const rows: string[][] = [];
    const home = path.join(work, "home");
    await buildHome(home, [{ sample: "weather" }]);
    const installed = JSON.parse(await fs.readFile(homePaths(home).installed, "utf8"));
    const entry = installed["weather@default"];
    const weatherDir = path.join(homePaths(home).cacheRoot, "default", "weather", entry.version);
    const weatherFiles = hashFiles(await readPackageDir(weatherDir));
    const weatherBytes = (
      await Promise.all(Object.keys(weatherFiles).map((f) => fs.stat(path.join(weatherDir, f))))
    ).reduce((n, s) => n + s.size, 0);

    const cases: Array<[string, string, Record<string, string>, number]> = [
      ["weather sample", weatherDir, weatherFiles, weatherBytes],
    ];
    for (const [count, size] of [
      [50, 20_000],
      [500, 20_000],
    ] as const) {
      const dir = path.join(work, `synthetic-${count}`);
      cases.push([`${count} files`, dir, await synthetic(dir, count, size), count * size]);
    }
    for (const [label, dir, files, bytes] of cases) {
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) times.push(await time(() => verifyCache(dir, files)));
      rows.push([
        `verifyCache, ${label}`,
        String(Object.keys(files).length),
        (bytes / 1024).toFixed(0),
        median(times).toFixed(1),
      ]);
    }

    // The built CLI: `run weather` with stdin at its end (start, verify, launch, the host closes).
    const runOnce = () => {
      const start = process.hrtime.bigint();
      const r = spawnSync(process.execPath, [BIN, "run", "weather"], {
        input: "",
        env: { ...process.env, CONNECTORY_HOME: home, NO_COLOR: "1" },
        encoding: "utf8",
      });
      // The host closing stdin ends the session; the server's exit status (a signal at times) is not ours.
      if (r.stderr.includes("error:")) throw new Error(`connectory run weather failed: ${r.stderr}`);
      return Number(process.hrtime.bigint() - start) / 1e6;
    };
    const write = async (files: Record<string, string> | undefined) => {
      const one = { ...entry };
      if (files) one.files = files;
      else delete one.files;
      await fs.writeFile(homePaths(home).installed, JSON.stringify({ ...installed, "weather@default": one }));
    };
    // Alternated, so a change in the machine's load hits both the same.
    const plain: number[] = [];
    const verified: number[] = [];
    runOnce(); // warm the file cache
    for (let i = 0; i < RUNS; i++) {
      await write(undefined);
      plain.push(runOnce());
      await write(weatherFiles);
      verified.push(runOnce());
    }
    const without = median(plain);
    const withHashes = median(verified);
    rows.push(["connectory run weather, no hashes", "-", "-", without.toFixed(0)]);
    rows.push([
      "connectory run weather, verified",
      String(Object.keys(weatherFiles).length),
      (weatherBytes / 1024).toFixed(0),
      withHashes.toFixed(0),
    ]);

    const header = ["what", "files", "KiB", "median ms"];
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
    const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join("  ");
    console.log(line(header));
    for (const row of rows) console.log(line(row));
    console.log(
      `\nrun start cost of verification: ${(withHashes - without).toFixed(0)} ms (median of ${RUNS}; load average ${os.loadavg()[0]?.toFixed(2)} on ${os.cpus().length} cores)`,
    );
  } finally {
    await fs.rm(work, { recursive: true, force: true });
  }
}

await main();
