import fs from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { childEnv } from "../../cli/mcp/child-env.js";
import { connectServer, type McpWorld } from "../../cli/mcp/mcp-client.js";
import { inspectServer } from "../../cli/mcp/mcp-inspect.js";
import type { ServerSpec } from "../../src/core/types.js";
import { ROOT } from "../helpers/cli.js";
import { tempDir } from "../helpers/tmp.js";
import { sseServer, statusServer, streamableServer } from "../fixtures/servers/http-servers.js";

const FIXTURES = path.join(ROOT, "test/fixtures/servers");
const SECRET = "sk-fixture-0123456789abcdef";
const world: McpWorld = {
  env: process.env,
  cwd: ROOT,
  fetch: globalThis.fetch,
  timeoutMs: 10_000,
  version: "0.0.0-test",
};

function fixture(file: string, env: Record<string, string> = {}): ServerSpec {
  return {
    command: process.execPath,
    args: [path.join(FIXTURES, file)],
    env: { FIXTURE_SECRET: SECRET, ...env },
  };
}

async function failure(spec: ServerSpec, overrides: Partial<McpWorld> = {}) {
  const error = await connectServer(
    { name: "fx", spec, secretValues: [SECRET] },
    { ...world, ...overrides },
  ).then(
    () => undefined,
    (e: unknown) => e as { code: string; message: string; hint: string },
  );
  expect(error).toBeDefined();
  expect(`${error!.message} ${error!.hint}`).not.toContain(SECRET);
  return error!;
}

async function toolsFile(tools: unknown): Promise<string> {
  const file = path.join(await tempDir(), "tools.json");
  await fs.writeFile(file, JSON.stringify(tools));
  return file;
}

describe("stdio servers", () => {
  it("inspects a real server: info, protocol version, capabilities, tools", async () => {
    const file = await toolsFile([{ name: "t", description: "d", inputSchema: { type: "object" } }]);
    const spec = { command: process.execPath, args: [path.join(FIXTURES, "tools-server.mjs"), file] };
    const report = await inspectServer({ name: "fx", spec, secretValues: [] }, world);
    expect(report).toMatchObject({
      transport: "stdio",
      serverInfo: { name: "fixture-tools", version: "1.0.0" },
      protocolVersion: "2025-11-25",
      capabilities: { tools: {} },
      instructions: "A fixture.",
      tools: [{ name: "t", description: "d", inputSchema: { type: "object" } }],
    });
    expect(report.resources).toBeUndefined();
    expect(report.prompts).toBeUndefined();
  });

  it("says when the command does not exist", async () => {
    const error = await failure({ command: "connectory-no-such-command-xyz", args: [] });
    expect(error.code).toBe("mcp.command.not-found");
    expect(error.message).toContain('command "connectory-no-such-command-xyz" was not found');
  });

  it("says when the working folder does not exist (not 'command not found')", async () => {
    const error = await failure({ command: process.execPath, cwd: "/no/such/folder" });
    expect(error.code).toBe("mcp.cwd.not-found");
  });

  it("reports a server that exits at once, with its exit code and last stderr lines, redacted", async () => {
    const error = await failure(fixture("exits-at-once.mjs"));
    expect(error.code).toBe("mcp.server.exited");
    expect(error.message).toContain("exited with code 3");
    expect(error.message).toContain("fatal: the API key *** was rejected");
    expect(error.message).not.toContain("starting step 5\n");
    expect(error.message).toContain("starting step 30");
  });

  it("times out a server that never answers", async () => {
    const error = await failure(fixture("never-answers.mjs"), { timeoutMs: 500 });
    expect(error.code).toBe("mcp.handshake.timeout");
    expect(error.message).toContain("within 500 ms");
  });

  it("fails fast on garbage on stdout, quoting it redacted", async () => {
    const error = await failure(fixture("garbage.mjs"), { timeoutMs: 60_000 });
    expect(error.code).toBe("mcp.protocol.invalid");
    expect(error.message).toContain('"Server ready! token=***"');
  });

  it("passes a minimal environment plus the server's env, not the user's other variables", () => {
    const env = childEnv(
      { command: "x", env: { API_KEY: "k" } },
      { PATH: "/bin", HOME: "/h", AWS_SECRET_ACCESS_KEY: "aws", HTTPS_PROXY: "http://p", BAD: "() { :; }" },
    );
    expect(env).toEqual({ PATH: "/bin", HOME: "/h", HTTPS_PROXY: "http://p", API_KEY: "k" });
  });
});

describe("remote servers", () => {
  it("inspects a streamable-http server, sending its headers", async () => {
    const url = await streamableServer(`Bearer ${SECRET}`);
    const spec: ServerSpec = {
      type: "streamable-http",
      url: `${url}/mcp`,
      headers: { Authorization: `Bearer ${SECRET}` },
    };
    const report = await inspectServer({ name: "fx", spec, secretValues: [SECRET] }, world);
    expect(report).toMatchObject({ transport: "streamable-http", serverInfo: { name: "fixture-http" } });
    expect(report.tools.map((t) => t.name)).toEqual(["echo"]);
  });

  it("falls back to HTTP+SSE when the server refuses the streamable POST", async () => {
    const url = await sseServer();
    const report = await inspectServer(
      { name: "fx", spec: { type: "http", url: `${url}/sse` }, secretValues: [] },
      world,
    );
    expect(report.transport).toBe("sse");
    expect(report.tools.map((t) => t.name)).toEqual(["echo"]);
  });

  it("speaks SSE directly for type sse", async () => {
    const url = await sseServer();
    const report = await inspectServer(
      { name: "fx", spec: { type: "sse", url: `${url}/sse` }, secretValues: [] },
      world,
    );
    expect(report.transport).toBe("sse");
  });

  it("reports 401 as an authentication problem, with the secret in the URL redacted", async () => {
    const url = await statusServer(401);
    const error = await failure({ type: "streamable-http", url: `${url}/mcp?token=${SECRET}` });
    expect(error.code).toBe("mcp.http.unauthorized");
    expect(error.message).toContain("HTTP 401");
    expect(error.message).toContain("token=***");
    expect(error.hint).toContain("credentials");
  });

  it("reports a wrong header as 401 too", async () => {
    const url = await streamableServer("Bearer right");
    const error = await failure({
      type: "streamable-http",
      url: `${url}/mcp`,
      headers: { Authorization: `Bearer ${SECRET}` },
    });
    expect(error.code).toBe("mcp.http.unauthorized");
  });

  it("reports 404 (after trying the SSE fallback)", async () => {
    const url = await statusServer(404);
    const error = await failure({ type: "streamable-http", url: `${url}/nope` });
    expect(error.code).toBe("mcp.http.not-found");
    expect(error.hint).toContain("/mcp");
  });

  it("reports an unreachable host", async () => {
    // Port 1 on loopback: nothing listens there (it is privileged, and tests do not run services on it).
    const error = await failure({ type: "streamable-http", url: `http://127.0.0.1:1/mcp` });
    expect(error.code).toBe("mcp.http.unreachable");
  });

  it.each(["ftp://example.com/x", "not a url", ""])("rejects the URL %j", async (url) => {
    const error = await failure({ type: "sse", url });
    expect(error.code).toBe("mcp.url.invalid");
  });
});
