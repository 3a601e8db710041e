import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { McpServer, ResourceTemplate } from "@modelcontextprotocol/sdk/server/mcp.js";
import {
  PromptListChangedNotificationSchema,
  ResourceListChangedNotificationSchema,
} from "@modelcontextprotocol/sdk/types.js";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { GatewayServer } from "../../cli/gateway/gateway-server.js";
import { gatewayUri, parseGatewayUri } from "../../cli/gateway/gateway-uri.js";
import type { Upstream } from "../../cli/gateway/upstream.js";
import { memoryUpstream } from "../helpers/memory-upstream.js";
import { tempDir } from "../helpers/tmp.js";

// Resources and prompts through the gateway, in-process: real SDK McpServers behind InMemoryTransport
// pairs and the real guard, a real SDK Client as the host.

const closers: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((c) => c()));
});

interface Seen {
  aborted: string[];
  reads: string[];
}

/** A server with one fixed resource (a URI both servers share), a template, a prompt and a slow read. */
function richServer(name: string, seen: Seen): McpServer {
  const s = new McpServer({ name, version: "1" });
  s.registerResource("same", "file:///same.md", { mimeType: "text/markdown" }, async (uri) => {
    seen.reads.push(`${name}:${uri.href}`);
    return { contents: [{ uri: uri.href, text: `${name} same` }] };
  });
  s.registerResource(
    "note",
    new ResourceTemplate("notes://{id}", { list: undefined }),
    { description: `a note of ${name}` },
    async (uri, vars) => ({ contents: [{ uri: uri.href, text: `${name} note ${String(vars.id)}` }] }),
  );
  s.registerResource("slow", "slow://x", {}, async (uri, extra) => {
    const token = extra._meta?.progressToken;
    if (token !== undefined)
      await extra.sendNotification({
        method: "notifications/progress",
        params: { progressToken: token, progress: 1, total: 2 },
      });
    await new Promise<void>((resolve) =>
      extra.signal.addEventListener("abort", () => (seen.aborted.push(`${name}:${uri.href}`), resolve())),
    );
    return { contents: [] };
  });
  s.registerPrompt(
    "greet",
    { description: `greeting of ${name}`, argsSchema: { who: z.string() } },
    async (args) => ({
      messages: [{ role: "user", content: { type: "text", text: `${name} greets ${args.who}` } }],
    }),
  );
  return s;
}

function toolsOnly(name: string): McpServer {
  const s = new McpServer({ name, version: "1" });
  s.registerTool("ping", { description: "ping" }, async () => ({
    content: [{ type: "text", text: "pong" }],
  }));
  return s;
}

async function gateway(make: Record<string, () => McpServer>) {
  const home = await tempDir();
  const logs: string[] = [];
  let gw: GatewayServer | undefined;
  const made = Object.entries(make).map(([name, m]) =>
    memoryUpstream(name, home, m, {
      log: (l) => logs.push(l),
      toolsChanged: () => gw?.toolsChanged(),
      catalogChanged: (k) => gw?.catalogChanged(k),
    }),
  );
  const upstreams: Upstream[] = made.map((m) => m.upstream);
  gw = new GatewayServer(upstreams, { version: "test", log: (l) => logs.push(l) });
  const [a, b] = InMemoryTransport.createLinkedPair();
  await gw.server.connect(a);
  const host = new Client({ name: "host", version: "1" });
  await host.connect(b);
  closers.push(async () => {
    await host.close();
    await Promise.all(upstreams.map((u) => u.close()));
  });
  return { host, made, logs };
}

