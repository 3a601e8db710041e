// A throwaway CONNECTORY_HOME with stdio servers added and trusted through the real CLI, for the
// gateway benches (gateway.ts, gateway-instructions.ts).
import { spawn } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
export const BIN = path.join(ROOT, "bin/connectory.js");
export const WEATHER = path.join(ROOT, "plugins-sample/weather/server/index.js");

/** Runs `connectory argv` against `home`; rejects on a non-zero exit. */
export function connectory(home: string, argv: string[]): Promise<void> {
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

/** A new home with each of `servers` (name → node arguments) added and trusted. */
export async function benchHome(servers: Record<string, string[]>): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "connectory-bench-gw-"));
  for (const [name, args] of Object.entries(servers)) {
    await connectory(dir, ["mcp", "add", name, "--", process.execPath, ...args]);
    await connectory(dir, ["trust", name]);
  }
  return dir;
}

/** The guards as the overhead budget wants them: on (mask, injection warn) or off. */
export function setGuards(home: string, server: string, on: boolean): Promise<void> {
  return connectory(home, ["guard", server, on ? "mask" : "off"]).then(() =>
    on ? connectory(home, ["guard", server, "warn", "--kind", "injection"]) : undefined,
  );
}
