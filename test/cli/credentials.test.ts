import fs from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { cli, spawnCli } from "../helpers/cli.js";
import { buildHome } from "../helpers/home.js";
import { tempDir } from "../helpers/tmp.js";

const PAT = "ghp_" + "C".repeat(36);

async function githubHome() {
  const home = await tempDir();
  await buildHome(home, [{ sample: "github" }, { sample: "tdx" }]);
  return home;
}

const credentialsFile = (home: string) => path.join(home, "credentials.json");

describe("credentials set", () => {
  it("validates, stores coerced values, and the connector becomes ready", async () => {
    const home = await githubHome();
    const r = await cli(["credentials", "set", "github", `GITHUB_PAT=${PAT}`, "GITHUB_READONLY=false"], {
      home,
    });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain("ready");
    expect(r.stdout + r.stderr).not.toContain(PAT);
    const stored = JSON.parse(await fs.readFile(credentialsFile(home), "utf8"));
    expect(stored.connectors["github@default"]).toEqual({ GITHUB_PAT: PAT, GITHUB_READONLY: false });
    expect((await fs.stat(credentialsFile(home))).mode & 0o777).toBe(0o600);
    expect((await fs.stat(home)).mode & 0o777).toBe(0o700);
  });

  it("takes a value from the environment variable named as the key, only when asked", async () => {
    const home = await githubHome();
    const silent = await cli(["credentials", "set", "github"], { home, env: { GITHUB_PAT: PAT } });
    expect(silent.code).toBe(2);
    expect(silent.stderr).toContain("--config-from-env");
    const r = await cli(["credentials", "set", "github", "--config-from-env"], {
      home,
      env: { GITHUB_PAT: PAT },
    });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("GITHUB_PAT (environment)");
    expect(
      JSON.parse(await fs.readFile(credentialsFile(home), "utf8")).connectors["github@default"].GITHUB_PAT,
    ).toBe(PAT);
  });

  it("an invalid value saves nothing, even the valid ones, and says which field", async () => {
    const home = await githubHome();
    await cli(["credentials", "set", "github", `GITHUB_PAT=${PAT}`], { home });
    const before = await fs.readFile(credentialsFile(home), "utf8");
    const r = await cli(
      ["credentials", "set", "github", "GITHUB_PAT=ghp_short-canary", "GITHUB_TOOLSETS=repos"],
      { home },
    );
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("nothing was saved");
    expect(r.stderr).toContain("/GITHUB_PAT");
    expect(r.stderr).not.toContain("ghp_short-canary");
    expect(await fs.readFile(credentialsFile(home), "utf8")).toBe(before);
  });

  it.each([
    [["credentials", "set", "github", "NOPE=1"], 1, "no credential named NOPE"],
    [["credentials", "set", "github", "novalue"], 2, "is not KEY=VALUE"],
    [["credentials", "set", "github"], 2, "no values given"],
    [["credentials", "set", "tdx", "A=1"], 1, "needs no credentials"],
    [["credentials", "set", "ghost", "A=1"], 1, 'no installed connector named "ghost"'],
  ])("%j fails (exit %i) and writes nothing", async (argv, code, message) => {
    const home = await githubHome();
    const r = await cli(argv, { home });
    expect(r.code).toBe(code);
    expect(r.stderr).toContain(message);
    await expect(fs.access(credentialsFile(home))).rejects.toThrow();
  });

  it("a name installed from two marketplaces is ambiguous; name@marketplace picks one", async () => {
    const home = await tempDir();
    await buildHome(home, [{ sample: "github" }, { sample: "github", marketplace: "mirror" }]);
    const r = await cli(["credentials", "set", "github", `GITHUB_PAT=${PAT}`], { home });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("github@default, github@mirror");
    expect((await cli(["credentials", "set", "github@mirror", `GITHUB_PAT=${PAT}`], { home })).code).toBe(0);
    const stored = JSON.parse(await fs.readFile(credentialsFile(home), "utf8")).connectors;
    expect(Object.keys(stored)).toEqual(["github@mirror"]);
  });
});

describe("credentials show / unset", () => {
  it("show redacts secrets, shows other values and defaults; --json too", async () => {
    const home = await githubHome();
    await cli(["credentials", "set", "github", `GITHUB_PAT=${PAT}`, "GITHUB_TOOLSETS=repos"], { home });
    const text = await cli(["credentials", "show", "github"], { home });
    expect(text.stdout).toMatch(/GITHUB_PAT\s+\*\*\*/);
    expect(text.stdout).toMatch(/GITHUB_TOOLSETS\s+repos/);
    expect(text.stdout).toMatch(/GITHUB_READONLY\s+\(default true\)/);
    const json = await cli(["credentials", "show", "github", "--json"], { home });
    expect(json.stdout).not.toContain(PAT);
    expect(JSON.parse(json.stdout).credentials[0]).toMatchObject({
      key: "GITHUB_PAT",
      value: "***",
      secret: true,
      set: true,
    });
  });

  it("unset KEY removes one value; unset removes all; the connector then needs credentials", async () => {
    const home = await githubHome();
    await cli(["credentials", "set", "github", `GITHUB_PAT=${PAT}`, "GITHUB_TOOLSETS=repos"], { home });
    expect((await cli(["credentials", "unset", "github", "GITHUB_TOOLSETS"], { home })).code).toBe(0);
    expect(JSON.parse(await fs.readFile(credentialsFile(home), "utf8")).connectors["github@default"]).toEqual(
      { GITHUB_PAT: PAT },
    );
    expect((await cli(["credentials", "unset", "github", "GITHUB_TOOLSETS"], { home })).code).toBe(1);
    expect((await cli(["credentials", "unset", "github"], { home })).code).toBe(0);
    expect(JSON.parse(await fs.readFile(credentialsFile(home), "utf8")).connectors).toEqual({});
    const list = JSON.parse((await cli(["list", "--json"], { home })).stdout);
    expect(list.connectors.find((c: { name: string }) => c.name === "github")).toMatchObject({
      status: "needs-credentials",
      missing: ["GITHUB_PAT"],
    });
  });
});

describe("credentials.json permissions", () => {
  it("is 0600 in a 0700 home even when the process umask is 000", async () => {
    const home = await githubHome();
    await fs.chmod(home, 0o755);
    // A child with umask 0 running the real binary: modes must not depend on the umask.
    const r = await spawnCli(["credentials", "set", "github", `GITHUB_PAT=${PAT}`], {
      home,
      env: { NODE_OPTIONS: `--import=data:text/javascript,process.umask(0)` },
    });
    expect(r.code, r.stderr).toBe(0);
    expect((await fs.stat(credentialsFile(home))).mode & 0o777).toBe(0o600);
    expect((await fs.stat(home)).mode & 0o777).toBe(0o700);
  });
});
