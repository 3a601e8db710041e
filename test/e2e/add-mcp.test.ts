import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, expect, it } from "vitest";
import { ROOT } from "../helpers/cli.js";
import { packDir, startTestServer } from "../helpers/registry.js";

// add-mcp 2.4.0 (a client nobody here wrote) finds Connectory connectors through the official registry API
// and writes them into Claude Code's config: the entry must be the launch the connector describes.

const run = promisify(execFile);
const ADD_MCP = path.join(ROOT, "node_modules/add-mcp/dist/index.js");
let server: Awaited<ReturnType<typeof startTestServer>>;
let home: string;

beforeAll(async () => {
  server = await startTestServer();
  const token = await server.token("connectory-samples");
  for (const name of ["github", "brave-search"]) {
    const res = await fetch(`${server.url}/v1/connectors/${name}`, {
      method: "PUT",
      headers: { authorization: `Bearer ${token}` },
      body: (await packDir(name)) as Uint8Array<ArrayBuffer>,
    });
    expect(res.status).toBe(201);
  }
}, 60_000);
afterAll(() => server.close());

/** Runs `add-mcp find <query> -y -g -a claude-code` in a fresh HOME pointed at the test registry. */
async function addMcpFind(query: string): Promise<Record<string, unknown>> {
  home = await fs.mkdtemp(path.join(os.tmpdir(), "connectory-add-mcp-"));
  const config = path.join(home, ".config");
  await fs.mkdir(path.join(config, "add-mcp"), { recursive: true });
  await fs.writeFile(
    path.join(config, "add-mcp/config.json"),
    JSON.stringify({ version: 1, findRegistries: [{ url: `${server.url}/v0.1/servers` }] }),
  );
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      [ADD_MCP, "find", query, "-y", "-g", "-a", "claude-code"],
      {
        cwd: home,
        env: { PATH: process.env.PATH ?? "", HOME: home, XDG_CONFIG_HOME: config, NO_COLOR: "1", CI: "1" },
        timeout: 60_000,
      },
    );
    const file = path.join(home, ".claude.json");
    const written = JSON.parse(
      await fs.readFile(file, "utf8").catch(() => `{"missing":${JSON.stringify(stdout + stderr)}}`),
    );
    return written as Record<string, unknown>;
  } finally {
    await fs.rm(home, { recursive: true, force: true });
  }
}

it("installs the remote github sample: its URL and its required bearer header", async () => {
  const written = await addMcpFind("github");
  const servers = written.mcpServers as Record<string, Record<string, unknown>>;
  expect(Object.values(servers)).toEqual([
    {
      type: "http",
      url: "https://api.githubcopilot.com/mcp/",
      // add-mcp fills required values with a placeholder under -y; the header is the one mcp.json sends.
      headers: { Authorization: "<your-header-value-here>" },
    },
  ]);
}, 90_000);

it("installs the npx brave-search sample: npx, the npm package, its arguments and its required key", async () => {
  const written = await addMcpFind("brave");
  const servers = written.mcpServers as Record<string, Record<string, unknown>>;
  const [entry] = Object.values(servers);
  // mcp.json: npx -y @brave/brave-search-mcp-server@2.1.4 --transport stdio, env BRAVE_API_KEY (add-mcp drops the version).
  expect(entry).toMatchObject({
    command: "npx",
    args: ["-y", "@brave/brave-search-mcp-server", "--transport", "stdio"],
    env: { BRAVE_API_KEY: "<your-variable-value-here>" },
  });
}, 90_000);
