import net from "node:net";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { localHttpTransport } from "../../../cli/mcp/client-transport.js";
import { LocalHttpTransport } from "../../../cli/mcp/local-http-transport.js";
import { connectServer } from "../../../cli/mcp/mcp-client.js";
import { ROOT } from "../../helpers/cli.js";

// A local package whose transport is Streamable HTTP (mcp.json 2): Connectory starts the process, waits for
// its port and speaks HTTP to it; the caller (connectory run, the host) sees one MCP server.

const SERVER = path.join(ROOT, "test/fixtures/servers/local-http-server.mjs");

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise((r) => server.close(r));
  return port;
}

const world = () => ({ env: { ...process.env }, cwd: ROOT, log: () => undefined }) as never;

describe("a local server that serves Streamable HTTP", () => {
  it("is started, waited for, and reached over its loopback URL", async () => {
    const port = await freePort();
    const log: string[] = [];
    const transport = await localHttpTransport(
      {
        command: process.execPath,
        args: [SERVER, "--port", String(port)],
        transport: { type: "streamable-http", url: `http://127.0.0.1:${port}/mcp` },
      },
      undefined,
      world(),
      { stderr: (chunk) => log.push(chunk) },
    );
    const client = new Client({ name: "test", version: "1.0.0" });
    try {
      await client.connect(transport);
      expect((await client.listTools()).tools.map((t) => t.name)).toEqual(["whoami"]);
      const called = await client.callTool({ name: "whoami", arguments: {} });
      expect(JSON.stringify(called.content)).toMatch(/local-http pid \d+/);
      // Its stdout is its log, not MCP: passed on as stderr.
      expect(log.join("")).toContain(`starting on ${port}`);
    } finally {
      await client.close();
    }
  });

  it("says so when the server ends before it listens, and when it never listens", async () => {
    const port = await freePort();
    const early = await localHttpTransport(
      {
        command: process.execPath,
        args: [SERVER], // no --port: it exits with a usage message
        transport: { type: "streamable-http", url: `http://127.0.0.1:${port}/mcp` },
      },
      undefined,
      world(),
    );
    await expect(early.start()).rejects.toMatchObject({ code: "run.local-http.exited" });

    const silent = new LocalHttpTransport(
      {
        command: process.execPath,
        args: ["-e", "setInterval(() => {}, 1000)"],
        env: { ...process.env } as Record<string, string>,
        cwd: ROOT,
      },
      new URL(`http://127.0.0.1:${port}/mcp`),
      () => {
        throw new Error("never connected");
      },
      { waitMs: 0 },
    );
    await expect(silent.start()).rejects.toMatchObject({ code: "run.local-http.timeout" });
  });

  it("inspect, doctor and tools reach it the same way (connectServer)", async () => {
    const port = await freePort();
    const session = await connectServer(
      {
        name: "local",
        spec: {
          command: process.execPath,
          args: [SERVER, "--port", String(port)],
          transport: { type: "streamable-http", url: `http://127.0.0.1:${port}/mcp` },
        },
        secretValues: [],
      },
      { env: { ...process.env }, cwd: ROOT, fetch, timeoutMs: 20_000, version: "0.0.0-test" },
    );
    try {
      expect(session.transport).toBe("streamable-http");
      expect(session.serverInfo.name).toBe("local-http");
      expect((await session.listTools()).map((t) => t.name)).toEqual(["whoami"]);
    } finally {
      await session.close();
    }
  });
});
