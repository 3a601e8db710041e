// `npm run bench:web`: server time of the web pages with 10,000 connectors in the registry
// (`npm run bench:web -- --connectors 100000` for the large run of issue 14).
// Connectors are written through the repository (the publish path validates and packs each package,
// which would take minutes); their documents are built by the same code publish uses, and marked current
// so the first request does not rebuild them.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createApp } from "../src/server/app.js";
import { validatePackage } from "../src/core/package/validate-package.js";
import type { Category, PackageFiles } from "../src/core/types.js";
import { CATEGORIES } from "../src/core/types.js";
import { openDatabase } from "../src/db/open-database.js";
import type { ConnectorState, VersionRecord } from "../src/db/connector-rows.js";
import type { PublisherRow } from "../src/db/publisher-rows.js";
import { computeIntegrity } from "../src/package/integrity.js";
import { packFiles } from "../src/package/pack.js";
import { versionContent, versionDocument } from "../src/registry/documents.js";
import { qualityFields } from "../src/registry/quality.js";
import { markDocumentsCurrent } from "../src/registry/rebuild.js";
import { blobKey } from "../src/storage/blob-store.js";
import { FsBlobStore } from "../src/storage/fs-blob-store.js";
import { answerHelp } from "./lib/help.js";

answerHelp(import.meta.url);

const sizeFlag = process.argv.indexOf("--connectors");
const CONNECTORS = sizeFlag === -1 ? 10_000 : Number(process.argv[sizeFlag + 1]);
if (!Number.isInteger(CONNECTORS) || CONNECTORS < 1000)
  throw new Error("--connectors takes a whole number ≥ 1000");
const PUBLISHERS = 50;
const PUBLIC_URL = "http://bench.local";
const TARGET_MS = 50;
/** Issue 14: a connector page seen before, at any size. */
const WARM_TARGET_MS = 10;

const text = (s: string) => new TextEncoder().encode(s);

/** A realistic package: two servers, a secret credential, a skill, an icon and a 4 KB README. */
function templateFiles(): PackageFiles {
  const readme = [
    "# Bench connector",
    "",
    "Some **markdown** with [a link](https://example.com), `code`, and a list:",
    "",
    ...Array.from(
      { length: 20 },
      (_, i) => `- item ${i}: lorem ipsum dolor sit amet, consectetur adipiscing elit`,
    ),
    "",
    "```json",
    '{ "mcpServers": { "bench": { "url": "https://example.com/mcp" } } }',
    "```",
    "",
    "| column | value |",
    "|---|---|",
    ...Array.from({ length: 15 }, (_, i) => `| row ${i} | ${i * 7} |`),
    "",
    ...Array.from({ length: 12 }, () =>
      "A paragraph of prose that explains what the connector does and how to set it up. ".repeat(2),
    ),
  ].join("\n");
  return new Map<string, Uint8Array>([
    [
      "plugin.json",
      text(
        JSON.stringify({
          name: "bench",
          version: "1.0.0",
          description: "x",
          publisher: "p0",
          icon: "icon.svg",
        }),
      ),
    ],
    [
      "mcp.json",
      text(
        JSON.stringify({
          mcpServers: {
            api: {
              type: "streamable-http",
              url: "https://api.example.com/mcp",
              headers: { Authorization: "Bearer ${API_TOKEN}" },
            },
            local: { command: "npx", args: ["-y", "@example/bench-server"], env: { REGION: "${REGION}" } },
          },
        }),
      ),
    ],
    [
      "token-schema.json",
      text(
        JSON.stringify({
          type: "object",
          properties: {
            API_TOKEN: {
              type: "string",
              title: "API token",
              description: "From the dashboard",
              secret: true,
            },
            REGION: { type: "string", title: "Region", default: "eu" },
          },
          required: ["API_TOKEN"],
          additionalProperties: false,
        }),
      ),
    ],
    [
      "skills/lookup/SKILL.md",
      text("---\nname: lookup\ndescription: Look things up with the bench connector.\n---\n\nSteps.\n"),
    ],
    [
      "icon.svg",
      text('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="4"/></svg>'),
    ],
    ["README.md", text(readme)],
  ]);
}

