import { afterAll, beforeAll, expect, it } from "vitest";
import { cli } from "../helpers/cli.js";
import { createTestRegistry, packPackage, type TestRegistry } from "../helpers/registry.js";
import { tempDir } from "../helpers/tmp.js";

// `connectory search` pages through the registry's cursor pagination (docs/http-api.md), against the real
// registry in-process with 25 connectors (the registry's default page is 20).

const NAMES = Array.from({ length: 25 }, (_, i) => `paged-${String(i).padStart(2, "0")}`);
let reg: TestRegistry;
const requests: string[] = [];
beforeAll(async () => {
  reg = await createTestRegistry();
  const token = await reg.token("acme");
  for (const name of NAMES) {
    const bytes = await packPackage({ name, version: "1.0.0", description: `Paged sample ${name}` });
    expect((await reg.publish(bytes, token, name)).status).toBe(201);
  }
});
afterAll(() => reg.close());

const fetchFn = ((input: Request | string | URL, init?: RequestInit) => {
  const url = String(input instanceof Request ? input.url : input);
  requests.push(url.slice(reg.publicUrl.length));
  return reg.app.request(url, init);
}) as typeof fetch;
const search = async (...argv: string[]) => {
  requests.length = 0;
  return cli(["search", ...argv], {
    home: await tempDir(),
    env: { CONNECTORY_REGISTRY: reg.publicUrl },
    fetch: fetchFn,
  });
};
const listed = (stdout: string) => stdout.match(/^paged-\d\d/gm) ?? [];

it("a first page says how many more there are and the commands that show them", async () => {
  const r = await search("paged", "--limit", "10");
  expect(r.code, r.stderr).toBe(0);
  expect(listed(r.stdout)).toHaveLength(10);
  // The count comes first (issue 32 #7), so the page is not taken for the whole marketplace.
  expect(r.stdout.split("\n")[0]).toBe("10 of 25 connectors");
  const hint =
    /^15 more — `connectory search paged --all` lists them all; the next page: `connectory search paged --cursor ([A-Za-z0-9_-]+) --limit 10`$/m.exec(
      r.stdout,
    );
  expect(hint, r.stdout).not.toBeNull();

  // The printed cursor shows the next page, then the last one, which has no hint.
  const second = await search("paged", "--cursor", hint![1]!, "--limit", "10");
  expect(listed(second.stdout)).toHaveLength(10);
  const cursor = /--cursor ([A-Za-z0-9_-]+)/.exec(second.stdout)![1]!;
  expect(second.stdout).toMatch(/^5 more — /m);
  const last = await search("paged", "--cursor", cursor, "--limit", "10");
  expect(listed(last.stdout)).toHaveLength(5);
  expect(last.stdout.split("\n")[0]).toBe("5 connectors");
  expect(last.stdout).not.toContain("more —");
  expect(new Set([...listed(r.stdout), ...listed(second.stdout), ...listed(last.stdout)]).size).toBe(25);
});

it("counts what follows with one more request, at most one page ahead", async () => {
  const r = await search("", "--limit", "1");
  expect(r.stdout).toMatch(/^24 more — `connectory search --all`/m);
  expect(r.stdout.split("\n")[0]).toBe("1 of 25 connectors");
  expect(requests).toHaveLength(2);
});

it("--all follows every page", async () => {
  const r = await search("paged", "--all", "--json");
  expect(r.code, r.stderr).toBe(0);
  const data = JSON.parse(r.stdout);
  expect(data.results.map((h: { name: string }) => h.name).sort()).toEqual(NAMES);
  expect(data).toMatchObject({ more: false, nextCursor: null });
});

it("--json gives nextCursor for scripts and makes no counting request", async () => {
  const r = await search("paged", "--json");
  const data = JSON.parse(r.stdout);
  expect(data.results).toHaveLength(20);
  expect(data.more).toBe(true);
  expect(typeof data.nextCursor).toBe("string");
  expect(requests).toHaveLength(1);
  const rest = JSON.parse((await search("paged", "--cursor", data.nextCursor, "--json")).stdout);
  expect(rest.results).toHaveLength(5);
  expect(rest.nextCursor).toBeNull();
});

it("a query with shell characters is quoted in the printed commands", async () => {
  const r = await search("paged sample's", "--limit", "1");
  expect(r.stdout).toContain("`connectory search 'paged sample'\\''s' --all`");
});

it.each([
  [["--all", "--limit", "5"], /does not go with --limit or --cursor/],
  [["--all", "--cursor", "abc"], /does not go with --limit or --cursor/],
  [["--cursor", "not a cursor!"], /--cursor takes the value a previous search printed/],
])("usage errors: %j", async (argv, message) => {
  const r = await search("paged", ...argv);
  expect(r.code).toBe(2);
  expect(r.stderr).toMatch(message);
  expect(requests).toEqual([]);
});

it("a cursor from another query is the registry's clear error", async () => {
  const first = JSON.parse((await search("paged", "--limit", "1", "--json")).stdout);
  const r = await search("other", "--cursor", first.nextCursor);
  expect(r.code).toBe(1);
  expect(r.stderr).toContain("the cursor is not valid for this query");
});

it("--all refuses a registry whose pages do not advance, instead of looping", async () => {
  let calls = 0;
  const looping = (async () => {
    calls++;
    return Response.json({ items: [{ name: "same", description: "again" }], nextCursor: "c2FtZQ" });
  }) as unknown as typeof fetch;
  const r = await cli(["search", "--all"], {
    home: await tempDir(),
    env: { CONNECTORY_REGISTRY: "http://looping.test" },
    fetch: looping,
  });
  expect(r.code).toBe(1);
  expect(r.stderr).toContain("do not advance from page to page");
  expect(calls).toBe(2);
});
