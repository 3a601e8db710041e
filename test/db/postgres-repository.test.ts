import fs from "node:fs/promises";
import path from "node:path";
import postgres from "postgres";
import { afterAll, describe, expect, it } from "vitest";
import { isConnectoryError } from "../../src/core/errors.js";
import { openDatabase } from "../../src/db/open-database.js";
import type { ConnectorState } from "../../src/db/connector-rows.js";
import type { RegistryRepository } from "../../src/db/repository.js";
import { versionDocument } from "../../src/registry/documents.js";
import { qualityFields } from "../../src/registry/quality.js";
import { ROOT } from "../helpers/cli.js";
import {
  createTestDatabase,
  PG_ADMIN_URL,
  postgresAvailable,
  type TestDatabase,
} from "../helpers/postgres.js";
import { bulkCreateContract } from "./bulk-create-contract.js";
import { repositoryContract } from "./repository-contract.js";
import { migrationRecordedAt } from "../helpers/migrations.js";

const available = await postgresAvailable();
const databases: TestDatabase[] = [];
afterAll(async () => {
  await Promise.all(databases.map((db) => db.drop()));
});

/** How many migrations migrations/pg holds (its drizzle-kit journal). */
async function committedMigrations(): Promise<number> {
  const journal = JSON.parse(await fs.readFile(path.join(ROOT, "migrations/pg/meta/_journal.json"), "utf8"));
  return (journal as { entries: unknown[] }).entries.length;
}

/** A fresh database; dropped when the file's tests are done. */
async function freshDatabase(): Promise<TestDatabase> {
  const db = await createTestDatabase();
  databases.push(db);
  return db;
}

