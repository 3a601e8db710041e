import fs from "node:fs/promises";
import path from "node:path";
import { expect, it } from "vitest";
import { createBlobStore } from "../../src/storage/create-blob-store.js";
import { FsBlobStore } from "../../src/storage/fs-blob-store.js";
import { MemoryBlobStore } from "../../src/storage/memory-blob-store.js";
import { listFiles, tempDir } from "../helpers/tmp.js";
import { blobStoreContract } from "./blob-store-contract.js";

blobStoreContract("FsBlobStore", async () => new FsBlobStore(path.join(await tempDir(), "blobs")));

const KEY = `sha256/${"cd".repeat(32)}`;

it("lays blobs out by content address and leaves no temp files behind", async () => {
  const root = await tempDir();
  const store = new FsBlobStore(root);
  await store.put(KEY, new Uint8Array([1, 2, 3]));
  await store.put(KEY, new Uint8Array([4])).catch(() => undefined);
  expect(await listFiles(root)).toEqual([`sha256/cd/${"cd".repeat(32)}`]);
});

it("never writes outside its root for a hostile key", async () => {
  const parent = await tempDir();
  const store = new FsBlobStore(path.join(parent, "root"));
  await store.put("../../evil", new Uint8Array([1])).catch(() => undefined);
  expect(await listFiles(parent)).toEqual([]);
});

it("createBlobStore picks memory for memory: and a folder otherwise", async () => {
  const dir = await tempDir();
  expect(createBlobStore("memory:")).toBeInstanceOf(MemoryBlobStore);
  const store = createBlobStore(`file://${dir}/b`);
  await store.put(KEY, new Uint8Array([9]));
  expect(await fs.readdir(path.join(dir, "b"))).toContain("sha256");
});
