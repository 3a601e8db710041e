import { afterAll, beforeAll, expect, it } from "vitest";
import { spawnCli } from "../helpers/cli.js";
import { packPackage, startTestServer } from "../helpers/registry.js";
import { tempDir } from "../helpers/tmp.js";

// The publisher verbs end to end: the built binary against a real registry server on port 0.

let server: Awaited<ReturnType<typeof startTestServer>>;
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  token = await server.token("acme");
  for (const version of ["1.0.0", "1.1.0"]) {
    const res = await fetch(`${server.url}/v1/connectors/gizmo`, {
      method: "PUT",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/gzip" },
      body: await packPackage({ name: "gizmo", version }),
    });
    expect(res.status).toBe(201);
  }
});
afterAll(() => server.close());

it("login → whoami → dist-tag → yank → deprecate → outdated → logout, exit codes and one JSON document each", async () => {
  const home = await tempDir();
  const run = (...argv: string[]) => spawnCli(argv, { home, env: { CONNECTORY_REGISTRY: server.url } });
  expect((await run("login", "default", "--token", token)).code).toBe(0);
  expect(await run("whoami")).toMatchObject({ code: 0, stdout: "acme\n" });
  const tagged = await run("dist-tag", "add", "gizmo@1.0.0", "stable", "--json");
  expect(tagged.code, tagged.stderr).toBe(0);
  expect(JSON.parse(tagged.stdout).distTags).toEqual({ latest: "1.1.0", stable: "1.0.0" });
  expect((await run("dist-tag", "ls", "gizmo")).stdout).toBe("latest: 1.1.0\nstable: 1.0.0\n");
  expect((await run("install", "gizmo@1.0.0", "--yes")).code).toBe(0);
  const outdated = await run("outdated", "--json");
  expect(outdated.code).toBe(1);
  expect(JSON.parse(outdated.stdout).outdated[0]).toMatchObject({ current: "1.0.0", latest: "1.1.0" });
  expect((await run("yank", "gizmo@1.1.0")).code).toBe(0);
  expect((await run("outdated")).code).toBe(0);
  expect((await run("deprecate", "gizmo@1", "use gizmo 2")).stdout).toContain("Deprecated 2 version(s)");
  const forbidden = await spawnCli(["yank", "gizmo@1.0.0", "--json"], {
    home: await tempDir(),
    env: { CONNECTORY_REGISTRY: server.url, CONNECTORY_TOKEN: await server.token("mallory") },
  });
  expect(forbidden.code).toBe(1);
  expect(JSON.parse(forbidden.stdout).error.code).toBe("connector.forbidden");
  expect((await run("dist-tag", "rm", "gizmo", "1.0")).code).toBe(2);
  expect((await run("logout")).code).toBe(0);
  const after = await run("whoami", "--json");
  expect(after.code).toBe(1);
  expect(JSON.parse(after.stdout).error.code).toBe("publish.token.missing");
  for (const r of [tagged, outdated, forbidden, after]) expect(r.stdout + r.stderr).not.toContain(token);
});
