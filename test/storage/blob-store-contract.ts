import { describe, expect, it } from "vitest";
import { isConnectoryError } from "../../src/core/errors.js";
import type { BlobStore } from "../../src/storage/blob-store.js";

const KEY = `sha256/${"ab".repeat(32)}`;
const bytes = (text: string) => new TextEncoder().encode(text);

/**
 * The behaviour every BlobStore must have; each implementation's test file runs it. `atomicCreate: false`
 * is for a backend that cannot refuse a racing create (an S3 server without conditional writes).
 */
export function blobStoreContract(
  name: string,
  make: () => Promise<BlobStore>,
  options: { atomicCreate?: boolean } = {},
): void {
  describe(`${name} (BlobStore contract)`, () => {
    it("stores and returns the exact bytes", async () => {
      const store = await make();
      const data = new Uint8Array(70_000).map((_, i) => i % 251);
      await store.put(KEY, data);
      expect(await store.has(KEY)).toBe(true);
      expect(Buffer.from((await store.get(KEY))!).equals(Buffer.from(data))).toBe(true);
    });

    it("is create-only: a second put of a key fails with blob.exists and keeps the first bytes", async () => {
      const store = await make();
      await store.put(KEY, bytes("first"));
      const error = await store.put(KEY, bytes("second")).catch((e: unknown) => e);
      expect(isConnectoryError(error) && error.code).toBe("blob.exists");
      expect(new TextDecoder().decode(await store.get(KEY))).toBe("first");
    });

    it.skipIf(options.atomicCreate === false)(
      "concurrent puts of one key: exactly one succeeds",
      async () => {
        const store = await make();
        const results = await Promise.allSettled(
          Array.from({ length: 10 }, (_, i) => store.put(KEY, bytes(`v${i}`))),
        );
        expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      },
    );

    it("get and has of an absent key: undefined and false; delete is idempotent", async () => {
      const store = await make();
      expect(await store.get(KEY)).toBeUndefined();
      expect(await store.has(KEY)).toBe(false);
      await store.delete(KEY);
      await store.put(KEY, bytes("x"));
      await store.delete(KEY);
      expect(await store.has(KEY)).toBe(false);
      await store.put(KEY, bytes("again")); // a deleted key can be written again
      expect(new TextDecoder().decode(await store.get(KEY))).toBe("again");
    });

    it("callers cannot change stored bytes by mutating their buffers", async () => {
      const store = await make();
      const data = bytes("original");
      await store.put(KEY, data);
      data.fill(0);
      const got = (await store.get(KEY))!;
      got.fill(1);
      expect(new TextDecoder().decode(await store.get(KEY))).toBe("original");
    });

    it.each([
      "../escape",
      "/abs/key",
      "sha256/../../x",
      "sha256/a/..",
      "UPPER/x",
      "sha256",
      "",
      "sha256/x\u0000",
    ])("rejects the hostile key %j", async (key) => {
      const store = await make();
      const ops: Array<() => Promise<unknown>> = [
        () => store.put(key, bytes("x")),
        () => store.get(key),
        () => store.has(key),
        () => store.delete(key),
      ];
      for (const op of ops) {
        const error = await Promise.resolve()
          .then(op)
          .catch((e: unknown) => e);
        expect(isConnectoryError(error) && error.code).toBe("blob.key.invalid");
      }
    });
  });
}