const WORDS = [
  "stocks",
  "weather",
  "github",
  "search",
  "maps",
  "notes",
  "mail",
  "chat",
  "files",
  "sql",
  "vector",
  "browser",
];

async function seed(app: ReturnType<typeof createApp>, blobs: FsBlobStore) {
  const repo = app.registry.deps.repo;
  const files = templateFiles();
  const report = validatePackage(files);
  if (!report.package) throw new Error("bench template package is invalid");
  const bytes = await packFiles(files);
  const digest = computeIntegrity(bytes);
  await blobs.put(blobKey(digest.sha256), bytes);
  const publishers: PublisherRow[] = [];
  for (let p = 0; p < PUBLISHERS; p++)
    publishers.push(await repo.ensurePublisher(`publisher-${p}`, new Date().toISOString()));
  const base = Date.UTC(2025, 0, 1);
  for (let start = 0; start < CONNECTORS; start += 500) {
    await repo.transaction(async (tx) => {
      for (let i = start; i < Math.min(CONNECTORS, start + 500); i++) {
        const name = `${WORDS[i % WORDS.length]}-connector-${i}`;
        const publisher = publishers[i % PUBLISHERS]!;
        const word = WORDS[(i * 7) % WORDS.length]!;
        const categories = [CATEGORIES[i % CATEGORIES.length] as Category];
        const count = i % 10 === 0 ? 3 : 1; // every tenth has history: 1.0.0 (yanked), 1.1.0 (deprecated), 1.2.0
        const versions: VersionRecord[] = [];
        for (let v = 0; v < count; v++) {
          const version = count === 1 ? "1.0.0" : `1.${v}.0`;
          const manifest = {
            ...report.package!.manifest,
            name,
            version,
            publisher: publisher.name,
            displayName: `${word[0]!.toUpperCase()}${word.slice(1)} Connector ${i}`,
            description: `Connects your assistant to ${word} data: generated connector number ${i} for the web benchmark.`,
            keywords: [word, "bench", `k${i % 100}`],
            categories,
          };
          const publishedAt = new Date(base + i * 60_000 + v * 1000).toISOString();
          versions.push({
            version,
            publishedAt,
            yanked: count > 1 && v === 0,
            deprecated: count > 1 && v === 1 ? "use 1.2.0" : null,
            ...digest,
            blobKey: blobKey(digest.sha256),
            content: JSON.stringify(versionContent({ ...report.package!, manifest })),
          });
        }
        const last = versions[versions.length - 1]!;
        const state: ConnectorState = {
          id: 0,
          name,
          publisherId: publisher.id,
          publisher: publisher.name,
          createdAt: versions[0]!.publishedAt,
          updatedAt: last.publishedAt,
          versions,
          tags: {},
        };
        const id = await tx.createConnector({
          name,
          publisherId: publisher.id,
          createdAt: state.createdAt,
          fields: await qualityFields(tx, { publicUrl: PUBLIC_URL, now: () => new Date() }, state),
        });
        for (const v of versions)
          await tx.insertVersion(id, v, versionDocument(name, publisher.name, v, PUBLIC_URL));
      }
    });
  }
  await markDocumentsCurrent(repo, PUBLIC_URL);
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

async function measure(
  app: ReturnType<typeof createApp>,
  paths: string[],
): Promise<{ p50: number; p95: number; max: number }> {
  const times: number[] = [];
  for (const p of paths) {
    const start = process.hrtime.bigint();
    const res = await app.request(`${PUBLIC_URL}${p}`);
    const body = await res.text();
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
    if (res.status !== 200 || body.length < 500) throw new Error(`GET ${p}: ${res.status}`);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), max: times[times.length - 1] ?? NaN };
}

