import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { explainSandbox } from "../../cli/sandbox/explain-sandbox.js";
import { planLaunch } from "../../cli/sandbox/sandbox-launch.js";
import { probeSandbox } from "../../cli/sandbox/sandbox-probe.js";
import { tempDir } from "../helpers/tmp.js";

// The macOS path of planLaunch, chosen by an injected platform ("darwin"). This machine is Linux, so
// there is no real sandbox-exec: a stand-in script in a temp folder takes its place. It drops
// `-p <profile>` and runs the rest, unsandboxed: what is tested here is the selection, the command line,
// the private TMPDIR, the proxy on 127.0.0.1 and the clean-up, never the enforcement (untested on a Mac).

let dir: string;
let home: string;
let fakeExec: string;
beforeEach(async () => {
  dir = await tempDir("connectory-macos-");
  home = path.join(dir, "home");
  fs.mkdirSync(path.join(home, "Documents"), { recursive: true });
  fakeExec = path.join(dir, "sandbox-exec");
  fs.writeFileSync(fakeExec, '#!/bin/sh\n[ "$1" = "-p" ] || exit 64\nshift 2\nexec "$@"\n', { mode: 0o755 });
});

const request = (permissions: object) => ({
  permissions: permissions as { network?: "none" },
  connector: "notes@default",
});
const launch = () => ({
  command: process.execPath,
  args: ["-e", "console.log(process.env.TMPDIR + ' ' + (process.env.HTTPS_PROXY ?? '-'))"],
  env: { HOME: home, PATH: process.env.PATH ?? "/usr/bin:/bin" },
  cwd: home,
});
const world = () => ({ env: { HOME: home }, platform: "darwin" as const, sandboxExec: fakeExec });

describe("planLaunch on macOS", () => {
  it("runs the server under sandbox-exec -p <profile> with its own TMPDIR, removed on release", async () => {
    const planned = await planLaunch(
      launch(),
      request({ network: "none", filesystem: [{ path: `${home}/Documents`, access: "read" }] }),
      world(),
    );
    expect(planned).toMatchObject({ sandboxed: true, sandbox: "sandbox-exec" });
    expect(planned.launch.command).toBe(fakeExec);
    expect(planned.launch.args[0]).toBe("-p");
    expect(planned.launch.args[1]).toBe(planned.profile);
    expect(planned.profile).toMatch(/^\(version 1\)\n\(deny default\)/);
    expect(planned.profile).toContain(`(subpath "${home}/Documents")`);
    expect(planned.profile).toContain("(deny network*)");
    const tmp = planned.launch.env["TMPDIR"] as string;
    expect(fs.statSync(tmp).isDirectory()).toBe(true);
    expect(planned.profile).toContain(`(allow file-read* file-write* file-map-executable (subpath "${tmp}")`);
    // The command line runs as planned (here by the stand-in, which only strips -p <profile>).
    const out = execFileSync(planned.launch.command, planned.launch.args, {
      env: planned.launch.env,
      cwd: planned.launch.cwd,
      encoding: "utf8",
    });
    expect(out.trim()).toBe(`${tmp} -`);
    await planned.release?.();
    expect(fs.existsSync(tmp)).toBe(false);
  });

  it("refuses where sandbox-exec is missing, saying so, and leaves nothing behind", async () => {
    const refused = planLaunch(launch(), request({ network: "none" }), {
      ...world(),
      sandboxExec: path.join(dir, "missing"),
    });
    await expect(refused).rejects.toMatchObject({ code: "sandbox.unavailable" });
    await expect(refused).rejects.toHaveProperty("hint", expect.stringContaining("sandbox-exec"));
    await expect(refused).rejects.toHaveProperty(
      "hint",
      expect.stringContaining("connectory sandbox off notes@default"),
    );
  });

  it("refuses a granted path that holds a newline (it cannot be named in a profile), with no TMPDIR left", async () => {
    const hostile = path.join(home, "bad\nname");
    fs.mkdirSync(hostile);
    const ours = () =>
      fs.readdirSync(fs.realpathSync(os.tmpdir())).filter((n) => n.startsWith("connectory-sandbox-"));
    const before = ours();
    const refused = planLaunch(
      launch(),
      request({ network: "none", filesystem: [{ path: hostile, access: "read" }] }),
      world(),
    );
    // Refused as a grant path before anything is made (grant-paths.ts: no control characters).
    await expect(refused).rejects.toMatchObject({ code: "sandbox.path.refused" });
    expect(ours()).toEqual(before);
  });

  it("fetches an npx server's package first through the proxy to the registry only, then starts it offline", async () => {
    const planned = await planLaunch(
      { ...launch(), command: "npx", args: ["-y", "@scope/pkg@1.2.3"] },
      request({ network: "none" }),
      world(),
    );
    expect(planned.launch.args[2]).toMatch(/\/npx$/);
    expect(planned.launch.env["npm_config_offline"]).toBe("true");
    expect(planned.profile).toContain(`(subpath "${home}/.npm")`);
    expect(planned.prefetch?.command).toBe(fakeExec);
    expect(planned.prefetch?.args[1]).not.toContain("(allow network*)");
    expect(planned.prefetch?.args[1]).toMatch(/\(allow network-outbound \(remote ip "localhost:\d+"\)\)/);
    expect(planned.prefetch?.env["HTTPS_PROXY"]).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(planned.prefetch?.env["npm_config_ignore_scripts"]).toBe("true");
    expect(planned.prefetch?.env["npm_config_offline"]).toBeUndefined();
    expect(planned.prefetch?.args.slice(3)).toEqual([
      "--yes",
      "--ignore-scripts",
      "--package=@scope/pkg@1.2.3",
      "--",
      "node",
      "-e",
      "",
    ]);
    expect(planned.rules.map((r) => r.why).join("\n")).toContain("fetched first");
    await planned.release?.();
  });

  it("keeps the Linux path unchanged: bubblewrap there, whatever sandbox-exec exists", async () => {
    if (!fs.existsSync("/usr/bin/bwrap")) return;
    const planned = await planLaunch(launch(), request({ network: "none" }), {
      ...world(),
      platform: "linux",
    });
    expect(planned.sandbox).toBe("bubblewrap");
    expect(planned.launch.command).toBe("/usr/bin/bwrap");
    expect(planned.profile).toBeUndefined();
  });
});

