import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { homePaths } from "../../../cli/home/home.js";
import { packPackage } from "../../helpers/registry.js";
import { tempDir } from "../../helpers/tmp.js";
import { cloneProject, machine, projectWorld, tty, type ProjectWorld } from "./project-fixtures.js";

// connectory.json's guards, profiles and sandbox grants (docs/projects.md §"Guards, profiles and
// grants"): sync sets them in each home, a no-op sync changes nothing, --check sees drift, dropping one
// removes only what the project set, and a grant wider than the connector declares needs consent.

let world: ProjectWorld;
beforeAll(async () => {
  world = await projectWorld();
  await world.publish("alpha", "1.0.0");
  // A sandboxed connector: it declares one folder of the user's home, read only.
  const bytes = await packPackage(
    {
      name: "notes",
      version: "1.0.0",
      permissions: { network: "none", filesystem: [{ path: "${HOME}/notes-data", access: "read" }] },
    },
    {
      "mcp.json": JSON.stringify({
        mcpServers: { notes: { command: "node", args: ["${PLUGIN_ROOT}/server.js"] } },
      }),
      "server.js": "console.log('notes');\n",
    },
  );
  const res = await world.reg.publish(bytes, world.token, "notes");
  if (res.status !== 201) throw new Error(await res.text());
});
afterAll(() => world.reg.close());

const read = async (file: string) => JSON.parse(await fs.readFile(file, "utf8"));
const readOr = (file: string) => fs.readFile(file, "utf8").catch(() => undefined);

async function project() {
  const a = await machine(world);
  const dir = await tempDir("connectory-project-");
  expect((await a.run(dir, "init", "--host", "claude-code")).code).toBe(0);
  expect((await a.run(dir, "add", "alpha")).code).toBe(0);
  const added = await a.run(dir, "add", "notes", "--yes");
  expect(added.code, added.stderr).toBe(0);
  await fs.mkdir(path.join(dir, "data"));
  return { a, dir };
}

async function editManifest(dir: string, fn: (m: Record<string, unknown>) => void) {
  const file = path.join(dir, "connectory.json");
  const m = await read(file);
  fn(m);
  await fs.writeFile(file, JSON.stringify(m, null, 2));
}

const TEAM = {
  guards: { alpha: "block", notes: { injection: "block" } },
  profiles: { review: { members: ["alpha", "notes"], guards: { notes: "warn" } } },
  grants: { notes: [{ path: "data", access: "read-write" }] },
};

