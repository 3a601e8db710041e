import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { VersionDocument } from "../../../src/core/api/documents.js";
import { publicKeyFromRaw, verifyBytes } from "../../../src/core/signing/keys.js";
import {
  manifestDigest,
  signedStatement,
  type VersionStatement,
} from "../../../src/core/signing/statement.js";
import { checkpointSignedBy, parseCheckpoint } from "../../../src/core/tlog/checkpoint.js";
import { leafHash, verifyConsistency, verifyInclusion } from "../../../src/core/tlog/merkle.js";
import type { KeysDocument } from "../../../src/registry/signing/keys-document.js";
import { createTestRegistry, makePackage, packPackage, type TestRegistry } from "../../helpers/registry.js";

let reg: TestRegistry;
let token: string;
beforeAll(async () => {
  reg = await createTestRegistry();
  token = await reg.token("acme");
});
afterAll(async () => reg.close());

const b64 = (s: string) => Buffer.from(s, "base64");

async function publish(name: string, version: string) {
  const res = await reg.publish(await packPackage({ name, version }), token, name);
  expect(res.status).toBe(201);
}

async function versionDoc(name: string, version: string): Promise<VersionDocument> {
  return (await (await reg.request(`/v1/connectors/${name}/${version}`)).json()) as VersionDocument;
}

async function checkpoint() {
  const text = await (await reg.request("/v1/log/checkpoint")).text();
  const parsed = parseCheckpoint(text);
  return parsed as Required<typeof parsed>;
}

