import fs from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createApp } from "../../src/server/app.js";
import { openDatabase } from "../../src/db/open-database.js";
import { FsBlobStore } from "../../src/storage/fs-blob-store.js";
import { runAdminCaptured } from "../helpers/admin.js";
import { tempDir } from "../helpers/tmp.js";
import { realWorld } from "../core/convert/real-world.js";

// The official API round trip (issue 14): an entry imported from server.json comes back out of /v0.1 under
// its upstream name, with the packages (registry type, identifier, version, transport, arguments,
// environment variables) and remotes (type, URL, headers) it went in with.

const PUBLIC_URL = "http://registry.test";

/** The keys the round trip promises, of one package or remote (others, like registryBaseUrl, may differ). */
const pkgKeys = (p: any) => ({
  registryType: p.registryType,
  identifier: p.identifier,
  version: p.version,
  transport: p.transport,
  ...(p.packageArguments ? { packageArguments: p.packageArguments } : {}),
  ...(p.runtimeArguments ? { runtimeArguments: p.runtimeArguments } : {}),
  environmentVariables: (p.environmentVariables ?? []).map((e: any) => ({
    name: e.name,
    isRequired: e.isRequired ?? false,
    isSecret: e.isSecret ?? false,
  })),
});
const remoteKeys = (r: any) => ({
  type: r.type,
  url: r.url,
  headers: (r.headers ?? []).map((h: any) => ({ name: h.name, isSecret: h.isSecret ?? false })),
});

async function roundTrip(entries: unknown[]) {
  const dir = await tempDir();
  const env = { STORAGE_DIR: path.join(dir, "blobs"), PUBLIC_URL };
  const databaseUrl = path.join(dir, "registry.db");
  const file = path.join(dir, "servers.json");
  await fs.writeFile(file, JSON.stringify(entries));
  const r = await runAdminCaptured(["import", file, "--json"], { databaseUrl, env });
  expect(r.code, r.stderr).toBe(0);
  const report = JSON.parse(r.stdout) as { entries: Array<{ entry: string; name: string; status: string }> };
  const repo = await openDatabase(databaseUrl);
  const app = createApp({ db: repo, blobs: new FsBlobStore(env.STORAGE_DIR), publicUrl: PUBLIC_URL });
  const get = async (p: string) => {
    const res = await app.request(`${PUBLIC_URL}${p}`);
    expect(res.status, p).toBe(200);
    return (await res.json()) as any;
  };
  const out = new Map<string, any>();
  for (const e of report.entries) {
    expect(e.status, e.entry).toBe("imported");
    // Under its upstream name: the exact version, `latest`, the versions list and the listing agree.
    const entry = await get(`/v0.1/servers/${encodeURIComponent(e.entry)}/versions/latest`);
    expect(entry.server.name).toBe(e.entry);
    const exact = await get(`/v0.1/servers/${encodeURIComponent(e.entry)}/versions/${entry.server.version}`);
    expect(exact.server).toEqual(entry.server);
    const versions = await get(`/v0.1/servers/${encodeURIComponent(e.entry)}/versions`);
    expect(versions.servers.map((s: any) => s.server.name)).toEqual([e.entry]);
    const listed = await get(`/v0.1/servers?search=${encodeURIComponent(e.entry)}`);
    expect(listed.servers.map((s: any) => s.server.name)).toContain(e.entry);
    // The local name (`<namespace>/<connector>`) names the same entry (issue 24).
    const local = await app.request(
      `${PUBLIC_URL}/v0.1/servers/${encodeURIComponent(`dev.connectory/${e.name}`)}/versions/latest`,
    );
    expect(local.status).toBe(200);
    expect(((await local.json()) as { server: unknown }).server).toEqual(entry.server);
    out.set(e.entry, entry);
  }
  await repo.close();
  return out;
}

describe("server.json → import → /v0.1", () => {
  it("keeps packages with arguments and environment variables, and remotes with headers", async () => {
    const local = {
      name: "io.github.acme/files",
      description: "Files.",
      version: "1.4.0",
      packages: [
        {
          registryType: "npm",
          identifier: "@acme/files",
          version: "1.4.0",
          transport: { type: "stdio" },
          packageArguments: [{ type: "positional", value: "--read-only" }],
          environmentVariables: [
            { name: "ACME_TOKEN", description: "Token", isRequired: true, isSecret: true },
            { name: "ACME_REGION", description: "Region", isRequired: false },
          ],
        },
      ],
    };
    const remote = {
      name: "com.acme/api",
      description: "API.",
      version: "2.0.0",
      remotes: [
        {
          type: "streamable-http",
          url: "https://mcp.acme.com/mcp",
          headers: [{ name: "Authorization", description: "Bearer token", isRequired: true, isSecret: true }],
        },
      ],
    };
    const back = await roundTrip([local, remote]);
    const files = back.get("io.github.acme/files");
    expect(files.server.packages.map(pkgKeys)).toEqual(local.packages.map(pkgKeys));
    expect(files._meta["dev.connectory/connector"].provenance.upstreamName).toBe("io.github.acme/files");
    const api = back.get("com.acme/api");
    expect(api.server.remotes.map(remoteKeys)).toEqual(remote.remotes.map(remoteKeys));
    expect(api.server.version).toBe("2.0.0");
  });

  it("the real Brave entry comes back with its npm package and API key", async () => {
    const brave = JSON.parse(await fs.readFile(realWorld("mcp-registry-brave.server.json"), "utf8"));
    const back = (await roundTrip([brave])).get(brave.name);
    expect(back.server.packages.map(pkgKeys)).toEqual(brave.packages.map(pkgKeys));
    expect(back.server.version).toBe(brave.version);
    expect(back._meta["dev.connectory/connector"].provenance).toMatchObject({
      format: "server-json",
      upstreamName: brave.name,
      upstreamVersion: brave.version,
    });
  });
});
