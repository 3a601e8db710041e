import fs from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createApp } from "../../src/server/app.js";
import { openDatabase } from "../../src/db/open-database.js";
import { FsBlobStore } from "../../src/storage/fs-blob-store.js";
import { runAdminCaptured } from "../helpers/admin.js";
import { createTestRegistry, packPackage } from "../helpers/registry.js";
import { tempDir } from "../helpers/tmp.js";

// The provenance of an imported version (format, upstream name and version, origin, fetched at), as the
// importer records it: on the /v1 connector and version documents, in the official _meta, on the page.

const PUBLIC_URL = "http://registry.test";
const NOW = "2026-12-01T10:00:00.000Z";

describe("import provenance", () => {
  it("is recorded by the import and shown in both APIs and on the connector page", async () => {
    const dir = await tempDir();
    const env = { STORAGE_DIR: path.join(dir, "blobs"), PUBLIC_URL };
    const databaseUrl = path.join(dir, "registry.db");
    const file = path.join(dir, "servers.json");
    await fs.writeFile(
      file,
      JSON.stringify({
        name: "io.github.acme/weather-tools",
        description: "Weather tools.",
        version: "1.2.3",
        remotes: [{ type: "streamable-http", url: "https://mcp.acme.dev/mcp" }],
      }),
    );
    const run = await runAdminCaptured(["import", file, "--json"], {
      databaseUrl,
      env,
      now: () => new Date(NOW),
    });
    expect(run.code, run.stderr).toBe(0);
    const { name } = JSON.parse(run.stdout).entries[0];
    const repo = await openDatabase(databaseUrl);
    try {
      const app = createApp({ db: repo, blobs: new FsBlobStore(env.STORAGE_DIR), publicUrl: PUBLIC_URL });
      const want = {
        format: "server-json",
        upstreamName: "io.github.acme/weather-tools",
        upstreamVersion: "1.2.3",
        origin: "server.json",
        fetchedAt: NOW,
      };
      const get = async (p: string) => (await (await app.request(`${PUBLIC_URL}${p}`)).json()) as any;
      expect((await get(`/v1/connectors/${name}`)).provenance).toEqual(want);
      expect((await get(`/v1/connectors/${name}/1.2.3`)).provenance).toEqual(want);
      const entry = await get(
        `/v0.1/servers/${encodeURIComponent("io.github.acme/weather-tools")}/versions/latest`,
      );
      expect(entry._meta["dev.connectory/connector"].provenance).toEqual(want);
      const page = await (await app.request(`${PUBLIC_URL}/c/${name}`)).text();
      expect(page).toMatch(
        /Imported from the official MCP Registry: <code>io.github.acme\/weather-tools<\/code> 1.2.3/,
      );
    } finally {
      await repo.close();
    }
  });

  it("is never taken from a package: a publisher's own provenance.json claims nothing", async () => {
    const reg = await createTestRegistry();
    try {
      const token = await reg.token("acme");
      const forged = JSON.stringify({
        format: "server-json",
        upstreamName: "io.github.stripe/stripe",
        fetchedAt: NOW,
      });
      const bytes = await packPackage({ name: "forged", version: "1.0.0" }, { "provenance.json": forged });
      const res = await reg.publish(bytes, token, "forged");
      expect(res.status, await res.clone().text()).toBe(201);
      expect(((await (await reg.request("/v1/connectors/forged")).json()) as any).provenance).toBeUndefined();
      expect(
        ((await (await reg.request("/v1/connectors/forged/1.0.0")).json()) as any).provenance,
      ).toBeUndefined();
      expect(await (await reg.request("/c/forged")).text()).not.toContain("Imported from");
    } finally {
      await reg.close();
    }
  });
});
