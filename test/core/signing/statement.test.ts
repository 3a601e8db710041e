import { generateKeyPairSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  fingerprintOf,
  keyEndorsement,
  keyidOf,
  publicKeyFromRaw,
  rawPublicKey,
  signBytes,
  verifyBytes,
} from "../../../src/core/signing/keys.js";
import {
  manifestDigest,
  readStatement,
  signedStatement,
  versionStatement,
  type StatementFields,
} from "../../../src/core/signing/statement.js";
import { checkpointSignedBy, parseCheckpoint, signCheckpoint } from "../../../src/core/tlog/checkpoint.js";

const FIELDS: StatementFields = {
  name: "weather",
  version: "1.0.0",
  publisher: "acme",
  integrity: "sha512-abc",
  sha256: "00ff",
  size: 1234,
  manifestDigest: "sha256:11",
  publishedAt: "2026-12-01T00:00:00.000Z",
};

describe("the version statement", () => {
  it("is canonical: the same fields in any order give the same bytes, with the type first-class", () => {
    const a = signedStatement(versionStatement(FIELDS));
    const shuffled = Object.fromEntries(Object.entries(FIELDS).reverse()) as StatementFields;
    expect(Buffer.from(signedStatement(versionStatement(shuffled))).equals(Buffer.from(a))).toBe(true);
    expect(new TextDecoder().decode(a)).toBe(
      'connectory.version-statement.v1\n{"_type":"https://connectory.dev/statement/version/v1","integrity":"sha512-abc","manifestDigest":"sha256:11","name":"weather","publishedAt":"2026-12-01T00:00:00.000Z","publisher":"acme","sha256":"00ff","size":1234,"version":"1.0.0"}',
    );
  });

  it("covers the reserved provenance and tool snapshot fields when present, and leaves them out when not", () => {
    const plain = versionStatement({ ...FIELDS, provenance: undefined, toolSnapshotDigest: undefined });
    expect(Object.keys(plain)).not.toContain("provenance");
    const built = versionStatement({
      ...FIELDS,
      provenance: {
        issuer: "https://token.actions.githubusercontent.com",
        repository: "acme/weather",
        workflow: "release.yml",
      },
      toolSnapshotDigest: "sha256:22",
    });
    expect(Buffer.from(signedStatement(built)).equals(Buffer.from(signedStatement(plain)))).toBe(false);
    expect(readStatement(JSON.parse(JSON.stringify(built))).statement).toEqual(built);
  });

  it("refuses received statements of the wrong shape, naming the problem", () => {
    const good = versionStatement(FIELDS);
    expect(readStatement(good).statement).toBeDefined();
    expect(readStatement(null).problem).toMatch(/not an object/);
    expect(readStatement({ ...good, _type: "x" }).problem).toMatch(/type/);
    expect(readStatement({ ...good, sha256: 5 }).problem).toMatch(/sha256/);
    expect(readStatement({ ...good, size: -1 }).problem).toMatch(/size/);
    expect(readStatement({ ...good, size: 1.5 }).problem).toMatch(/size/);
    expect(readStatement({ ...good, provenance: { issuer: 1 } }).problem).toMatch(/provenance/);
    expect(readStatement({ ...good, toolSnapshotDigest: [] }).problem).toMatch(/toolSnapshotDigest/);
  });

  it("digests plugin.json canonically, ignoring $schema and key order", () => {
    const a = manifestDigest({ name: "w", version: "1.0.0", $schema: "https://x" });
    expect(a).toBe(manifestDigest({ version: "1.0.0", name: "w" }));
    expect(a).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(a).not.toBe(manifestDigest({ version: "1.0.1", name: "w" }));
  });
});

describe("Ed25519 keys and checkpoints", () => {
  const { privateKey, publicKey } = generateKeyPairSync("ed25519");
  const raw = rawPublicKey(publicKey).toString("base64");

  it("round-trips raw public keys and names them by fingerprint and key id", () => {
    const again = publicKeyFromRaw(raw);
    const sig = signBytes(privateKey, Buffer.from("hi"));
    expect(verifyBytes(again, Buffer.from("hi"), sig)).toBe(true);
    expect(verifyBytes(again, Buffer.from("ho"), sig)).toBe(false);
    expect(verifyBytes(again, Buffer.from("hi"), "AAAA")).toBe(false);
    expect(fingerprintOf(raw)).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(fingerprintOf(raw).slice(7, 23)).toBe(keyidOf(raw));
    expect(() => publicKeyFromRaw("AAAA")).toThrow(/32 bytes/);
    expect(keyEndorsement({ keyid: "k", publicKey: raw, createdAt: "t" })).not.toEqual(
      keyEndorsement({ keyid: "k", publicKey: raw, createdAt: "u" }),
    );
  });

  it("signs checkpoints as C2SP signed notes and refuses altered ones", () => {
    const root = new Uint8Array(32).fill(7);
    const note = signCheckpoint(
      { origin: "registry.example/log", size: 5, root },
      privateKey,
      rawPublicKey(publicKey),
    );
    const lines = note.split("\n");
    expect(lines.slice(0, 4)).toEqual([
      "registry.example/log",
      "5",
      Buffer.from(root).toString("base64"),
      "",
    ]);
    expect(lines[4]).toMatch(/^\u2014 registry\.example\/log [A-Za-z0-9+/]+=*$/);
    const parsed = parseCheckpoint(note);
    expect(parsed.checkpoint?.size).toBe(5);
    expect(checkpointSignedBy(parsed as Required<typeof parsed>, publicKey, rawPublicKey(publicKey))).toBe(
      true,
    );
    const forged = parseCheckpoint(note.replace("\n5\n", "\n6\n"));
    expect(checkpointSignedBy(forged as Required<typeof forged>, publicKey, rawPublicKey(publicKey))).toBe(
      false,
    );
    const other = generateKeyPairSync("ed25519").publicKey;
    expect(checkpointSignedBy(parsed as Required<typeof parsed>, other, rawPublicKey(other))).toBe(false);
  });

  it("refuses malformed checkpoints with a reason", () => {
    expect(parseCheckpoint("x".repeat(5000)).problem).toMatch(/longer/);
    expect(parseCheckpoint("o\n1\nAAAA\n").problem).toMatch(/signature block/);
    expect(parseCheckpoint("o\n01\nAAAA\n\n").problem).toMatch(/size/);
    expect(parseCheckpoint("o\n1\nAAAA\n\n").problem).toMatch(/root hash/);
    const root = Buffer.alloc(32).toString("base64");
    expect(parseCheckpoint(`o\n1\n${root}\n\nnot a signature\n`).problem).toMatch(/malformed/);
  });
});
