import path from "node:path";
import { expect, it } from "vitest";
import { runAdminCaptured } from "../../helpers/admin.js";
import { tempDir } from "../../helpers/tmp.js";

// `connectory-registry trusted-publisher add|list|remove` against a real SQLite file.

it("adds a pending publisher, lists it, refuses bad input without writing, removes it", async () => {
  const databaseUrl = path.join(await tempDir(), "registry.db");
  const run = (...argv: string[]) => runAdminCaptured(["trusted-publisher", ...argv], { databaseUrl });

  const pendingNoOwner = await run(
    "add",
    "weather",
    "--repository",
    "acme/weather",
    "--workflow",
    "release.yml",
  );
  expect(pendingNoOwner.code).toBe(2); // a name not taken yet needs --publisher
  expect(pendingNoOwner.stderr).toMatch(/--publisher/);

  const added = await run(
    "add",
    "weather",
    "--repository",
    "Acme/Weather",
    "--workflow",
    "release.yml",
    "--environment",
    "release",
    "--publisher",
    "acme",
    "--json",
  );
  expect(added.code).toBe(0);
  expect(JSON.parse(added.stdout)).toMatchObject({
    connector: "weather",
    publisher: "acme",
    repository: "acme/weather",
    issuer: "https://token.actions.githubusercontent.com",
    environment: "release",
    pending: true,
  });

  const again = await run(
    "add",
    "weather",
    "--repository",
    "acme/weather",
    "--workflow",
    "release.yml",
    "--environment",
    "release",
    "--publisher",
    "acme",
  );
  expect(again.code).toBe(1);
  expect(again.stderr).toMatch(/already trusts/);
  const untrusted = await run(
    "add",
    "weather",
    "--repository",
    "acme/weather",
    "--workflow",
    "release.yml",
    "--issuer",
    "https://ci.example",
    "--publisher",
    "acme",
  );
  expect(untrusted.code).toBe(1);
  expect(untrusted.stderr).toMatch(/does not trust/);
  const badWorkflow = await run(
    "add",
    "weather",
    "--repository",
    "acme/weather",
    "--workflow",
    "../x.yml",
    "--publisher",
    "acme",
  );
  expect(badWorkflow.code).toBe(1);

  const list = await run("list", "weather", "--json");
  expect(JSON.parse(list.stdout).items).toHaveLength(1);
  const id = String(JSON.parse(list.stdout).items[0].id);
  expect((await run("remove", "weather", "999")).code).toBe(1);
  expect((await run("remove", "weather", id)).code).toBe(0);
  expect((await run("list", "weather")).stdout).toMatch(/no trusted publisher/);
  expect((await run("frobnicate", "weather")).code).toBe(2);
});
