import fs from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createApp } from "../../../src/server/app.js";
import { openDatabase } from "../../../src/db/open-database.js";
import { FsBlobStore } from "../../../src/storage/fs-blob-store.js";
import { runAdminCaptured } from "../../helpers/admin.js";
import { tempDir } from "../../helpers/tmp.js";

// Imported entries belong to a publisher made from the upstream namespace, shown as unverified and
// unclaimed on the documents, listings and pages until an operator runs `publisher claim`.

const PUBLIC_URL = "http://registry.test";

async function importedRegistry() {
  const dir = await tempDir();
  const env = { STORAGE_DIR: path.join(dir, "blobs"), PUBLIC_URL };
  const databaseUrl = path.join(dir, "registry.db");
  const file = path.join(dir, "servers.json");
  await fs.writeFile(
    file,
    JSON.stringify([
      {
        name: "io.github.acme/tools",
        description: "Acme tools.",
        version: "1.0.0",
        packages: [
          { registryType: "npm", identifier: "@acme/tools", version: "1.0.0", transport: { type: "stdio" } },
        ],
      },
    ]),
  );
  const imported = await runAdminCaptured(["import", file, "--json"], { databaseUrl, env });
  expect(imported.code, imported.stderr).toBe(0);
  const [outcome] = (JSON.parse(imported.stdout) as { entries: Array<{ name: string; status: string }> })
    .entries;
  expect(outcome?.status).toBe("imported");
  const open = async () => {
    const repo = await openDatabase(databaseUrl);
    const app = createApp({ db: repo, blobs: new FsBlobStore(env.STORAGE_DIR), publicUrl: PUBLIC_URL });
    return { app, close: () => repo.close() };
  };
  return { databaseUrl, env, name: outcome!.name, open };
}

describe("imported publishers", () => {
  it("are unclaimed and unverified on the document, the listing and the page until claimed", async () => {
    const { databaseUrl, env, name, open } = await importedRegistry();
    let reg = await open();
    const doc = (await (await reg.app.request(`${PUBLIC_URL}/v1/connectors/${name}`)).json()) as any;
    const publisher = doc.publisher as string;
    expect(doc.publisherBadge).toEqual({ verified: false, domains: [], unclaimed: true });
    const list = (await (await reg.app.request(`${PUBLIC_URL}/v1/connectors?q=acme`)).json()) as any;
    expect(list.items[0].publisherBadge.unclaimed).toBe(true);
    expect(await (await reg.app.request(`${PUBLIC_URL}/c/${name}`)).text()).toMatch(
      /<span class="badge badge-quiet"[^>]*>\s*unverified · unclaimed/,
    );
    await reg.close();

    const shown = await runAdminCaptured(["publisher", "show", publisher, "--json"], { databaseUrl, env });
    expect(shown.code, shown.stderr).toBe(0);
    expect(JSON.parse(shown.stdout)).toMatchObject({
      publisher,
      unclaimed: true,
      verifiedDomains: [],
      domains: [],
    });

    const claimed = await runAdminCaptured(["publisher", "claim", publisher, "--json"], { databaseUrl, env });
    expect(claimed.code, claimed.stderr).toBe(0);
    const result = JSON.parse(claimed.stdout);
    expect(result).toMatchObject({ publisher, connectors: 1, wasUnclaimed: true });
    expect(result.token).toMatch(/^cty_/);

    reg = await open();
    const after = (await (await reg.app.request(`${PUBLIC_URL}/v1/connectors/${name}`)).json()) as any;
    expect(after.publisherBadge).toEqual({ verified: false, domains: [], unclaimed: false });
    // The tarball URLs were rebuilt for the served URL, not some default.
    expect(Object.values(after.versions as Record<string, any>)[0].dist.tarball).toMatch(
      /^http:\/\/registry\.test\//,
    );
    // The badge is gone (the page's JSON words for its script still name the state, as on every page).
    expect(await (await reg.app.request(`${PUBLIC_URL}/c/${name}`)).text()).not.toMatch(
      /<span class="badge badge-quiet"[^>]*>\s*unverified · unclaimed/,
    );
    // The owner's token works: it is the publisher's.
    const whoami = await reg.app.request(`${PUBLIC_URL}/v1/whoami`, {
      headers: { authorization: `Bearer ${result.token}` },
    });
    expect(await whoami.json()).toEqual({ publisher });
    await reg.close();

    // A re-import leaves a claimed publisher claimed.
    const again = await runAdminCaptured(["publisher", "show", publisher], { databaseUrl, env });
    expect(again.stdout).toContain(`${publisher}: claimed`);
  });

  it("refuses an unknown or malformed publisher, changing nothing", async () => {
    const { databaseUrl, env } = await importedRegistry();
    const unknown = await runAdminCaptured(["publisher", "claim", "nobody"], { databaseUrl, env });
    expect(unknown.code).not.toBe(0);
    expect(unknown.stderr).toContain(`there is no publisher "nobody"`);
    const bad = await runAdminCaptured(["publisher", "claim", "Not A Name"], { databaseUrl, env });
    expect(bad.code).not.toBe(0);
    const verb = await runAdminCaptured(["publisher", "steal", "x"], { databaseUrl, env });
    expect(verb.code).toBe(2);
    const none = await runAdminCaptured(["publisher", "claim"], { databaseUrl, env });
    expect(none.code).toBe(2);
  });
});
