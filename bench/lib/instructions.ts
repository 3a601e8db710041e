// Instruction counts (valgrind --tool=callgrind), which do not depend on the machine's load: on a
// shared 2-core machine a wall-clock difference of a few milliseconds drowns in scheduling noise, the
// number of instructions a start executes does not. Optional: undefined when valgrind is not installed
// (Debian: apt-get install valgrind) or BENCH_INSTRUCTIONS=0.
import { spawn, spawnSync } from "node:child_process";

/** True when instruction counts can be taken here. */
export function canCountInstructions(): boolean {
  if (process.env.BENCH_INSTRUCTIONS === "0") return false;
  return spawnSync("valgrind", ["--version"], { stdio: "ignore" }).status === 0;
}

/** Instructions executed by `command args` (all threads), or undefined without valgrind. */
export function countInstructions(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<number | undefined> {
  if (!canCountInstructions()) return Promise.resolve(undefined);
  return new Promise((resolve, reject) => {
    const child = spawn(
      "valgrind",
      ["--tool=callgrind", "--callgrind-out-file=/dev/null", command, ...args],
      { env, stdio: ["ignore", "ignore", "pipe"] },
    );
    let stderr = "";
    child.stderr.on("data", (d) => (stderr += d));
    child.on("error", reject);
    child.on("close", () => {
      const m = /Collected\s*:\s*(\d+)/.exec(stderr);
      resolve(m ? Number(m[1]) : undefined);
    });
  });
}

/** "583.3 M" */
export const millions = (n: number | undefined): string =>
  n === undefined ? "-" : `${(n / 1e6).toFixed(1)} M`;
