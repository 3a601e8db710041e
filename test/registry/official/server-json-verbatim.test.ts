import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashedName } from "../../../src/registry/import/import-publishers.js";
import { runImport, type ImportReport } from "../../../src/registry/import/import-run.js";
import { importEntries } from "../../../src/registry/import/import-sources.js";
import { specExamples } from "../../helpers/official-spec.js";
import { createTestRegistry, packPackage, type TestRegistry } from "../../helpers/registry.js";

// Every example of the official server.json specification (test/fixtures/official-spec/, MIT, with its
// provenance) imported into a real registry and read back from /v0.1: the `server` is the document that
// went in, byte for byte (every field, unknown ones, every package and remote, publisher `_meta`),
// under its upstream name and version; Connectory's data is only in the response `_meta`.

/**
 * Examples Connectory lists but will not install: `database-manager` runs docker with `--network host`
 * (mcp.server.docker.host-namespace, a security rule), `embedded-mcp` has no package and no remote, so
 * nothing to run. They are imported as listing-only connectors (plugin.json `listingOnly`).
 */
const LISTING_ONLY: string[] = [
  "io.github.example/database-manager",
  "io.modelcontextprotocol.anonymous/embedded-mcp",
];
const imported = (text: string) => {
  const { name, version } = JSON.parse(text) as { name: string; version: string };
  return report.entries.some(
    (e) => e.entry === name && e.version === version && (e.status === "imported" || e.status === "updated"),
  );
};
let reg: TestRegistry;
let examples: string[];
let report: ImportReport;

beforeAll(async () => {
  examples = specExamples().map((e) => e.text);
  reg = await createTestRegistry();
  const file = path.join(reg.dir, "examples.json");
  await fs.writeFile(file, `[${examples.join(",\n")}]`);
  const entries = await importEntries(file, { fetch, cwd: reg.dir });
  report = await runImport({ registry: reg.app.registry, repo: reg.repo, entries, now: () => new Date() });
});
afterAll(() => reg.close());

const get = async (url: string) => {
  const res = await reg.request(url);
  return { status: res.status, text: await res.text() };
};

describe("the official specification's examples", () => {
  it("are all twelve found in the fixture", () => {
    expect(examples).toHaveLength(12);
  });

  it("every example is imported, the two Connectory cannot run as listing-only connectors", async () => {
    expect(report.entries.filter((e) => e.status === "refused")).toEqual([]);
    expect(report.counts.imported + report.counts.updated).toBe(examples.length);
    for (const upstream of LISTING_ONLY) {
      const entry = report.entries.find((e) => e.entry === upstream)!;
      const doc = (await (await reg.request(`/v1/connectors/${entry.name}`)).json()) as {
        distTags: { latest: string };
      };
      const version = (await (
        await reg.request(`/v1/connectors/${entry.name}/${doc.distTags.latest}`)
      ).json()) as { manifest: { listingOnly?: { reason: string } }; mcp: { mcpServers: object } };
      expect(version.mcp.mcpServers).toEqual({});
      expect(version.manifest.listingOnly?.reason).toMatch(
        upstream.endsWith("database-manager") ? /--network host/ : /no package and no remote/,
      );
    }
  });

  it("a listing-only connector's page says why it cannot be installed, and offers no install command", async () => {
    const entry = report.entries.find((e) => e.entry === "io.github.example/database-manager")!;
    const page = await (await reg.request(`/c/${entry.name}`)).text();
    expect(page).toContain("io.github.example/database-manager");
    expect(page).toContain("cannot be installed with Connectory");
    expect(page).toContain("--network host");
    expect(page).not.toContain(`connectory install ${entry.name}`);
  });

  it("round-trips byte for byte through /v0.1 under its upstream name and version", async () => {
    for (const text of examples.filter(imported)) {
      const sent = JSON.parse(text) as { name: string; version: string };
      const url = `/v0.1/servers/${encodeURIComponent(sent.name)}/versions/${encodeURIComponent(sent.version)}`;
      const got = await get(url);
      expect(got.status, `${sent.name}@${sent.version}: ${got.text.slice(0, 300)}`).toBe(200);
      const body = JSON.parse(got.text) as { server: unknown; _meta: Record<string, unknown> };
      // The bytes: the document as sent, re-serialized the way it arrived (key order kept).
      expect(JSON.stringify(body.server)).toBe(JSON.stringify(sent));
      expect(got.text).toContain(JSON.stringify(sent));
      expect(body._meta["dev.connectory/connector"]).toBeDefined();
    }
  });

  it("the listing and the versions route serve the same documents", async () => {
    const list = JSON.parse((await get("/v0.1/servers?limit=100")).text) as {
      servers: Array<{ server: { name: string; version: string } }>;
    };
    for (const text of examples.filter(imported)) {
      const sent = JSON.parse(text) as { name: string; version: string };
      const found = list.servers.find(
        (s) => s.server.name === sent.name && s.server.version === sent.version,
      );
      expect(JSON.stringify(found?.server), sent.name).toBe(JSON.stringify(sent));
    }
    const versions = JSON.parse(
      (
        await get(
          `/v0.1/servers/${encodeURIComponent("io.github.joelverhagen/knapcode-samplemcpserver")}/versions`,
        )
      ).text,
    ) as { servers: Array<{ server: { version: string } }> };
    expect(versions.servers.map((s) => s.server.version)).toEqual(["0.5.0", "0.4.0-beta"]);
  });

  it("the local name resolves to the same entry as the upstream name", async () => {
    const brave = report.entries.find((e) => e.entry === "io.modelcontextprotocol.anonymous/brave-search")!;
    const local = await get(
      `/v0.1/servers/${encodeURIComponent(`dev.connectory/${brave.name}`)}/versions/latest`,
    );
    const upstream = await get(
      `/v0.1/servers/${encodeURIComponent("io.modelcontextprotocol.anonymous/brave-search")}/versions/latest`,
    );
    expect(local.status).toBe(200);
    expect(local.text).toBe(upstream.text);
  });

  it("a second import of the same examples changes nothing", async () => {
    const file = path.join(reg.dir, "examples.json");
    const again = await runImport({
      registry: reg.app.registry,
      repo: reg.repo,
      entries: await importEntries(file, { fetch, cwd: reg.dir }),
      now: () => new Date(),
    });
    expect(again.counts.unchanged).toBe(report.counts.imported + report.counts.updated);
  });

  it("search matches a word inside a description, as the official API does", async () => {
    // "Cloud-hosted" is only in mcp-fs's description; "loud-host" starts inside a word.
    const list = JSON.parse((await get("/v0.1/servers?search=loud-host")).text) as {
      servers: Array<{ server: { name: string } }>;
    };
    expect(list.servers.map((s) => s.server.name)).toEqual(["io.modelcontextprotocol.anonymous/mcp-fs"]);
  });
});