describe("a host list on macOS: the filtering proxy on 127.0.0.1", () => {
  let target: http.Server;
  let port: number;
  beforeEach(async () => {
    target = http.createServer((_req, res) => res.end("hello from the target"));
    await new Promise<void>((resolve) => target.listen(0, "127.0.0.1", resolve));
    port = (target.address() as net.AddressInfo).port;
  });
  afterEach(async () => {
    target.closeAllConnections();
    await new Promise((resolve) => target.close(resolve));
  });

  const viaProxy = (proxyPort: number, raw: string) =>
    new Promise<string>((resolve) => {
      const socket = net.connect(proxyPort, "127.0.0.1");
      let data = "";
      socket.setEncoding("utf8").on("data", (d) => (data += d));
      socket.once("error", () => resolve(data));
      socket.once("close", () => resolve(data));
      socket.write(raw);
      setTimeout(() => socket.end(), 500);
    });

  it("listens on an ephemeral port the profile names, passes the declared host only, and stops on release", async () => {
    const refusedLog: string[] = [];
    const planned = await planLaunch(launch(), request({ network: ["localhost"] }), {
      ...world(),
      log: (l) => refusedLog.push(l),
    });
    const proxyUrl = planned.launch.env["HTTPS_PROXY"] as string;
    const proxyPort = Number(new URL(proxyUrl).port);
    expect(proxyUrl).toBe(`http://127.0.0.1:${proxyPort}`);
    expect(planned.profile).toContain(`(allow network-outbound (remote ip "localhost:${proxyPort}"))`);
    expect(planned.profile).not.toContain("(allow network*)");
    const ok = await viaProxy(
      proxyPort,
      `GET http://localhost:${port}/ HTTP/1.1\r\nhost: localhost\r\nconnection: close\r\n\r\n`,
    );
    expect(ok).toMatch(/^HTTP\/1.1 200/);
    const no = await viaProxy(proxyPort, `CONNECT 127.0.0.1:${port} HTTP/1.1\r\nhost: x\r\n\r\n`);
    expect(no).toMatch(/^HTTP\/1.1 403/);
    expect(refusedLog.join("\n")).toContain(`127.0.0.1:${port}`);
    await planned.release?.();
    await expect(
      new Promise((resolve, reject) =>
        net.connect(proxyPort, "127.0.0.1").once("connect", resolve).once("error", reject),
      ),
    ).rejects.toThrow(/ECONNREFUSED/);
  });
});

describe("run --explain-sandbox and doctor on macOS", () => {
  it("explains with the profile, starting nothing", async () => {
    const text = await explainSandbox(
      {
        name: "notes",
        server: { command: "node", args: ["server.js"] },
        sandbox: request({
          network: ["api.example.com"],
          filesystem: [{ path: `${home}/Documents`, access: "read-write" }],
        }),
      },
      {
        env: { HOME: home, PATH: process.env.PATH },
        cwd: home,
        home: path.join(dir, "connectory"),
        platform: "darwin",
        sandboxExec: fakeExec,
      },
    );
    expect(text).toContain("runs in sandbox-exec");
    expect(text).toContain("Seatbelt profile");
    expect(text).toContain("  (version 1)");
    expect(text).toContain(`(subpath "${home}/Documents")`);
    expect(text).toContain("read-write");
    expect(text).toContain("connectory-sandbox-XXXXXX");
    // The command is looked up on PATH first: sandbox-exec is given it whole.
    expect(text).toMatch(new RegExp(`${fakeExec} -p <the profile> /\\S+/node server\\.js`));
  });

  it("doctor's probe: works, fails with the reason, or is missing", async () => {
    expect(await probeSandbox({}, "darwin", fakeExec)).toMatchObject({
      available: true,
      detail: expect.stringContaining("sandbox-exec works"),
    });
    const broken = path.join(dir, "broken");
    fs.writeFileSync(
      broken,
      "#!/bin/sh\necho 'sandbox-exec: sandbox_apply: Operation not permitted' >&2\nexit 71\n",
      { mode: 0o755 },
    );
    expect(await probeSandbox({}, "darwin", broken)).toMatchObject({
      available: false,
      detail: expect.stringContaining("Operation not permitted"),
    });
    expect(await probeSandbox({}, "darwin", path.join(dir, "none"))).toMatchObject({
      available: false,
      detail: expect.stringContaining("sandbox-exec is missing"),
    });
  });
});
