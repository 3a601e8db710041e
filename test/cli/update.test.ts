import fs from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { homePaths } from "../../cli/home/home.js";
import { cli } from "../helpers/cli.js";
import { listFiles, tempDir } from "../helpers/tmp.js";
import {
  FakeRegistry,
  TOKEN,
  packageFiles,
  startFakeRegistry,
  tushare,
  weather,
} from "./install-fixtures.js";

let reg: FakeRegistry;
let home: string;
const run = (...argv: string[]) => cli(argv, { home, env: { CONNECTORY_REGISTRY: reg.url } });
const installed = async () => JSON.parse(await fs.readFile(homePaths(home).installed, "utf8"));
const credentials = async () => JSON.parse(await fs.readFile(homePaths(home).credentials, "utf8"));
const versionsOf = (name: string) => fs.readdir(path.join(homePaths(home).cacheRoot, "default", name));

beforeEach(async () => {
  reg = await startFakeRegistry();
  home = await tempDir();
});
afterEach(() => reg.close());

describe("update", () => {
  it("moves to the newest version in the recorded range, keeps credentials, drops the old cache", async () => {
    await reg.publish(tushare("1.0.0"));
    expect((await run("install", "tushare", "--config", `TUSHARE_TOKEN=${TOKEN}`)).code).toBe(0);
    await reg.publish(tushare("1.1.0"));
    await reg.publish(tushare("2.0.0"));
    const r = await run("update", "--json");
    expect(r.code).toBe(0);
    const [result] = JSON.parse(r.stdout).results;
    expect(result.kind).toBe("updated");
    expect(result.outcome).toMatchObject({
      version: "1.1.0",
      previousVersion: "1.0.0",
      status: "ready",
      requested: "^1.0.0",
    });
    expect(result.changes).toMatchObject({ servers: [], newCredentials: [], needsConsent: false });
    expect((await installed())["tushare@default"]).toMatchObject({ version: "1.1.0", requested: "^1.0.0" });
    expect((await credentials()).connectors["tushare@default"]).toEqual({ TUSHARE_TOKEN: TOKEN });
    expect(await versionsOf("tushare")).toEqual(["1.1.0"]);
    // Up to date now; 2.0.0 is outside ^1 and the command says how to get it.
    const again = await run("update", "tushare");
    expect(again.stdout).toContain(
      "tushare is up to date (1.1.0); 2.0.0 is available outside ^1.0.0: connectory install tushare@2.0.0",
    );
  });

  it("a changed launch spec without a TTY and without --yes is refused with the exact command; nothing changes", async () => {
    await reg.publish(weather("1.0.0"));
    await run("install", "weather");
    await reg.publish(weather("1.1.0", ["${PLUGIN_ROOT}/server/index.js", "--evil"]));
    const before = await listFiles(home);
    const installedBefore = await fs.readFile(homePaths(home).installed, "utf8");
    const r = await run("update", "weather");
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("weather 1.0.0 → 1.1.0 changes how it runs:");
    expect(r.stderr).toContain(
      'args: ["${PLUGIN_ROOT}/server/index.js"] → ["${PLUGIN_ROOT}/server/index.js","--evil"]',
    );
    expect(r.stderr).toContain("run: connectory update weather --yes");
    expect(await listFiles(home)).toEqual(before);
    expect(await fs.readFile(homePaths(home).installed, "utf8")).toBe(installedBefore);
    const yes = await run("update", "weather", "--yes");
    expect(yes.code).toBe(0);
    expect(yes.stdout).toContain("updated weather@1.1.0 from default (was 1.0.0)");
    expect(yes.stdout).toContain("server weather: changed");
    expect(await versionsOf("weather")).toEqual(["1.1.0"]);
  });

  it("new required credentials need consent; with --yes and no TTY the connector needs credentials", async () => {
    await reg.publish(tushare("1.0.0"));
    await run("install", "tushare", "--config", `TUSHARE_TOKEN=${TOKEN}`);
    const schema = {
      type: "object",
      properties: {
        TUSHARE_TOKEN: { type: "string", secret: true, pattern: "^[0-9a-f]{56}$" },
        TUSHARE_REGION: { type: "string", title: "Region" },
      },
      required: ["TUSHARE_TOKEN", "TUSHARE_REGION"],
      additionalProperties: false,
    };
    await reg.publish(
      tushare("1.1.0", {
        schema,
        url: "https://api.tushare.pro/${TUSHARE_REGION}/mcp?token=${TUSHARE_TOKEN}",
      }),
    );
    const refused = await run("update", "tushare");
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("new required credentials: TUSHARE_REGION");
    const r = await run("update", "tushare", "--yes", "--json");
    expect(r.code).toBe(0);
    const { outcome } = JSON.parse(r.stdout).results[0];
    expect(outcome).toMatchObject({
      status: "needs-credentials",
      missing: ["TUSHARE_REGION"],
      fix: "connectory credentials set tushare TUSHARE_REGION=…",
    });
    expect((await credentials()).connectors["tushare@default"]).toEqual({ TUSHARE_TOKEN: TOKEN });
    expect(r.stdout + r.stderr).not.toContain(TOKEN);
  });

  it("never downgrades when the installed version was yanked", async () => {
    await reg.publish(weather("1.0.0"));
    await reg.publish(weather("1.1.0"));
    await run("install", "weather@^1");
    await run("marketplace", "add", "acme", reg.url);
    await run("install", "weather", "--marketplace", "acme");
    await reg.publish(weather("1.1.0"), { yanked: true });
    const r = await run("update");
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(
      "weather is up to date (1.1.0); 1.1.0 is yanked; the newest matching is 1.0.0: connectory install weather@1.0.0",
    );
    expect(r.stdout).toContain(
      "weather is up to date (1.1.0); 1.1.0 is yanked, and no other version matches ^1.1.0",
    );
    expect((await installed())["weather@default"].version).toBe("1.1.0");
  });

  it("updating everything goes on past one failure and exits 1", async () => {
    await reg.publish(weather("1.0.0"));
    await reg.publish(
      packageFiles(
        { name: "alpha", version: "1.0.0" },
        { "mcp.json": { mcpServers: { a: { command: "a" } } } },
      ),
    );
    await run("install", "weather");
    await run("install", "alpha");
    await reg.publish(weather("1.0.1"));
    reg.tamper("weather", "1.0.1", new Uint8Array([1, 2, 3]));
    await reg.publish(
      packageFiles(
        { name: "alpha", version: "1.0.1" },
        { "mcp.json": { mcpServers: { a: { command: "a" } } } },
      ),
    );
    const r = await run("update");
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("weather: the tarball of weather@1.0.1 does not match");
    expect(r.stdout).toContain("updated alpha@1.0.1");
    expect((await installed())["weather@default"].version).toBe("1.0.0");
  });

  it("an unknown name says so; nothing installed is not an error", async () => {
    expect((await run("update")).stdout).toContain("nothing is installed");
    const r = await run("update", "nope");
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('no installed connector named "nope"');
  });
});

