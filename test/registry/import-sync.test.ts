import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../src/db/open-database.js";
import { runAdminCaptured } from "../helpers/admin.js";
import { packPackage, startTestServer } from "../helpers/registry.js";

// Incremental sync from an official-API registry: the upstream is a real local Connectory registry
// serving /v0.1 over HTTP. A re-import with --since (updated_since) picks up new entries, yanks what
// upstream deleted and deprecates what upstream deprecated; running it again changes nothing.

interface Report {
  counts: Record<string, number>;
  entries: Array<{ entry: string; status: string; name?: string; version?: string; code?: string }>;
}

let upstream: Awaited<ReturnType<typeof startTestServer>>;
let token: string;
let dir: string;
let databaseUrl: string;
let env: Record<string, string>;

const publish = async (name: string, version: string) => {
  const bytes = await packPackage({ name, version, description: `The ${name} tools.` });
  const res = await fetch(`${upstream.url}/v1/connectors/${name}`, {
    method: "PUT",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/gzip" },
    body: bytes,
  });
  expect(res.status, await res.clone().text()).toBe(201);
};
const upstreamPost = async (path: string, body?: unknown) => {
  const res = await fetch(`${upstream.url}${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  expect(res.status, await res.clone().text()).toBe(200);
};
const importFrom = async (...extra: string[]) => {
  const r = await runAdminCaptured(["import", upstream.url, "--json", ...extra], { databaseUrl, env });
  expect(r.code, r.stderr + r.stdout).toBe(0);
  return JSON.parse(r.stdout) as Report;
};
const statuses = (report: Report) =>
  Object.fromEntries(report.entries.map((e) => [`${e.entry}@${e.version}`, e.code ?? e.status]));

beforeAll(async () => {
  upstream = await startTestServer();
  token = await upstream.token("acme");
  // Not tempDir(): that is removed after each test, and these tests share one downstream registry.
  dir = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), "connectory-sync-")));
  databaseUrl = path.join(dir, "downstream.db");
  env = { STORAGE_DIR: path.join(dir, "blobs"), PUBLIC_URL: "http://downstream.test" };
  for (const name of ["alpha", "beta"]) await publish(name, "1.0.0");
});
afterAll(async () => {
  await upstream.close();
  await fs.rm(dir, { recursive: true, force: true });
});

describe("import from an official-API registry", () => {
  let since: string;
  let names: Record<string, string>;

  it("imports every entry of every page", async () => {
    const report = await importFrom();
    expect(report.counts).toMatchObject({ imported: 2, refused: 0 });
    names = Object.fromEntries(report.entries.map((e) => [e.entry, e.name!]));
    since = new Date().toISOString();
    await new Promise((resolve) => setTimeout(resolve, 20)); // the next changes are strictly later
  });

  it("--since: new entries are imported, deleted ones yanked, deprecated ones deprecated", async () => {
    await upstreamPost("/v1/connectors/beta/1.0.0/yank"); // deleted upstream
    await upstreamPost("/v1/connectors/alpha/1.0.0/deprecate", { message: "use alpha 2" });
    await publish("gamma", "1.0.0");
    await publish("alpha", "2.0.0");
    const report = await importFrom("--since", since);
    expect(statuses(report)).toEqual({
      "dev.connectory/alpha@1.0.0": "deprecated",
      "dev.connectory/alpha@2.0.0": "updated",
      "dev.connectory/beta@1.0.0": "yanked",
      "dev.connectory/gamma@1.0.0": "imported",
    });
    // The downstream registry's own documents say so.
    const repo = await openDatabase(databaseUrl);
    try {
      const alpha = JSON.parse((await repo.connectorDocument(names["dev.connectory/alpha"]!))!.body);
      expect(alpha.versions["1.0.0"]).toMatchObject({ yanked: false, deprecated: "use alpha 2" });
      expect(alpha.distTags.latest).toBe("2.0.0");
      const beta = JSON.parse((await repo.connectorDocument(names["dev.connectory/beta"]!))!.body);
      expect(beta.versions["1.0.0"].yanked).toBe(true);
    } finally {
      await repo.close();
    }
  });

  it("running the same sync again changes nothing", async () => {
    const report = await importFrom("--since", since);
    expect(new Set(Object.values(statuses(report)))).toEqual(new Set(["unchanged"]));
  });

  it("a sync since after every change reads nothing", async () => {
    const report = await importFrom("--since", new Date(Date.now() + 60_000).toISOString());
    expect(report.entries).toEqual([]);
  });

  it("a full re-import skips what upstream deleted when it is not here", async () => {
    const fresh = path.join(dir, "fresh.db");
    const r = await runAdminCaptured(["import", upstream.url, "--json"], { databaseUrl: fresh, env });
    const report = JSON.parse(r.stdout) as Report;
    expect(statuses(report)["dev.connectory/beta@1.0.0"]).toBe("import.upstream.deleted");
    expect(statuses(report)["dev.connectory/alpha@2.0.0"]).toBe("imported");
  });

  it("refuses a malformed --since, and --since with a file", async () => {
    const bad = await runAdminCaptured(["import", upstream.url, "--since", "yesterday"], {
      databaseUrl,
      env,
    });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/RFC 3339/);
    const file = await runAdminCaptured(["import", path.join(dir, "x.json"), "--since", since, "--json"], {
      databaseUrl,
      env,
    });
    expect(file.code).not.toBe(0);
  });
});
