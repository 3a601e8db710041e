import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { homePaths } from "../../../cli/home/home.js";
import { tempDir } from "../../helpers/tmp.js";
import {
  CANARY,
  cloneProject,
  filesContaining,
  filesOf,
  machine,
  projectWorld,
  type ProjectWorld,
} from "./project-fixtures.js";

// Team setups as code (docs/projects.md): two homes and one project folder copied between them, against
// a real registry in-process. The second machine gets the locked versions (not the newer one published
// since) and byte-identical host files; no secret reaches a project file.

let world: ProjectWorld;
beforeAll(async () => {
  world = await projectWorld();
  await world.publish("alpha", "1.0.0", { secret: true });
  await world.publish("beta", "1.0.0");
  await world.publish("gamma", "1.0.0");
});
afterAll(() => world.reg.close());

const installed = async (home: string) =>
  JSON.parse(await fs.readFile(homePaths(home).installed, "utf8")) as Record<string, { version: string }>;

/** A project made on machine A: alpha (with a credential) and beta, for claude-code and cursor. */
async function teamProject() {
  const a = await machine(world);
  const dir = await tempDir("connectory-project-");
  expect((await a.run(dir, "init", "--host", "claude-code", "--host", "cursor")).code).toBe(0);
  const added = await a.run(dir, "add", "alpha", "--config", `API_KEY=${CANARY}`);
  expect(added.code, added.stderr + added.stdout).toBe(0);
  expect((await a.run(dir, "add", "beta@^1.0.0")).code).toBe(0);
  return { a, dir };
}

