import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { getDefaultEnvironment, StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { BIN, cli } from "../helpers/cli.js";
import { buildHome } from "../helpers/home.js";
import { tempDir } from "../helpers/tmp.js";

// End to end: a real MCP client, configured only from the file `config export` wrote, launches
// `connectory run` (the built binary: `npm run build` first) and talks to the server through it.

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((c) => c()));
});

interface Entry {
  type: string;
  command: string;
  args: string[];
  env?: Record<string, string>;
}

/**
 * A folder holding `connectory`, as `npm i -g connectory` puts it on a teammate's PATH: a shim for
 * this checkout's bin/connectory.js (the built binary).
 */
async function connectoryOnPath(): Promise<string> {
  const dir = await tempDir();
  const shim = `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(BIN)} "$@"\n`;
  await fs.writeFile(path.join(dir, "connectory"), shim, { mode: 0o755 });
  return dir;
}

/**
 * Exports the home's servers into a project .mcp.json (the portable, committed file) and returns the
 * claude-code entry for `name`, plus the PATH a host needs to find `connectory`.
 */
async function exportedEntry(home: string, name: string): Promise<{ entry: Entry; bin: string }> {
  const project = await tempDir();
  const bin = await connectoryOnPath();
  const run = await cli(["config", "export", "--host", "claude-code", "--scope", "project", "--write"], {
    home,
    cwd: project,
    env: { PATH: bin },
  });
  expect(run.code, run.stderr).toBe(0);
  expect(run.stderr).not.toContain("not on PATH");
  const file = JSON.parse(await fs.readFile(path.join(project, ".mcp.json"), "utf8")) as {
    mcpServers: Record<string, Entry>;
  };
  const entry = file.mcpServers[name];
  if (!entry) throw new Error(`no ${name} in ${JSON.stringify(file)}`);
  // Portable: launched by name, with no path or home of this machine in the file.
  expect(entry).toEqual({ type: "stdio", command: "connectory", args: ["run", name] });
  return { entry, bin };
}

/**
 * Launches the entry as a host would: `connectory` from PATH, and the user's own CONNECTORY_HOME from
 * the environment the host was started in (the file holds none).
 */
async function connect({ entry, bin }: { entry: Entry; bin: string }, home: string): Promise<Client> {
  expect(entry.type).toBe("stdio");
  const base = getDefaultEnvironment();
  const transport = new StdioClientTransport({
    command: entry.command,
    args: entry.args,
    env: {
      ...base,
      PATH: [bin, base.PATH].filter((p) => p).join(path.delimiter),
      CONNECTORY_HOME: home,
      ...(entry.env ?? {}),
    },
    stderr: "pipe",
  });
  const client = new Client({ name: "e2e-host", version: "1.0.0" });
  await client.connect(transport);
  closers.push(() => client.close());
  return client;
}

/** A tiny streamable-HTTP MCP server on loopback that insists on a bearer token. */
async function remoteServer(token: string): Promise<string> {
  const transports = new Map<string, StreamableHTTPServerTransport>();
  const httpServer = http.createServer(async (req, res) => {
    if (req.headers.authorization !== `Bearer ${token}`) {
      res.writeHead(401).end("unauthorized");
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body =
      chunks.length > 0 ? (JSON.parse(Buffer.concat(chunks).toString("utf8")) as unknown) : undefined;
    const sessionId = req.headers["mcp-session-id"];
    let transport = typeof sessionId === "string" ? transports.get(sessionId) : undefined;
    if (!transport) {
      transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (id) => {
          transports.set(id, transport!);
        },
      });
      const server = new McpServer({ name: "loopback-remote", version: "1.0.0" });
      server.registerTool(
        "echo",
        { description: "Echo a message", inputSchema: { message: z.string() } },
        ({ message }) => ({
          content: [{ type: "text", text: `echo: ${message}` }],
        }),
      );
      await server.connect(transport);
    }
    await transport.handleRequest(req, res, body);
  });
  await new Promise<void>((resolve) => httpServer.listen(0, "127.0.0.1", resolve));
  closers.push(
    () =>
      new Promise<void>((resolve) => {
        httpServer.closeAllConnections();
        httpServer.close(() => resolve());
      }),
  );
  return `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}/mcp`;
}

describe("hosts end to end", () => {
  it("an exported claude-code file launches `connectory run` for the bundled weather connector", async () => {
    const home = await tempDir();
    await buildHome(home, [{ sample: "weather" }]);
    const exported = await exportedEntry(home, "weather");
    const client = await connect(exported, home);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(["get_weather", "list_cities"]));
    const answer = await client.callTool({ name: "get_weather", arguments: { city: "Tokyo" } });
    expect(answer.isError).toBeFalsy();
    expect(JSON.stringify(answer.content)).toContain("Tokyo");
  });

  it("`connectory run` bridges a remote streamable-HTTP server, with the credential only in Connectory", async () => {
    const token = "remote-secret-" + randomUUID();
    const url = await remoteServer(token);
    const home = await tempDir();
    await buildHome(home, [
      {
        name: "loopback",
        version: "1.0.0",
        files: {
          "plugin.json": { name: "loopback", version: "1.0.0", description: "test", publisher: "test" },
          "mcp.json": {
            mcpServers: {
              loopback: { type: "streamable-http", url, headers: { Authorization: "Bearer ${API_TOKEN}" } },
            },
          },
          "token-schema.json": {
            type: "object",
            properties: { API_TOKEN: { type: "string", secret: true } },
            required: ["API_TOKEN"],
            additionalProperties: false,
          },
        },
        credentials: { API_TOKEN: token },
      },
    ]);
    const exported = await exportedEntry(home, "loopback");
    expect(JSON.stringify(exported.entry)).not.toContain(token);
    const client = await connect(exported, home);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(["echo"]);
    const answer = await client.callTool({ name: "echo", arguments: { message: "hi" } });
    expect(answer.content).toEqual([{ type: "text", text: "echo: hi" }]);
  });
});
