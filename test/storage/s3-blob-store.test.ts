import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isConnectoryError } from "../../src/core/errors.js";
import { createBlobStore } from "../../src/storage/create-blob-store.js";
import { parseS3Url, S3BlobStore, s3ConfigFromEnv } from "../../src/storage/s3-blob-store.js";
import { startTestS3, type TestS3 } from "../helpers/s3-server.js";
import { blobStoreContract } from "./blob-store-contract.js";

const KEY = `sha256/${"ef".repeat(32)}`;
let conditional: TestS3;
let plain: TestS3;
let stores: S3BlobStore[] = [];
let n = 0;

beforeAll(async () => {
  [conditional, plain] = await Promise.all([startTestS3({ conditionalWrites: true }), startTestS3()]);
});
afterAll(async () => {
  await Promise.all(stores.map((s) => s.close()));
  await Promise.all([conditional?.close(), plain?.close()]);
});

/** A store under a fresh prefix of the server's bucket, so every test starts empty. */
function store(s3: TestS3, env: Record<string, string> = s3.env): S3BlobStore {
  const made = new S3BlobStore(s3ConfigFromEnv(env), { bucket: s3.bucket, prefix: `run/${++n}` });
  stores.push(made);
  return made;
}

blobStoreContract("S3BlobStore (S3 conditional writes)", async () => store(conditional));
// Without conditional writes only the HEAD check guards a put, so a race can slip through (see the class).
blobStoreContract("S3BlobStore (s3rver as is, no conditional writes)", async () => store(plain), {
  atomicCreate: false,
});

describe("S3BlobStore", () => {
  it("keeps blobs under the URL's prefix, nowhere else in the bucket", async () => {
    const s = createBlobStore(`s3://${conditional.bucket}/tarballs/prod/`, conditional.env);
    await s.put(KEY, new Uint8Array([1, 2, 3]));
    const client = new S3Client(s3ConfigFromEnv(conditional.env));
    const listed = await client.send(
      new ListObjectsV2Command({ Bucket: conditional.bucket, Prefix: "tarballs/" }),
    );
    client.destroy();
    expect(listed.Contents?.map((o) => o.Key)).toEqual([`tarballs/prod/${KEY}`]);
    expect(Buffer.from((await s.get(KEY))!)).toEqual(Buffer.from([1, 2, 3]));
    await (s as S3BlobStore).close();
  });

  it("a refused put (key taken) leaves the first bytes", async () => {
    const s = store(conditional);
    await s.put(KEY, new TextEncoder().encode("first"));
    // Past the HEAD check: the server's 412 alone must refuse it.
    const raced = Object.assign(Object.create(Object.getPrototypeOf(s) as object) as S3BlobStore, s, {
      has: async () => false,
    });
    const error = await raced.put(KEY, new TextEncoder().encode("second")).catch((e: unknown) => e);
    expect(isConnectoryError(error) && error.code).toBe("blob.exists");
    expect(new TextDecoder().decode(await s.get(KEY))).toBe("first");
  });

  it("refused keys: a 503 blob.unavailable that never shows the secret", async () => {
    // s3rver refuses an unknown key id (it does not verify v4 signatures, so a wrong secret alone passes).
    const secret = "wrong-secret-Xq7pL9zz";
    const s = store(conditional, {
      ...conditional.env,
      AWS_ACCESS_KEY_ID: "UNKNOWNKEY",
      AWS_SECRET_ACCESS_KEY: secret,
    });
    for (const op of [() => s.put(KEY, new Uint8Array([1])), () => s.get(KEY), () => s.has(KEY)]) {
      const error = await op().catch((e: unknown) => e);
      expect(isConnectoryError(error) && error.code).toBe("blob.unavailable");
      expect(isConnectoryError(error) && error.status).toBe(503);
      const shown = JSON.stringify({
        message: (error as Error).message,
        hint: (error as { hint?: string }).hint,
      });
      expect(shown).not.toContain(secret);
      expect(String((error as Error).stack)).not.toContain(secret);
    }
  });

  it("an unreachable endpoint: blob.unavailable naming the bucket", async () => {
    const s = store(conditional, { ...conditional.env, AWS_ENDPOINT_URL: "http://127.0.0.1:9" });
    const error = await s.has(KEY).catch((e: unknown) => e);
    expect(isConnectoryError(error) && error.code).toBe("blob.unavailable");
    expect((error as Error).message).toContain(`s3://${conditional.bucket}/`);
  });
});

describe("parseS3Url", () => {
  it.each([
    ["s3://bucket", { bucket: "bucket", prefix: "" }],
    ["s3://my.bucket-1/", { bucket: "my.bucket-1", prefix: "" }],
    ["s3://bucket/a/b/", { bucket: "bucket", prefix: "a/b" }],
  ])("%s", (url, expected) => expect(parseS3Url(url)).toEqual(expected));

  it.each([
    "s3://",
    "s3://UPPER/x",
    "s3://ab",
    "http://bucket/x",
    "s3://bucket/../x",
    "s3://bucket/a?x=1",
    "s3:bucket",
  ])("refuses %j with storage.url.invalid", (url) => {
    let error: unknown;
    try {
      parseS3Url(url);
    } catch (e) {
      error = e;
    }
    expect(isConnectoryError(error) && error.code).toBe("storage.url.invalid");
  });
});

describe("s3ConfigFromEnv", () => {
  it("uses path-style for a custom endpoint, the given keys, and a default region", () => {
    const config = s3ConfigFromEnv({
      AWS_ENDPOINT_URL: "http://minio:9000",
      AWS_ACCESS_KEY_ID: "id",
      AWS_SECRET_ACCESS_KEY: "s",
    });
    expect(config).toMatchObject({
      endpoint: "http://minio:9000",
      forcePathStyle: true,
      region: "us-east-1",
    });
    expect(config.credentials).toEqual({ accessKeyId: "id", secretAccessKey: "s" });
  });

  it("on AWS itself: virtual-hosted style, and the SDK's credential chain when no keys are given", () => {
    const config = s3ConfigFromEnv({ AWS_REGION: "eu-west-1" });
    expect(config).toEqual({ region: "eu-west-1", forcePathStyle: false });
    expect(
      s3ConfigFromEnv({ AWS_ENDPOINT_URL_S3: "http://x", S3_FORCE_PATH_STYLE: "false" }).forcePathStyle,
    ).toBe(false);
  });
});
