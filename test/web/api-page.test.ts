import { afterAll, beforeAll, expect, it } from "vitest";
import { PAGE_CSP } from "../../src/web/lib/security-headers.js";
import { importCatalog } from "../helpers/catalog-import.js";
import { createTestRegistry, publishSamples, type TestRegistry } from "../helpers/registry.js";

let reg: TestRegistry;
beforeAll(async () => {
  reg = await createTestRegistry();
  await publishSamples(reg);
}, 60_000);
afterAll(() => reg.close());

const decode = (html: string) =>
  html
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
const pre = (html: string, id: string) =>
  decode(new RegExp(`<pre id="${id}"[^>]*>([\\s\\S]*?)</pre>`).exec(html)?.[1] ?? "");

it("/api says how to point VS Code and add-mcp at this registry", async () => {
  const res = await reg.request("/api");
  expect(res.status).toBe(200);
  expect(res.headers.get("content-security-policy")).toBe(PAGE_CSP);
  const html = await res.text();
  expect(pre(html, "vscode-settings")).toContain(`"chat.mcp.gallery.serviceUrl": "${reg.publicUrl}"`);
  const config = pre(html, "add-mcp-config");
  expect(JSON.parse(config.slice(config.indexOf("{")))).toEqual({
    version: 1,
    findRegistries: [{ url: `${reg.publicUrl}/v0.1/servers` }],
  });
  // The example request names a server this registry really lists, and it answers.
  const example =
    /\/versions\/latest/.test(pre(html, "official-curl")) &&
    /servers\/([^/']+)\/versions\/latest/.exec(pre(html, "official-curl"))![1]!;
  expect((await reg.request(`/v0.1/servers/${example}/versions/latest`)).status).toBe(200);
  expect(await (await reg.request("/")).text()).toContain('href="/api"');
});

it("a bundled connector's page offers its MCP Bundle; a remote one's does not", async () => {
  const html = await (await reg.request("/c/weather")).text();
  const href = /<a class="button" href="([^"]+\.mcpb)" download/.exec(html)?.[1];
  expect(href).toBe("/v1/connectors/weather/1.0.0/bundles/weather.mcpb");
  const bundle = await reg.request(href!);
  expect([bundle.status, bundle.headers.get("content-type")]).toEqual([200, "application/zip"]);
  expect(await (await reg.request("/c/tushare")).text()).not.toContain(".mcpb");
});

it("/api names this registry's own namespace, not an imported entry's upstream one (issue 32 #8)", async () => {
  const imported = await createTestRegistry(); // no samples: the first /v0.1 entry is an upstream name
  try {
    await importCatalog(imported, "official", (entry) => entry === "io.github.grafana/mcp-grafana");
    const first = (await (await imported.request("/v0.1/servers?version=latest&limit=1")).json()) as {
      servers: Array<{ server: { name: string } }>;
    };
    const upstream = first.servers[0]!.server.name;
    expect(upstream.startsWith("dev.connectory/")).toBe(false);
    const html = await (await imported.request("/api")).text();
    expect(html).toContain("<code>dev.connectory/&lt;connector&gt;</code>");
    expect(html).not.toContain(`<code>${upstream.split("/")[0]}/&lt;connector&gt;</code>`);
  } finally {
    await imported.close();
  }
});
