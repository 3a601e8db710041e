import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import Database from "better-sqlite3";
import { expect, it } from "vitest";
import { ROOT } from "../helpers/cli.js";
import { tempDir } from "../helpers/tmp.js";

// `connectory-registry import` (the built binary) SIGKILLed mid-run, twice: whatever moment the kill
// lands on, every entry in the registry is whole (connector, version, blob with its bytes, provenance) or
// absent, and the next run finishes the job.

const BIN = path.join(ROOT, "bin/connectory-registry.js");
const ENTRIES = 240;

function run(env: Record<string, string>, file: string, killAt?: string) {
  return new Promise<{ signal: NodeJS.Signals | null; code: number | null; stdout: string; stderr: string }>(
    (resolve, reject) => {
      const child = spawn(process.execPath, [BIN, "import", file, "--json"], {
        env: { ...process.env, ...env },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let stdout = "";
      let stderr = "";
      child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
      child.stderr.on("data", (d: Buffer) => {
        stderr += d.toString();
        if (killAt !== undefined && stderr.includes(killAt)) child.kill("SIGKILL");
      });
      child.on("error", reject);
      child.on("exit", (code, signal) => resolve({ code, signal, stdout, stderr }));
    },
  );
}

/** Every connector in the database, checked whole: its versions' rows, documents, blobs and provenance. */
async function wholeEntries(dbFile: string, blobDir: string): Promise<string[]> {
  const db = new Database(dbFile, { readonly: true });
  try {
    const connectors = db.prepare("SELECT id, name, document FROM connectors ORDER BY name").all() as Array<{
      id: number;
      name: string;
      document: string;
    }>;
    for (const c of connectors) {
      const versions = db
        .prepare(
          "SELECT version, blob_key, sha256, size, provenance, document FROM versions WHERE connector_id = ?",
        )
        .all(c.id) as Array<Record<string, string>>;
      expect(versions.length, c.name).toBe(1);
      const doc = JSON.parse(c.document) as { versions: Record<string, unknown> };
      for (const v of versions) {
        expect(Object.keys(doc.versions), c.name).toContain(v.version);
        expect(JSON.parse(v.provenance!).upstreamName, c.name).toBe(`io.github.acme/tool-${c.name.slice(5)}`);
        const hex = v.blob_key!.split("/").pop()!;
        const bytes = await fs.readFile(path.join(blobDir, "sha256", hex.slice(0, 2), hex));
        expect(createHash("sha256").update(bytes).digest("hex"), c.name).toBe(v.sha256);
      }
    }
    return connectors.map((c) => c.name);
  } finally {
    db.close();
  }
}

it("an import killed at any point leaves whole entries or none, and the next run finishes", async () => {
  const dir = await tempDir();
  const dbFile = path.join(dir, "registry.db");
  const blobDir = path.join(dir, "blobs");
  const env = { DATABASE_URL: dbFile, STORAGE_DIR: blobDir, PUBLIC_URL: "http://registry.test" };
  const file = path.join(dir, "servers.json");
  const entries = Array.from({ length: ENTRIES }, (_, i) => ({
    name: `io.github.acme/tool-${i}`,
    description: `Tool number ${i}.`,
    version: "1.0.0",
    remotes: [{ type: "streamable-http", url: `https://mcp.acme.dev/${i}/mcp` }],
  }));
  await fs.writeFile(file, JSON.stringify(entries));

  const first = await run(env, file, `import: 50/${ENTRIES}`);
  expect(first.signal).toBe("SIGKILL");
  const afterFirst = await wholeEntries(dbFile, blobDir);
  expect(afterFirst.length).toBeGreaterThanOrEqual(50);
  expect(afterFirst.length).toBeLessThan(ENTRIES);

  const second = await run(env, file, `import: 150/${ENTRIES}`);
  expect(second.signal).toBe("SIGKILL");
  const afterSecond = await wholeEntries(dbFile, blobDir);
  expect(afterSecond.length).toBeGreaterThanOrEqual(150);

  const last = await run(env, file);
  expect(last.code, last.stderr).toBe(0);
  const report = JSON.parse(last.stdout) as { counts: Record<string, number> };
  expect(report.counts.refused).toBe(0);
  expect(report.counts.unchanged).toBeGreaterThanOrEqual(150);
  expect(report.counts.imported! + report.counts.unchanged!).toBe(ENTRIES);
  expect((await wholeEntries(dbFile, blobDir)).length).toBe(ENTRIES);
});
