import { afterAll, beforeAll, expect, it } from "vitest";
import { importCatalog } from "../helpers/catalog-import.js";
import { cli } from "../helpers/cli.js";
import { createTestRegistry, publishSamples, type TestRegistry } from "../helpers/registry.js";
import { tempDir } from "../helpers/tmp.js";

// Issue 32 #1: every install command the marketplace shows works in the real CLI. The registry holds the
// samples and entries of each shipped catalog (the official seed's `0.0.1-seed` placeholders, Docker's
// versionless entries, the Claude marketplace's plugins), imported by the real importer; each
// connector's page is read, and the exact command its Copy button gives is run by the CLI against it.

let reg: TestRegistry;
const fetchFn = ((input: string | URL | Request, init?: RequestInit) =>
  reg.app.request(
    typeof input === "string" ? input : input instanceof URL ? input.href : input.url,
    init,
  )) as typeof fetch;
const run = (home: string, argv: string[]) =>
  cli(argv, { home, env: { CONNECTORY_REGISTRY: reg.publicUrl }, fetch: fetchFn });

/** The first `n` entries of a catalog, plus the named ones. */
const some = (n: number, ...named: string[]) => {
  let taken = 0;
  return (entry: string) => named.includes(entry) || taken++ < n;
};

beforeAll(async () => {
  reg = await createTestRegistry();
  await publishSamples(reg);
  await importCatalog(reg, "official", some(20, "io.github.grafana/mcp-grafana"));
  await importCatalog(reg, "docker", some(20, "github-official"));
  await importCatalog(reg, "claude", some(20));
}, 600_000);
afterAll(() => reg.close());

const decode = (html: string) =>
  html
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/** The command in a page's install block, as the Copy button copies it. */
async function shownCommand(path: string): Promise<string[]> {
  const res = await reg.request(path);
  expect(res.status, path).toBe(200);
  const pre = /<pre id="install-cmd"[^>]*>([\s\S]*?)<\/pre>/.exec(await res.text())?.[1];
  expect(pre, `${path} shows an install command`).toBeDefined();
  const argv = decode(pre!).trim().split(/\s+/);
  expect(argv[0]).toBe("connectory");
  return argv.slice(1);
}

async function listed(): Promise<Array<{ name: string; latest: string }>> {
  const all: Array<{ name: string; latest: string }> = [];
  let cursor: string | null = null;
  do {
    const page = `/v1/connectors?sort=name&limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
    const body = (await (await reg.request(page)).json()) as {
      items: Array<{ name: string }>;
      nextCursor: string | null;
    };
    for (const { name } of body.items) {
      const doc = (await (await reg.request(`/v1/connectors/${name}`)).json()) as {
        distTags: Record<string, string>;
      };
      all.push({ name, latest: doc.distTags.latest! });
    }
    cursor = body.nextCursor;
  } while (cursor);
  return all;
}

it("the command on every connector page installs, by name, the version the page shows", async () => {
  const connectors = await listed();
  expect(connectors.length).toBeGreaterThan(40); // the samples and the three catalogs' entries
  // Most imports have only prerelease versions: those are the ones that once failed by name.
  expect(connectors.filter((c) => /-(seed|docker|upstream)\./.test(c.latest)).length).toBeGreaterThan(25);
  const failed: string[] = [];
  for (const { name, latest } of connectors) {
    const argv = await shownCommand(`/c/${name}`);
    expect(argv).toEqual(["install", name]);
    const home = await tempDir();
    const r = await run(home, [...argv, "--yes", "--json"]);
    const out = r.code === 0 ? (JSON.parse(r.stdout) as { version: string; requested: string }) : undefined;
    if (!out || out.version !== latest) failed.push(`${name}: exit ${r.code} ${r.stdout || r.stderr}`);
    // `info` by name, as the page's search result would be followed up.
    const info = await run(home, ["info", name, "--json"]);
    if (info.code !== 0) failed.push(`info ${name}: ${info.stdout || info.stderr}`);
  }
  expect(failed).toEqual([]);
}, 600_000);

it("a version page's command pins that version, and it installs", async () => {
  const { name, latest } = (await listed()).find((c) => /-docker\./.test(c.latest))!;
  const argv = await shownCommand(`/c/${name}/${latest}`);
  expect(argv).toEqual(["install", `${name}@${latest}`]);
  const r = await run(await tempDir(), [...argv, "--yes", "--json"]);
  expect(r.code, r.stdout + r.stderr).toBe(0);
  expect((JSON.parse(r.stdout) as { version: string }).version).toBe(latest);
  // `latest` explicitly, as on /c/<name>/latest.
  expect(await shownCommand(`/c/${name}/latest`)).toEqual(["install", name]);
  const tagged = await run(await tempDir(), ["install", `${name}@latest`, "--yes", "--json"]);
  expect(tagged.code, tagged.stdout + tagged.stderr).toBe(0);
});

it("the install line `search` prints names connectors the CLI installs", async () => {
  const home = await tempDir();
  const s = await run(home, ["search", "github"]);
  expect(s.code, s.stderr).toBe(0);
  expect(s.stdout + s.stderr).toContain("connectory install <name>");
  const { results } = JSON.parse((await run(home, ["search", "github", "--json"])).stdout) as {
    results: Array<{ name: string }>;
  };
  expect(results.length).toBeGreaterThan(0);
  for (const { name } of results) {
    const r = await run(await tempDir(), ["install", name, "--yes", "--json"]);
    expect(r.code, `${name}: ${r.stdout}${r.stderr}`).toBe(0);
  }
});

it("info says which catalog listed an imported version's tools, not 'reported by the publisher' (issue 32 #10)", async () => {
  const info = await run(await tempDir(), ["info", "alfresco"]);
  expect(info.code, info.stderr).toBe(0);
  expect(info.stdout).toMatch(
    /^tools \(\d+, listed by the Docker MCP Catalog \(fetched \d{4}-\d\d-\d\d\); not checked by the registry\):$/m,
  );
  expect(info.stdout).not.toContain("reported by the publisher");
});
