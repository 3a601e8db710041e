import path from "node:path";
import { afterEach, expect, it } from "vitest";
import { createApp } from "../../src/server/app.js";
import { openDatabase } from "../../src/db/open-database.js";
import type { RegistryRepository } from "../../src/db/repository.js";
import type { RegistryTx } from "../../src/db/registry-tx.js";
import { createToken } from "../../src/registry/tokens.js";
import type { BlobStore } from "../../src/storage/blob-store.js";
import { FsBlobStore } from "../../src/storage/fs-blob-store.js";
import { packPackage, snapshotState } from "../helpers/registry.js";
import { tempDir } from "../helpers/tmp.js";

// Failures after the blob was written (a row insert failing, the database going away) must leave nothing.

let repo: RegistryRepository | undefined;
afterEach(async () => repo?.close());

async function setup(options: { failTx?: keyof RegistryTx; failBlob?: boolean }) {
  const dir = await tempDir();
  const dbFile = path.join(dir, "r.db");
  const blobDir = path.join(dir, "blobs");
  repo = await openDatabase(dbFile);
  const real = repo;
  const failing: RegistryRepository = Object.create(real) as RegistryRepository;
  failing.transaction = (fn) =>
    real.transaction((tx) =>
      fn(
        new Proxy(tx, {
          get(target, key, receiver) {
            const value = Reflect.get(target, key, receiver) as unknown;
            if (key === options.failTx) return async () => Promise.reject(new Error("injected: disk full"));
            return typeof value === "function" ? value.bind(target) : value;
          },
        }),
      ),
    );
  const fsBlobs = new FsBlobStore(blobDir);
  const blobs: BlobStore = options.failBlob
    ? {
        ...fsBlobs,
        get: (k) => fsBlobs.get(k),
        has: (k) => fsBlobs.has(k),
        delete: (k) => fsBlobs.delete(k),
        put: () => Promise.reject(new Error("injected: EIO")),
      }
    : fsBlobs;
  const errors: unknown[] = [];
  const app = createApp({ db: failing, blobs, publicUrl: "http://r.test", log: (e) => errors.push(e) });
  const { token } = await createToken(real, { publisher: "acme", now: new Date() });
  await app.registry.ready();
  return { app, token, snapshot: () => snapshotState(dbFile, blobDir), errors };
}

it.each([["insertVersion"], ["createConnector"]] as const)(
  "a failing %s after the blob was written leaves no blob, row or search entry",
  async (failTx) => {
    const { app, token, snapshot, errors } = await setup({ failTx });
    const before = await snapshot();
    const res = await app.request("http://r.test/v1/connectors/doomed", {
      method: "PUT",
      headers: { authorization: `Bearer ${token}` },
      body: await packPackage({ name: "doomed", version: "1.0.0" }),
    });
    expect(res.status).toBe(500);
    expect(((await res.json()) as { code: string }).code).toBe("internal");
    expect(errors).toHaveLength(1);
    expect(await snapshot()).toEqual(before);
  },
);

it("a failing blob store leaves no rows", async () => {
  const { app, token, snapshot } = await setup({ failBlob: true });
  const before = await snapshot();
  const res = await app.request("http://r.test/v1/connectors/doomed", {
    method: "PUT",
    headers: { authorization: `Bearer ${token}` },
    body: await packPackage({ name: "doomed", version: "1.0.0" }),
  });
  expect(res.status).toBe(500);
  expect(await snapshot()).toEqual(before);
});
