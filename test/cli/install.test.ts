import fs from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cacheDir, homePaths } from "../../cli/home/home.js";
import { cli } from "../helpers/cli.js";
import { listFiles, tempDir } from "../helpers/tmp.js";
import { FakeRegistry, TOKEN, startFakeRegistry, tushare, weather } from "./install-fixtures.js";

let reg: FakeRegistry;
let home: string;
const run = (...argv: string[]) => cli(argv, { home, env: { CONNECTORY_REGISTRY: reg.url } });
const readJson = async (file: string) => JSON.parse(await fs.readFile(file, "utf8"));

beforeEach(async () => {
  reg = await startFakeRegistry();
  home = await tempDir();
});
afterEach(() => reg.close());

describe("install", () => {
  it("installs a connector with its token: cache, record and credentials", async () => {
    await reg.publish(tushare("1.0.0"));
    const r = await run("install", "tushare", "--config", `TUSHARE_TOKEN=${TOKEN}`, "--json");
    // The default marketplace's key is pinned on first use, and its fingerprint printed.
    expect(r.stderr).toBe(
      `pinned the signing key of marketplace default (trust on first use): ${reg.signer.fingerprint}\n`,
    );
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out).toMatchObject({
      name: "tushare",
      version: "1.0.0",
      requested: "^1.0.0",
      status: "ready",
      missing: [],
    });
    expect(out.integrity).toMatch(/^sha512-/);
    const dir = cacheDir(home, "default", "tushare", "1.0.0");
    expect(await listFiles(dir)).toEqual([
      "mcp.json",
      "plugin.json",
      "skills/daily-quotes/SKILL.md",
      "token-schema.json",
    ]);
    const installed = await readJson(homePaths(home).installed);
    expect(installed["tushare@default"]).toMatchObject({
      version: "1.0.0",
      enabled: true,
      integrity: out.integrity,
    });
    const creds = await readJson(homePaths(home).credentials);
    expect(creds.connectors["tushare@default"]).toEqual({ TUSHARE_TOKEN: TOKEN });
    expect((await fs.stat(homePaths(home).credentials)).mode & 0o777).toBe(0o600);
    // The secret never shows in output.
    expect(r.stdout + r.stderr).not.toContain(TOKEN);
  });

  it("the token can come from the environment, when asked", async () => {
    await reg.publish(tushare());
    const r = await cli(["install", "tushare", "--config-from-env"], {
      home,
      env: { CONNECTORY_REGISTRY: reg.url, TUSHARE_TOKEN: TOKEN },
    });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("status: ready");
  });

  it("without a TTY and without the token: installed as needs-credentials, with the exact fix", async () => {
    await reg.publish(tushare());
    const r = await run("install", "tushare");
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("status: needs-credentials (missing TUSHARE_TOKEN)");
    expect(r.stdout).toContain("connectory credentials set tushare TUSHARE_TOKEN=…");
    expect((await readJson(homePaths(home).installed))["tushare@default"].version).toBe("1.0.0");
    await expect(fs.access(homePaths(home).credentials)).rejects.toThrow();
    const again = await run("install", "tushare", "--json");
    expect(again.stderr).toContain("run: connectory credentials set tushare TUSHARE_TOKEN=…");
    const json = JSON.parse(again.stdout);
    expect(json).toMatchObject({
      status: "needs-credentials",
      missing: ["TUSHARE_TOKEN"],
      fix: "connectory credentials set tushare TUSHARE_TOKEN=…",
    });
  });

  it("an invalid credential writes nothing at all: no cache, no record, no credentials", async () => {
    await reg.publish(tushare());
    const r = await run("install", "tushare", "--config", "TUSHARE_TOKEN=not-hex-canary-1234");
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("the credentials for tushare are not valid");
    expect(r.stderr).toContain("nothing was saved");
    expect(r.stderr).not.toContain("not-hex-canary-1234");
    expect(await listFiles(home)).toEqual([]);
    // Nothing is installed, so the way out is the install again, not `credentials set` (which fails).
    expect(r.stderr).toContain("run the command again: connectory install tushare --config KEY=VALUE");
    expect(r.stderr).not.toContain("credentials set");
  });

  it("an undeclared --config key is refused before anything is written", async () => {
    await reg.publish(weather());
    const r = await run("install", "weather", "--config", "NOPE=1");
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("weather has no credential named NOPE");
    expect(await listFiles(home)).toEqual([]);
  });

  it("a tampered tarball is refused before unpacking and nothing changes", async () => {
    await reg.publish(weather("1.0.0"));
    expect((await run("install", "weather")).code).toBe(0);
    const before = await listFiles(home);
    const installedBefore = await fs.readFile(homePaths(home).installed, "utf8");
    const bytes = await reg.publish(weather("1.1.0"));
    const evil = Uint8Array.from(bytes);
    evil[evil.length - 10]! ^= 0xff;
    reg.tamper("weather", "1.1.0", evil);
    const r = await run("install", "weather@1.1.0", "--json");
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).error.code).toBe("install.integrity.mismatch");
    expect(r.stderr).toContain("does not match the registry's integrity");
    expect(await listFiles(home)).toEqual(before);
    expect(await fs.readFile(homePaths(home).installed, "utf8")).toBe(installedBefore);
  });

  it("a garbage tarball whose integrity matches is still refused (bad gzip), nothing written", async () => {
    const garbage = new TextEncoder().encode("<html>not a tarball</html>");
    const files = weather("2.0.0");
    await reg.publish(files);
    // Serve garbage AND describe garbage: the integrity matches, the package does not.
    reg.replaceTarball("weather", "2.0.0", garbage, { resign: files });
    const r = await run("install", "weather");
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("gzip");
    expect(await listFiles(home)).toEqual([]);
  });

  it("a package that is not the one asked for is refused, even with a matching integrity", async () => {
    await reg.publish(weather("1.0.0"));
    const { packFiles } = await import("../../src/package/pack.js");
    const other = await packFiles(tushare("1.0.0"));
    reg.replaceTarball("weather", "1.0.0", other, { resign: tushare("1.0.0") });
    const r = await run("install", "weather");
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("the registry sent tushare@1.0.0 when asked for weather@1.0.0");
    expect(await listFiles(home)).toEqual([]);
  });

  it("ranges and tags skip yanked versions; an exact pin installs one with a warning", async () => {
    await reg.publish(weather("1.0.0"));
    await reg.publish(weather("1.1.0"), { yanked: true });
    await reg.publish(weather("2.0.0-beta.1"));
    reg.setTag("weather", "beta", "2.0.0-beta.1");
    expect(JSON.parse((await run("install", "weather@^1", "--json")).stdout).version).toBe("1.0.0");
    const pinned = await run("install", "weather@1.1.0", "--json");
    expect(JSON.parse(pinned.stdout)).toMatchObject({
      version: "1.1.0",
      yanked: true,
      previousVersion: "1.0.0",
    });
    expect(pinned.stderr).toContain("weather@1.1.0 is yanked");
    expect((await readJson(homePaths(home).installed))["weather@default"]).toMatchObject({
      yanked: true,
      requested: "1.1.0",
    });
    expect(JSON.parse((await run("install", "weather@beta", "--json")).stdout).version).toBe("2.0.0-beta.1");
    // The versions no longer used were removed from the cache.
    expect(await fs.readdir(path.join(homePaths(home).cacheRoot, "default", "weather"))).toEqual([
      "2.0.0-beta.1",
    ]);
  });

  it("a deprecated version installs with its message as a warning", async () => {
    await reg.publish(weather("1.0.0"), { deprecated: "use weather-pro" });
    const r = await run("install", "weather");
    expect(r.code).toBe(0);
    expect(r.stderr).toContain("deprecated: use weather-pro");
  });

  it("unknown connector, unknown version, no matching version: errors that say what exists", async () => {
    await reg.publish(weather("1.0.0"));
    await reg.publish(weather("1.2.0"), { yanked: true });
    const missing = await run("install", "nope");
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('no connector named "nope" in marketplace "default"');
    expect(missing.stderr).toContain("connectory search nope");
    const version = await run("install", "weather@3.0.0");
    expect(version.stderr).toContain("weather has no version 3.0.0");
    expect(version.stderr).toContain("available versions: 1.2.0 (yanked), 1.0.0");
    const range = await run("install", "weather@^2");
    expect(range.stderr).toContain('weather has no version matching "^2"');
    expect(await listFiles(home)).toEqual([]);
  });

  it.each([["../evil"], ["Weather"], ["a/b"], [""], ["weather@"], ["x".repeat(70)]])(
    "a bad spec %j is a usage error and contacts nobody",
    async (spec) => {
      const r = await run("install", spec);
      expect(r.code).toBe(2);
      expect(reg.requests).toEqual([]);
      expect(await listFiles(home)).toEqual([]);
    },
  );

  it("the registry unreachable: a clear error naming the URL, nothing written", async () => {
    reg.offline = true;
    const r = await run("install", "weather");
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`registry unreachable at ${reg.url}`);
    expect(await listFiles(home)).toEqual([]);
  });

  it("reinstalling the same version reuses the cache without downloading", async () => {
    await reg.publish(weather());
    expect((await run("install", "weather")).code).toBe(0);
    const r = await run("install", "weather", "--json");
    expect(JSON.parse(r.stdout)).toMatchObject({ reused: true, version: "1.0.0" });
    expect(reg.tarballCount()).toBe(1);
  });

  it("installing again repairs a damaged cache, as `list` advises, keeping the credentials", async () => {
    await reg.publish(tushare());
    expect((await run("install", "tushare", "--config", `TUSHARE_TOKEN=${TOKEN}`)).code).toBe(0);
    const dir = cacheDir(home, "default", "tushare", "1.0.0");
    const good = await fs.readFile(path.join(dir, "mcp.json"), "utf8");
    await fs.writeFile(path.join(dir, "mcp.json"), "{ damaged");
    const list = await run("list");
    expect(list.stdout).toMatch(/tushare\s+1\.0\.0\s+default\s+unreadable/);
    expect(list.stdout).toContain("connectory install tushare");
    const r = await run("install", "tushare", "--json");
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain("downloading them again");
    expect(JSON.parse(r.stdout)).toMatchObject({ status: "ready", reused: false });
    expect(await fs.readFile(path.join(dir, "mcp.json"), "utf8")).toBe(good);
    expect(reg.tarballCount()).toBe(2);
    expect((await run("list")).stdout).toMatch(/tushare\s+1\.0\.0\s+default\s+ready/);
  });

  it("an orphan cache folder (from a killed install) is replaced, never trusted", async () => {
    await reg.publish(weather());
    const dir = cacheDir(home, "default", "weather", "1.0.0");
    await fs.mkdir(dir, { recursive: true });
    await fs.writeFile(path.join(dir, "mcp.json"), '{"mcpServers":{"evil":{"command":"rm"}}}');
    expect((await run("install", "weather")).code).toBe(0);
    expect(await listFiles(dir)).toEqual(["mcp.json", "plugin.json", "server/index.js"]);
    expect(await fs.readFile(path.join(dir, "mcp.json"), "utf8")).toContain("weather");
  });

  it("two installs at the same moment both land and installed.json stays valid", async () => {
    await reg.publish(weather());
    await reg.publish(tushare());
    const [a, b, c] = await Promise.all([
      run("install", "weather"),
      run("install", "tushare", "--config", `TUSHARE_TOKEN=${TOKEN}`),
      run("install", "weather"),
    ]);
    expect([a.code, b.code, c.code]).toEqual([0, 0, 0]);
    const installed = await readJson(homePaths(home).installed);
    expect(Object.keys(installed).sort()).toEqual(["tushare@default", "weather@default"]);
    expect(await fs.readdir(path.join(homePaths(home).cacheRoot, "default", "weather"))).toEqual(["1.0.0"]);
  });

  it("a tarball URL answering more than 5 MiB is cut off", async () => {
    await reg.publish(weather());
    reg.tamper("weather", "1.0.0", new Uint8Array(6 * 1024 * 1024));
    const r = await run("install", "weather");
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("is larger than");
    expect(await listFiles(home)).toEqual([]);
  });
});