describe.skipIf(!available)("PostgreSQL", () => {
  repositoryContract("PostgreSQL", async () => openDatabase((await freshDatabase()).url));
  bulkCreateContract("PostgreSQL", async () => openDatabase((await freshDatabase()).url));

  it("applies the committed migrations once, even when processes start together", async () => {
    const db = await freshDatabase();
    const repos = await Promise.all(Array.from({ length: 4 }, () => openDatabase(db.url)));
    await Promise.all(repos.map((r) => r.close()));
    const sql = postgres(db.url, { max: 1, onnotice: () => undefined });
    try {
      const applied = await sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`;
      expect(applied[0]?.n).toBe(await committedMigrations());
      const indexes = await sql`SELECT indexname FROM pg_indexes WHERE tablename = 'connectors'`;
      expect(indexes.map((r) => r.indexname)).toEqual(
        expect.arrayContaining(["connectors_search_idx", "connectors_publisher_name_idx"]),
      );
      const tools = await sql`
        SELECT is_nullable FROM information_schema.columns WHERE table_name = 'versions' AND column_name = 'tools'`;
      expect(tools[0]?.is_nullable).toBe("YES");
      const collation = await sql`
        SELECT collation_name FROM information_schema.columns WHERE table_name = 'connectors' AND column_name = 'name'`;
      expect(collation[0]?.collation_name).toBe("C");
    } finally {
      await sql.end();
    }
    await (await openDatabase(db.url)).close(); // reopening applies nothing and fails nothing
  });

  it("migration 0011 gives the connectors stored before it their names, which the listing then finds", async () => {
    const db = await freshDatabase();
    let repo = await openDatabase(db.url);
    const { id } = await repo.ensurePublisher("acme", "t");
    await publish(repo, id, "alpha-one", "1.0.0", "数据api Weather");
    await publish(repo, id, "beta-two", "1.0.0");
    await repo.close();
    // Back to before 0011, with rows: its column gone (and 0012's counter, 0013's gram rows, 0014's titles,
    // 0015's words, 0016's outlines and 0017's edges, which came after it) and their records with them, an
    // upstream name set meanwhile.
    const sql = postgres(db.url, { max: 1, onnotice: () => undefined });
    try {
      await sql`UPDATE connectors SET upstream_name = 'io.github.Acme/Thing' WHERE name = 'beta-two'`;
      await sql`ALTER TABLE connector_search DROP COLUMN names`;
      await sql`DROP FUNCTION change_counter_bump() CASCADE`;
      await sql`DROP TABLE change_counter`;
      await sql`DROP TABLE connector_grams`;
      await sql`ALTER TABLE connector_search DROP COLUMN titles`;
      await sql`DROP TABLE search_words`;
      await sql`ALTER TABLE connectors DROP COLUMN outline`;
      await sql`ALTER TABLE connector_search DROP COLUMN edges`;
      await sql`DROP FUNCTION search_word_edges(tsvector)`;
      await sql`DROP INDEX connectors_spaced_upstream_idx`; // 0020
      await sql`DELETE FROM drizzle.__drizzle_migrations
        WHERE created_at >= ${migrationRecordedAt("pg", "0011_name_trigrams")}`;
      repo = await openDatabase(db.url); // applies 0011 and those after it again
      const rows = await sql`SELECT name, names FROM connector_search ORDER BY name`;
      expect(rows.map((r) => [r.name, r.names])).toEqual([
        ["alpha-one", "alpha-one "],
        ["beta-two", "beta-two io.github.acme/thing"],
      ]);
      const [index] =
        await sql`SELECT indexdef FROM pg_indexes WHERE indexname = 'connector_search_names_trgm_idx'`;
      expect(index?.indexdef).toContain("gin_trgm_ops");
      // 0014: the rows' name and display name positions, from their vectors.
      const titles = await sql`SELECT titles::text AS t FROM connector_search ORDER BY name`;
      expect(titles.map((r) => r.t)).toEqual(["'alpha':1A 'one':2A", "'beta':1A 'two':2A"]);
      // 0015: their words.
      const words = await sql`SELECT word FROM search_words WHERE word IN ('alpha', 'one', 'beta', 'two')`;
      expect(words.map((r) => r.word).sort()).toEqual(["alpha", "beta", "one", "two"]);
      // 0017: their description words' ASCII edges (the leading run, and the trailing one reversed).
      const edges = await sql`SELECT edges::text AS e FROM connector_search ORDER BY name`;
      expect(edges.map((r) => r.e)).toEqual(["'weather' '~ipa' '~rehtaew'", "'d' '~d'"]);
      // 0019: the edges' lexemes among the words, so their prefixes can be spelled out.
      const edgeWords = await sql`SELECT word FROM search_words WHERE word LIKE '~%'`;
      expect(edgeWords.map((r) => r.word).sort()).toEqual(["~d", "~ipa", "~rehtaew"]);
    } finally {
      await sql.end();
    }
    try {
      const list = async (needle: string) =>
        (await repo.listServers({ prefix: "dev.connectory/", needle, terms: [], limit: 10 })).map(
          (r) => r.name,
        );
      expect(await list("github.acme")).toEqual(["beta-two"]);
      expect(await list("ha-on")).toEqual(["alpha-one"]);
    } finally {
      await repo.close();
    }
  });

  it("two processes' pools publishing to one new name: no lost version, exactly one connector", async () => {
    const db = await freshDatabase();
    const [a, b] = [await openDatabase(db.url), await openDatabase(db.url)] as const;
    try {
      const { id } = await a.ensurePublisher("acme", "t");
      const versions = Array.from({ length: 16 }, (_, i) => `1.0.${i}`);
      await Promise.all(versions.map((v, i) => publish(i % 2 === 0 ? a : b, id, "shared", v)));
      const state = await a.transaction((tx) => tx.loadConnector("shared"));
      expect(state?.versions.map((v) => v.version).sort()).toEqual([...versions].sort());
      expect(await b.connectorNames()).toEqual(["shared"]);
      expect(JSON.parse((await b.connectorDocument("shared"))!.body).versions).toHaveProperty("1.0.15");
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it("the search entry follows the latest version's words, and only those", async () => {
    const db = await freshDatabase();
    const repo = await openDatabase(db.url);
    try {
      const { id } = await repo.ensurePublisher("acme", "t");
      await publish(repo, id, "moving", "1.0.0", "alpha words");
      await publish(repo, id, "moving", "1.0.1", "omega words");
      const find = async (word: string) =>
        (await repo.search({ terms: [word], sort: "relevance", limit: 5 })).map((h) => h.name);
      expect(await find("omega")).toEqual(["moving"]);
      expect(await find("alpha")).toEqual([]);
    } finally {
      await repo.close();
    }
  });

  it("a prefix finds the words a connector gains later, spelled out or not (search_words)", async () => {
    const db = await freshDatabase();
    const repo = await openDatabase(db.url);
    try {
      const { id } = await repo.ensurePublisher("acme", "t");
      await publish(repo, id, "moving", "1.0.0", "alpha words");
      await publish(repo, id, "other", "1.0.0", "omegas words");
      await publish(repo, id, "moving", "1.0.1", "omega alphabet");
      // Up to 16 words a prefix stands for are spelled out (pg-prefix-words.ts); more keep the prefix.
      for (let i = 0; i < 20; i++) await publish(repo, id, `many-${i}`, "1.0.0", `omegaword${i} words`);
      const find = async (terms: string[], sort: "relevance" | "name") =>
        (await repo.search({ terms, sort, limit: 50 })).map((h) => h.name).sort();
      for (const sort of ["relevance", "name"] as const) {
        expect(await find(["omega", "alph"], sort)).toEqual(["moving"]);
        expect(await find(["omegas", "word"], sort)).toEqual(["other"]);
        expect(await find(["omeg", "words"], sort)).toHaveLength(21);
        expect(await find(["omegaword1", "word"], sort)).toEqual([
          "many-1",
          ...Array.from({ length: 10 }, (_, i) => `many-1${i}`),
        ]);
      }
      const servers = await repo.listServers({
        prefix: "dev.connectory/",
        needle: "omega alph",
        terms: ["omega", "alph"],
        limit: 10,
      });
      expect(servers.map((r) => r.name)).toEqual(["moving"]);
    } finally {
      await repo.close();
    }
  });

  // A needle of ASCII words finds its description candidates by their edges (pg-description-edges.ts),
  // whose prefixes are spelled out from search_words like the words' (migration 0019). Only the substring
  // path can find these: no description has a word starting with `weather`, so the full-text words miss.
  it("a needle's description edges are found spelled out, as a connector gains them, or as a prefix", async () => {
    const db = await freshDatabase();
    const repo = await openDatabase(db.url);
    const list = async (needle: string) =>
      (await repo.listServers({ prefix: "dev.connectory/", needle, terms: [needle], limit: 50 })).map(
        (r) => r.name,
      );
    try {
      const { id } = await repo.ensurePublisher("acme", "t");
      await publish(repo, id, "first", "1.0.0", "the xweather forecasts daily");
      await publish(repo, id, "apart", "1.0.0", "xweather and forecasts, apart");
      expect(await list("weather forecast")).toEqual(["first"]);
      await publish(repo, id, "apart", "1.0.1", "now yweather forecastle");
      expect(await list("weather forecast")).toEqual(["apart", "first"]);
      // More than 16 edges under `~rehtaew` (and `forecast`): those prefixes stay prefixes.
      for (let i = 0; i < 20; i++) await publish(repo, id, `many-${i}`, "1.0.0", `${i}weather forecast${i}`);
      expect(await list("weather forecast")).toHaveLength(22);
      expect(await list("2weather forecast")).toEqual(["many-12", "many-2"]);
      // What spells them out: each write's edges among the words (without them a prefix stays as written).
      const sql = postgres(db.url, { max: 1, onnotice: () => undefined });
      try {
        const words =
          await sql`SELECT DISTINCT word FROM search_words WHERE word LIKE '~rehtaew%' ORDER BY word`;
        expect(words).toHaveLength(22); // `10weather` is `~rehtaew01`
        expect(words.map((r) => r.word)).toEqual(
          expect.arrayContaining(["~rehtaew0", "~rehtaew01", "~rehtaewx", "~rehtaewy"]),
        );
      } finally {
        await sql.end();
      }
    } finally {
      await repo.close();
    }
  });

  it("counts downloads exactly across two pools", async () => {
    const db = await freshDatabase();
    const [a, b] = [await openDatabase(db.url), await openDatabase(db.url)] as const;
    try {
      const { id } = await a.ensurePublisher("acme", "t");
      await publish(a, id, "counted", "1.0.0");
      await Promise.all(
        Array.from({ length: 100 }, (_, i) => (i % 2 ? a : b).countDownload("counted", "1.0.0")),
      );
      expect((await b.connectorDocument("counted"))?.downloads).toBe(100);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it("a database lost while running: 503 db.unavailable naming it, not a bug", async () => {
    const db = await freshDatabase();
    const repo = await openDatabase(db.url);
    try {
      await repo.ensurePublisher("acme", "t");
      await db.drop(); // ends every session, then the database itself
      for (const call of [
        () => repo.connectorDocument("x"),
        () => repo.transaction((tx) => tx.setMeta("k", "v")),
        () => repo.ping(), // what GET /healthz runs
      ]) {
        const error = await call().catch((e: unknown) => e);
        expect(isConnectoryError(error) && [error.code, error.status]).toEqual(["db.unavailable", 503]);
        expect((error as Error).message).toContain(`127.0.0.1:5432/${db.name}`);
      }
    } finally {
      await repo.close();
    }
  });

  it("says where it could not connect, never with the password", async () => {
    for (const url of [
      "postgres://postgres:s3cret-pw@127.0.0.1:1/nowhere",
      `postgres://postgres:s3cret-pw@127.0.0.1:5432/connectory_missing_${process.pid}`,
    ]) {
      const error = await openDatabase(url).catch((e: unknown) => e);
      expect(isConnectoryError(error) && error.code).toBe("db.unreachable");
      expect((error as Error).message).toMatch(/127\.0\.0\.1:(1|5432)\//);
      expect(`${(error as Error).message} ${(error as { hint?: string }).hint}`).not.toContain("s3cret-pw");
    }
  });

  it("reaches the server by its Unix socket (libpq's ?host=<directory>), not over TCP", async (ctx) => {
    const db = await freshDatabase();
    const admin = postgres(PG_ADMIN_URL, { max: 1, onnotice: () => undefined });
    try {
      const [row] = await admin<Array<{ dirs: string; port: string }>>`SELECT
          current_setting('unix_socket_directories') AS dirs, current_setting('port') AS port`;
      const dir = row!.dirs.split(",")[0]!.trim();
      const socket = `${dir}/.s.PGSQL.${row!.port}`;
      const here = dir.startsWith("/") && (await fs.stat(socket).catch(() => undefined))?.isSocket();
      if (!here) {
        // CI's server is this machine's (.ci/services): its socket must be here.
        if (process.env.CI && !process.env.TEST_POSTGRES_URL)
          throw new Error(`no PostgreSQL socket at ${socket}`);
        ctx.skip();
      }
      const repo = await openDatabase(
        `postgres://postgres@/${db.name}?host=${encodeURIComponent(dir)}&port=${row!.port}`,
      );
      try {
        await repo.ensurePublisher("acme", "t");
        expect(await repo.findPublisher("acme")).toMatchObject({ name: "acme" });
        // Its sessions came by the socket: no client address.
        const sessions = await admin<Array<{ tcp: boolean }>>`SELECT client_addr IS NOT NULL AS tcp
          FROM pg_stat_activity WHERE datname = ${db.name} AND application_name = 'connectory-registry'`;
        expect(sessions.length).toBeGreaterThan(0);
        expect(sessions.every((s) => !s.tcp)).toBe(true);
      } finally {
        await repo.close();
      }
      // A socket directory with nothing listening: refused, named by its directory.
      const error = await openDatabase(`postgres://postgres@/${db.name}?host=/nonexistent-dir`).catch(
        (e: unknown) => e,
      );
      expect(isConnectoryError(error) && error.code).toBe("db.unreachable");
      expect((error as Error).message).toContain(`/nonexistent-dir:5432/${db.name}`);
    } finally {
      await admin.end();
    }
  });
});

