import fs from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { gatewayNotes } from "../../cli/gateway/gateway-health.js";
import { sayEnglish } from "../../cli/terminal/language.js";
import {
  readGatewayStates,
  stateDir,
  stateWriter,
  type GatewayState,
} from "../../cli/gateway/gateway-state.js";
import { cli } from "../helpers/cli.js";
import { tempDir } from "../helpers/tmp.js";

const state = (pid: number, servers: GatewayState["servers"]): GatewayState => ({
  pid,
  startedAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
  profile: "default",
  client: { name: "claude-code", version: "2.0.0" },
  servers,
});

describe("the gateway's state files", () => {
  it("are written atomically (0600), read back for live gateways, and removed at the end", async () => {
    const home = await tempDir();
    const writer = stateWriter(home, process.pid);
    writer.write(state(process.pid, { notes: { state: "idle", restarts: 0 } }));
    writer.write(state(process.pid, { notes: { state: "running", pid: 42, restarts: 0 } }));
    await writer.flush();
    const file = path.join(stateDir(home), `${process.pid}.json`);
    expect((await fs.stat(file)).mode & 0o777).toBe(0o600);
    expect(await readGatewayStates(home)).toEqual([
      state(process.pid, { notes: { state: "running", pid: 42, restarts: 0 } }),
    ]);
    await writer.remove();
    expect(await fs.readdir(stateDir(home))).toEqual([]);
  });

  it("skip a killed gateway's file and a damaged one, without touching them", async () => {
    const home = await tempDir();
    await fs.mkdir(stateDir(home), { recursive: true });
    await fs.writeFile(path.join(stateDir(home), "999999.json"), JSON.stringify(state(999999, {})));
    await fs.writeFile(path.join(stateDir(home), "1.json"), "{ not json");
    expect(await readGatewayStates(home, (pid) => pid !== 999999)).toEqual([]);
    expect((await fs.readdir(stateDir(home))).sort()).toEqual(["1.json", "999999.json"]);
  });

  it("give doctor one line per gateway, a WARN naming a crashed server", async () => {
    const home = await tempDir();
    const writer = stateWriter(home, process.pid);
    writer.write(
      state(process.pid, {
        weather: { state: "running", pid: 7, restarts: 0 },
        notes: { state: "crashed", restarts: 2, lastError: "the server exited" },
      }),
    );
    await writer.flush();
    // Each note is worded by a speaker: English here (doctor's --json), the run's language in its text.
    expect((await gatewayNotes(home)).map((note) => note(sayEnglish))).toEqual([
      `WARN gateway ${process.pid} for claude-code: 1 of 2 server(s) running; crashed: notes: the server exited, 2 restart(s) (\`connectory gateway status\`)`,
    ]);
    const doctor = await cli(["doctor"], { home });
    expect(doctor.stdout).toContain(`WARN gateway ${process.pid} for claude-code`);
    const status = await cli(["gateway", "status"], { home });
    expect(status.stdout).toMatch(/notes +crashed +- +2 +the server exited/);
    // The gateway's own words in the run's language; the state file and --json keep the English.
    const zh = await cli(["gateway", "status", "--lang", "zh-CN"], { home });
    expect(zh.stdout).toMatch(/notes +\S+ +- +2 +服务器已退出/);
    const json = await cli(["gateway", "status", "--json", "--lang", "zh-CN"], { home });
    expect(json.stdout).toContain('"lastError": "the server exited"');
  });
});
