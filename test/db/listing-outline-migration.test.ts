import path from "node:path";
import Database from "better-sqlite3";
import postgres from "postgres";
import { afterAll, describe, expect, it } from "vitest";
import type { ConnectorDocument } from "../../src/core/api/documents.js";
import { connectorOutline } from "../../src/core/official/connector-outline.js";
import type { ConnectorState, VersionRecord } from "../../src/db/connector-rows.js";
import { openDatabase } from "../../src/db/open-database.js";
import type { RegistryRepository } from "../../src/db/repository.js";
import { versionDocument } from "../../src/registry/documents.js";
import { qualityFields } from "../../src/registry/quality.js";
import { createTestDatabase, postgresAvailable, type TestDatabase } from "../helpers/postgres.js";
import { tempDir } from "../helpers/tmp.js";
import { migrationRecordedAt } from "../helpers/migrations.js";

// The migrations that add connectors.outline (sqlite/0014, pg/0016) fill it for the rows stored before
// them, in SQL: the same outline a write makes (storedOutline), so those rows are listed from it too.

const URL = "http://registry.test";
const AT = "2026-01-01T00:00:00.000Z";

function version(v: string, extra: Partial<VersionRecord> = {}): VersionRecord {
  const manifest = {
    name: "x",
    version: v,
    publisher: "acme",
    description: 'a "quoted" \\ 股票 \u2028 text',
  };
  return {
    version: v,
    publishedAt: AT,
    yanked: false,
    deprecated: null,
    integrity: "sha512-x",
    sha256: "00",
    size: 1,
    blobKey: `sha256/${v}`,
    content: JSON.stringify({ manifest, mcp: { mcpServers: {} }, skills: [] }),
    ...extra,
  };
}

/** Connectors whose outlines differ in every part: yanked and prerelease versions, an import's names. */
const CONNECTORS: Array<{ name: string; versions: VersionRecord[]; tags?: Record<string, string> }> = [
  { name: "plain", versions: [version("1.0.0")] },
  { name: "yanked-beta", versions: [version("1.0.0", { yanked: true }), version("2.0.0-beta.1")] },
  { name: "tagged", versions: [version("1.0.0"), version("1.1.0")], tags: { latest: "1.0.0" } },
  {
    name: "imported",
    versions: [
      version("1.0.0", {
        provenance: JSON.stringify({
          format: "server-json",
          upstreamName: "io.github.acme/thing",
          upstreamVersion: "2025.06.01",
          fetchedAt: AT,
        }),
      }),
    ],
  },
];

async function store(repo: RegistryRepository): Promise<void> {
  const { id: publisherId } = await repo.ensurePublisher("acme", "t");
  for (const c of CONNECTORS) {
    await repo.transaction(async (tx) => {
      const state: ConnectorState = {
        id: 0,
        name: c.name,
        publisherId,
        publisher: "acme",
        createdAt: AT,
        updatedAt: AT,
        versions: c.versions,
        tags: c.tags ?? {},
      };
      const fields = await qualityFields(tx, { publicUrl: URL, now: () => new Date(AT) }, state);
      const id = await tx.createConnector({ name: c.name, publisherId, createdAt: AT, fields });
      for (const v of c.versions) await tx.insertVersion(id, v, versionDocument(c.name, "acme", v, URL));
    });
  }
}

interface Row {
  name: string;
  outline: string | null;
  document: string;
  etag: string;
}

/** Each row's outline parsed, checked against its document: led by its ETag, its connectorOutline. */
function outlines(rows: Row[]): Record<string, unknown> {
  expect(rows.map((r) => r.name).sort()).toEqual(CONNECTORS.map((c) => c.name).sort());
  return Object.fromEntries(
    rows.map((r) => {
      expect(r.outline!.startsWith(`{"etag":"${r.etag}"`)).toBe(true);
      const parsed = JSON.parse(r.outline!) as Record<string, unknown>;
      expect(parsed).toEqual({
        etag: r.etag,
        ...connectorOutline(JSON.parse(r.document) as ConnectorDocument),
      });
      return [r.name, parsed];
    }),
  );
}

/** The imported connector's provenance keeps its keys in the order the document has them. */
function expectProvenanceAsWritten(byName: Record<string, unknown>): void {
  const { provenance } = byName["imported"] as { provenance: object };
  expect(Object.keys(provenance)).toEqual(["format", "upstreamName", "upstreamVersion", "fetchedAt"]);
}

/** The listing reads every row from its outline (none from its document). */
async function listedFromOutlines(repo: RegistryRepository): Promise<void> {
  const rows = await repo.listServers({ prefix: "dev.connectory/", terms: [], limit: 10 });
  expect(rows.map((r) => [r.name, r.outline !== null, r.document])).toEqual(
    CONNECTORS.map((c) => [c.name, true, null]).sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
  );
}

it("SQLite migration 0014 fills the outline of rows stored before it, as a write makes it", async () => {
  const file = path.join(await tempDir(), "r.db");
  let repo = await openDatabase(file);
  await store(repo);
  await repo.close();
  const db = new Database(file);
  const read = () => db.prepare("SELECT name, outline, document, etag FROM connectors").all() as Row[];
  const written = outlines(read());
  expectProvenanceAsWritten(written);
  db.exec(`ALTER TABLE connectors DROP COLUMN outline;
    DROP TABLE connectors_rev; DROP TRIGGER connectors_rev_delete; -- 0015, which came after it
    DELETE FROM __drizzle_migrations WHERE created_at >= ${migrationRecordedAt("sqlite", "0014_listing_outline")}`);
  repo = await openDatabase(file); // applies 0014 and those after it again
  try {
    const filled = outlines(read());
    expect(filled).toEqual(written);
    expectProvenanceAsWritten(filled);
    await listedFromOutlines(repo);
  } finally {
    await repo.close();
    db.close();
  }
});

const available = await postgresAvailable();
const databases: TestDatabase[] = [];
afterAll(async () => {
  await Promise.all(databases.map((db) => db.drop()));
});

describe.skipIf(!available)("PostgreSQL", () => {
  it("migration 0016 fills the outline of rows stored before it, as a write makes it", async () => {
    const database = await createTestDatabase();
    databases.push(database);
    let repo = await openDatabase(database.url);
    await store(repo);
    await repo.close();
    const sql = postgres(database.url, { max: 1, onnotice: () => undefined });
    const read = async () =>
      (await sql`SELECT name, outline, document, etag FROM connectors`) as unknown as Row[];
    try {
      const written = outlines(await read());
      await sql`ALTER TABLE connectors DROP COLUMN outline`;
      await sql`ALTER TABLE connector_search DROP COLUMN edges`; // 0017, which came after it
      await sql`DROP FUNCTION search_word_edges(tsvector)`;
      await sql`DROP INDEX connectors_spaced_upstream_idx`; // 0020
      await sql`DELETE FROM drizzle.__drizzle_migrations
        WHERE created_at >= ${migrationRecordedAt("pg", "0016_listing_outline")}`;
      repo = await openDatabase(database.url); // applies 0016 and those after it again
      const filled = outlines(await read());
      expect(filled).toEqual(written);
      expectProvenanceAsWritten(filled); // json, not jsonb: its text as the document has it
      await listedFromOutlines(repo);
    } finally {
      await repo.close();
      await sql.end();
    }
  });
});
