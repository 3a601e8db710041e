import fs from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { cli, spawnCli } from "../../helpers/cli.js";
import { startTestIssuer, type TestIssuer } from "../../helpers/oidc-issuer.js";
import { makePackage, startTestServer } from "../../helpers/registry.js";
import { tempDir } from "../../helpers/tmp.js";

// `connectory publish` in a (simulated) GitHub Actions job: the built binary asks a fake
// ACTIONS_ID_TOKEN_REQUEST_URL for an ID token, exchanges it at a real registry that trusts a local
// issuer on 127.0.0.1, and publishes without any stored token.

let issuer: TestIssuer;
let server: Awaited<ReturnType<typeof startTestServer>>;
let actions: Server;
let actionsUrl: string;
const asked: string[] = [];

beforeAll(async () => {
  issuer = await startTestIssuer("unused");
  server = await startTestServer({ env: { OIDC_ISSUERS: issuer.url } });
  actions = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    asked.push(url.searchParams.get("audience") ?? "");
    if (req.headers.authorization !== "bearer request-secret") return void res.writeHead(401).end();
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ value: issuer.mint({ aud: url.searchParams.get("audience") }) }));
  });
  await new Promise<void>((resolve) => actions.listen(0, "127.0.0.1", resolve));
  actionsUrl = `http://127.0.0.1:${(actions.address() as AddressInfo).port}/token?api-version=2.0`;
});
afterAll(async () => {
  await new Promise((resolve) => actions.close(resolve));
  await server.close();
  await issuer.close();
});

it("trusted-publisher add (owner), then publish from GitHub Actions with no stored token", async () => {
  const home = await tempDir();
  const registry = { CONNECTORY_REGISTRY: server.publicUrl };
  const owner = { ...registry, CONNECTORY_TOKEN: await server.token("acme") };
  const add = await spawnCli(
    [
      "trusted-publisher",
      "add",
      "weather",
      "--repository",
      "acme/weather",
      "--workflow",
      "release.yml",
      "--issuer",
      issuer.url,
      "--json",
    ],
    { home, env: owner },
  );
  expect(add.stderr).toBe("");
  expect(add.code).toBe(0);
  expect(JSON.parse(add.stdout)).toMatchObject({
    connector: "weather",
    repository: "acme/weather",
    pending: true,
  });

  const dir = path.join(home, "pkg");
  for (const [file, bytes] of makePackage({ name: "weather", version: "1.0.0" })) {
    await fs.mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await fs.writeFile(path.join(dir, file), bytes);
  }
  const ci = {
    ...registry,
    ACTIONS_ID_TOKEN_REQUEST_URL: actionsUrl,
    ACTIONS_ID_TOKEN_REQUEST_TOKEN: "request-secret",
  };
  const publish = await spawnCli(["publish", dir, "--json"], { home, env: ci });
  expect(publish.stderr).toContain("trusted publishing");
  expect(publish.code).toBe(0);
  expect(JSON.parse(publish.stdout)).toMatchObject({ name: "weather", version: "1.0.0" });
  expect(asked).toEqual([server.publicUrl]); // the ID token was asked for this registry's audience
  expect(publish.stdout + publish.stderr).not.toMatch(/ctyo_|request-secret|eyJ/); // no secret printed

  const doc = (await (await fetch(`${server.publicUrl}/v1/connectors/weather/1.0.0`)).json()) as {
    buildProvenance?: { repository: string; workflow: string };
  };
  expect(doc.buildProvenance).toMatchObject({ repository: "acme/weather", workflow: "release.yml" });

  // The rest in-process (the same CLI, against the same server), to keep the spawns few.
  const list = await cli(["trusted-publisher", "list", "weather", "--json"], { home, env: owner });
  expect(JSON.parse(list.stdout).items).toMatchObject([
    { repository: "acme/weather", pending: false, repositoryOwnerId: "1001" },
  ]);

  // Another workflow's job is refused with the registry's reason, and nothing is published.
  const refused = await cli(["publish", dir, "--json"], {
    home,
    env: { ...ci, ACTIONS_ID_TOKEN_REQUEST_TOKEN: "wrong" },
  });
  expect(refused.code).toBe(1);
  expect(refused.stderr).toMatch(/ID token/);

  const removed = await spawnCli(["trusted-publisher", "remove", "weather", "1", "--json"], {
    home,
    env: owner,
  });
  expect(removed.code).toBe(0);
  const after = await cli(["trusted-publisher", "list", "weather", "--json"], { home, env: owner });
  expect(JSON.parse(after.stdout).items).toEqual([]);
}, 120_000); // two spawned CLIs on a shared machine
