import { spawn } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";
import path from "node:path";
import { BIN, spawnCli } from "../helpers/cli.js";
import { buildHome } from "../helpers/home.js";
import { tempDir } from "../helpers/tmp.js";
import { fixtureConnector, writeTools } from "./inspect-fixtures.js";

// A stdio server that ignores SIGTERM/SIGINT/SIGHUP and the end of its stdin must still not outlive
// `connectory run` (the built binary, as a host starts it): run escalates to SIGKILL.

/** Whether a process with this pid exists (signal 0 checks without sending anything). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== "ESRCH";
  }
}

// Whatever a failed test leaves running is killed, so a regression does not leak processes.
const started: number[] = [];
afterEach(() => {
  for (const pid of started.splice(0)) if (alive(pid)) process.kill(pid, "SIGKILL");
});

/** Starts `run stubborn` against the ignores-signals fixture; resolves once the server said its pid. */
async function startStubborn() {
  const home = await tempDir();
  await buildHome(home, [fixtureConnector("stubborn", "ignores-signals.mjs")]);
  const run = spawn(process.execPath, [BIN, "run", "stubborn"], {
    env: { ...process.env, CONNECTORY_HOME: home },
    stdio: ["pipe", "pipe", "pipe"],
  });
  if (run.pid !== undefined) started.push(run.pid);
  const exited = new Promise<number | null>((resolve) => run.on("close", (code) => resolve(code)));
  const pid = await new Promise<number>((resolve, reject) => {
    let out = "";
    run.stdout.on("data", (d: Buffer) => {
      out += d.toString();
      const line = out.split("\n")[0];
      if (out.includes("\n") && line)
        resolve((JSON.parse(line) as { params: { data: { pid: number } } }).params.data.pid);
    });
    run.once("close", () => reject(new Error(`run exited before its server started: ${out}`)));
  });
  started.push(pid);
  return { run, pid, exited };
}

describe("run: a server that ignores signals", () => {
  it("is SIGKILLed after the grace period when the host sends SIGTERM; run exits with its status", async () => {
    const { run, pid, exited } = await startStubborn();
    expect(alive(pid)).toBe(true);
    run.kill("SIGTERM");
    const code = await exited;
    expect(alive(pid)).toBe(false);
    expect(code).toBe(128 + 9);
  }, 20_000);

  it("is killed when the host closes stdin, and run exits", async () => {
    const { run, pid, exited } = await startStubborn();
    expect(alive(pid)).toBe(true);
    run.stdin.end();
    const code = await exited;
    expect(alive(pid)).toBe(false);
    expect(code).toBe(128 + 9);
  }, 20_000);
});

describe("run: a host that closes stdin right after its requests", () => {
  it("still gets the answers of a server slow to start (longer than the 2 s shutdown grace)", async () => {
    const home = await tempDir();
    const tools = path.join(home, "tools.json");
    await writeTools(tools);
    await buildHome(home, [fixtureConnector("slow", "tools-server.mjs", [tools, "--start-after", "3000"])]);
    const lines = [
      {
        id: 1,
        method: "initialize",
        params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } },
      },
      { method: "notifications/initialized" },
      { id: 2, method: "tools/list", params: {} },
    ];
    const r = await spawnCli(["run", "slow"], {
      home,
      stdin: lines.map((l) => JSON.stringify({ jsonrpc: "2.0", ...l })).join("\n") + "\n",
    });
    const answers = r.stdout
      .split("\n")
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { id?: number; result?: { tools?: unknown[] } });
    expect(
      answers.map((a) => a.id),
      r.stderr,
    ).toEqual([1, 2]);
    expect(answers[1]!.result!.tools!.length).toBeGreaterThan(0);
    expect(r.code, r.stderr).toBe(0);
  }, 30_000);
});