describe("a project copied to a second machine", () => {
  it("gets the locked versions, byte-identical host files, and no secret anywhere in the project", async () => {
    const { a, dir } = await teamProject();
    const lock = JSON.parse(await fs.readFile(path.join(dir, "connectory.lock"), "utf8"));
    expect(lock.connectors.alpha).toMatchObject({
      marketplace: "default",
      url: world.reg.publicUrl,
      range: "^1.0.0",
      version: "1.0.0",
      credentials: { required: ["API_KEY"], optional: [] },
      permissions: "unrestricted",
      servers: ["alpha"],
    });
    expect(lock.connectors.alpha.integrity).toMatch(/^sha512-/);
    expect(lock.connectors.alpha.signature.keyid).toEqual(expect.any(String));
    const mcp = JSON.parse(await fs.readFile(path.join(dir, ".mcp.json"), "utf8"));
    expect(mcp.mcpServers).toEqual({
      alpha: { type: "stdio", command: "connectory", args: ["run", "alpha"] },
      beta: { type: "stdio", command: "connectory", args: ["run", "beta"] },
    });

    // A newer version appears after the lock was written: the second machine still gets 1.0.0.
    await world.publish("alpha", "1.1.0", { secret: true });
    const clone = await cloneProject(dir);
    const before = await filesOf(clone);
    const b = await machine(world);
    const synced = await b.run(clone, "sync", "--json");
    expect(synced.code, synced.stderr).toBe(0);
    const report = JSON.parse(synced.stdout);
    expect(
      report.connectors.map((c: { name: string; version: string; status: string }) => [
        c.name,
        c.version,
        c.status,
      ]),
    ).toEqual([
      ["alpha", "1.0.0", "needs-credentials"],
      ["beta", "1.0.0", "ready"],
    ]);
    expect(report.lockWritten).toBe(false);
    expect((await installed(b.home))["alpha@default"]?.version).toBe("1.0.0");
    // Every committed file is byte-for-byte what machine A wrote.
    expect(await filesOf(clone)).toEqual(before);
    expect(await filesOf(clone)).toEqual(await filesOf(dir));
    // Without a terminal the missing credential is reported with the command that supplies it.
    expect(synced.stderr).toContain("alpha needs API_KEY");

    const given = await b.run(clone, "sync", "--config", "alpha.API_KEY=second-machine-key");
    expect(given.code, given.stderr).toBe(0);
    expect(given.stdout).toContain("alpha@1.0.0 (ready)");
    expect(await filesOf(clone)).toEqual(before);

    // The canary credential of machine A is in its own store only.
    for (const folder of [dir, clone]) expect(await filesContaining(folder, CANARY)).toEqual([]);
    expect(await filesContaining(a.home, CANARY)).toEqual(["credentials.json"]);

    // In sync: a no-op sync changes nothing, and --check exits 0.
    expect((await b.run(clone, "sync", "--check")).code).toBe(0);
    const noop = await b.run(clone, "sync", "--json");
    expect(
      JSON.parse(noop.stdout).connectors.every((c: { action: string }) => c.action === "unchanged"),
    ).toBe(true);
  });

  it("update in the project moves the lock within the range; the other machine drifts until it syncs", async () => {
    const { a, dir } = await teamProject();
    await world.publish("beta", "1.2.0");
    await world.publish("beta", "2.0.0");
    const outdated = await a.run(dir, "outdated", "--json");
    expect(outdated.code).toBe(1);
    expect(JSON.parse(outdated.stdout).outdated).toContainEqual(
      expect.objectContaining({ name: "beta", current: "1.0.0", wanted: "1.2.0", latest: "2.0.0" }),
    );
    const b = await machine(world);
    const clone = await cloneProject(dir);
    expect((await b.run(clone, "sync")).code).toBe(0);

    const updated = await a.run(dir, "update", "--json");
    expect(updated.code, updated.stderr).toBe(0);
    const lock = JSON.parse(await fs.readFile(path.join(dir, "connectory.lock"), "utf8"));
    expect(lock.connectors.beta.version).toBe("1.2.0");
    expect((await installed(a.home))["beta@default"]?.version).toBe("1.2.0");

    await fs.copyFile(path.join(dir, "connectory.lock"), path.join(clone, "connectory.lock"));
    const check = await b.run(clone, "sync", "--check");
    expect(check.code).toBe(1);
    expect(check.stdout).toContain("beta is at 1.0.0 here; the lock pins 1.2.0");
    expect((await b.run(clone, "sync")).code).toBe(0);
    expect((await installed(b.home))["beta@default"]?.version).toBe("1.2.0");
    expect((await b.run(clone, "sync", "--check")).code).toBe(0);
  });

  it("remove edits the manifest (comments kept), the lock and the host files, and uninstalls what sync installed", async () => {
    const { a, dir } = await teamProject();
    const manifestFile = path.join(dir, "connectory.json");
    const text = await fs.readFile(manifestFile, "utf8");
    await fs.writeFile(
      manifestFile,
      text.replace('"connectors": {', '"connectors": {\n    // the team\'s tools'),
    );
    const removed = await a.run(dir, "remove", "beta");
    expect(removed.code, removed.stderr).toBe(0);
    const after = await fs.readFile(manifestFile, "utf8");
    expect(after).toContain("// the team's tools");
    expect(after).not.toContain("beta");
    expect(Object.keys(await installed(a.home))).toEqual(["alpha@default"]);
    const mcp = JSON.parse(await fs.readFile(path.join(dir, ".mcp.json"), "utf8"));
    expect(Object.keys(mcp.mcpServers)).toEqual(["alpha"]);
    expect(
      JSON.parse(await fs.readFile(path.join(dir, "connectory.lock"), "utf8")).connectors.beta,
    ).toBeUndefined();
  });
});

