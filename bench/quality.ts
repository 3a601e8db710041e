// `npm run bench:quality`: what the quality score costs (issue 19), printed as a table: scoring itself,
// a recompute per connector, the daily refresh of all, and showing the score on search pages (API and web) next to a sort that
// does not involve it; the repository calls per page show there is no extra query per connector.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createApp } from "../src/server/app.js";
import { scoreQuality } from "../src/core/quality/score.js";
import type { QualityInput } from "../src/core/quality/input.js";
import { CATEGORIES } from "../src/core/types.js";
import { openDatabase } from "../src/db/open-database.js";
import type { ConnectorState, VersionRecord } from "../src/db/connector-rows.js";
import type { RegistryRepository } from "../src/db/repository.js";
import { versionDocument } from "../src/registry/documents.js";
import { qualityFields } from "../src/registry/quality.js";
import { FsBlobStore } from "../src/storage/fs-blob-store.js";
import { answerHelp } from "./lib/help.js";

answerHelp(import.meta.url);

const CONNECTORS = 1000;
const PUBLIC_URL = "http://bench.test";
const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.ceil((p / 100) * values.length) - 1]!;
const ms = (v: number) => v.toFixed(2);

/** Counts every repository call, by method: a search page must make one, whatever it shows. */
function counting(repo: RegistryRepository): { repo: RegistryRepository; calls: Map<string, number> } {
  const calls = new Map<string, number>();
  const proxy = new Proxy(repo, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver) as unknown;
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        calls.set(String(key), (calls.get(String(key)) ?? 0) + 1);
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { repo: proxy, calls };
}

async function populate(repo: RegistryRepository): Promise<void> {
  const publisher = await repo.ensurePublisher("bench", new Date().toISOString());
  for (let start = 0; start < CONNECTORS; start += 250) {
    await repo.transaction(async (tx) => {
      for (let i = start; i < start + 250; i++) {
        const name = `gen-${i}`;
        const manifest = {
          name,
          version: "1.0.0",
          publisher: "bench",
          description: `generated connector ${i}`,
          categories: [CATEGORIES[i % CATEGORIES.length]!],
          ...(i % 2 ? { license: "MIT" } : {}),
          ...(i % 3 ? { repository: "https://example.com/r" } : {}),
        };
        const v: VersionRecord = {
          version: "1.0.0",
          publishedAt: new Date(Date.now() - i * 86_400_000).toISOString(),
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
            ...(i % 4 ? { readme: "word ".repeat(i % 100) } : {}),
          }),
          warnings: "[]",
        };
        const state: ConnectorState = {
          id: 0,
          name,
          publisherId: publisher.id,
          publisher: "bench",
          createdAt: v.publishedAt,
          updatedAt: v.publishedAt,
          versions: [v],
          tags: {},
        };
        const fields = await qualityFields(tx, { publicUrl: PUBLIC_URL, now: () => new Date() }, state);
        const id = await tx.createConnector({
          name,
          publisherId: publisher.id,
          createdAt: v.publishedAt,
          fields,
        });
        await tx.insertVersion(id, v, versionDocument(name, "bench", v, PUBLIC_URL));
      }
    });
  }
}

const get = async (app: ReturnType<typeof createApp>, url: string) =>
  (await app.request(`${PUBLIC_URL}${url}`)).text();

async function timed(n: number, fn: (i: number) => Promise<unknown>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const start = performance.now();
    await fn(i);
    out.push(performance.now() - start);
  }
  return out;
}

async function main(): Promise<void> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "connectory-bench-quality-"));
  const base = await openDatabase(path.join(dir, "registry.db"));
  const { repo, calls } = counting(base);
  const rows: string[][] = [];
  try {
    await populate(base);
    const app = createApp({
      db: repo,
      blobs: new FsBlobStore(path.join(dir, "blobs")),
      publicUrl: PUBLIC_URL,
    });
    await app.registry.ready();

    const input: QualityInput = {
      now: new Date(),
      releases: [{ version: "1.0.0", publishedAt: new Date().toISOString(), yanked: false }],
      community: { weeklyDownloads: 12, previousWeeklyDownloads: 9, openReports: 0 },
    };
    const N = 20_000;
    const t0 = performance.now();
    for (let i = 0; i < N; i++) scoreQuality(input);
    rows.push([
      "scoreQuality (pure)",
      `${(((performance.now() - t0) * 1000) / N).toFixed(1)} µs`,
      "",
      `${N} calls`,
    ]);

    const refresh = await timed(300, (i) => app.registry.refreshQuality(`gen-${i}`));
    rows.push([
      "refreshQuality (one connector, 1 tx)",
      ms(percentile(refresh, 50)),
      ms(percentile(refresh, 95)),
      "300 connectors",
    ]);

    // The daily refresh: half the connectors were checked 8 days ago and not since, so their 7-day
    // window has emptied and the refresh renews their summaries from the stored checks.
    const aged = new Date(Date.now() - 8 * 86_400_000).toISOString();
    for (let i = 0; i < CONNECTORS; i += 2)
      await base.recordCheck(`gen-${i}`, "1.0.0", { checkedAt: aged, status: "up", kind: "remote" });
    for (const label of ["renews 500 aged summaries", "nothing moved"]) {
      calls.clear();
      const start = performance.now();
      await app.registry.refreshAllQuality();
      rows.push([
        `refreshAllQuality (${label})`,
        ms(performance.now() - start),
        "",
        `${CONNECTORS} connectors, ${calls.get("stabilityEvidenceMany") ?? 0} stabilityEvidenceMany call(s)`,
      ]);
    }

    for (const [label, url] of [
      ["GET /v1/connectors?sort=downloads", "/v1/connectors?sort=downloads&limit=20"],
      ["GET /v1/connectors?sort=quality", "/v1/connectors?sort=quality&limit=20"],
      ["GET /search?sort=downloads (web)", "/search?sort=downloads"],
      ["GET /search?sort=quality (web)", "/search?sort=quality"],
      ["GET /v1/connectors/:name (with quality)", "/v1/connectors/gen-7"],
    ] as const) {
      await timed(30, () => get(app, url));
      calls.clear();
      const t = await timed(300, () => get(app, url));
      const perPage = [...calls.values()].reduce((a, b) => a + b, 0) / 300;
      rows.push([
        label,
        ms(percentile(t, 50)),
        ms(percentile(t, 95)),
        `${perPage} repository call(s) per request`,
      ]);
    }
    console.log(`\nquality score, ${CONNECTORS} connectors on SQLite, in-process (ms unless said)`);
    console.log(table(["WHAT", "P50", "P95", "NOTE"], rows));
    await app.registry.deps.readme.close();
  } finally {
    await base.close();
    await fs.rm(dir, { recursive: true, force: true });
  }
}

function table(head: string[], body: string[][]): string {
  const all = [head, ...body];
  const widths = head.map((_, i) => Math.max(...all.map((r) => (r[i] ?? "").length)));
  return all
    .map((r) =>
      r
        .map((c, i) => c.padEnd(widths[i] as number))
        .join("  ")
        .trimEnd(),
    )
    .join("\n");
}

await main();
