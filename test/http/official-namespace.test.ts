import path from "node:path";
import { expect, it } from "vitest";
import { createApp } from "../../src/server/app.js";
import { isConnectoryError } from "../../src/core/errors.js";
import type { ServerList } from "../../src/core/official/types.js";
import { openDatabase } from "../../src/db/open-database.js";
import { startServer } from "../../src/server/start-server.js";
import { MemoryBlobStore } from "../../src/storage/memory-blob-store.js";
import { createToken } from "../../src/registry/tokens.js";
import { packPackage } from "../helpers/registry.js";
import { listFiles, tempDir } from "../helpers/tmp.js";

it("REGISTRY_NAMESPACE names every entry, and only its names resolve", async () => {
  const repo = await openDatabase(path.join(await tempDir(), "r.db"));
  try {
    const app = createApp({
      db: repo,
      blobs: new MemoryBlobStore(),
      publicUrl: "https://reg.example.com",
      namespace: "com.example.reg",
    });
    const { token } = await createToken(repo, { publisher: "acme", now: new Date() });
    const put = await app.request("https://reg.example.com/v1/connectors/alpha", {
      method: "PUT",
      headers: { authorization: `Bearer ${token}` },
      body: await packPackage({ name: "alpha", version: "1.0.0" }),
    });
    expect(put.status).toBe(201);
    const list = (await (await app.request("https://reg.example.com/v0.1/servers")).json()) as ServerList;
    expect(list.servers.map((e) => e.server.name)).toEqual(["com.example.reg/alpha"]);
    expect(
      (await app.request("https://reg.example.com/v0.1/servers/com.example.reg%2Falpha/versions/latest"))
        .status,
    ).toBe(200);
    expect(
      (await app.request("https://reg.example.com/v0.1/servers/dev.connectory%2Falpha/versions/latest"))
        .status,
    ).toBe(404);
    // search is a substring of the whole name, namespace included.
    const found = (await (
      await app.request("https://reg.example.com/v0.1/servers?search=example.reg/al")
    ).json()) as ServerList;
    expect(found.servers).toHaveLength(1);
  } finally {
    await repo.close();
  }
});

it("a namespace that is not reverse-DNS stops start-up before anything is opened", async () => {
  const dir = await tempDir();
  for (const namespace of [
    "localhost",
    "dev..connectory",
    "-dev.connectory",
    "dev.connectory/x",
    "a".repeat(70) + ".com",
    "dev_connectory.io",
  ]) {
    const error = await startServer({
      port: 0,
      host: "127.0.0.1",
      databaseUrl: path.join(dir, "r.db"),
      storageDir: path.join(dir, "blobs"),
      namespace,
      seed: false,
      log: () => undefined,
    }).catch((e: unknown) => e);
    expect(isConnectoryError(error) && error.code, namespace).toBe("official.namespace.invalid");
  }
  expect(await listFiles(dir)).toEqual([]);
});
