import fs from "node:fs";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { planLaunch } from "../../cli/sandbox/sandbox-launch.js";
import { cli } from "../helpers/cli.js";
import { buildHome } from "../helpers/home.js";
import { tempDir } from "../helpers/tmp.js";

// Where no sandbox is available a connector that declares permissions does not start, until the user
// turns its sandbox off (`connectory sandbox off`); `run --explain-sandbox` shows the rules.

let home: string;
beforeEach(async () => {
  home = await tempDir();
  await buildHome(home, [
    { sample: "weather" },
    { sample: "tushare", credentials: { TUSHARE_TOKEN: "ab".repeat(28) } },
  ]);
});

const launch = { command: "node", args: ["x.js"], env: {}, cwd: "/" };
const request = { permissions: { network: "none" as const }, connector: "weather@default" };

describe("no sandbox available", () => {
  it("refuses to start a server with permissions, saying how to install bubblewrap", async () => {
    const refused = planLaunch(launch, request, { env: { HOME: home }, home, platform: "win32" });
    await expect(refused).rejects.toMatchObject({ code: "sandbox.unavailable" });
    await expect(refused).rejects.toHaveProperty(
      "hint",
      expect.stringContaining("apt-get install bubblewrap"),
    );
    const noBwrap = planLaunch(launch, request, { env: { HOME: home, PATH: home }, home, platform: "linux" });
    if (!fs.existsSync("/usr/bin/bwrap") && !fs.existsSync("/bin/bwrap"))
      await expect(noBwrap).rejects.toMatchObject({ code: "sandbox.unavailable" });
  });

  it("starts it unsandboxed after `sandbox off`, and refuses again after `sandbox on`", async () => {
    const off = await cli(["sandbox", "off", "weather", "--json"], { home });
    expect(off.code).toBe(0);
    expect(JSON.parse(off.stdout)).toEqual({
      connector: "weather@default",
      sandbox: "off",
      changed: true,
      declaresPermissions: true,
    });
    const planned = await planLaunch(launch, request, { env: { HOME: home }, home, platform: "win32" });
    expect(planned).toMatchObject({ sandboxed: false, launch });
    expect((await cli(["sandbox", "on", "weather"], { home })).code).toBe(0);
    await expect(
      planLaunch(launch, request, { env: { HOME: home }, home, platform: "win32" }),
    ).rejects.toMatchObject({
      code: "sandbox.unavailable",
    });
  });

  it("names an unknown connector, and a server without permissions runs as before", async () => {
    const r = await cli(["sandbox", "off", "nope"], { home });
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain("nope");
    expect(fs.existsSync(path.join(home, "sandbox.json"))).toBe(false);
    expect(await planLaunch(launch, undefined, { env: {}, platform: "win32" })).toMatchObject({
      sandboxed: false,
    });
  });

  it("refuses a host allowlist where socat is missing, saying how to install it", async () => {
    const hosts = { ...request, permissions: { network: ["api.example.com"] } };
    const empty = await tempDir();
    const world = { env: { HOME: home, PATH: empty }, home, platform: "linux" as const };
    if (!fs.existsSync("/usr/bin/bwrap")) return; // sandbox.unavailable comes first (tested above)
    const refused = planLaunch(launch, hosts, { ...world, systemPath: empty });
    await expect(refused).rejects.toMatchObject({ code: "sandbox.unavailable" });
    await expect(refused).rejects.toHaveProperty("hint", expect.stringContaining("apt-get install socat"));
    if (!fs.existsSync("/usr/bin/socat")) return;
    // With socat the launch is planned, its proxy started; release() stops it.
    const planned = await planLaunch(launch, hosts, world);
    expect(planned.sandboxed).toBe(true);
    expect(planned.launch.env["HTTPS_PROXY"]).toBe("http://127.0.0.1:3128");
    await planned.release?.();
  });
});

describe("run --explain-sandbox", () => {
  it("prints the rules without starting the server, and says when one is not sandboxed", async () => {
    const r = await cli(["run", "weather", "--explain-sandbox"], { home, env: { HOME: home } });
    if (fs.existsSync("/usr/bin/bwrap")) {
      expect(r.code).toBe(0);
      expect(r.stdout).toContain("runs in bubblewrap");
      expect(r.stdout).toContain("--unshare-all");
    } else expect(r.stderr).toContain("sandbox");
    const remote = await cli(["run", "tushare", "--explain-sandbox"], { home, env: { HOME: home } });
    expect(remote.stdout).toContain("remote server");
    expect(remote.stdout).not.toContain("ab".repeat(28));
  });
});
