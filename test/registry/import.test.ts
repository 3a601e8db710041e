import fs from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createApp } from "../../src/server/app.js";
import { openDatabase } from "../../src/db/open-database.js";
import { runAdminCaptured } from "../helpers/admin.js";
import { tempDir } from "../helpers/tmp.js";
import { realWorld } from "../core/convert/real-world.js";
import { MemoryBlobStore } from "../../src/storage/memory-blob-store.js";

// `connectory-registry import` against a real SQLite registry from the real migrations and a blob folder.

interface Report {
  counts: { imported: number; updated: number; unchanged: number; refused: number };
  entries: Array<{
    entry: string;
    status: string;
    name?: string;
    version?: string;
    code?: string;
    reason?: string;
  }>;
}

const entry = (name: string, version: string, description = "Acme tools.") => ({
  name: `io.github.acme/${name}`,
  description,
  version,
  packages: [{ registryType: "npm", identifier: `@acme/${name}`, version, transport: { type: "stdio" } }],
});

async function registry() {
  const dir = await tempDir();
  const env = { STORAGE_DIR: path.join(dir, "blobs") };
  const databaseUrl = path.join(dir, "registry.db");
  const run = async (source: string): Promise<{ code: number; report: Report; stderr: string }> => {
    const r = await runAdminCaptured(["import", source, "--json"], { databaseUrl, env });
    return {
      code: r.code,
      report: r.code === 0 ? (JSON.parse(r.stdout) as Report) : ({} as Report),
      stderr: r.stderr + r.stdout,
    };
  };
  return { dir, run, databaseUrl };
}

