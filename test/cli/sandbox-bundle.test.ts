import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { bundleDir } from "../../cli/home/home.js";
import { planLaunch } from "../../cli/sandbox/sandbox-launch.js";
import { tempDir } from "../helpers/tmp.js";

// A sandboxed MCPB launch (mcp.json 2) runs from its unpacked bundle, $CONNECTORY_HOME/plugins/bundles/<sha256>/:
// in the real bubblewrap sandbox it reads its own files there, and no other bundle.

const HAS_BWRAP = fs.existsSync("/usr/bin/bwrap") || fs.existsSync("/bin/bwrap");

it.skipIf(!HAS_BWRAP)("reads its own bundle folder inside bubblewrap, and not another bundle", async () => {
  const home = await tempDir();
  const own = bundleDir(home, "a".repeat(64));
  const other = bundleDir(home, "b".repeat(64));
  for (const dir of [own, other]) fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(other, "secret.txt"), "other bundle\n");
  fs.writeFileSync(
    path.join(own, "server.js"),
    [
      'const fs = require("node:fs");',
      `console.log(fs.readFileSync(${JSON.stringify(path.join(own, "server.js"))}, "utf8").length > 0 ? "own ok" : "own empty");`,
      `try { fs.readFileSync(${JSON.stringify(path.join(other, "secret.txt"))}); console.log("other read"); } catch { console.log("other hidden"); }`,
    ].join("\n"),
  );
  const launch = { command: "node", args: [path.join(own, "server.js")], env: {}, cwd: "/" };
  const planned = await planLaunch(
    launch,
    { permissions: { network: "none" }, connector: "bundled@default" },
    { env: { HOME: home, PATH: process.env["PATH"] ?? "" }, home, platform: "linux" },
  );
  expect(planned.sandboxed).toBe(true);
  const r = spawnSync(planned.launch.command, planned.launch.args, {
    env: planned.launch.env,
    encoding: "utf8",
  });
  expect(r.stderr).toBe("");
  expect(r.stdout.trim().split("\n")).toEqual(["own ok", "other hidden"]);
  await planned.release?.();
});
