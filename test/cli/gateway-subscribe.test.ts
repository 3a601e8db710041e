import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import {
  ResourceUpdatedNotificationSchema,
  SubscribeRequestSchema,
  UnsubscribeRequestSchema,
} from "@modelcontextprotocol/sdk/types.js";
import { afterEach, describe, expect, it } from "vitest";
import { GatewayServer } from "../../cli/gateway/gateway-server.js";
import type { Upstream } from "../../cli/gateway/upstream.js";
import { memoryUpstream } from "../helpers/memory-upstream.js";
import { tempDir } from "../helpers/tmp.js";

// resources/subscribe and unsubscribe through the gateway, in-process: real SDK McpServers behind
// InMemoryTransport pairs, a real SDK Client as each host. A subscription goes to the server its
// connectory:// URI leads to, with the server's own URI; the server's notifications/resources/updated
// comes back to the hosts that subscribed, under the gateway URI.

const closers: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((c) => c()));
});

/** What each server process was asked, in order (`subscribe file:///a.md`), across restarts. */
type Log = string[];

function subscribable(name: string, log: Log, subscribe = true): McpServer {
  const s = new McpServer({ name, version: "1" });
  s.registerResource("a", "file:///a.md", {}, async (uri) => ({ contents: [{ uri: uri.href, text: "a" }] }));
  s.registerResource("b", "file:///b.md", {}, async (uri) => ({ contents: [{ uri: uri.href, text: "b" }] }));
  if (subscribe) {
    s.server.registerCapabilities({ resources: { subscribe: true } });
    s.server.setRequestHandler(SubscribeRequestSchema, async (r) => {
      if (r.params.uri === "file:///refused") throw new Error("no such resource to watch");
      log.push(`${name} subscribe ${r.params.uri}`);
      return {};
    });
    s.server.setRequestHandler(UnsubscribeRequestSchema, async (r) => {
      log.push(`${name} unsubscribe ${r.params.uri}`);
      return {};
    });
  }
  return s;
}

async function setup(make: Record<string, () => McpServer>, hosts = 1) {
  const home = await tempDir();
  const sessions: GatewayServer[] = [];
  const made = Object.entries(make).map(([name, m]) =>
    memoryUpstream(name, home, m, {
      resourceUpdated: (uri) => {
        for (const g of sessions) g.resourceUpdated(name, uri);
      },
    }),
  );
  const upstreams: Upstream[] = made.map((m) => m.upstream);
  const clients: Array<{ client: Client; updates: string[]; gateway: GatewayServer }> = [];
  for (let i = 0; i < hosts; i++) {
    const gateway = new GatewayServer(upstreams, { version: "test", log: () => undefined });
    sessions.push(gateway);
    const [a, b] = InMemoryTransport.createLinkedPair();
    await gateway.server.connect(a);
    const client = new Client({ name: `host${i}`, version: "1" });
    const updates: string[] = [];
    client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => void updates.push(n.params.uri));
    await client.connect(b);
    clients.push({ client, updates, gateway });
  }
  closers.push(async () => {
    await Promise.all(clients.map((c) => c.client.close()));
    await Promise.all(upstreams.map((u) => u.close()));
  });
  return { clients, made };
}

/** The server sends notifications/resources/updated for one of its own URIs. */
const touch = (server: McpServer | undefined, uri: string) => server!.server.sendResourceUpdated({ uri });

