import fs from "node:fs/promises";
import path from "node:path";
import type { FakeInstall } from "../helpers/home.js";
import { ROOT } from "../helpers/cli.js";

// Connectors for the MCP tests: the deliberately broken stdio servers of test/fixtures/servers, and a
// real server whose tools come from a JSON file the test can change.

export const SERVERS = path.join(ROOT, "test/fixtures/servers");
export const SECRET = "sk-inspect-fixture-9f8e7d6c5b4a";

/** A connector whose one server runs a fixture script with node, receiving SECRET as a credential. */
export function fixtureConnector(name: string, script: string, extraArgs: string[] = []): FakeInstall {
  return {
    name,
    credentials: { FIXTURE_SECRET: SECRET },
    files: {
      "plugin.json": { name, version: "1.0.0", description: `${name} fixture`, publisher: "test" },
      "mcp.json": {
        mcpServers: {
          [name]: {
            command: process.execPath,
            args: [path.join(SERVERS, script), ...extraArgs],
            env: { FIXTURE_SECRET: "${FIXTURE_SECRET}" },
          },
        },
      },
      "token-schema.json": {
        type: "object",
        properties: { FIXTURE_SECRET: { type: "string", secret: true } },
        required: ["FIXTURE_SECRET"],
        additionalProperties: false,
      },
    },
  };
}

/** The default tools of the tools-server fixture. */
export const FIXTURE_TOOLS = [
  {
    name: "search",
    description: "Search the notes",
    inputSchema: {
      type: "object",
      properties: {
        query: { type: "string", description: "Words to find" },
        filter: {
          type: "object",
          properties: { tag: { type: "string", description: "Only notes with this tag" } },
        },
      },
      required: ["query"],
    },
  },
  { name: "list", description: "List notes", inputSchema: { type: "object", properties: {} } },
];

/** A connector running the tools-server fixture over `toolsFile` (write it with writeTools). */
export function toolsConnector(name: string, toolsFile: string): FakeInstall {
  return fixtureConnector(name, "tools-server.mjs", [toolsFile]);
}

export async function writeTools(file: string, tools: unknown = FIXTURE_TOOLS): Promise<void> {
  await fs.writeFile(file, JSON.stringify(tools, null, 2));
}
