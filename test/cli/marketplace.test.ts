import fs from "node:fs/promises";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { homePaths } from "../../cli/home/home.js";
import { cli } from "../helpers/cli.js";
import { listFiles, tempDir } from "../helpers/tmp.js";
import { FakeRegistry, startFakeRegistry, weather } from "./install-fixtures.js";

let reg: FakeRegistry;
let home: string;
const run = (...argv: string[]) => cli(argv, { home, env: { CONNECTORY_REGISTRY: reg.url } });
const marketplaces = async () => JSON.parse(await fs.readFile(homePaths(home).marketplaces, "utf8"));

beforeEach(async () => {
  reg = await startFakeRegistry();
  home = await tempDir();
});
afterEach(() => reg.close());

describe("marketplace add / list / remove", () => {
  it("lists the built-in default without writing anything", async () => {
    const r = await run("marketplace", "list", "--json");
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual([{ name: "default", url: reg.url, default: true, installed: 0 }]);
    expect(await listFiles(home)).toEqual([]);
  });

  it("adds a reachable marketplace quietly, and --default moves the default", async () => {
    const r = await run("marketplace", "add", "acme", `${reg.url}/`, "--json");
    expect(r.code).toBe(0);
    expect(r.stderr).toBe("");
    expect(JSON.parse(r.stdout)).toMatchObject({
      name: "acme",
      url: reg.url,
      reachable: true,
      default: false,
    });
    expect(await marketplaces()).toEqual({
      default: { url: reg.url, default: true },
      acme: { url: reg.url },
    });
    // The health probe, then the signing keys it pins.
    expect(reg.requests).toEqual(["/healthz", "/.well-known/connectory/keys"]);
    await run("marketplace", "add", "acme", reg.url, "--default");
    expect(await marketplaces()).toEqual({
      default: { url: reg.url },
      acme: { url: reg.url, default: true },
    });
    const list = await run("marketplace", "list");
    expect(list.stdout).toContain("* acme");
  });

  it("warns (but adds) when /healthz does not answer", async () => {
    reg.offline = true;
    const r = await run("marketplace", "add", "later", "http://127.0.0.1:9/reg");
    expect(r.code).toBe(0);
    expect(r.stderr).toContain("http://127.0.0.1:9/reg/healthz did not answer");
    expect((await marketplaces()).later).toEqual({ url: "http://127.0.0.1:9/reg" });
  });

  it("refuses to repoint an existing name", async () => {
    await run("marketplace", "add", "acme", reg.url);
    const r = await run("marketplace", "add", "acme", "https://other.example");
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('a marketplace named "acme" already exists');
    expect((await marketplaces()).acme.url).toBe(reg.url);
  });

  it.each([
    ["Bad_Name", "https://x.example", "is not a marketplace name"],
    ["../up", "https://x.example", "is not a marketplace name"],
    ["acme", "not a url", "is not a URL"],
    ["acme", "ftp://x.example", "must be http or https"],
    ["acme", "file:///etc/passwd", "must be http or https"],
    ["acme", "https://user:secret-canary@x.example", "must not carry a user name or password"],
    ["acme", "https://x.example/?token=1", "must not have a query"],
  ])("refuses %j %j as a usage error, writing nothing", async (name, url, message) => {
    const r = await run("marketplace", "add", name, url);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(message);
    expect(r.stderr).not.toContain("secret-canary");
    expect(await listFiles(home)).toEqual([]);
  });

  it("remove refuses while connectors come from it, --force keeps them", async () => {
    await reg.publish(weather());
    await run("marketplace", "add", "acme", reg.url);
    expect((await run("install", "weather", "--marketplace", "acme")).code).toBe(0);
    const refused = await run("marketplace", "remove", "acme");
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("1 connector(s) are installed from acme: weather");
    expect(refused.stderr).toContain("--force");
    const forced = await run("marketplace", "remove", "acme", "--force", "--json");
    expect(JSON.parse(forced.stdout)).toEqual({ removed: "acme", orphaned: ["weather"] });
    expect(Object.keys(await marketplaces())).toEqual(["default"]);
    expect(JSON.parse(await fs.readFile(homePaths(home).installed, "utf8"))["weather@acme"]).toBeDefined();
  });

  it("removing the default hands the default to the next one; unknown names are listed", async () => {
    await run("marketplace", "add", "acme", reg.url);
    const r = await run("marketplace", "remove", "default");
    expect(r.stdout).toContain("acme is now the default");
    expect(await marketplaces()).toEqual({ acme: { url: reg.url, default: true } });
    const unknown = await run("marketplace", "remove", "nope");
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("known marketplaces: acme");
  });

  it("CONNECTORY_REGISTRY keeps pointing the default marketplace after marketplaces.json exists", async () => {
    await run("marketplace", "add", "acme", reg.url);
    const other = await startFakeRegistry();
    try {
      await other.publish(weather());
      const env = { CONNECTORY_REGISTRY: other.url };
      const list = await cli(["marketplace", "list", "--json"], { home, env });
      expect(JSON.parse(list.stdout)[0]).toMatchObject({ name: "default", url: other.url });
      const found = await cli(["search", "weather", "--json"], { home, env });
      expect(found.code, found.stderr).toBe(0);
      expect(JSON.parse(found.stdout).results.map((r: { name: string }) => r.name)).toEqual(["weather"]);
      // The override is not written into the file by a later change.
      await cli(["marketplace", "add", "beta", other.url], { home, env });
      expect((await marketplaces()).default).toEqual({ url: reg.url, default: true });
    } finally {
      await other.close();
    }
  });

  it("a corrupt marketplaces.json is reported and left alone", async () => {
    await fs.writeFile(homePaths(home).marketplaces, "{ not json");
    const r = await run("marketplace", "add", "acme", reg.url);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("is not valid JSON");
    expect(await fs.readFile(homePaths(home).marketplaces, "utf8")).toBe("{ not json");
  });
});
