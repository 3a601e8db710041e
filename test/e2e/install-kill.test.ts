import { spawn } from "node:child_process";
import fs from "node:fs/promises";
import { afterEach, beforeEach, expect, it } from "vitest";
import { homePaths } from "../../cli/home/home.js";
import { BIN, cli, spawnCli } from "../helpers/cli.js";
import { listFiles, tempDir } from "../helpers/tmp.js";
import { FakeRegistry, TOKEN, startFakeRegistry, tushare, weather } from "../cli/install-fixtures.js";

// The built binary (npm run build) against a loopback registry this test controls.

let reg: FakeRegistry;
let home: string;

beforeEach(async () => {
  reg = await startFakeRegistry();
  home = await tempDir();
});
afterEach(() => reg.close());

/** Every file of the home with its bytes: the whole observable state. */
async function snapshot(): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const f of await listFiles(home)) out[f] = await fs.readFile(`${home}/${f}`, "utf8");
  return out;
}

/** Spawns an install, SIGKILLs it once the tarball download has stalled half-way, resolves on exit. */
function installKilledMidDownload(args: string[]): Promise<NodeJS.Signals | null> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, "install", ...args], {
      env: { ...process.env, CONNECTORY_HOME: home, CONNECTORY_REGISTRY: reg.url, NO_COLOR: "1" },
      stdio: ["ignore", "ignore", "ignore"],
    });
    reg.onStall = () => child.kill("SIGKILL");
    child.on("error", reject);
    child.on("exit", (_code, signal) => resolve(signal));
  });
}

it("an install killed mid-download leaves the previous state intact, and a retry succeeds", async () => {
  await reg.publish(tushare("1.0.0"));
  await reg.publish(weather("1.0.0"));
  const env = { CONNECTORY_REGISTRY: reg.url };
  expect((await cli(["install", "tushare", "--config", `TUSHARE_TOKEN=${TOKEN}`], { home, env })).code).toBe(
    0,
  );
  expect((await cli(["install", "weather"], { home, env })).code).toBe(0);
  await reg.publish(tushare("1.1.0"));
  const before = await snapshot();

  // An update of an installed connector, and a first install with credentials, both killed.
  const other = TOKEN.replace(/0/g, "f");
  expect(await installKilledMidDownload(["tushare@1.1.0", "--config", `TUSHARE_TOKEN=${other}`])).toBe(
    "SIGKILL",
  );
  await reg.publish(weather("1.1.0"));
  expect(await installKilledMidDownload(["weather@1.1.0"])).toBe("SIGKILL");
  expect(await snapshot()).toEqual(before);

  reg.onStall = undefined;
  const retry = await spawnCli(["install", "tushare@1.1.0", "--config", `TUSHARE_TOKEN=${other}`], {
    home,
    env,
  });
  expect(retry.stderr).toBe("");
  expect(retry.code).toBe(0);
  const installed = JSON.parse(await fs.readFile(homePaths(home).installed, "utf8"));
  expect(installed["tushare@default"].version).toBe("1.1.0");
  expect(installed["weather@default"].version).toBe("1.0.0");
  expect(await listFiles(`${homePaths(home).cacheRoot}/default/tushare`)).toEqual([
    "1.1.0/mcp.json",
    "1.1.0/plugin.json",
    "1.1.0/skills/daily-quotes/SKILL.md",
    "1.1.0/token-schema.json",
  ]);
});

it("separate processes installing at the same moment all land; installed.json stays valid", async () => {
  const names = ["alpha", "bravo", "charlie", "delta"];
  const { packageFiles } = await import("../cli/install-fixtures.js");
  for (const name of names) {
    await reg.publish(
      packageFiles({ name, version: "1.0.0" }, { "mcp.json": { mcpServers: { [name]: { command: name } } } }),
    );
  }
  const env = { CONNECTORY_REGISTRY: reg.url };
  const runs = await Promise.all([...names, "alpha"].map((n) => spawnCli(["install", n], { home, env })));
  expect(runs.map((r) => r.code)).toEqual([0, 0, 0, 0, 0]);
  const installed = JSON.parse(await fs.readFile(homePaths(home).installed, "utf8"));
  expect(Object.keys(installed).sort()).toEqual(names.map((n) => `${n}@default`));
  expect(await listFiles(homePaths(home).cacheRoot)).toEqual(
    names.flatMap((n) => [`default/${n}/1.0.0/mcp.json`, `default/${n}/1.0.0/plugin.json`]),
  );
});

it("under umask 000 the credential store is still 0600 in a 0700 home", async () => {
  await reg.publish(tushare("1.0.0"));
  const r = await new Promise<{ code: number | null; stderr: string }>((resolve, reject) => {
    const child = spawn(
      "/bin/sh",
      [
        "-c",
        'umask 000; exec "$0" "$@"',
        process.execPath,
        BIN,
        "install",
        "tushare",
        "--config",
        `TUSHARE_TOKEN=${TOKEN}`,
      ],
      {
        env: { ...process.env, CONNECTORY_HOME: home, CONNECTORY_REGISTRY: reg.url, NO_COLOR: "1" },
        stdio: ["ignore", "ignore", "pipe"],
      },
    );
    let stderr = "";
    child.stderr.on("data", (d) => (stderr += d));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stderr }));
  });
  // Nothing but the first-use note that the marketplace's signing key was pinned (issue 23).
  expect(r.stderr.replace(/^pinned the signing key of marketplace .*\n/m, "")).toBe("");
  expect(r.code).toBe(0);
  expect((await fs.stat(homePaths(home).credentials)).mode & 0o777).toBe(0o600);
  expect((await fs.stat(home)).mode & 0o777).toBe(0o700);
  // Package files keep the tarball's modes, not the umask's.
  const manifest = `${homePaths(home).cacheRoot}/default/tushare/1.0.0/plugin.json`;
  expect((await fs.stat(manifest)).mode & 0o777).toBe(0o644);
});
