import fs from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { cli } from "../helpers/cli.js";
import { buildHome } from "../helpers/home.js";
import { tempDir } from "../helpers/tmp.js";

describe("list", () => {
  it("shows each connector's version, marketplace and status", async () => {
    const home = await tempDir();
    await buildHome(home, [
      { sample: "tdx" },
      { sample: "weather", enabled: false },
      { sample: "brave-search", marketplace: "mirror" },
    ]);
    const r = await cli(["list", "--json"], { home });
    const rows = JSON.parse(r.stdout).connectors.map((c: Record<string, unknown>) => [
      c.name,
      c.marketplace,
      c.version,
      c.status,
    ]);
    expect(rows).toEqual([
      ["brave-search", "mirror", "1.0.0", "needs-credentials"],
      ["tdx", "default", "1.0.0", "ready"],
      ["weather", "default", "1.0.0", "disabled"],
    ]);
    const text = await cli(["list"], { home });
    expect(text.stdout).toMatch(/brave-search\s+1\.0\.0\s+mirror\s+needs-credentials \(BRAVE_API_KEY\)/);
    expect(text.stdout).toContain("connectory credentials set brave-search BRAVE_API_KEY=…");
  });

  it("prints a runnable command for every connector missing credentials", async () => {
    const home = await tempDir();
    await buildHome(home, [
      { sample: "github" },
      { sample: "brave-search" },
      { sample: "brave-search", marketplace: "mirror" },
    ]);
    const r = await cli(["list"], { home });
    expect(r.stdout).toContain("connectory credentials set github GITHUB_PAT=…");
    expect(r.stdout).toContain("connectory credentials set brave-search@default BRAVE_API_KEY=…");
    expect(r.stdout).toContain("connectory credentials set brave-search@mirror BRAVE_API_KEY=…");
  });

  it("an empty home lists nothing and says how to find connectors", async () => {
    const r = await cli(["list"], { home: await tempDir() });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("connectory search");
  });
});

describe("enable / disable", () => {
  it("toggle the installed entry; the server leaves and re-enters the effective set", async () => {
    const home = await tempDir();
    await buildHome(home, [{ sample: "tdx" }]);
    const active = async () =>
      Object.keys(JSON.parse((await cli(["config", "--json"], { home })).stdout).mcpServers);
    expect((await cli(["disable", "tdx"], { home })).stdout).toContain("Disabled tdx@default");
    expect(await active()).toEqual([]);
    expect((await cli(["disable", "tdx"], { home })).stdout).toContain("already disabled");
    expect((await cli(["enable", "tdx@default"], { home })).code).toBe(0);
    expect(await active()).toEqual(["tdx"]);
    const installed = JSON.parse(await fs.readFile(path.join(home, "plugins/installed.json"), "utf8"));
    expect(installed["tdx@default"].enabled).toBe(true);
  });

  it("say what they changed, in text and under --json", async () => {
    const home = await tempDir();
    await buildHome(home, [{ sample: "tdx" }]);
    const run = async (...argv: string[]) => JSON.parse((await cli([...argv, "--json"], { home })).stdout);
    expect((await cli(["enable", "tdx"], { home })).stdout).toContain("tdx@default was already enabled");
    expect(await run("enable", "tdx")).toEqual({ key: "tdx@default", enabled: true, changed: false });
    expect(await run("disable", "tdx")).toEqual({ key: "tdx@default", enabled: false, changed: true });
    expect(await run("disable", "tdx")).toEqual({ key: "tdx@default", enabled: false, changed: false });
    expect((await cli(["enable", "tdx"], { home })).stdout).toContain("Enabled tdx@default");
  });

  it("an unknown or ambiguous name is an error and installed.json is unchanged", async () => {
    const home = await tempDir();
    await buildHome(home, [{ sample: "tdx" }, { sample: "tdx", marketplace: "mirror" }]);
    const file = path.join(home, "plugins/installed.json");
    const before = await fs.readFile(file, "utf8");
    const ambiguous = await cli(["disable", "tdx"], { home });
    expect(ambiguous.code).toBe(2);
    expect(ambiguous.stderr).toContain("tdx@default, tdx@mirror");
    expect((await cli(["enable", "nope"], { home })).code).toBe(1);
    expect(await fs.readFile(file, "utf8")).toBe(before);
  });
});
