import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { homePaths } from "../../../cli/home/home.js";
import { spawnCli } from "../../helpers/cli.js";
import { packPackage, startTestServer } from "../../helpers/registry.js";
import { tempDir } from "../../helpers/tmp.js";
import { cloneProject, filesOf } from "./project-fixtures.js";

// The built binary in separate processes against a real registry on loopback: concurrent `sync` runs
// of one project, in one home (two terminals) and in another, leave every file whole.

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer();
  const token = await server.token("acme");
  for (const name of ["one", "two", "three"]) {
    const res = await fetch(`${server.url}/v1/connectors/${name}`, {
      method: "PUT",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/gzip" },
      body: await packPackage({ name, version: "1.0.0" }),
    });
    expect(res.status).toBe(201);
  }
});
afterAll(() => server.close());

it("three processes syncing one project at once corrupt nothing", async () => {
  const author = await tempDir();
  const dir = await tempDir("connectory-project-");
  const env = { CONNECTORY_REGISTRY: server.url };
  await fs.writeFile(
    path.join(dir, "connectory.json"),
    JSON.stringify({
      connectors: { one: "^1.0.0", two: "^1.0.0", three: "^1.0.0" },
      hosts: ["claude-code", "vscode"],
    }),
  );
  const first = await spawnCli(["sync"], { home: author, cwd: dir, env });
  expect(first.code, first.stderr).toBe(0);
  const clone = await cloneProject(dir);
  const before = await filesOf(clone);
  const b = await tempDir();
  const c = await tempDir();
  const runs = await Promise.all([
    spawnCli(["sync"], { home: b, cwd: clone, env }),
    spawnCli(["sync"], { home: b, cwd: clone, env }),
    spawnCli(["sync"], { home: c, cwd: clone, env }),
  ]);
  for (const r of runs) expect(r.code, r.stderr).toBe(0);
  expect(await filesOf(clone)).toEqual(before);
  for (const home of [b, c]) {
    const installed = JSON.parse(await fs.readFile(homePaths(home).installed, "utf8"));
    expect(Object.keys(installed).sort()).toEqual(["one@default", "three@default", "two@default"]);
    const check = await spawnCli(["sync", "--check"], { home, cwd: clone, env });
    expect(check.code, check.stdout).toBe(0);
  }
});