describe("refusals that change nothing", () => {
  it("--frozen refuses a manifest edit that is not in the lock and leaves the lock", async () => {
    const { dir } = await teamProject();
    const clone = await cloneProject(dir);
    const manifestFile = path.join(clone, "connectory.json");
    const manifest = JSON.parse(await fs.readFile(manifestFile, "utf8"));
    manifest.connectors.gamma = "^1.0.0";
    await fs.writeFile(manifestFile, JSON.stringify(manifest, null, 2));
    const lockBefore = await fs.readFile(path.join(clone, "connectory.lock"), "utf8");
    const b = await machine(world);
    const frozen = await b.run(clone, "sync", "--frozen", "--json");
    expect(frozen.code).toBe(1);
    const error = JSON.parse(frozen.stdout).error;
    expect(error.code).toBe("project.lock.frozen");
    expect(error.message).toContain("gamma is in connectory.json but not in the lock");
    expect(await fs.readFile(path.join(clone, "connectory.lock"), "utf8")).toBe(lockBefore);
    await expect(fs.access(homePaths(b.home).installed)).rejects.toThrow();
    // Without --frozen the same sync resolves gamma and rewrites the lock.
    expect((await b.run(clone, "sync")).code).toBe(0);
    expect(
      JSON.parse(await fs.readFile(path.join(clone, "connectory.lock"), "utf8")).connectors.gamma.version,
    ).toBe("1.0.0");
  });

  it("a lock whose integrity is not what the registry serves is refused before anything is installed", async () => {
    const { dir } = await teamProject();
    const clone = await cloneProject(dir);
    const lockFile = path.join(clone, "connectory.lock");
    const lock = JSON.parse(await fs.readFile(lockFile, "utf8"));
    // Another well-formed sha512: the integrity of alpha's tarball put on beta.
    lock.connectors.beta.integrity = lock.connectors.alpha.integrity;
    await fs.writeFile(lockFile, JSON.stringify(lock, null, 2) + "\n");
    const b = await machine(world);
    const r = await b.run(clone, "sync", "--json");
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).error.code).toBe("project.lock.integrity");
    await expect(fs.access(homePaths(b.home).installed)).rejects.toThrow();
    expect(JSON.parse(await fs.readFile(lockFile, "utf8"))).toEqual(lock);
  });
});

describe("a locked version the registry no longer serves", () => {
  it("fails --frozen and plain sync alike, before anything is installed, naming what to run", async () => {
    const { dir } = await teamProject();
    const clone = await cloneProject(dir);
    const lockFile = path.join(clone, "connectory.lock");
    const lock = JSON.parse(await fs.readFile(lockFile, "utf8"));
    // Still inside ^1.0.0, so the manifest and the lock agree; the registry never had it.
    lock.connectors.beta.version = "1.9.9";
    await fs.writeFile(lockFile, JSON.stringify(lock, null, 2) + "\n");
    const b = await machine(world);
    for (const argv of [["sync", "--frozen"], ["sync"]]) {
      const r = await b.run(clone, ...argv, "--json");
      expect(r.code).toBe(1);
      const error = JSON.parse(r.stdout).error;
      expect(error.code).toBe("project.lock.gone");
      expect(error.hint).toContain("connectory update beta");
    }
    await expect(fs.access(homePaths(b.home).installed)).rejects.toThrow();
    expect(JSON.parse(await fs.readFile(lockFile, "utf8"))).toEqual(lock);
  });
});

describe("concurrent syncs", () => {
  it("two terminals syncing one project into one home (and a third home) corrupt nothing", async () => {
    const { dir } = await teamProject();
    const clone = await cloneProject(dir);
    const before = await filesOf(clone);
    const b = await machine(world);
    const c = await machine(world);
    const runs = await Promise.all([b.run(clone, "sync"), b.run(clone, "sync"), c.run(clone, "sync")]);
    for (const r of runs) expect(r.code, r.stderr).toBe(0);
    expect(await filesOf(clone)).toEqual(before);
    for (const home of [b.home, c.home]) {
      expect(Object.keys(await installed(home)).sort()).toEqual(["alpha@default", "beta@default"]);
      const projects = JSON.parse(await fs.readFile(homePaths(home).projects, "utf8"));
      expect(projects[clone].connectors).toEqual(["alpha@default", "beta@default"]);
    }
    expect((await b.run(clone, "sync", "--check")).code).toBe(0);
  });
});
