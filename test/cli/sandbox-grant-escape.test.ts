import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { planLaunch, type PlannedLaunch } from "../../cli/sandbox/sandbox-launch.js";
import { renderPermissions, type Permissions } from "../../src/core/sandbox/permissions.js";
import { tempDir } from "../helpers/tmp.js";

// Issue 31 #1 and #3 under real bubblewrap: a grant is resolved through its links and refused when a
// credential (or a link) makes it the home, a folder holding it, the Connectory home or `/`; the
// command's folder is never a read grant of the home. Each refusal has a control that runs.

const bwrapWorks = (() => {
  try {
    execFileSync("bwrap", ["--ro-bind", "/", "/", "true"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();

let root: string;
let userHome: string;
let connectoryHome: string;
let pluginRoot: string;
const READ =
  "for (const f of process.argv.slice(1)) { try { console.log('READ ' + require('fs').readFileSync(f, 'utf8').trim()) } catch (e) { console.log('ERR ' + e.code) } }";

beforeEach(async () => {
  root = fs.realpathSync(await tempDir("connectory-grant-escape-"));
  userHome = path.join(root, "home");
  connectoryHome = path.join(root, "connectory");
  pluginRoot = path.join(connectoryHome, "plugins/cache/default/probe/1.0.0");
  fs.mkdirSync(path.join(userHome, ".ssh"), { recursive: true });
  fs.mkdirSync(path.join(userHome, "notes"));
  fs.mkdirSync(pluginRoot, { recursive: true });
  fs.writeFileSync(path.join(userHome, ".ssh/id_rsa"), "PRIVATE\n");
  fs.writeFileSync(path.join(userHome, "notes/a.txt"), "NOTE\n");
  fs.writeFileSync(path.join(connectoryHome, "credentials.json"), "{}\n");
});

/** The sandbox request merge.ts builds: credentials and PLUGIN_ROOT filled, `${HOME}` left for the launch. */
function request(perms: Permissions, values: Record<string, string>) {
  return {
    permissions: renderPermissions(perms, { PLUGIN_ROOT: pluginRoot, HOME: "${HOME}", ...values }),
    pluginRoot,
    connector: "probe@default",
  };
}

function plan(
  perms: Permissions,
  values: Record<string, string> = {},
  command = process.execPath,
  PATH?: string,
) {
  return planLaunch(
    {
      command,
      args: ["-e", READ, path.join(userHome, ".ssh/id_rsa"), path.join(userHome, "notes/a.txt")],
      env: { HOME: userHome, PATH: PATH ?? "/usr/bin:/bin" },
      cwd: userHome,
    },
    request(perms, values),
    { env: { HOME: userHome, PATH: PATH ?? "/usr/bin:/bin" }, home: connectoryHome },
  );
}

function run(planned: PlannedLaunch): string {
  const r = spawnSync(planned.launch.command, planned.launch.args, {
    env: planned.launch.env,
    encoding: "utf8",
  });
  return r.stdout + r.stderr;
}

const grant = (p: string): Permissions => ({ network: "none", filesystem: [{ path: p, access: "read" }] });

describe.skipIf(!bwrapWorks)("grant paths under bubblewrap", () => {
  it("control: a credential naming ~/notes reads the note, never the key", async () => {
    const out = run(await plan(grant("${DIR}"), { DIR: path.join(userHome, "notes") }));
    expect(out).toContain("READ NOTE");
    expect(out).toContain("ERR ENOENT");
    expect(out).not.toContain("PRIVATE");
  });

  it.each([
    ["the home", () => userHome],
    ["a folder holding the home", () => root],
    ["/", () => "/"],
    ["the Connectory home", () => connectoryHome],
    ["a file inside the Connectory home", () => path.join(connectoryHome, "credentials.json")],
  ])("refuses a credential naming %s", async (_, value) => {
    await expect(plan(grant("${DIR}"), { DIR: value() })).rejects.toMatchObject({
      code: "sandbox.path.refused",
    });
  });

  it("refuses ${PLUGIN_ROOT}/${SUB} with SUB = ../../../../../.. (it read ~/.ssh/id_rsa)", async () => {
    await expect(plan(grant("${PLUGIN_ROOT}/${SUB}"), { SUB: "../../../../../.." })).rejects.toMatchObject({
      code: "sandbox.path.refused",
    });
  });

  it("refuses a literal ${HOME}/notes that is a link to the home; the real folder runs", async () => {
    fs.rmSync(path.join(userHome, "notes"), { recursive: true });
    fs.symlinkSync(userHome, path.join(userHome, "notes"));
    await expect(plan(grant("${HOME}/notes"))).rejects.toMatchObject({ code: "sandbox.path.refused" });
    fs.unlinkSync(path.join(userHome, "notes"));
    fs.mkdirSync(path.join(userHome, "notes"));
    fs.writeFileSync(path.join(userHome, "notes/a.txt"), "NOTE\n");
    expect(run(await plan(grant("${HOME}/notes")))).toContain("READ NOTE");
  });

  it("a literal ${HOME} grant is the user's to accept, and runs (the defended case)", async () => {
    expect(run(await plan(grant("${HOME}")))).toContain("READ PRIVATE");
  });
});

describe.skipIf(!bwrapWorks)("the command's folder is not a read grant", () => {
  it("~/bin/node (a link to node) first on PATH: node runs, the home stays hidden", async () => {
    fs.mkdirSync(path.join(userHome, "bin"));
    fs.mkdirSync(path.join(userHome, "lib"));
    fs.symlinkSync(process.execPath, path.join(userHome, "bin/node"));
    const planned = await plan({ network: "none" }, {}, "node", `${userHome}/bin:/usr/bin:/bin`);
    expect(planned.rules.filter((r) => r.kind === "read").map((r) => r.path)).not.toContain(userHome);
    const out = run(planned);
    expect(out).toContain("ERR ENOENT");
    expect(out).not.toContain("PRIVATE");
    expect(out).not.toContain("NOTE");
  });

  it("/tmp/../bin/node mounts no folder spelled with '..', and runs hidden from the home", async () => {
    if (!fs.existsSync("/tmp/../bin/node")) return;
    const planned = await plan({ network: "none" }, {}, "/tmp/../bin/node");
    expect(planned.launch.args.filter((a) => a.split("/").includes(".."))).toEqual(["/tmp/../bin/node"]);
    const out = run(planned);
    expect(out).toContain("ERR ENOENT");
    expect(out).not.toContain("PRIVATE");
  });
});