describe("registry signatures", () => {
  it("signs every version it accepts with a key listed at /.well-known/connectory/keys", async () => {
    await publish("weather", "1.0.0");
    const doc = await versionDoc("weather", "1.0.0");
    const keys = (await (await reg.request("/.well-known/connectory/keys")).json()) as KeysDocument;
    expect(keys.keys).toHaveLength(1);
    const key = keys.keys[0]!;
    expect(key).toMatchObject({ keyid: keys.current, algorithm: "ed25519" });
    expect(key.fingerprint).toMatch(/^sha256:[0-9a-f]{64}$/);
    const statement = doc.dist.statement as VersionStatement;
    expect(statement).toMatchObject({
      name: "weather",
      version: "1.0.0",
      publisher: "acme",
      integrity: doc.dist.integrity,
      sha256: doc.dist.sha256,
      size: doc.dist.size,
      manifestDigest: manifestDigest(doc.manifest),
    });
    const sig = doc.dist.signatures?.[0];
    expect(sig?.keyid).toBe(key.keyid);
    expect(verifyBytes(publicKeyFromRaw(key.publicKey), signedStatement(statement), sig!.sig)).toBe(true);
    // The connector document's dist carries the same.
    const connector = (await (await reg.request("/v1/connectors/weather")).json()) as {
      versions: Record<string, { dist: VersionDocument["dist"] }>;
    };
    expect(connector.versions["1.0.0"]?.dist.signatures).toEqual(doc.dist.signatures);
  });

  it("appends each version to the log: inclusion and consistency proofs verify against signed checkpoints", async () => {
    const before = await checkpoint();
    await publish("weather", "1.1.0");
    await publish("clock", "1.0.0");
    const after = await checkpoint();
    expect(after.checkpoint.size).toBe(before.checkpoint.size + 2);
    const keys = (await (await reg.request("/.well-known/connectory/keys")).json()) as KeysDocument;
    const raw = b64(keys.keys[0]!.publicKey);
    expect(after.checkpoint.origin).toBe(keys.logOrigin);
    expect(checkpointSignedBy(after, publicKeyFromRaw(keys.keys[0]!.publicKey), raw)).toBe(true);
    const doc = await versionDoc("weather", "1.1.0");
    const index = doc.dist.log!.index;
    const size = after.checkpoint.size;
    const inc = (await (await reg.request(`/v1/log/proof/inclusion?index=${index}&size=${size}`)).json()) as {
      proof: string[];
    };
    const leaf = leafHash(signedStatement(doc.dist.statement!));
    expect(verifyInclusion(index, size, leaf, inc.proof.map(b64), after.checkpoint.root)).toBe(true);
    const con = (await (
      await reg.request(`/v1/log/proof/consistency?from=${before.checkpoint.size}&to=${size}`)
    ).json()) as { proof: string[] };
    expect(
      verifyConsistency(
        before.checkpoint.size,
        size,
        before.checkpoint.root,
        after.checkpoint.root,
        con.proof.map(b64),
      ),
    ).toBe(true);
    // An older checkpoint stays served by size.
    const old = await (await reg.request(`/v1/log/checkpoint?size=${before.checkpoint.size}`)).text();
    expect(parseCheckpoint(old).checkpoint?.root).toEqual(before.checkpoint.root);
  });

  it("answers bad proof requests with a coded 400/404 and changes nothing", async () => {
    const snapshot = await reg.snapshot();
    for (const [path, status, code] of [
      ["/v1/log/proof/inclusion?index=x&size=1", 400, "usage"],
      ["/v1/log/proof/inclusion?size=1", 400, "usage"],
      ["/v1/log/proof/inclusion?index=5&size=2", 400, "log.proof.range"],
      ["/v1/log/proof/inclusion?index=0&size=99999", 404, "log.checkpoint.unknown"],
      ["/v1/log/proof/consistency?from=3&to=2", 400, "log.proof.range"],
      ["/v1/log/proof/consistency?from=0&to=2", 400, "log.proof.range"],
      ["/v1/log/checkpoint?size=-1", 400, "usage"],
      [`/v1/log/checkpoint?size=${"9".repeat(40)}`, 400, "usage"],
    ] as const) {
      const res = await reg.request(path);
      expect(res.status, path).toBe(status);
      expect(((await res.json()) as { code: string }).code, path).toBe(code);
    }
    expect(await reg.snapshot()).toBe(snapshot);
  });

  it("backfills versions stored without a signature at start-up, so every version verifies", async () => {
    await publish("legacy", "1.0.0");
    await reg.sql("UPDATE versions SET statement = NULL, signatures = NULL, log_index = NULL");
    const { createApp } = await import("../../../src/server/app.js");
    const { FsBlobStore } = await import("../../../src/storage/fs-blob-store.js");
    const restarted = createApp({
      db: reg.repo,
      blobs: new FsBlobStore(reg.blobDir),
      publicUrl: reg.publicUrl,
    });
    await restarted.registry.ready();
    const rows = await reg.sql("SELECT count(*) AS n FROM versions WHERE statement IS NULL");
    expect(Number(rows[0]!.n)).toBe(0);
    const res = await restarted.request(`${reg.publicUrl}/v1/connectors/legacy/1.0.0`);
    const doc = (await res.json()) as VersionDocument;
    const keys = (await (
      await restarted.request(`${reg.publicUrl}/.well-known/connectory/keys`)
    ).json()) as KeysDocument;
    const signer = keys.keys.find((k) => k.keyid === doc.dist.signatures![0]!.keyid)!;
    expect(keys.keys.length).toBe(2); // the restart used another (in-memory) key; both stay listed
    expect(
      verifyBytes(
        publicKeyFromRaw(signer.publicKey),
        signedStatement(doc.dist.statement!),
        doc.dist.signatures![0]!.sig,
      ),
    ).toBe(true);
    expect(doc.dist.statement!.publishedAt).toBe(doc.publishedAt);
  });
});

it("makePackage's manifest digest matches what the CLI computes from plugin.json", () => {
  const files = makePackage({ name: "x", version: "1.0.0" });
  const raw = JSON.parse(new TextDecoder().decode(files.get("plugin.json"))) as object;
  expect(manifestDigest(raw)).toBe(
    manifestDigest({ ...raw, $schema: "https://connectory.dev/schemas/plugin.schema.json" }),
  );
});
