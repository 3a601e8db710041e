import { afterEach, describe, expect, it } from "vitest";
import type { PluginManifest } from "../../src/core/types.js";
import type { ConnectorState } from "../../src/db/connector-rows.js";
import type { ConnectorSummary, SearchQuery } from "../../src/db/listing-queries.js";
import type { RegistryRepository } from "../../src/db/repository.js";
import { versionDocument } from "../../src/registry/documents.js";
import { qualityFields } from "../../src/registry/quality.js";

const URL = "http://registry.test";
const AT = "2026-01-01T00:00:00.000Z";
const DEPS = { publicUrl: URL, now: () => new Date(AT) };
// A small pool, so that characters and pairs are shared by many connectors, as in Chinese text.
const HAN = "数据股票行情知识星球天气地图".split("");

/** A deterministic pseudo-random sequence (the pages must be comparable run to run). */
function sequence(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

/** 160 connectors whose CJK text varies in length, repeats and place (title, description, translation). */
function manifests(): PluginManifest[] {
  const next = sequence(29);
  const word = (n: number) => Array.from({ length: n }, () => HAN[Math.floor(next() * HAN.length)]).join("");
  return Array.from({ length: 160 }, (_, i) => {
    const kind = i % 5;
    const m: PluginManifest = {
      name: `c-${String(i).padStart(3, "0")}`,
      version: "1.0.0",
      publisher: "acme",
      description:
        kind === 3 ? `tools for ${word(2)} and ${word(3)} data` : `plain words ${i % 7 ? "x" : "y z"}`,
    };
    // Equal texts on purpose: rank ties must page by name.
    if (kind === 0) m.displayName = i % 3 ? word(2) : "数据";
    if (kind !== 3)
      m.i18n = {
        "zh-CN": {
          description:
            kind === 4 ? "数据股票" : Array.from({ length: 1 + (i % 4) }, () => word(4)).join("、"),
        },
      };
    if (kind === 2) m.keywords = [word(2), "kw"];
    return m;
  });
}

function contentOf(manifest: PluginManifest): string {
  return JSON.stringify({ manifest, mcp: { mcpServers: {} }, skills: [] });
}

async function addAll(repo: RegistryRepository, list: PluginManifest[]): Promise<void> {
  const { id: publisherId } = await repo.ensurePublisher("acme", AT);
  await repo.transaction(async (tx) => {
    for (const manifest of list) {
      const v = {
        version: "1.0.0",
        publishedAt: AT,
        yanked: false,
        deprecated: null,
        integrity: "sha512-x",
        sha256: "00",
        size: 1,
        blobKey: `sha256/${manifest.name}`,
        content: contentOf(manifest),
      };
      const state: ConnectorState = {
        id: 0,
        name: manifest.name,
        publisherId,
        publisher: "acme",
        createdAt: AT,
        updatedAt: AT,
        versions: [v],
        tags: {},
      };
      const fields = await qualityFields(tx, DEPS, state);
      const id = await tx.createConnector({ name: manifest.name, publisherId, createdAt: AT, fields });
      await tx.insertVersion(id, v, versionDocument(manifest.name, "acme", v, URL));
    }
  });
}

type Search = (query: SearchQuery) => Promise<ConnectorSummary[]>;

/** Every page of a search, walked by keyset with `limit` per page. */
async function walk(search: Search, query: SearchQuery): Promise<ConnectorSummary[][]> {
  const pages: ConnectorSummary[][] = [];
  let after: SearchQuery["after"];
  for (let n = 0; n < 200; n++) {
    const hits = await search({ ...query, ...(after ? { after } : {}) });
    pages.push(hits);
    const last = hits[hits.length - 1];
    if (hits.length < query.limit || !last) return pages;
    after = { key: last.key, name: last.name };
  }
  throw new Error("more than 200 pages");
}

/** The queries of one CJK gram: every character (a prefix) and some pairs, at several page sizes. */
const GRAM_QUERIES: SearchQuery[] = [
  ...HAN.flatMap((ch) => [1, 7].map((limit) => ({ terms: [ch], sort: "relevance" as const, limit }))),
  ...["数据", "股票", "星球", "据股", "图数"].flatMap((t) =>
    [2, 20].map((limit) => ({ terms: [t], sort: "relevance" as const, limit })),
  ),
];

/** A repository, the same database's search without the gram rows, and whether they answer a query. */
export interface GramPagesSubject {
  repo: RegistryRepository;
  /** The full ranking of every match (the dialect's search with `grams: false`). */
  full: Search;
  /** Whether the gram rows answer `query` (so the comparison is not of two full rankings). */
  answered: (query: SearchQuery) => Promise<boolean>;
  close: () => Promise<void>;
}

/**
 * A one-gram CJK query ranked from the gram rows (connector_grams: sqlite-gram-page.ts, pg-gram-rows.ts)
 * gives every page, key and cursor the full ranking gives.
 */
export function gramPagesContract(name: string, open: () => Promise<GramPagesSubject>): void {
  describe(`${name} (one-gram CJK pages)`, () => {
    let subject: GramPagesSubject | undefined;
    afterEach(async () => {
      await subject?.close();
      await subject?.repo.close();
      subject = undefined;
    });

    /** Each query walked both ways, every page compared. */
    async function compare(db: GramPagesSubject): Promise<ConnectorSummary[][][]> {
      const fast = [];
      const full = [];
      for (const query of GRAM_QUERIES) {
        expect(await db.answered(query), JSON.stringify(query)).toBe(true);
        fast.push(await walk((q) => db.repo.search(q), query));
        full.push(await walk(db.full, query));
      }
      expect(fast).toEqual(full);
      return fast;
    }

    it("pages, keys and cursors equal the full ranking's, for every character and some pairs", async () => {
      const db = (subject = await open());
      await addAll(db.repo, manifests());
      const fast = await compare(db);
      // Enough rows and pages to mean something: ties, tiers and several pages.
      expect(fast.flat(2).length).toBeGreaterThan(1000);
      expect(fast.some((pages) => pages.length > 5)).toBe(true);
    });

    it("follows connectors rewritten through the registry's own write", async () => {
      const db = (subject = await open());
      const list = manifests();
      await addAll(db.repo, list);
      for (const [i, manifest] of list.slice(0, 30).entries()) {
        await db.repo.transaction(async (tx) => {
          const state = (await tx.loadConnector(manifest.name))!;
          const changed = { ...manifest, displayName: i % 2 ? "星球数据" : "plain", i18n: undefined };
          const versions = state.versions.map((v) => ({ ...v, content: contentOf(changed) }));
          await tx.updateConnector(state.id, await qualityFields(tx, DEPS, { ...state, versions }));
        });
      }
      await compare(db);
    });
  });
}
