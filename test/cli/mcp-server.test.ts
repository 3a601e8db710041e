import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMarketplaceServer } from "../../cli/registry/marketplace-tools.js";
import { RegistryClient } from "../../cli/registry/registry-client.js";
import { BIN } from "../helpers/cli.js";
import {
  createTestRegistry,
  publishSamples,
  startTestServer,
  type TestRegistry,
} from "../helpers/registry.js";
import { tempDir } from "../helpers/tmp.js";

let reg: TestRegistry;
let client: Client;

beforeAll(async () => {
  reg = await createTestRegistry();
  await publishSamples(reg);
  const fetchFn = ((input: string | URL | Request, init?: RequestInit) =>
    reg.app.request(String(input instanceof Request ? input.url : input), init)) as typeof fetch;
  const server = createMarketplaceServer(new RegistryClient(reg.publicUrl, fetchFn), fetchFn, "0.0.0-test");
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(a);
  client = new Client({ name: "test", version: "1" });
  await client.connect(b);
});
afterAll(async () => {
  await client?.close();
  await reg?.close();
});

function text(result: Awaited<ReturnType<Client["callTool"]>>): string {
  return (result.content as Array<{ text: string }>).map((c) => c.text).join("\n");
}

describe("the marketplace as an MCP server", () => {
  it("lists its three read-only tools", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([
      "get_connector",
      "get_install_config",
      "search_connectors",
    ]);
    for (const t of tools) expect(t.annotations?.readOnlyHint).toBe(true);
  });

  it("searches connectors", async () => {
    const result = await client.callTool({ name: "search_connectors", arguments: { query: "weather" } });
    expect(result.isError).toBeFalsy();
    expect(text(result)).toContain("- weather@1.0.0");
    expect((result.structuredContent as any).results[0].name).toBe("weather");
  });

  it("says when more connectors match than the limit returned", async () => {
    const one = await client.callTool({ name: "search_connectors", arguments: { query: "", limit: 1 } });
    expect(text(one)).toMatch(/^1 connector:\n- [a-z-]+@1\.0\.0: /);
    expect(text(one)).toContain("More connectors match: raise limit");
    expect((one.structuredContent as any).more).toBe(true);
    const all = await client.callTool({ name: "search_connectors", arguments: { query: "", limit: 50 } });
    expect(text(all)).not.toContain("More connectors match");
    expect((all.structuredContent as any).more).toBe(false);
  });

  it("gets a connector with its servers, credentials and skills", async () => {
    const result = await client.callTool({ name: "get_connector", arguments: { name: "weather" } });
    expect(result.isError).toBeFalsy();
    const data = result.structuredContent as any;
    expect(data).toMatchObject({ name: "weather", version: "1.0.0", distTags: { latest: "1.0.0" } });
    expect(JSON.stringify(data.servers)).toContain("server/index.js");
    expect(data.credentials.properties.WEATHER_UNITS).toBeDefined();
    expect(text(result)).toContain("connectory install weather");
  });

  it("gets the install config for a host, with placeholders, never a secret", async () => {
    const result = await client.callTool({
      name: "get_install_config",
      arguments: { name: "weather", host: "cursor" },
    });
    expect(result.isError).toBeFalsy();
    expect((result.structuredContent as any).host).toBe("cursor");
    expect(text(result)).toContain("weather");
  });

  it("gets a connector's tools when the publisher reported them, marked as such", async () => {
    const tools = [
      {
        name: "get_weather",
        server: "weather",
        description: "Current weather",
        inputSchema: { type: "object", properties: { city: { type: "string" } } },
        annotations: { readOnlyHint: true },
      },
    ];
    const put = await reg.request("/v1/connectors/weather/1.0.0/tools", {
      method: "PUT",
      headers: { authorization: `Bearer ${await reg.token("connectory-samples")}` },
      body: JSON.stringify({ tools }),
    });
    expect(put.status).toBe(200);
    const result = await client.callTool({ name: "get_connector", arguments: { name: "weather" } });
    expect(result.isError).toBeFalsy();
    const data = result.structuredContent as any;
    expect(data.tools).toMatchObject({ reportedBy: "publisher", items: tools });
    expect(typeof data.tools.reportedAt).toBe("string");
    expect(text(result)).toMatch(/^Tools \(reported by the publisher on \d{4}-\d\d-\d\d\): get_weather$/m);

    const none = await client.callTool({ name: "get_connector", arguments: { name: "tdx" } });
    expect((none.structuredContent as any).tools).toBeNull();
    expect(text(none)).not.toContain("Tools");
  });

  it("passes the registry's hint on when the install config cannot be made", async () => {
    const result = await client.callTool({
      name: "get_install_config",
      arguments: { name: "no-such-connector", host: "cursor" },
    });
    expect(result.isError).toBe(true);
    expect(text(result)).toBe(
      'no connector named "no-such-connector"\ncheck the spelling, or search with `connectory search <words>`',
    );
  });

  it("answers an unknown connector with a tool error, not a crash", async () => {
    const result = await client.callTool({ name: "get_connector", arguments: { name: "no-such-connector" } });
    expect(result.isError).toBe(true);
    expect(text(result)).toMatch(/not found|no-such-connector/i);
  });

  it("rejects bad arguments (unknown host, oversized query) as invalid params", async () => {
    const host = await client.callTool({
      name: "get_install_config",
      arguments: { name: "weather", host: "notepad" },
    });
    expect(host.isError).toBe(true);
    const big = await client.callTool({
      name: "search_connectors",
      arguments: { query: "x".repeat(10_000) },
    });
    expect(big.isError).toBe(true);
  });
});

describe("connectory mcp-server (built binary)", () => {
  it("serves a real registry over stdio until stdin closes", async () => {
    const server = await startTestServer({ seed: true });
    try {
      const home = await tempDir();
      const transport = new StdioClientTransport({
        command: process.execPath,
        args: [BIN, "mcp-server"],
        env: {
          ...(process.env as Record<string, string>),
          CONNECTORY_HOME: home,
          CONNECTORY_REGISTRY: server.url,
        },
        stderr: "pipe",
      });
      const c = new Client({ name: "e2e", version: "1" });
      await c.connect(transport);
      expect(c.getServerVersion()?.name).toBe("connectory-marketplace");
      const result = await c.callTool({ name: "search_connectors", arguments: { query: "weather" } });
      expect(text(result)).toContain("weather");
      await c.close();
    } finally {
      await server.close();
    }
  });
});
