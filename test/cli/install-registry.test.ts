import fs from "node:fs/promises";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { cacheDir, homePaths } from "../../cli/home/home.js";
import { cli } from "../helpers/cli.js";
import { createTestRegistry, makePackage, publishSamples, type TestRegistry } from "../helpers/registry.js";
import { listFiles, tempDir } from "../helpers/tmp.js";
import { packFiles } from "../../src/package/pack.js";
import { TOKEN } from "./install-fixtures.js";

// The same verbs against the real registry (src/server/app.ts), in-process through an injected fetch.

let reg: TestRegistry;
let home: string;
const fetchFn = ((input: string | URL | Request, init?: RequestInit) =>
  reg.app.request(
    typeof input === "string" ? input : input instanceof URL ? input.href : input.url,
    init,
  )) as typeof fetch;
const run = (...argv: string[]) =>
  cli(argv, { home, env: { CONNECTORY_REGISTRY: reg.publicUrl }, fetch: fetchFn });

beforeAll(async () => {
  reg = await createTestRegistry();
  await publishSamples(reg);
  const token = await reg.token("acme");
  for (const [version, yank] of [
    ["1.0.0", false],
    ["1.1.0", true],
    ["1.2.0-beta.1", false],
  ] as const) {
    const res = await reg.publish(await packFiles(makePackage({ name: "demo", version })), token, "demo");
    expect(res.status).toBe(201);
    if (yank) {
      const y = await reg.request(`/v1/connectors/demo/${version}/yank`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}` },
      });
      expect(y.status).toBeLessThan(300);
    }
  }
});
afterAll(() => reg.close());
beforeEach(async () => {
  home = await tempDir();
});

it("search and info read the real registry's documents", async () => {
  const s = JSON.parse((await run("search", "weather", "--json")).stdout);
  expect(s.results[0]).toMatchObject({ name: "weather", version: "1.0.0", categories: ["weather"] });
  const info = await run("info", "tushare");
  expect(info.code).toBe(0);
  expect(info.stdout).toContain("Tushare Pro (tushare) 1.0.0");
  expect(info.stdout).toContain("TUSHARE_TOKEN — Tushare token (required, secret)");
  expect(info.stdout).toContain("daily-quotes — ");
  const demo = JSON.parse((await run("info", "demo", "--json")).stdout);
  expect(
    demo.versions.map((v: { version: string; yanked: boolean }) => `${v.version}${v.yanked ? "!" : ""}`),
  ).toEqual(["1.2.0-beta.1", "1.1.0!", "1.0.0"]);
});

it("installs the tushare sample with a token and the weather sample without one", async () => {
  const t = await run("install", "tushare", "--config", `TUSHARE_TOKEN=${TOKEN}`, "--json");
  expect(t.code).toBe(0);
  expect(JSON.parse(t.stdout)).toMatchObject({ status: "ready", version: "1.0.0" });
  const w = await run("install", "weather", "--yes", "--json");
  expect(JSON.parse(w.stdout)).toMatchObject({ status: "ready", servers: ["weather"] });
  expect(await listFiles(cacheDir(home, "default", "weather", "1.0.0"))).toContain("server/index.js");
  const installed = JSON.parse(await fs.readFile(homePaths(home).installed, "utf8"));
  expect(Object.keys(installed).sort()).toEqual(["tushare@default", "weather@default"]);
});

it("ranges skip the yanked version, a pin takes it with a warning, prereleases only when named", async () => {
  expect(JSON.parse((await run("install", "demo@^1", "--json")).stdout).version).toBe("1.0.0");
  const pin = await run("install", "demo@1.1.0", "--json");
  expect(JSON.parse(pin.stdout)).toMatchObject({ version: "1.1.0", yanked: true });
  expect(pin.stderr).toContain("demo@1.1.0 is yanked");
  expect(JSON.parse((await run("install", "demo@1.2.0-beta.1", "--json")).stdout).version).toBe(
    "1.2.0-beta.1",
  );
  const none = await run("install", "demo@^3");
  expect(none.stderr).toContain("available versions: 1.2.0-beta.1, 1.1.0 (yanked), 1.0.0");
});

it("search says when the registry has more results than it printed", async () => {
  const page = await run("search", "--limit", "2", "--json");
  expect(page.code, page.stderr).toBe(0);
  expect(JSON.parse(page.stdout)).toMatchObject({ more: true });
  expect(JSON.parse(page.stdout).results).toHaveLength(2);
  const text = await run("search", "--limit", "2");
  expect(text.stdout).toMatch(/^\d+ more — `connectory search --all` lists them all; the next page: /m);
  const all = await run("search", "--limit", "100");
  expect(all.stdout).not.toContain(" more — ");
  expect(JSON.parse((await run("search", "--limit", "100", "--json")).stdout).more).toBe(false);
});

it("the registry's 404 comes through with its code and hint", async () => {
  const r = await run("install", "nope", "--json");
  expect(r.code).toBe(1);
  expect(JSON.parse(r.stdout).error.code).toBe("connector.not-found");
  expect(r.stderr).toContain('no connector named "nope" in marketplace "default"');
});
