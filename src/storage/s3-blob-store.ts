import type { S3Client, S3ClientConfig } from "@aws-sdk/client-s3";
import { ConnectoryError } from "../core/errors.js";
import { type BlobStore, blobExists, checkKey } from "./blob-store.js";

/** Where in S3 the blobs live: `s3://bucket/prefix` → bucket and prefix (no slashes at either end). */
export interface S3Location {
  bucket: string;
  prefix: string;
}

// S3's rules for bucket names (3-63 characters, lower case, digits, dots, hyphens).
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/** Parses `s3://bucket[/prefix]`; throws `storage.url.invalid` for anything else. */
export function parseS3Url(url: string): S3Location {
  const match = /^s3:\/\/([^/?#]+)\/?([^?#]*)$/.exec(url);
  const bucket = match?.[1] ?? "";
  const prefix = (match?.[2] ?? "").replace(/^\/+|\/+$/g, "");
  if (!match || !BUCKET.test(bucket) || prefix.split("/").some((s) => s === "." || s === "..")) {
    throw new ConnectoryError(
      "storage.url.invalid",
      `"${url.slice(0, 200)}" is not an s3://bucket/prefix URL`,
      {
        hint: "set STORAGE_URL to s3://<bucket>/<prefix>, e.g. s3://connectory-blobs/tarballs",
      },
    );
  }
  return { bucket, prefix };
}

type Sdk = typeof import("@aws-sdk/client-s3");

/**
 * S3 client settings read the usual AWS way: AWS_REGION, AWS_ENDPOINT_URL(_S3) for S3-compatible
 * servers (which then get path-style URLs, `S3_FORCE_PATH_STYLE=false` to turn that off), and
 * AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY (/ AWS_SESSION_TOKEN); without keys the SDK's own chain
 * (instance roles, profiles) applies. The keys go to the SDK only: nothing here prints them.
 */
export function s3ConfigFromEnv(env: Record<string, string | undefined>): S3ClientConfig {
  const endpoint = env.AWS_ENDPOINT_URL_S3 || env.AWS_ENDPOINT_URL || undefined;
  const pathStyle = env.S3_FORCE_PATH_STYLE ? env.S3_FORCE_PATH_STYLE === "true" : endpoint !== undefined;
  const keyId = env.AWS_ACCESS_KEY_ID;
  const secret = env.AWS_SECRET_ACCESS_KEY;
  return {
    region: env.AWS_REGION || env.AWS_DEFAULT_REGION || "us-east-1",
    forcePathStyle: pathStyle,
    ...(endpoint ? { endpoint } : {}),
    ...(keyId && secret
      ? {
          credentials: {
            accessKeyId: keyId,
            secretAccessKey: secret,
            ...(env.AWS_SESSION_TOKEN ? { sessionToken: env.AWS_SESSION_TOKEN } : {}),
          },
        }
      : {}),
  };
}

/**
 * A BlobStore in an S3 bucket. A put is create-only: a HEAD turns an existing key away at once, and the
 * PUT carries `If-None-Match: *`, so on S3 (and MinIO, R2, …) a racing writer gets 412 instead of
 * overwriting. Servers that ignore the header (s3rver) keep only the HEAD check; the registry stays
 * correct there too, because a key is the sha256 of its bytes and one connector's publishes take turns.
 * The SDK is loaded on first use, so registries on a folder never pay for it.
 */
export class S3BlobStore implements BlobStore {
  private loaded: Promise<{ sdk: Sdk; client: S3Client }> | undefined;

  constructor(
    private readonly config: S3ClientConfig,
    private readonly location: S3Location,
  ) {}

  async put(key: string, bytes: Uint8Array): Promise<void> {
    const Key = this.objectKey(key);
    if (await this.has(key)) throw blobExists(key);
    const { sdk, client } = await this.sdk();
    try {
      await client.send(
        new sdk.PutObjectCommand({
          Bucket: this.location.bucket,
          Key,
          Body: bytes,
          ContentLength: bytes.byteLength,
          ContentType: "application/gzip",
          IfNoneMatch: "*",
        }),
      );
    } catch (error) {
      // 412: the key exists; 409: another conditional write to it is in flight (S3 says retry; it exists now).
      if (status(error) === 412 || status(error) === 409) throw blobExists(key);
      throw this.failure("store", key, error);
    }
  }

  async get(key: string): Promise<Uint8Array | undefined> {
    return this.request(key, "read", undefined, async (sdk, client, Key) => {
      const out = await client.send(new sdk.GetObjectCommand({ Bucket: this.location.bucket, Key }));
      if (!out.Body) return new Uint8Array();
      return await out.Body.transformToByteArray();
    });
  }

  async delete(key: string): Promise<void> {
    await this.request(key, "delete", undefined, async (sdk, client, Key) => {
      await client.send(new sdk.DeleteObjectCommand({ Bucket: this.location.bucket, Key }));
    });
  }

  async has(key: string): Promise<boolean> {
    return this.request(key, "check", false, async (sdk, client, Key) => {
      await client.send(new sdk.HeadObjectCommand({ Bucket: this.location.bucket, Key }));
      return true;
    });
  }

  /** Closes the client's sockets. */
  async close(): Promise<void> {
    if (this.loaded) (await this.loaded).client.destroy();
  }

  private sdk(): Promise<{ sdk: Sdk; client: S3Client }> {
    this.loaded ??= import("@aws-sdk/client-s3").then((sdk) => ({
      sdk,
      client: new sdk.S3Client(this.config),
    }));
    return this.loaded;
  }

  /** One request about `key`: a 404 answers `missing`; any other failure is this store's error for `action`. */
  private async request<T>(
    key: string,
    action: string,
    missing: T,
    send: (sdk: Sdk, client: S3Client, Key: string) => Promise<T>,
  ): Promise<T> {
    const Key = this.objectKey(key);
    const { sdk, client } = await this.sdk();
    try {
      return await send(sdk, client, Key);
    } catch (error) {
      if (status(error) === 404) return missing;
      throw this.failure(action, key, error);
    }
  }

  private objectKey(key: string): string {
    checkKey(key);
    return this.location.prefix === "" ? key : `${this.location.prefix}/${key}`;
  }

  /** An S3 failure as a 503 naming bucket, key and S3's error code; never the request or its signature. */
  private failure(action: string, key: string, error: unknown): ConnectoryError {
    // S3's error code (NoSuchBucket, AccessDenied, …) or the network's (ECONNREFUSED); nothing else.
    const e = error as { name?: string; code?: string; $metadata?: unknown } | null;
    const code = (e?.$metadata ? e.name : e?.code) ?? "error";
    return new ConnectoryError(
      "blob.unavailable",
      `could not ${action} ${key} in s3://${this.location.bucket}/${this.location.prefix}: ${code}`,
      {
        status: 503,
        hint: "check STORAGE_URL, AWS_ENDPOINT_URL, AWS_REGION and that the keys may read and write the bucket",
        cause: error,
      },
    );
  }
}

function status(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;
}
