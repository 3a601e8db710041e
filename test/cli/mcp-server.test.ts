import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMarketplaceServer } from "../../cli/lib/marketplace-tools.js";
import { RegistryClient } from "../../cli/lib/registry-client.js";
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