describe("connectory-registry import", () => {
  it("imports, is idempotent, adds new versions, keeps names apart and lists every refusal", async () => {
    const { dir, run, databaseUrl } = await registry();
    const file = path.join(dir, "servers.json");
    const first = [
      entry("tools", "1.0.0"),
      { ...entry("mcp-server", "1.0.0"), name: "io.github.other/mcp-server" },
      entry("mcp-server", "1.0.0"),
      { name: "io.github.acme/empty", version: "1.0.0" },
    ];
    await fs.writeFile(file, JSON.stringify(first));
    const a = await run(file);
    expect(a.code).toBe(0);
    expect(a.report.counts).toEqual({
      imported: 3,
      updated: 0,
      unchanged: 0,
      refused: 1,
      yanked: 0,
      deprecated: 0,
      restored: 0,
    });
    expect(a.report.entries.map((e) => [e.entry, e.status, e.name ?? e.code])).toEqual([
      ["io.github.acme/tools", "imported", "tools"],
      ["io.github.other/mcp-server", "imported", "mcp-server"],
      // The second mcp-server is another publisher's: it is placed under <publisher>-<name>.
      ["io.github.acme/mcp-server", "imported", "acme-mcp-server"],
      ["io.github.acme/empty", "refused", "convert.refused.no-server"],
    ]);

    const again = await run(file);
    expect(again.report.counts).toEqual({
      imported: 0,
      updated: 0,
      unchanged: 3,
      refused: 1,
      yanked: 0,
      deprecated: 0,
      restored: 0,
    });

    // A new upstream version is a new version; the same version with other content is refused, untouched.
    await fs.writeFile(
      file,
      JSON.stringify([entry("tools", "1.1.0"), entry("mcp-server", "1.0.0", "Changed.")]),
    );
    const next = await run(file);
    expect(next.report.entries.map((e) => [e.status, e.code ?? e.version])).toEqual([
      ["updated", "1.1.0"],
      ["refused", "import.version.changed"],
    ]);

    // What was imported is served, with its provenance in the package.
    const repo = await openDatabase(databaseUrl);
    try {
      const app = createApp({ db: repo, blobs: new MemoryBlobStore(), publicUrl: "http://r.test" });
      const doc = (await (await app.request("http://r.test/v1/connectors/tools")).json()) as {
        publisher: string;
        versions?: unknown;
      };
      expect(doc.publisher).toBe("acme");
      const versions = (await (await app.request("http://r.test/v1/connectors/tools/1.1.0")).json()) as {
        keywords?: string[];
      };
      expect(JSON.stringify(versions)).toContain("io.github.acme/tools");
    } finally {
      await repo.close();
    }
  });

  it("versions a placeholder by content: ordered, stable across runs and registries, latest moves (issue 32 #1)", async () => {
    const { dir, run, databaseUrl } = await registry();
    const file = path.join(dir, "servers.json");
    await fs.writeFile(file, JSON.stringify([entry("seeded", "0.0.1-seed")]));
    const first = (await run(file)).report.entries[0]!;
    expect(first.status).toBe("imported");
    expect(first.version).toMatch(/^0\.0\.1-seed\.c[0-9a-f]{12}$/);
    // The same snapshot again: the same version, nothing new.
    const again = (await run(file)).report.entries[0]!;
    expect([again.status, again.version]).toEqual(["unchanged", first.version]);
    // The upstream changed without a new version: a new version above the first, not a refusal.
    await fs.writeFile(file, JSON.stringify([entry("seeded", "0.0.1-seed", "Changed.")]));
    const changed = (await run(file)).report.entries[0]!;
    expect(changed.status).toBe("updated");
    expect(changed.version).toMatch(/^0\.0\.2-seed\.c[0-9a-f]{12}$/);
    const repo = await openDatabase(databaseUrl);
    try {
      const app = createApp({ db: repo, blobs: new MemoryBlobStore(), publicUrl: "http://r.test" });
      const doc = (await (await app.request("http://r.test/v1/connectors/seeded")).json()) as {
        distTags: Record<string, string>;
      };
      expect(doc.distTags.latest).toBe(changed.version);
    } finally {
      await repo.close();
    }
    // Another registry importing that content first numbers it 1, with the same content digest.
    const other = await registry();
    const elsewhere = (await other.run(file)).report.entries[0]!;
    expect(elsewhere.version).toBe(changed.version!.replace(/^0\.0\.2-/, "0.0.1-"));
  });

  it("follows the cursors of an official-API registry's /v0.1/servers", async () => {
    const pages: Record<string, unknown> = {
      "": {
        servers: [{ server: entry("one", "1.0.0"), _meta: {} }],
        metadata: { count: 1, nextCursor: "p2" },
      },
      p2: { servers: [{ server: entry("two", "2.0.0"), _meta: {} }], metadata: { count: 1 } },
    };
    const seen: string[] = [];
    const server = createServer((req, res) => {
      const url = new URL(req.url!, "http://x");
      seen.push(`${url.pathname}?${url.searchParams}`);
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify(pages[url.searchParams.get("cursor") ?? ""] ?? {}));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { run } = await registry();
      const r = await run(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
      expect(r.report.entries.map((e) => [e.name, e.status])).toEqual([
        ["one", "imported"],
        ["two", "imported"],
      ]);
      expect(seen).toEqual([
        "/v0.1/servers?limit=100&include_deleted=true",
        "/v0.1/servers?limit=100&include_deleted=true&cursor=p2",
      ]);
    } finally {
      server.close();
    }
  });

  it.each([
    ["broken JSON", "{ nope", "import.source.invalid"],
    ["a missing path", undefined, "import.source.missing"],
  ])("refuses %s with a code and changes nothing", async (_, content, code) => {
    const { dir, run } = await registry();
    const file = path.join(dir, "in.json");
    if (content !== undefined) await fs.writeFile(file, content);
    const r = await run(file);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stderr).error.code).toBe(code);
    await expect(fs.stat(path.join(dir, "blobs"))).rejects.toThrow();
  });

  it(
    "imports the real catalogs: seed, Docker and the Claude marketplace, every refusal with its reason",
    { timeout: 300_000 },
    async () => {
      const { run, databaseUrl } = await registry();
      const seed = await run(realWorld("official-registry-seed.server.json"));
      expect(seed.report.counts.imported + seed.report.counts.updated).toBeGreaterThanOrEqual(
        Math.ceil(358 * 0.95),
      );
      const docker = await run(realWorld("docker-mcp-registry"));
      const dockerIn = docker.report.counts.imported + docker.report.counts.updated;
      expect(dockerIn).toBeGreaterThanOrEqual(Math.ceil(328 * 0.95));
      // A Docker remote that signs in with OAuth is imported as one: `oauth` on its remote server.
      const repo = await openDatabase(databaseUrl);
      try {
        const app = createApp({ db: repo, blobs: new MemoryBlobStore(), publicUrl: "http://r.test" });
        const placed = docker.report.entries.find((e) => e.entry.includes("atlassian-remote"))!;
        expect(placed.status, JSON.stringify(placed)).toBe("imported");
        const res = await app.request(`http://r.test/v1/connectors/${placed.name}/${placed.version}`);
        const doc = (await res.json()) as { mcp: { mcpServers: Record<string, Record<string, unknown>> } };
        expect(res.status, JSON.stringify(doc)).toBe(200);
        expect(Object.values(doc.mcp.mcpServers)).toEqual([
          {
            type: "streamable-http",
            url: "https://mcp.atlassian.com/v1/mcp",
            oauth: {},
          },
        ]);
      } finally {
        await repo.close();
      }
      const claude = await run(realWorld("claude-plugins-official"));
      expect(claude.report.counts.imported + claude.report.counts.updated).toBe(28);
      const refusals: Record<string, number> = {};
      for (const r of [seed, docker, claude])
        for (const e of r.report.entries.filter((e) => e.status === "refused")) {
          expect(e.reason?.length).toBeGreaterThan(10);
          refusals[e.code!] = (refusals[e.code!] ?? 0) + 1;
        }
      console.log(
        "import",
        JSON.stringify({
          seed: seed.report.counts,
          docker: docker.report.counts,
          claude: claude.report.counts,
          refusals,
        }),
      );
      // The 25 Claude plugins with neither a server nor a skill are not in the shipped snapshot (catalogs/).
      expect(refusals).toEqual({
        "convert.refused.not-a-connector": 3,
        "convert.refused.source-missing": 25,
        "convert.refused.remote-source": 233,
      });
    },
  );
});
