import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, describe, expect, it } from "vitest";
import type { CallRecord } from "../../cli/gateway/audit-recorder.js";
import { GatewayServer } from "../../cli/gateway/gateway-server.js";
import { Upstream } from "../../cli/gateway/upstream.js";
import { recordPins, serverPins } from "../../cli/home/pins-store.js";
import { ToolGuard } from "../../cli/mcp/tool-guard.js";
import { tempDir } from "../helpers/tmp.js";

// An ordinary tools/call takes the gateway's fast path (fast-server.ts: forwarded past the SDK Server
// and Client); one with a progressToken still takes the SDK's. Both must answer the host alike, so
// each case is sent both ways, by a raw JSON-RPC host, to a hand-written server that can answer what
// an SDK server would not send (extra keys, an image, no content, an invalid result, an error).

type Answer = { result: unknown } | { error: { code: number; message: string; data?: unknown } };

/** A server speaking raw JSON-RPC: one tool `t`, each tools/call answered by `answer` (or held). */
function rawServer(answer: (args: Record<string, unknown>) => Answer | undefined) {
  const seen: JSONRPCMessage[] = [];
  const held: Array<{ id: string | number }> = [];
  let transport: InMemoryTransport | undefined;
  const open = () => {
    const [client, server] = InMemoryTransport.createLinkedPair();
    transport = server;
    server.onmessage = (m) => {
      seen.push(m);
      if (!("method" in m) || !("id" in m)) return;
      const reply = (body: Answer) =>
        void server.send({ jsonrpc: "2.0", id: m.id, ...body } as JSONRPCMessage);
      if (m.method === "initialize")
        reply({
          result: {
            protocolVersion: (m.params as { protocolVersion: string }).protocolVersion,
            capabilities: { tools: {} },
            serverInfo: { name: "raw", version: "1" },
          },
        });
      else if (m.method === "tools/list")
        reply({ result: { tools: [{ name: "t", inputSchema: { type: "object" } }] } });
      else if (m.method === "tools/call") {
        const out = answer((m.params as { arguments?: Record<string, unknown> }).arguments ?? {});
        if (out) reply(out);
        else held.push({ id: m.id });
      }
    };
    void server.start();
    return client;
  };
  return { open, seen, held, transport: () => transport };
}

const closers: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((c) => c()));
});

async function setUp(answer: (args: Record<string, unknown>) => Answer | undefined) {
  const home = await tempDir();
  const server = rawServer(answer);
  const records: CallRecord[] = [];
  const log = () => undefined;
  const upstream = new Upstream({
    name: "raw",
    open: server.open,
    guard: (send) =>
      new ToolGuard({
        server: "raw",
        readPins: () => serverPins(home, "raw"),
        recordPins: async (tools) => void (await recordPins(home, "raw", tools)),
        send,
        log,
        hide: (t) => t,
        timeoutMs: 5000,
      }),
    log,
    hide: (t) => t,
    timeoutMs: 5000,
    version: "test",
    changed: () => undefined,
    toolsChanged: () => undefined,
  });
  const gw = new GatewayServer([upstream], { version: "test", log, record: (c) => records.push(c) });
  const [a, host] = InMemoryTransport.createLinkedPair();
  await gw.server.connect(a);
  const answers = new Map<string | number, JSONRPCMessage>();
  host.onmessage = (m) => {
    if ("id" in m && !("method" in m)) answers.set(m.id as string | number, m);
  };
  await host.start();
  closers.push(async () => {
    await host.close();
    await upstream.close();
  });
  let next = 0;
  const ask = async (method: string, params: Record<string, unknown>) => {
    const id = ++next;
    await host.send({ jsonrpc: "2.0", id, method, params });
    await expect.poll(() => answers.has(id), { timeout: 20_000 }).toBe(true);
    const { id: _, ...rest } = answers.get(id) as JSONRPCMessage & { id: number };
    return rest;
  };
  await ask("initialize", {
    protocolVersion: "2025-06-18",
    capabilities: {},
    clientInfo: { name: "host", version: "1" },
  });
  await host.send({ jsonrpc: "2.0", method: "notifications/initialized" });
  await ask("tools/list", {});
  /** One call both ways: the fast path, then the SDK path (a progressToken makes the gateway use it). */
  const both = async (args: Record<string, unknown>) => [
    await ask("tools/call", { name: "raw__t", arguments: args }),
    await ask("tools/call", { name: "raw__t", arguments: args, _meta: { progressToken: "p" } }),
  ];
  return { ask, both, host, server, records, answers, next: () => ++next };
}

