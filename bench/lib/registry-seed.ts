// The registry bench's database: `count` generated connectors written through the repository (no HTTP
// publishes), already signed and logged with the key the server will start with, and their documents
// current for its PUBLIC_URL, so the server's first start has nothing to sign, log or rebuild: its start
// is the cold start of a registry that has them (issue 29).
import type { VersionContent } from "../../src/core/api/documents.js";
import { manifestDigest } from "../../src/core/signing/statement.js";
import { CATEGORIES } from "../../src/core/types.js";
import type { ConnectorState, VersionRecord } from "../../src/db/connector-rows.js";
import type { RegistryRepository } from "../../src/db/repository.js";
import type { NewConnectorVersion } from "../../src/db/registry-tx.js";
import type { RegistryDeps } from "../../src/registry/context.js";
import { versionDocument } from "../../src/registry/documents.js";
import { qualityFields } from "../../src/registry/quality.js";
import { markDocumentsCurrent } from "../../src/registry/rebuild.js";
import { prepareSigning } from "../../src/registry/signing/prepare-signing.js";
import { signVersion, type RegistrySigner } from "../../src/registry/signing/signer.js";
import { appendBatchToLog } from "../../src/registry/tlog/append.js";

/** The generated text a seed draws from (the bench's queries draw from the same). */
export interface SeedWords {
  words: readonly string[];
  cjkWords: readonly string[];
  word: (i: number) => string;
}

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;

/** One generated connector: a remote server, 12 description words, a zh-CN translation on every 4th. */
function generated(i: number, text: SeedWords): { name: string; v: VersionRecord } {
  const name = `gen-${text.word(i % 600)}-${i}`;
  const manifest = {
    name,
    version: "1.0.0",
    publisher: "bench",
    description: Array.from({ length: 12 }, () => pick(text.words)).join(" "),
    keywords: [pick(text.words), pick(text.words)],
    categories: [pick(CATEGORIES)],
    ...(i % 4 === 0
      ? {
          i18n: {
            "zh-CN": {
              displayName: `${pick(text.cjkWords)}${pick(text.cjkWords)}`,
              description: Array.from({ length: 20 }, () => pick(text.cjkWords)).join(""),
            },
          },
        }
      : {}),
  };
  const publishedAt = new Date(Date.now() - i * 1000).toISOString();
  const v: VersionRecord = {
    version: "1.0.0",
    publishedAt,
    yanked: false,
    deprecated: null,
    integrity: "sha512-x",
    sha256: "0".repeat(64),
    size: 1,
    blobKey: `sha256/${"0".repeat(64)}`,
    content: JSON.stringify({
      manifest,
      mcp: { mcpServers: { [name]: { type: "http", url: `https://${name}.example.com/mcp` } } },
      skills: [],
    }),
  };
  return { name, v };
}

/**
 * Seeds `count` connectors of publisher `bench` (its id `publisherId`), 1,000 per transaction; each
 * transaction signs its versions with `signer` and appends them to the log as one batch (one checkpoint),
 * as the start-up backfill would, and writes them with tx.createConnectors (a few multi-row statements per
 * 400 connectors: the rows a publish writes, without its statements per connector), then marks the
 * documents current for `publicUrl`.
 */
export async function seedSignedConnectors(
  repo: RegistryRepository,
  input: { publisherId: number; publicUrl: string; signer: RegistrySigner; count: number; text: SeedWords },
): Promise<void> {
  const now = () => new Date();
  // What prepareSigning reads: the key is registered and the log's origin fixed, as the server would.
  const deps = { repo, publicUrl: input.publicUrl, now, signing: { signer: input.signer, origin: "" } };
  await prepareSigning(deps as unknown as RegistryDeps);
  for (let start = 0; start < input.count; start += 1000) {
    await repo.transaction(async (tx) => {
      const batch = Array.from({ length: Math.min(1000, input.count - start) }, (_, k) =>
        generated(start + k, input.text),
      );
      const signed = batch.map(({ name, v }) =>
        signVersion(input.signer, {
          name,
          version: v.version,
          publisher: "bench",
          integrity: v.integrity,
          sha256: v.sha256,
          size: v.size,
          manifestDigest: manifestDigest((JSON.parse(v.content) as VersionContent).manifest),
          publishedAt: v.publishedAt,
        }),
      );
      const indexes = await appendBatchToLog(tx, {
        entries: signed.map((s) => s.bytes),
        signer: input.signer,
        origin: deps.signing.origin,
        now: now().toISOString(),
      });
      // As a first publish builds its documents: with the publisher's badge, scored with no evidence yet.
      const publisherBadge = await tx.publisherBadge(input.publisherId);
      const entries: NewConnectorVersion[] = [];
      for (const [k, { name, v }] of batch.entries()) {
        v.statement = signed[k]!.statement;
        v.signatures = signed[k]!.signatures;
        v.logIndex = indexes[k]!;
        const state: ConnectorState = {
          id: 0,
          name,
          publisherId: input.publisherId,
          publisher: "bench",
          createdAt: v.publishedAt,
          updatedAt: v.publishedAt,
          versions: [v],
          tags: {},
          publisherBadge,
        };
        entries.push({
          name,
          publisherId: input.publisherId,
          createdAt: v.publishedAt,
          fields: await qualityFields(tx, { publicUrl: input.publicUrl, now }, state),
          version: v,
          document: versionDocument(name, "bench", v, input.publicUrl),
        });
      }
      await tx.createConnectors(entries);
    });
  }
  await markDocumentsCurrent(repo, input.publicUrl);
  const unsigned = await repo.log.unsignedCount();
  if (unsigned !== 0) throw new Error(`the seed left ${unsigned} versions unsigned`);
}