describe("gateway resources", () => {
  it("lists every server's resources under unique URIs and names, and reads each from its server", async () => {
    const seen: Seen = { aborted: [], reads: [] };
    const { host } = await gateway({
      alpha: () => richServer("alpha", seen),
      beta: () => richServer("beta", seen),
      plain: () => toolsOnly("plain"),
    });
    const { resources } = await host.listResources();
    const same = resources.filter((r) => r.uri.endsWith("file:///same.md"));
    expect(same.map((r) => [r.uri, r.name]).sort()).toEqual([
      ["connectory://alpha/file:///same.md", "alpha__same"],
      ["connectory://beta/file:///same.md", "beta__same"],
    ]);
    expect(same[0]?.mimeType).toBe("text/markdown");
    expect(resources.some((r) => r.uri.startsWith("connectory://plain/"))).toBe(false);

    const read = await host.readResource({ uri: "connectory://beta/file:///same.md" });
    expect(read.contents).toEqual([{ uri: "connectory://beta/file:///same.md", text: "beta same" }]);
    expect(seen.reads).toEqual(["beta:file:///same.md"]);
    // A server's own URI (as a tool result's resource_link has it) goes to the first server listing it.
    const own = await host.readResource({ uri: "file:///same.md" });
    expect(own.contents[0]).toMatchObject({ text: "alpha same" });
  });

  it("prefixes templates, and a read of an expanded one reaches its server", async () => {
    const seen: Seen = { aborted: [], reads: [] };
    const { host } = await gateway({
      alpha: () => richServer("alpha", seen),
      beta: () => richServer("beta", seen),
    });
    const { resourceTemplates } = await host.listResourceTemplates();
    expect(resourceTemplates.map((t) => [t.uriTemplate, t.name]).sort()).toEqual([
      ["connectory://alpha/notes://{id}", "alpha__note"],
      ["connectory://beta/notes://{id}", "beta__note"],
    ]);
    const read = await host.readResource({ uri: "connectory://alpha/notes://42" });
    expect(read.contents[0]).toMatchObject({ uri: "connectory://alpha/notes://42", text: "alpha note 42" });
  });

  it("refuses unknown, malformed and hostile URIs with -32602, starting nothing it need not", async () => {
    const seen: Seen = { aborted: [], reads: [] };
    const { host } = await gateway({ alpha: () => richServer("alpha", seen) });
    for (const uri of [
      "connectory://nobody/file:///same.md",
      "connectory://%ZZ/x",
      "connectory://alpha",
      "connectory:///x",
      "file:///not-listed",
      `x://${"a".repeat(100_000)}`,
    ]) {
      await expect(host.readResource({ uri }), uri.slice(0, 40)).rejects.toMatchObject({ code: -32602 });
    }
    // A URI of a known server that the server does not have: the server's own error comes back.
    await expect(host.readResource({ uri: "connectory://alpha/file:///nope" })).rejects.toMatchObject({
      code: expect.any(Number),
      message: expect.stringContaining("file:///nope"),
    });
    expect(seen.reads).toEqual([]);
  });

  it("passes progress back and cancellation on, for a resource read", async () => {
    const seen: Seen = { aborted: [], reads: [] };
    const { host } = await gateway({ alpha: () => richServer("alpha", seen) });
    const controller = new AbortController();
    const progress: number[] = [];
    const reading = host.readResource(
      { uri: "connectory://alpha/slow://x" },
      {
        signal: controller.signal,
        onprogress: (p) => {
          progress.push(p.progress);
          controller.abort();
        },
      },
    );
    await expect(reading).rejects.toThrow();
    expect(progress).toEqual([1]);
    await expect.poll(() => seen.aborted).toEqual(["alpha:slow://x"]);
  });

  it("forwards a server's resources and prompts list_changed to the host", async () => {
    const seen: Seen = { aborted: [], reads: [] };
    const { host, made } = await gateway({ alpha: () => richServer("alpha", seen) });
    const got: string[] = [];
    host.setNotificationHandler(ResourceListChangedNotificationSchema, () => void got.push("resources"));
    host.setNotificationHandler(PromptListChangedNotificationSchema, () => void got.push("prompts"));
    await host.listResources(); // starts alpha
    const server = made[0]!.current()!;
    server.registerResource("late", "file:///late.md", {}, async (uri) => ({
      contents: [{ uri: uri.href, text: "late" }],
    }));
    server.registerPrompt("late", { description: "late" }, async () => ({ messages: [] }));
    await expect.poll(() => got.sort()).toEqual(["prompts", "resources"]);
    const { resources } = await host.listResources();
    expect(resources.map((r) => r.uri)).toContain("connectory://alpha/file:///late.md");
  });
});

describe("gateway prompts", () => {
  it("names prompts <server>__<prompt> and gets each from its server with its arguments", async () => {
    const seen: Seen = { aborted: [], reads: [] };
    const { host } = await gateway({
      alpha: () => richServer("alpha", seen),
      beta: () => richServer("beta", seen),
      plain: () => toolsOnly("plain"),
    });
    const { prompts } = await host.listPrompts();
    expect(prompts.map((p) => p.name).sort()).toEqual(["alpha__greet", "beta__greet"]);
    expect(prompts.find((p) => p.name === "beta__greet")?.arguments).toEqual([
      expect.objectContaining({ name: "who", required: true }),
    ]);
    const got = await host.getPrompt({ name: "beta__greet", arguments: { who: "Ada" } });
    expect(got.messages).toEqual([{ role: "user", content: { type: "text", text: "beta greets Ada" } }]);
    await expect(host.getPrompt({ name: "nobody__greet" })).rejects.toMatchObject({ code: -32602 });
    await expect(host.getPrompt({ name: "x".repeat(10_000) })).rejects.toMatchObject({ code: -32602 });
    // Missing required argument: the server's own error is passed on.
    await expect(host.getPrompt({ name: "alpha__greet" })).rejects.toMatchObject({ code: -32602 });
  });

  it("leaves out a server that fails, saying so, and serves the others", async () => {
    const seen: Seen = { aborted: [], reads: [] };
    const { host, logs } = await gateway({
      alpha: () => richServer("alpha", seen),
      broken: () => {
        throw new Error("cannot start");
      },
    });
    const { prompts } = await host.listPrompts();
    expect(prompts.map((p) => p.name)).toEqual(["alpha__greet"]);
    expect(logs.join("\n")).toContain("broken: left out of prompts/list: cannot start");
  });
});

describe("gateway URIs", () => {
  it.each([
    ["weather", "file:///a b.md"],
    ["天气", "notes://{id}"],
    ["a/b", "x:y"],
  ])("round-trips %s %s", (server, uri) => {
    expect(parseGatewayUri(gatewayUri(server, uri))).toEqual({ server, uri });
  });
});