const RESULTS: Record<string, Answer> = {
  "plain text": { result: { content: [{ type: "text", text: "sunny" }] } },
  "a text block with a key the schema strips": {
    result: { content: [{ type: "text", text: "sunny", extra: 1 }], kept: true },
  },
  "an image and structured content": {
    result: {
      content: [{ type: "image", data: "aGk=", mimeType: "image/png" }],
      structuredContent: { temp: 21 },
    },
  },
  "no content (the schema's default)": { result: { structuredContent: { temp: 21 } } },
  "a tool error": { result: { content: [{ type: "text", text: "no such city" }], isError: true } },
  "an invalid result": { result: { content: "sunny" } },
  "a JSON-RPC error with data": { error: { code: -32602, message: "bad city", data: { city: "X" } } },
};

describe("the gateway's tools/call fast path", () => {
  for (const [label, answer] of Object.entries(RESULTS))
    it(`answers the host as the SDK path does: ${label}`, async () => {
      const { both, records, server } = await setUp(() => answer);
      const [fast, sdk] = await both({ city: "Paris" });
      expect(fast).toEqual(sdk);
      if ("error" in answer) expect(fast).toMatchObject({ error: answer.error });
      // One audit record per call, alike.
      expect(records).toHaveLength(2);
      const { startedAt: _a, ...first } = records[0] as CallRecord;
      const { startedAt: _b, ...second } = records[1] as CallRecord;
      expect(first).toEqual(second);
      // The server got the same request both ways (its own id aside), the progressToken apart.
      const calls = server.seen.filter((m) => "method" in m && m.method === "tools/call");
      expect(calls.map((m) => (m as { params: unknown }).params)).toEqual([
        { name: "t", arguments: { city: "Paris" } },
        { name: "t", arguments: { city: "Paris" }, _meta: { progressToken: expect.anything() } },
      ]);
    });

  it("sends the host's cancellation on to the server and never answers the cancelled call", async () => {
    const { host, server, records, answers, next, ask } = await setUp(() => undefined);
    const id = next();
    await host.send({ jsonrpc: "2.0", id, method: "tools/call", params: { name: "raw__t", arguments: {} } });
    await expect.poll(() => server.held.length, { timeout: 20_000 }).toBe(1);
    await host.send({
      jsonrpc: "2.0",
      method: "notifications/cancelled",
      params: { requestId: id, reason: "enough" },
    });
    const upstreamId = server.held[0]?.id;
    await expect
      .poll(() => server.seen.find((m) => "method" in m && m.method === "notifications/cancelled"), {
        timeout: 20_000,
      })
      .toMatchObject({ params: { requestId: upstreamId, reason: "enough" } });
    // A late answer from the server reaches nobody; the session goes on.
    await server.transport()?.send({ jsonrpc: "2.0", id: upstreamId as string, result: { content: [] } });
    await ask("ping", {});
    expect(answers.has(id)).toBe(false);
    expect(records).toMatchObject([{ server: "raw", tool: "t", errorCode: -32001 }]);
  });

  it("answers a call in flight when the server goes away, as the SDK path does", async () => {
    const { host, server, answers, next } = await setUp(() => undefined);
    const id = next();
    await host.send({ jsonrpc: "2.0", id, method: "tools/call", params: { name: "raw__t", arguments: {} } });
    await expect.poll(() => server.held.length, { timeout: 20_000 }).toBe(1);
    await server.transport()?.close();
    await expect
      .poll(() => answers.get(id), { timeout: 20_000 })
      .toMatchObject({ error: { code: -32000, message: "Connection closed" } });
  });
});
