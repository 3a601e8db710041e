import fs from "node:fs/promises";
import path from "node:path";
import { atomicWrite } from "../../src/fs/atomic-write.js";
import type { UpstreamHealth } from "./upstream-deps.js";

/** What a running gateway writes about itself: $CONNECTORY_HOME/gateway/<pid>.json. */
export interface GatewayState {
  pid: number;
  startedAt: string;
  updatedAt: string;
  profile: string;
  /** `gateway --http`: the URL it serves MCP on. */
  url?: string;
  /** The host from `initialize`, once it has said it. */
  client?: { name: string; version: string };
  servers: Record<string, UpstreamHealth>;
}

/** The folder of the state files; one per running gateway (each host starts its own). */
export function stateDir(home: string): string {
  return path.join(home, "gateway");
}

/**
 * Writes a gateway's state, atomically; writes are serialized and coalesced (only the newest state
 * matters), so a burst of health changes costs one or two writes.
 */
export function stateWriter(
  home: string,
  pid: number,
): { write(state: GatewayState): void; flush(): Promise<void>; remove(): Promise<void> } {
  const file = path.join(stateDir(home), `${pid}.json`);
  let latest: GatewayState | undefined;
  let running: Promise<void> = Promise.resolve();
  let queued = false;
  const drain = async () => {
    queued = false;
    const state = latest;
    if (!state) return;
    await fs.mkdir(stateDir(home), { recursive: true, mode: 0o700 });
    await atomicWrite(file, JSON.stringify(state, null, 2) + "\n", { mode: 0o600 });
  };
  return {
    write(state) {
      latest = structuredClone(state);
      if (queued) return;
      queued = true;
      running = running.then(drain).catch(() => undefined);
    },
    flush: () => running,
    async remove() {
      latest = undefined;
      await running;
      await fs.rm(file, { force: true });
    },
  };
}

/** The state of every gateway that is still running; files left by a killed gateway are skipped. */
export async function readGatewayStates(
  home: string,
  alive: (pid: number) => boolean = isAlive,
): Promise<GatewayState[]> {
  const names = await fs.readdir(stateDir(home)).catch(() => [] as string[]);
  const states: GatewayState[] = [];
  for (const name of names.filter((n) => /^\d+\.json$/.test(n)).sort()) {
    const text = await fs.readFile(path.join(stateDir(home), name), "utf8").catch(() => undefined);
    if (text === undefined) continue;
    let state: GatewayState;
    try {
      state = JSON.parse(text) as GatewayState;
    } catch {
      continue; // not ours to judge: a damaged file of a dead gateway
    }
    if (typeof state?.pid === "number" && typeof state.servers === "object" && alive(state.pid))
      states.push(state);
  }
  return states;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
