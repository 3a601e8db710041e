import fs from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";

/** The part of s3rver (a Koa app) the tests use; it ships no types. */
interface S3rverInstance {
  middleware: Array<(ctx: KoaContext, next: () => Promise<void>) => Promise<void>>;
  store: { existsObject(bucket: string, key: string): Promise<boolean> };
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
}
interface KoaContext {
  method: string;
  path: string;
  get(header: string): string;
  status: number;
  type: string;
  body: unknown;
}
type S3rverClass = new (options: Record<string, unknown>) => S3rverInstance;

/** s3rver's built-in account; it checks request signatures against it. */
export const S3_ACCESS_KEY = "S3RVER";
export const S3_SECRET_KEY = "S3RVER";

/** A local S3-compatible server with one bucket. */
export interface TestS3 {
  endpoint: string;
  bucket: string;
  /** The AWS variables a registry process needs to reach it. */
  env: Record<string, string>;
  /** While true, every request is answered 503 SlowDown, as S3 does when it is overloaded (an outage). */
  faults: { down: boolean };
  close(): Promise<void>;
}

/**
 * Starts s3rver (in-process, port 0, a temp folder) with an empty bucket. s3rver 3.7 predates S3's
 * conditional writes (2024) and ignores `If-None-Match: *`; with `conditionalWrites` a middleware in front
 * of its routes answers such a PUT the way S3 does (412 PreconditionFailed when the key exists, one
 * request per key at a time), so create-only races can be tested over real HTTP with the real SDK.
 */
export async function startTestS3(
  options: { conditionalWrites?: boolean; bucket?: string } = {},
): Promise<TestS3> {
  // The SDK warns once per process that its 2027 releases will need Node 22; that is not a test result.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";
  const bucket = options.bucket ?? "connectory-test";
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "connectory-s3-"));
  const S3rver = createRequire(import.meta.url)("s3rver") as S3rverClass;
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory: dir,
    configureBuckets: [{ name: bucket }],
  });
  if (options.conditionalWrites) server.middleware.unshift(conditionalPut(server));
  const faults = { down: false };
  server.middleware.unshift(async (ctx, next) => {
    if (!faults.down) return next();
    ctx.status = 503;
    ctx.type = "application/xml";
    ctx.body = "<Error><Code>SlowDown</Code><Message>Please reduce your request rate.</Message></Error>";
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: {
      AWS_ENDPOINT_URL: endpoint,
      AWS_REGION: "us-east-1",
      AWS_ACCESS_KEY_ID: S3_ACCESS_KEY,
      AWS_SECRET_ACCESS_KEY: S3_SECRET_KEY,
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true",
    },
    faults,
    close: async () => {
      await server.close();
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}

/** S3's `If-None-Match: *` on PUT, serialized per object so a check and its write cannot interleave. */
function conditionalPut(server: S3rverInstance) {
  const tails = new Map<string, Promise<unknown>>();
  return async (ctx: KoaContext, next: () => Promise<void>) => {
    if (ctx.method !== "PUT" || ctx.get("if-none-match") !== "*") return next();
    const [, bucket = "", ...rest] = ctx.path.split("/");
    const key = decodeURIComponent(rest.join("/"));
    const id = `${bucket}/${key}`;
    const run = (tails.get(id) ?? Promise.resolve()).then(async () => {
      if (await server.store.existsObject(bucket, key)) {
        ctx.status = 412;
        ctx.type = "application/xml";
        ctx.body = `<?xml version="1.0" encoding="UTF-8"?><Error><Code>PreconditionFailed</Code><Message>At least one of the pre-conditions you specified did not hold</Message><Condition>If-None-Match</Condition></Error>`;
        return;
      }
      await next();
    });
    const tail = run.catch(() => undefined);
    tails.set(id, tail);
    try {
      await run;
    } finally {
      if (tails.get(id) === tail) tails.delete(id);
    }
  };
}