describe("an upstream name whose last part is another publisher's connector", () => {
  let local: TestRegistry;
  afterAll(() => local?.close());

  it("gets a deterministic local name, resolves by both names, and the page shows the mapping", async () => {
    local = await createTestRegistry();
    const filesystem = specExamples()
      .map((e) => e.text)
      .find((t) => t.includes('"io.github.modelcontextprotocol/filesystem"'))!;
    const token = await local.token("samples");
    // `filesystem` and `modelcontextprotocol-filesystem` both belong to another publisher already.
    for (const name of ["filesystem", "modelcontextprotocol-filesystem"]) {
      const res = await local.publish(
        await packPackage({ name, version: "1.0.0", publisher: "samples" }),
        token,
        name,
      );
      expect(res.status, await res.text()).toBe(201);
    }
    const file = path.join(local.dir, "filesystem.json");
    await fs.writeFile(file, filesystem);
    const run = async () =>
      runImport({
        registry: local.app.registry,
        repo: local.repo,
        entries: await importEntries(file, { fetch, cwd: local.dir }),
        now: () => new Date(),
      });
    const [first] = (await run()).entries;
    const expected = hashedName(
      "modelcontextprotocol-filesystem",
      "io.github.modelcontextprotocol/filesystem",
    );
    expect(first).toMatchObject({ status: "imported", name: expected });
    const second = (await run()).entries[0];
    expect(second, JSON.stringify(second)).toMatchObject({ status: "unchanged", name: expected });
    const byUpstream = await local.request(
      `/v0.1/servers/${encodeURIComponent("io.github.modelcontextprotocol/filesystem")}/versions/1.0.2`,
    );
    const byLocal = await local.request(
      `/v0.1/servers/${encodeURIComponent(`dev.connectory/${expected}`)}/versions/1.0.2`,
    );
    expect(byUpstream.status).toBe(200);
    expect(await byLocal.text()).toBe(await byUpstream.text());
    const page = await (await local.request(`/c/${expected}`)).text();
    expect(page).toContain("io.github.modelcontextprotocol/filesystem");
    expect(page).toContain(`served here as <code>${expected}</code>`);
  });
});

describe("an upstream version that is not semver", () => {
  let local: TestRegistry;
  afterAll(() => local?.close());

  it("is served, and found, under the upstream's own version string", async () => {
    local = await createTestRegistry();
    const sent = {
      $schema: "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
      name: "io.github.calver/tools",
      description: "Calendar-versioned tools",
      version: "2025.1",
      remotes: [{ type: "streamable-http", url: "https://calver.example.com/mcp" }],
      "x-unknown": { kept: true },
    };
    const file = path.join(local.dir, "calver.json");
    await fs.writeFile(file, JSON.stringify(sent));
    const report = await runImport({
      registry: local.app.registry,
      repo: local.repo,
      entries: await importEntries(file, { fetch, cwd: local.dir }),
      now: () => new Date(),
    });
    expect(report.entries[0]).toMatchObject({ status: "imported" });
    expect(report.entries[0]!.version).not.toBe("2025.1"); // the package needs semver
    const res = await local.request(`/v0.1/servers/${encodeURIComponent(sent.name)}/versions/2025.1`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { server: unknown }).server).toEqual(sent);
    const filtered = (await (await local.request(`/v0.1/servers?version=2025.1`)).json()) as {
      servers: Array<{ server: { name: string } }>;
    };
    expect(filtered.servers.map((s) => s.server.name)).toEqual([sent.name]);
  });
});