/** One publish as the service does it: load (locking the name), then create or update, then the version. */
async function publish(
  repo: RegistryRepository,
  publisherId: number,
  name: string,
  version: string,
  description = "d",
): Promise<void> {
  await repo.transaction(async (tx) => {
    const state = await tx.loadConnector(name);
    const record = {
      version,
      publishedAt: `2026-01-01T00:00:00.${version.split(".")[2]!.padStart(3, "0")}Z`,
      yanked: false,
      deprecated: null,
      integrity: "sha512-x",
      sha256: "00",
      size: 1,
      blobKey: `sha256/${version.replaceAll(".", "")}`,
      content: JSON.stringify({
        manifest: { name, version, publisher: "acme", description },
        mcp: { mcpServers: {} },
        skills: [],
      }),
    };
    const base: ConnectorState = state ?? {
      id: 0,
      name,
      publisherId,
      publisher: "acme",
      createdAt: record.publishedAt,
      updatedAt: record.publishedAt,
      versions: [],
      tags: {},
    };
    const next = { ...base, versions: [...base.versions, record] };
    const fields = await qualityFields(
      tx,
      { publicUrl: "http://registry.test", now: () => new Date() },
      next,
    );
    const id = state
      ? (await tx.updateConnector(state.id, fields), state.id)
      : await tx.createConnector({ name, publisherId, createdAt: record.publishedAt, fields });
    await tx.insertVersion(id, record, versionDocument(name, "acme", record, "http://registry.test"));
  });
}