async function main(): Promise<void> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "connectory-bench-web-"));
  const repo = await openDatabase(path.join(dir, "registry.db"));
  const blobs = new FsBlobStore(path.join(dir, "blobs"));
  try {
    const app = createApp({ db: repo, blobs, publicUrl: PUBLIC_URL, log: (e) => console.error(e) });
    const seedStart = Date.now();
    await seed(app, blobs);
    process.stderr.write(
      `seeded ${CONNECTORS} connectors in ${((Date.now() - seedStart) / 1000).toFixed(1)} s\n`,
    );

    const name = (i: number) => `${WORDS[i % WORDS.length]}-connector-${i}`;
    // Visit order is a fixed pseudo-random permutation, so every run measures the same requests.
    const order = Array.from({ length: CONNECTORS }, (_, i) => (i * 7919) % CONNECTORS);
    await measure(app, ["/", "/c/" + name(1), "/search?q=weather"]); // JIT warm-up, not counted
    const rows: Array<[string, string, { p50: number; p95: number; max: number }]> = [];
    rows.push([
      "connector page, first visit (caches cold)",
      "1000",
      await measure(
        app,
        order.slice(0, 1000).map((i) => `/c/${name(i)}`),
      ),
    ]);
    rows.push([
      "connector page, repeat visit",
      "1000",
      await measure(
        app,
        order.slice(0, 1000).map((i) => `/c/${name(i)}`),
      ),
    ]);
    rows.push([
      "connector page, pinned version (3 versions)",
      "200",
      await measure(
        app,
        Array.from({ length: 200 }, (_, k) => `/c/${name(k * 10)}/1.1.0`),
      ),
    ]);
    rows.push([
      "home page",
      "200",
      await measure(
        app,
        Array.from({ length: 200 }, () => "/"),
      ),
    ]);
    rows.push([
      "search page (q=weather)",
      "200",
      await measure(
        app,
        Array.from({ length: 200 }, (_, k) => `/search?q=${WORDS[k % WORDS.length]}`),
      ),
    ]);
    rows.push([
      "publisher page (200 connectors)",
      "20",
      await measure(
        app,
        Array.from({ length: 20 }, (_, k) => `/p/publisher-${k}`),
      ),
    ]);

    const fmt = (n: number) => n.toFixed(2).padStart(8);
    console.log(
      `\nWeb pages, ${CONNECTORS.toLocaleString("en")} connectors, app.request() in-process, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? "cpu"})\n`,
    );
    console.log(
      `${"page".padEnd(46)} ${"n".padStart(5)} ${"p50 ms".padStart(8)} ${"p95 ms".padStart(8)} ${"max ms".padStart(8)}`,
    );
    for (const [label, n, r] of rows)
      console.log(`${label.padEnd(46)} ${n.padStart(5)} ${fmt(r.p50)} ${fmt(r.p95)} ${fmt(r.max)}`);
    const connector = rows[0]![2];
    const warm = rows[1]![2];
    const ok = connector.p95 <= TARGET_MS;
    const warmOk = warm.p95 <= WARM_TARGET_MS;
    console.log(
      `\ntarget: connector page ≤ ${TARGET_MS} ms server time (cold p95 ${connector.p95.toFixed(2)} ms): ${ok ? "met" : "NOT met"}`,
    );
    console.log(
      `target: connector page ≤ ${WARM_TARGET_MS} ms warm (repeat visit p95 ${warm.p95.toFixed(2)} ms): ${warmOk ? "met" : "NOT met"}`,
    );
    console.log(
      `load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(" ")} (other work on the machine)`,
    );
    if (!ok || !warmOk) process.exitCode = 1;
  } finally {
    await repo.close();
    await fs.rm(dir, { recursive: true, force: true });
  }
}

await main();
