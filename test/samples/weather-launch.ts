/**
 * Launches the weather sample the way a host would after `connectory install`: read its mcp.json,
 * render `${PLUGIN_ROOT}` and the credentials (defaults from token-schema.json), spawn without a shell.
 */
import fs from "node:fs/promises";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { StdioServer } from "../../src/core/types.js";

/** The weather server of the package at `pluginRoot`, rendered for launch. */
export async function renderWeatherServer(
  pluginRoot: string,
  credentials: Record<string, string> = {},
): Promise<Required<Pick<StdioServer, "command" | "args" | "env">>> {
  const read = async (file: string): Promise<any> =>
    JSON.parse(await fs.readFile(path.join(pluginRoot, file), "utf8"));
  const server: StdioServer = (await read("mcp.json")).mcpServers.weather;
  const properties: Record<string, { default?: unknown }> = (await read("token-schema.json")).properties;
  const render = (value: string): string =>
    value.replace(/\$\{([^}]*)\}/g, (_, key: string) => {
      const rendered = key === "PLUGIN_ROOT" ? pluginRoot : (credentials[key] ?? properties[key]?.default);
      if (rendered === undefined) throw new Error(`no value for \${${key}}`);
      return String(rendered);
    });
  return {
    command: render(server.command),
    args: (server.args ?? []).map(render),
    env: Object.fromEntries(Object.entries(server.env ?? {}).map(([k, v]) => [k, render(v)])),
  };
}

export interface WeatherSession {
  client: Client;
  /** What the server wrote to stderr so far. */
  stderr: () => string;
  close: () => Promise<void>;
}

/** Starts the package's weather server over stdio and completes the MCP initialize handshake. */
export async function connectWeather(
  pluginRoot: string,
  options: { credentials?: Record<string, string>; cwd?: string } = {},
): Promise<WeatherSession> {
  const server = await renderWeatherServer(pluginRoot, options.credentials);
  const transport = new StdioClientTransport({
    ...server,
    stderr: "pipe",
    ...(options.cwd ? { cwd: options.cwd } : {}),
  });
  let stderr = "";
  transport.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
  const client = new Client({ name: "connectory-sample-test", version: "0.0.0" });
  await client.connect(transport);
  return { client, stderr: () => stderr, close: () => client.close() };
}
