import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

/**
 * Starts `node dist/src/main.js` (no seed, no live checks) with `env`; resolves with its URL once it listens.
 * BENCH_SERVER_NODE_ARGS adds Node options to the server only (e.g. `--cpu-prof --cpu-prof-dir=/tmp/p`:
 * a CPU profile of the registry under the bench's load, written when it exits).
 */
export async function startRegistryProcess(
  env: Record<string, string>,
): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [...nodeArgs(), path.join(ROOT, "dist/src/main.js")], {
    env: { ...process.env, PORT: "0", HOST: "127.0.0.1", SEED: "0", CHECK_INTERVAL: "0", ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (d) => {
      out += d;
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) resolve(m[1]!);
    });
    child.once("exit", (code) => reject(new Error(`registry exited with ${code} before listening`)));
  });
  return { child, url };
}

/** SIGTERM, and waits for the exit (a process already gone is left alone). */
export async function stopRegistryProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

function nodeArgs(): string[] {
  return (process.env.BENCH_SERVER_NODE_ARGS ?? "").split(" ").filter((a) => a !== "");
}
