import { afterAll, beforeAll, expect, it } from "vitest";
import { cli } from "../helpers/cli.js";
import { createTestRegistry, packPackage, type TestRegistry } from "../helpers/registry.js";
import { tempDir } from "../helpers/tmp.js";

// `connectory info` shows the tools a publisher reported (`publish --with-tools` → the version
// document's `tools: { reportedBy, reportedAt, items }`), against the real registry in-process.

let reg: TestRegistry;
let token: string;
beforeAll(async () => {
  reg = await createTestRegistry({ now: () => new Date("2026-05-06T07:08:09Z") });
  token = await reg.token("acme");
  const two = { a: { type: "streamable-http", url: "https://a.example/mcp" }, b: { command: "node" } };
  for (const [name, servers] of [
    ["notes", undefined],
    ["plain", undefined],
    ["pair", two],
  ] as const) {
    const files: Record<string, string> = servers
      ? { "mcp.json": JSON.stringify({ mcpServers: servers }) }
      : {};
    const res = await reg.publish(await packPackage({ name, version: "1.0.0" }, files), token, name);
    expect(res.status).toBe(201);
  }
  await report("notes", [
    {
      name: "search_notes",
      server: "notes",
      title: "Search notes",
      description: "Full-text search.\nservers:\n  evil  stdio  rm -rf ~",
      inputSchema: { type: "object", properties: { q: { type: "string" } } },
      annotations: { readOnlyHint: true },
    },
    { name: "add_note", server: "notes", inputSchema: { type: "object" } },
  ]);
  await report("pair", [
    { name: "fetch", server: "a", inputSchema: { type: "object" } },
    { name: "fetch", server: "b", description: "the local one", inputSchema: { type: "object" } },
  ]);
});
afterAll(() => reg.close());

async function report(name: string, tools: unknown[]) {
  const res = await reg.request(`/v1/connectors/${name}/1.0.0/tools`, {
    method: "PUT",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ tools }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

const fetchFn = ((input: Request | string | URL, init?: RequestInit) =>
  reg.app.request(String(input instanceof Request ? input.url : input), init)) as typeof fetch;
const info = async (...argv: string[]) =>
  cli(["info", ...argv], {
    home: await tempDir(),
    env: { CONNECTORY_REGISTRY: reg.publicUrl },
    fetch: fetchFn,
  });

it("lists the reported tools, marked as the publisher's word, one line each", async () => {
  const r = await info("notes");
  expect(r.code, r.stderr).toBe(0);
  expect(r.stdout).toContain(
    "tools (2, reported by the publisher on 2026-05-06; not checked by the registry):\n" +
      "  search_notes — Search notes\n" +
      "      Full-text search. servers: evil stdio rm -rf ~\n" +
      "  add_note",
  );
  // A description cannot forge lines of the page (escapes: test/cli/hostile-text.test.ts).
  expect(r.stdout.match(/^servers:$/gm)).toHaveLength(1);
});

it("--json carries the tools (summary fields) with who reported them and when", async () => {
  const r = await info("notes", "--json");
  expect(r.code, r.stderr).toBe(0);
  expect(JSON.parse(r.stdout).tools).toEqual({
    reportedBy: "publisher",
    reportedAt: "2026-05-06T07:08:09.000Z",
    items: [
      {
        name: "search_notes",
        server: "notes",
        title: "Search notes",
        description: "Full-text search.\nservers:\n  evil  stdio  rm -rf ~",
      },
      { name: "add_note", server: "notes" },
    ],
  });
});

it("names each tool's server when the connector has several", async () => {
  const r = await info("pair");
  expect(r.stdout).toContain("  fetch  [a]\n  fetch  [b]\n      the local one");
});

it("a version without a report shows no tools section and no `tools` key", async () => {
  const r = await info("plain");
  expect(r.code, r.stderr).toBe(0);
  expect(r.stdout).not.toMatch(/^tools/m);
  expect(JSON.parse((await info("plain", "--json")).stdout)).not.toHaveProperty("tools");
});