describe("uninstall", () => {
  it("removes the record, the credentials and the cache folder", async () => {
    await reg.publish(tushare());
    await reg.publish(weather());
    await run("install", "tushare", "--config", `TUSHARE_TOKEN=${TOKEN}`);
    await run("install", "weather");
    const r = await run("uninstall", "tushare", "--json");
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      name: "tushare",
      marketplace: "default",
      version: "1.0.0",
      credentialsRemoved: true,
    });
    expect(Object.keys(await installed())).toEqual(["weather@default"]);
    expect((await credentials()).connectors).toEqual({});
    expect(await fs.readdir(path.join(homePaths(home).cacheRoot, "default"))).toEqual(["weather"]);
    expect(await fs.readFile(homePaths(home).credentials, "utf8")).not.toContain(TOKEN);
  });

  it("an unknown connector is an error and changes nothing", async () => {
    const r = await run("uninstall", "nope");
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('no installed connector named "nope"');
    expect(await listFiles(home)).toEqual([]);
  });

  it("a name installed from two marketplaces must be named in full", async () => {
    await reg.publish(weather());
    await run("marketplace", "add", "acme", reg.url);
    await run("install", "weather");
    await run("install", "weather", "--marketplace", "acme");
    const r = await run("uninstall", "weather");
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("weather@acme, weather@default");
    expect((await run("uninstall", "weather@acme")).code).toBe(0);
    expect(Object.keys(await installed())).toEqual(["weather@default"]);
  });
});

describe("update on a terminal", () => {
  /** Runs the CLI as if a person typed `answers` at a terminal. */
  async function tty(argv: string[], answers: string) {
    const { runCli } = await import("../../cli/main.js");
    const { Readable } = await import("node:stream");
    let stdout = "";
    let stderr = "";
    const code = await runCli(argv, {
      cwd: home,
      home,
      env: { CONNECTORY_HOME: home, CONNECTORY_REGISTRY: reg.url, NO_COLOR: "1", CI: "1" },
      stdout: { write: (s: string) => (stdout += s), isTTY: true },
      stderr: { write: (s: string) => (stderr += s), isTTY: true },
      stdin: Object.assign(Readable.from([answers]), { isTTY: true }),
      fetch: globalThis.fetch,
      now: () => new Date(),
      version: "0.0.0-test",
    });
    return { code, stdout, stderr };
  }

  it("asks before applying a changed launch spec: no keeps the old version, yes applies", async () => {
    await reg.publish(weather("1.0.0"));
    await run("install", "weather");
    await reg.publish(weather("1.1.0", ["${PLUGIN_ROOT}/server/other.js"]));
    const no = await tty(["update", "weather"], "n\n");
    expect(no.code).toBe(0);
    expect(no.stderr).toContain("apply the update of weather to 1.1.0? [y/N]");
    expect(no.stdout).toContain("weather stays at 1.0.0 (update to 1.1.0 declined)");
    expect((await installed())["weather@default"].version).toBe("1.0.0");
    const yes = await tty(["update", "weather"], "y\n");
    expect(yes.code).toBe(0);
    expect((await installed())["weather@default"].version).toBe("1.1.0");
  });

  it("asks for a new required credential (hidden) after consent", async () => {
    await reg.publish(tushare("1.0.0"));
    await run("install", "tushare", "--config", `TUSHARE_TOKEN=${TOKEN}`);
    const schema = {
      type: "object",
      properties: { TUSHARE_TOKEN: { type: "string", secret: true }, TUSHARE_REGION: { type: "string" } },
      required: ["TUSHARE_TOKEN", "TUSHARE_REGION"],
      additionalProperties: false,
    };
    await reg.publish(tushare("1.1.0", { schema, url: "https://x/${TUSHARE_REGION}?t=${TUSHARE_TOKEN}" }));
    const r = await tty(["update", "tushare"], "y\ncn\n");
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("status: ready");
    expect((await credentials()).connectors["tushare@default"]).toEqual({
      TUSHARE_TOKEN: TOKEN,
      TUSHARE_REGION: "cn",
    });
  });
});
