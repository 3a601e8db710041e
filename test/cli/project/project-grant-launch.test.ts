import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { updateSandboxFile } from "../../../cli/home/sandbox-store.js";
import { planLaunch } from "../../../cli/sandbox/sandbox-launch.js";
import { tempDir } from "../../helpers/tmp.js";

// A project grant (sandbox.json `grants`, written by `sync`) under real bubblewrap: the connector's
// sandbox reads the project's folder once the grant is there, and not before; another connector never.

const bwrapWorks = (() => {
  try {
    execFileSync("bwrap", ["--ro-bind", "/", "/", "true"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();

const READ =
  "try { console.log('READ ' + require('fs').readFileSync(process.argv[1], 'utf8').trim()) } catch (e) { console.log('ERR ' + e.code) }";

describe.skipIf(!bwrapWorks)("a project's sandbox grant at launch", () => {
  it("mounts the granted project folder for that connector only", async () => {
    const root = fs.realpathSync(await tempDir("connectory-project-grant-"));
    const userHome = path.join(root, "home");
    const connectoryHome = path.join(root, "connectory");
    const project = path.join(userHome, "work/app");
    fs.mkdirSync(path.join(project, "data"), { recursive: true });
    fs.mkdirSync(connectoryHome, { recursive: true });
    fs.writeFileSync(path.join(project, "data/spec.txt"), "SPEC\n");
    const env = { HOME: userHome, PATH: "/usr/bin:/bin" };
    const launchOf = async (connector: string) => {
      const planned = await planLaunch(
        {
          command: process.execPath,
          args: ["-e", READ, path.join(project, "data/spec.txt")],
          env,
          cwd: root,
        },
        { permissions: { network: "none", filesystem: [] }, connector },
        { env, home: connectoryHome },
      );
      const r = spawnSync(planned.launch.command, planned.launch.args, {
        env: planned.launch.env,
        encoding: "utf8",
      });
      return r.stdout + r.stderr;
    };
    expect(await launchOf("notes@default")).toContain("ERR");
    await updateSandboxFile(connectoryHome, (file) => ({
      ...file,
      grants: { [project]: { "notes@default": [{ path: path.join(project, "data"), access: "read" }] } },
    }));
    expect(await launchOf("notes@default")).toContain("READ SPEC");
    expect(await launchOf("other@default")).toContain("ERR");
  });
});
