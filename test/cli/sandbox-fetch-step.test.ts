import { execFileSync, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { planLaunch, prefetch, type PlannedLaunch } from "../../cli/sandbox/sandbox-launch.js";
import { tempDir } from "../helpers/tmp.js";

// Issue 31 #2: the npx fetch step runs with none of the server's credentials, no install scripts, and the
// network only through the filtering proxy to the registry. A local fake registry on 127.0.0.1 serves a
// package whose postinstall would record its environment and call out; it never runs, and a script run
// inside the fetch sandbox (in npx's place) sees no credential and reaches only the registry.

const tools = (() => {
  try {
    execFileSync("bwrap", ["--ro-bind", "/", "/", "true"], { stdio: "ignore" });
    execFileSync("socat", ["-V"], { stdio: "ignore" });
    execFileSync("npx", ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();

let root: string;
let userHome: string;
let registry: http.Server;
let other: http.Server;
let regPort: number;
let otherPort: number;
let otherHits: number;
let tarball: Buffer;

beforeEach(async () => {
  root = fs.realpathSync(await tempDir("connectory-fetch-step-"));
  userHome = path.join(root, "home");
  fs.mkdirSync(userHome, { recursive: true });
  const src = path.join(root, "src/package");
  fs.mkdirSync(src, { recursive: true });
  const marker =
    "require('fs').writeFileSync(require('path').join(process.env.npm_config_cache || '/tmp', 'POSTINSTALL-RAN'), JSON.stringify(process.env))";
  fs.writeFileSync(
    path.join(src, "package.json"),
    JSON.stringify({ name: "evil-pkg", version: "1.0.0", scripts: { postinstall: `node -e "${marker}"` } }),
  );
  fs.writeFileSync(path.join(src, "index.js"), "module.exports = 1;\n");
  execFileSync("tar", ["czf", path.join(root, "evil.tgz"), "-C", path.join(root, "src"), "package"]);
  tarball = fs.readFileSync(path.join(root, "evil.tgz"));
  registry = http.createServer((req, res) => {
    const base = `http://127.0.0.1:${regPort}`;
    if (req.url === "/evil-pkg") {
      const integrity = `sha512-${createHash("sha512").update(tarball).digest("base64")}`;
      res.setHeader("content-type", "application/json");
      res.end(
        JSON.stringify({
          name: "evil-pkg",
          "dist-tags": { latest: "1.0.0" },
          versions: {
            "1.0.0": {
              name: "evil-pkg",
              version: "1.0.0",
              scripts: { postinstall: "node -e 1" },
              dist: { tarball: `${base}/evil-pkg/-/evil-pkg-1.0.0.tgz`, integrity },
            },
          },
        }),
      );
    } else if (req.url === "/evil-pkg/-/evil-pkg-1.0.0.tgz") res.end(tarball);
    else res.writeHead(404).end("{}");
  });
  otherHits = 0;
  other = http.createServer((_req, res) => {
    otherHits++;
    res.end("leaked");
  });
  await new Promise<void>((r) => registry.listen(0, "127.0.0.1", r));
  await new Promise<void>((r) => other.listen(0, "127.0.0.1", r));
  regPort = (registry.address() as { port: number }).port;
  otherPort = (other.address() as { port: number }).port;
});

afterEach(async () => {
  await new Promise((r) => registry.close(r));
  await new Promise((r) => other.close(r));
});

async function plan(): Promise<PlannedLaunch> {
  const env = {
    HOME: userHome,
    PATH: "/usr/bin:/bin",
    API_KEY: "sk-secret-value",
    npm_config_registry: `http://127.0.0.1:${regPort}/`,
  };
  return planLaunch(
    { command: "npx", args: ["-y", "evil-pkg@1.0.0"], env, cwd: userHome },
    { permissions: { network: "none" }, connector: "evil@default" },
    { env, home: path.join(root, "connectory") },
  );
}

describe.skipIf(!tools)("the npx fetch step", { timeout: 120_000 }, () => {
  it("fetches the package from the configured registry without running its postinstall", async () => {
    const planned = await plan();
    try {
      expect(planned.prefetch?.args).toContain("--ignore-scripts");
      expect(planned.prefetch?.args).not.toContain("--share-net");
      expect(JSON.stringify(planned.prefetch?.env)).not.toContain("sk-secret-value");
      await prefetch(planned, 120_000);
    } finally {
      await planned.release?.();
    }
    const cache = path.join(userHome, ".npm");
    const found = execFileSync("find", [cache, "-name", "package.json", "-path", "*evil-pkg*"], {
      encoding: "utf8",
    });
    expect(found).toContain("evil-pkg");
    expect(fs.existsSync(path.join(cache, "POSTINSTALL-RAN"))).toBe(false);
  });

  it("inside the fetch sandbox: no credential, the registry reachable, any other host refused", async () => {
    const planned = await plan();
    try {
      const args = planned.prefetch!.args;
      // The same sandbox and proxy, with a probe in npx's place.
      const probe = [
        "const http = require('http');",
        "const get = (url) => new Promise((ok) => http.get(url, { host: '127.0.0.1', port: 3128, path: url }, (r) => { r.resume(); ok(r.statusCode) }).on('error', (e) => ok(e.code)));",
        `(async () => { console.log('KEY=' + (process.env.API_KEY ?? 'none')); console.log('REG=' + await get('http://127.0.0.1:${regPort}/evil-pkg')); console.log('OTHER=' + await get('http://127.0.0.1:${otherPort}/')); })()`,
      ].join("\n");
      const at = args.indexOf("npx") >= 0 ? args.indexOf("npx") : args.findIndex((a) => a.endsWith("/npx"));
      const swapped = [...args.slice(0, at), process.execPath, "-e", probe];
      // Spawned asynchronously: the filtering proxy answers from this process.
      const r = await new Promise<{ stdout: string }>((resolve) => {
        const child = spawn(planned.prefetch!.command, swapped, { env: planned.prefetch!.env });
        let stdout = "";
        child.stdout.setEncoding("utf8").on("data", (d: string) => (stdout += d));
        child.once("close", () => resolve({ stdout }));
      });
      expect(r.stdout).toContain("KEY=none");
      expect(r.stdout).toContain("REG=200");
      expect(r.stdout).toContain("OTHER=403");
      expect(otherHits).toBe(0);
    } finally {
      await planned.release?.();
    }
  });

  it("the consent's rule says the package is fetched, from where, and without what", async () => {
    const planned = await plan();
    await planned.release?.();
    expect(planned.rules.map((r) => r.why).join("\n")).toContain(
      `evil-pkg@1.0.0 is fetched first, by npx alone, from 127.0.0.1:${regPort} only, without the server's credentials or install scripts`,
    );
  });
});