describe("gateway resource subscriptions", () => {
  it("advertises subscribe, forwards it to the right server, and maps updates back to the gateway URI", async () => {
    const log: Log = [];
    const { clients, made } = await setup({
      alpha: () => subscribable("alpha", log),
      beta: () => subscribable("beta", log),
    });
    const [{ client, updates }] = clients as [(typeof clients)[number]];
    expect(client.getServerCapabilities()?.resources?.subscribe).toBe(true);
    await client.subscribeResource({ uri: "connectory://alpha/file:///a.md" });
    expect(log).toEqual(["alpha subscribe file:///a.md"]);
    // Subscribing twice is one subscription.
    await client.subscribeResource({ uri: "connectory://alpha/file:///a.md" });
    expect(log).toHaveLength(1);

    const [alpha, beta] = made as [(typeof made)[number], (typeof made)[number]];
    await touch(alpha.current(), "file:///a.md");
    // Not subscribed: beta's update of the same own URI, alpha's of another.
    await client.listResources(); // starts beta too
    await touch(beta.current(), "file:///a.md");
    await touch(alpha.current(), "file:///b.md");
    await expect.poll(() => updates).toEqual(["connectory://alpha/file:///a.md"]);

    await client.unsubscribeResource({ uri: "connectory://alpha/file:///a.md" });
    expect(log).toEqual(["alpha subscribe file:///a.md", "alpha unsubscribe file:///a.md"]);
    await touch(alpha.current(), "file:///a.md");
    await client.listResources(); // a round trip, so a stray update would have arrived
    expect(updates).toEqual(["connectory://alpha/file:///a.md"]);
    // Unsubscribing what is not subscribed is not an error, and reaches no server.
    await client.unsubscribeResource({ uri: "connectory://alpha/file:///b.md" });
    await client.unsubscribeResource({ uri: "connectory://nobody/x" });
    expect(log).toHaveLength(2);
  });

  it("a server's own URI subscribes at the first server listing it, and updates come back as the host spelled it", async () => {
    const log: Log = [];
    const { clients, made } = await setup({
      alpha: () => subscribable("alpha", log),
      beta: () => subscribable("beta", log),
    });
    const { client, updates } = clients[0]!;
    await client.subscribeResource({ uri: "file:///b.md" });
    expect(log).toEqual(["alpha subscribe file:///b.md"]);
    await touch(made[0]!.current(), "file:///b.md");
    await expect.poll(() => updates).toEqual(["file:///b.md"]);
    await client.unsubscribeResource({ uri: "file:///b.md" });
    expect(log.at(-1)).toBe("alpha unsubscribe file:///b.md");
  });

  it("shares one server subscription between host sessions; the last to leave unsubscribes", async () => {
    const log: Log = [];
    const { clients, made } = await setup({ alpha: () => subscribable("alpha", log) }, 2);
    const [one, two] = clients as [(typeof clients)[number], (typeof clients)[number]];
    await one.client.subscribeResource({ uri: "connectory://alpha/file:///a.md" });
    await two.client.subscribeResource({ uri: "connectory://alpha/file:///a.md" });
    expect(log).toEqual(["alpha subscribe file:///a.md"]);
    await touch(made[0]!.current(), "file:///a.md");
    await expect.poll(() => [one.updates.length, two.updates.length]).toEqual([1, 1]);
    await one.client.unsubscribeResource({ uri: "connectory://alpha/file:///a.md" });
    expect(log).toHaveLength(1);
    await touch(made[0]!.current(), "file:///a.md");
    await expect.poll(() => two.updates.length).toBe(2);
    expect(one.updates).toHaveLength(1);
    // A session that ends drops what it held (gateway.ts calls this when an HTTP session closes).
    await two.gateway.releaseSubscriptions();
    expect(log).toEqual(["alpha subscribe file:///a.md", "alpha unsubscribe file:///a.md"]);
  });

  it("subscribes again after the server crashed and came back", async () => {
    const log: Log = [];
    const { clients, made } = await setup({ alpha: () => subscribable("alpha", log) });
    const { client, updates } = clients[0]!;
    await client.subscribeResource({ uri: "connectory://alpha/file:///a.md" });
    await made[0]!.current()!.close(); // the process is gone
    await expect.poll(() => made[0]!.upstream.health.state).toBe("crashed");
    await client.listResources(); // the next use starts it again
    expect(made[0]!.starts()).toBe(2);
    await expect.poll(() => log).toEqual(["alpha subscribe file:///a.md", "alpha subscribe file:///a.md"]);
    await touch(made[0]!.current(), "file:///a.md");
    await expect.poll(() => updates).toEqual(["connectory://alpha/file:///a.md"]);
  });

  it("refuses unknown and hostile URIs (-32602), a server without subscriptions (-32601), and passes a server's refusal on", async () => {
    const log: Log = [];
    const { clients } = await setup({
      alpha: () => subscribable("alpha", log),
      still: () => subscribable("still", log, false),
    });
    const { client } = clients[0]!;
    for (const uri of [
      "connectory://nobody/file:///a.md",
      "connectory://%ZZ/x",
      "connectory://alpha",
      "file:///not-listed",
      `x://${"a".repeat(100_000)}`,
    ])
      await expect(client.subscribeResource({ uri }), uri.slice(0, 40)).rejects.toMatchObject({
        code: -32602,
      });
    await expect(client.subscribeResource({ uri: "connectory://still/file:///a.md" })).rejects.toMatchObject({
      code: -32601,
      message: expect.stringContaining("still does not offer resource subscriptions"),
    });
    await expect(
      client.subscribeResource({ uri: "connectory://alpha/file:///refused" }),
    ).rejects.toMatchObject({
      message: expect.stringContaining("no such resource to watch"),
    });
    // A refused subscription is not held: nothing to unsubscribe, no update passed on.
    await client.unsubscribeResource({ uri: "connectory://alpha/file:///refused" });
    expect(log).toEqual([]);
  });
});
