import { afterEach, beforeEach, expect, it } from "vitest";
import { cli } from "../helpers/cli.js";
import { tempDir } from "../helpers/tmp.js";
import { FakeRegistry, TOKEN, startFakeRegistry, tushare, weather } from "./install-fixtures.js";

let reg: FakeRegistry;
let home: string;
const run = (...argv: string[]) => cli(argv, { home, env: { CONNECTORY_REGISTRY: reg.url } });

beforeEach(async () => {
  reg = await startFakeRegistry();
  home = await tempDir();
});
afterEach(() => reg.close());

it("shows versions with marks, servers, credentials and skills", async () => {
  await reg.publish(tushare("1.0.0"));
  await reg.publish(tushare("1.1.0"), { yanked: true });
  await reg.publish(tushare("1.2.0"), { deprecated: "moved to tushare-pro" });
  const r = await run("info", "tushare");
  expect(r.code).toBe(0);
  expect(r.stdout).toContain("Tushare (tushare) 1.2.0");
  expect(r.stdout).toContain("versions: 1.2.0 (deprecated), 1.1.0 (yanked), 1.0.0");
  expect(r.stdout).toContain("tags: latest: 1.2.0");
  expect(r.stdout).toContain("tushare  streamable-http  https://api.tushare.pro/mcp?token=${TUSHARE_TOKEN}");
  expect(r.stdout).toContain("TUSHARE_TOKEN — Tushare token (required, secret)");
  expect(r.stdout).toContain("From tushare.pro → 个人主页 → 接口TOKEN");
  expect(r.stdout).toContain("daily-quotes — Fetch daily quotes");
  expect(r.stdout).toContain("this version is deprecated: moved to tushare-pro");
  expect(r.stderr).toBe("");
});

it("--json carries the same facts; a version may be named, even a yanked one", async () => {
  await reg.publish(weather("1.0.0"));
  await reg.publish(weather("1.1.0"), { yanked: true });
  const r = await run("info", "weather@1.1.0", "--json");
  const data = JSON.parse(r.stdout);
  expect(data).toMatchObject({
    name: "weather",
    version: "1.1.0",
    yanked: true,
    source: "registry",
    installed: null,
    credentials: [],
    servers: [
      { name: "weather", transport: "stdio", command: "node", args: ["${PLUGIN_ROOT}/server/index.js"] },
    ],
  });
  expect(data.versions).toEqual([
    expect.objectContaining({ version: "1.1.0", yanked: true, tags: [] }),
    expect.objectContaining({ version: "1.0.0", yanked: false, tags: ["latest"] }),
  ]);
});

it("an unknown connector or version says what exists", async () => {
  await reg.publish(weather("1.0.0"));
  expect((await run("info", "nope")).stderr).toContain('no connector named "nope"');
  expect((await run("info", "weather@2")).stderr).toContain("available versions: 1.0.0");
});

it("offline, an installed connector is shown from the cache, saying so on stderr", async () => {
  await reg.publish(tushare("1.0.0"));
  expect((await run("install", "tushare", "--config", `TUSHARE_TOKEN=${TOKEN}`)).code).toBe(0);
  reg.offline = true;
  const r = await run("info", "tushare", "--json");
  expect(r.code).toBe(0);
  expect(r.stderr).toContain(`registry unreachable at ${reg.url}; showing tushare@1.0.0 from cache`);
  const data = JSON.parse(r.stdout);
  expect(data).toMatchObject({
    name: "tushare",
    version: "1.0.0",
    source: "cache",
    installed: { version: "1.0.0", enabled: true },
  });
  expect(data.credentials[0]).toMatchObject({ key: "TUSHARE_TOKEN", secret: true, required: true });
  expect(r.stdout + r.stderr).not.toContain(TOKEN);
  // Another version, or a connector that is not installed, cannot be shown offline.
  expect((await run("info", "tushare@2.0.0")).stderr).toContain(
    "only the installed tushare@1.0.0 can be shown offline",
  );
  expect((await run("info", "weather")).stderr).toContain("registry unreachable");
});