describe("the team's guards, profiles and sandbox grants", () => {
  it("a wider grant is refused without consent, then set with --yes; a second sync changes nothing", async () => {
    const { dir } = await project();
    await editManifest(dir, (m) => Object.assign(m, TEAM));
    const clone = await cloneProject(dir);
    const b = await machine(world);

    const refused = await b.run(clone, "sync", "--json");
    expect(refused.code).toBe(1);
    expect(JSON.parse(refused.stdout).error.code).toBe("project.grant.not-accepted");
    expect(refused.stderr).toContain(`notes@default: read-write ${path.join(clone, "data")}`);
    expect(await readOr(path.join(b.home, "sandbox.json"))).toBeUndefined();
    expect(await readOr(path.join(b.home, "guards.json"))).toBeUndefined();
    // Asked before the first install: the locked connectors were not installed either.
    expect(await readOr(homePaths(b.home).installed)).toBeUndefined();

    const synced = await b.run(clone, "sync", "--yes", "--json");
    expect(synced.code, synced.stderr).toBe(0);
    const report = JSON.parse(synced.stdout);
    expect(report.guards).toEqual(["alpha", "notes", "review/notes"]);
    expect(report.profiles).toEqual(["review"]);
    expect(report.grants).toEqual(["notes@default"]);
    const guards = await read(path.join(b.home, "guards.json"));
    expect(guards.servers).toEqual({
      alpha: { secrets: "block", unicode: "block", injection: "block" },
      notes: { injection: "block" },
    });
    expect(guards.profiles.review.notes).toEqual({ secrets: "warn", unicode: "warn", injection: "warn" });
    expect((await read(path.join(b.home, "profiles.json"))).profiles.review.members).toEqual([
      "alpha",
      "notes",
    ]);
    expect((await read(path.join(b.home, "sandbox.json"))).grants).toEqual({
      [clone]: { "notes@default": [{ path: path.join(clone, "data"), access: "read-write" }] },
    });

    // No-op: nothing asked (already granted), nothing rewritten.
    const files = ["guards.json", "profiles.json", "sandbox.json", "projects.json"];
    const before = await Promise.all(files.map((f) => readOr(path.join(b.home, f))));
    const again = await b.run(clone, "sync", "--json");
    expect(again.code, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ guards: [], profiles: [], grants: [] });
    expect(await Promise.all(files.map((f) => readOr(path.join(b.home, f))))).toEqual(before);
    expect((await b.run(clone, "sync", "--check")).code).toBe(0);
  });

  it("a terminal 'n' refuses the grant and 'y' accepts it", async () => {
    const { dir } = await project();
    await editManifest(dir, (m) => Object.assign(m, { grants: TEAM.grants }));
    const b = await machine(world);
    const no = await tty(world, b.home, dir, ["sync"], "n\n");
    expect(no.code).toBe(1);
    expect(no.stderr).toContain("grant these folders?");
    const yes = await tty(world, b.home, dir, ["sync"], "y\n");
    expect(yes.code, yes.stderr).toBe(0);
    expect(yes.stdout).toContain("set the sandbox grants of notes@default from connectory.json");
  });

  it("a grant the connector already declares is not asked; widening it to read-write is", async () => {
    const b = await machine(world);
    // The test CLI's HOME is <home>/user-home: notes declares ${HOME}/notes-data, read only.
    const dir = path.join(b.home, "user-home/notes-data/app");
    await fs.mkdir(path.join(dir, "data"), { recursive: true });
    expect((await b.run(dir, "init")).code).toBe(0);
    expect((await b.run(dir, "add", "notes", "--yes")).code).toBe(0);
    await editManifest(dir, (m) => Object.assign(m, { grants: { notes: [{ path: "data" }] } }));
    const covered = await b.run(dir, "sync", "--json");
    expect(covered.code, covered.stderr).toBe(0);
    expect(covered.stderr).not.toContain("beyond what these connectors declare");
    expect(JSON.parse(covered.stdout).grants).toEqual(["notes@default"]);
    await editManifest(dir, (m) =>
      Object.assign(m, { grants: { notes: [{ path: "data", access: "read-write" }] } }),
    );
    const wider = await b.run(dir, "sync", "--json");
    expect(wider.code).toBe(1);
    expect(JSON.parse(wider.stdout).error.code).toBe("project.grant.not-accepted");
    expect((await read(path.join(b.home, "sandbox.json"))).grants[dir]["notes@default"]).toEqual([
      { path: path.join(dir, "data"), access: "read" },
    ]);
  });

  it("--check sees a home that changed them; dropping them removes only what the project set", async () => {
    const { a, dir } = await project();
    await editManifest(dir, (m) => Object.assign(m, TEAM));
    expect((await a.run(dir, "sync", "--yes")).code).toBe(0);
    // The user's own: a profile and a guard the project never named.
    expect((await a.run(dir, "profile", "create", "mine", "alpha")).code).toBe(0);
    expect((await a.run(dir, "guard", "alpha", "off", "--kind", "unicode")).code).toBe(0);
    const drift = await a.run(dir, "sync", "--check");
    expect(drift.code).toBe(1);
    expect(drift.stdout).toContain("the guard modes of alpha are not connectory.json's");
    expect((await a.run(dir, "sync")).code).toBe(0);
    expect((await a.run(dir, "sync", "--check")).code).toBe(0);

    await editManifest(dir, (m) => {
      delete m.guards;
      delete m.profiles;
      delete m.grants;
    });
    const dropped = await a.run(dir, "sync", "--json");
    expect(dropped.code, dropped.stderr).toBe(0);
    expect(JSON.parse(dropped.stdout)).toMatchObject({
      guards: ["alpha", "notes", "review/notes"],
      profiles: ["review"],
      grants: ["notes@default"],
    });
    const guards = await read(path.join(a.home, "guards.json"));
    expect(guards.servers).toEqual({});
    expect(Object.keys((await read(path.join(a.home, "profiles.json"))).profiles)).toEqual(["mine"]);
    expect((await read(path.join(a.home, "sandbox.json"))).grants).toEqual({});
    expect((await a.run(dir, "sync", "--check")).code).toBe(0);
  });

  it("remove takes the connector's grants out of connectory.json and of this home", async () => {
    const { a, dir } = await project();
    await editManifest(dir, (m) => Object.assign(m, { grants: TEAM.grants }));
    expect((await a.run(dir, "sync", "--yes")).code).toBe(0);
    const r = await a.run(dir, "remove", "notes", "--json");
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).grants).toEqual(["notes@default"]);
    expect((await read(path.join(dir, "connectory.json"))).grants).toEqual({});
    expect((await read(path.join(a.home, "sandbox.json"))).grants).toEqual({});
  });

  it("a grant through a link to a folder outside the project is refused, nothing written", async () => {
    const { a, dir } = await project();
    const outside = await tempDir("connectory-outside-");
    await fs.symlink(outside, path.join(dir, "escape"));
    await editManifest(dir, (m) => Object.assign(m, { grants: { notes: [{ path: "escape" }] } }));
    const r = await a.run(dir, "sync", "--yes", "--json");
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).error.code).toBe("project.grant.outside");
    expect(await readOr(path.join(a.home, "sandbox.json"))).toBeUndefined();
  });

  it("hostile values: every problem named, nothing written", async () => {
    const m = await machine(world);
    const dir = await tempDir("connectory-project-");
    await fs.writeFile(
      path.join(dir, "connectory.json"),
      JSON.stringify({
        connectors: { notes: "^1.0.0" },
        guards: { notes: "shred", alpha: { secrets: "mask", telepathy: "off" } },
        profiles: { "Bad Name": { members: ["notes"] }, ok: { members: [] } },
        grants: {
          notes: [{ path: "../../etc" }, { path: "/etc", access: "read" }, { path: "d", access: "all" }],
        },
      }),
    );
    const r = await m.run(dir, "sync", "--json");
    expect(r.code).toBe(1);
    const error = JSON.parse(r.stdout).error;
    expect(error.code).toBe("project.manifest.invalid");
    expect(error.problems.map((p: { path: string; message: string }) => `${p.path} ${p.message}`)).toEqual([
      '/guards/notes "shred" is not a guard mode (mask, warn, block, off)',
      '/guards/alpha/telepathy unknown guard kind "telepathy" (secrets, unicode, injection)',
      '/profiles/Bad Name "Bad Name" is not a profile name (lower-case letters, digits, dashes)',
      "/profiles/ok/members must be a non-empty list of server or connector names (`name[@marketplace]`)",
      '/grants/notes/0/path "../../etc" contains "..": a grant stays inside the project folder',
      '/grants/notes/1/path "/etc" is outside the project: name a folder relative to connectory.json',
      '/grants/notes/2/access must be "read" or "read-write"',
    ]);
    expect(await fs.readdir(m.home).catch(() => [])).toEqual([]);
  });
});
