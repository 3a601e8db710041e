import { describe, expect, it } from "vitest";
import { statusServer, streamableServer } from "../fixtures/servers/http-servers.js";
import { cli } from "../helpers/cli.js";
import { buildHome } from "../helpers/home.js";
import { tempDir } from "../helpers/tmp.js";

// A refused credential (HTTP 401) is fixed where the token lives: a connector's credentials, or the
// headers of a hand-written server in mcp.json (which `credentials set` cannot reach).

const TOKEN = "wrong-token-for-inspect-auth";

describe("inspect: the 401 hint names the right fix", () => {
  it("for a hand-written server: mcp add --header --force, then re-trust; never credentials set", async () => {
    const home = await tempDir();
    const url = `${await streamableServer("Bearer right")}/mcp`;
    const add = await cli(
      ["mcp", "add", "linear", "--url", url, "--header", `Authorization: Bearer ${TOKEN}`, "--trust"],
      { home },
    );
    expect(add.code, add.stderr).toBe(0);
    const run = await cli(["inspect", "linear"], { home });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("HTTP 401");
    expect(run.stderr).toContain(`connectory mcp add linear --url ${url} --header`);
    expect(run.stderr).toContain("--force");
    expect(run.stderr).toContain("connectory trust linear");
    expect(run.stderr).not.toContain("credentials set");
    expect(run.stdout + run.stderr).not.toContain(TOKEN);
  });

  it("for a connector's server: credentials set with the connector's own name", async () => {
    const home = await tempDir();
    const url = `${await statusServer(401)}/mcp`;
    await buildHome(home, [
      {
        name: "tracker",
        version: "1.0.0",
        files: {
          "plugin.json": { name: "tracker", version: "1.0.0", description: "test", publisher: "test" },
          "mcp.json": {
            mcpServers: { issues: { type: "http", url, headers: { Authorization: "Bearer ${API_KEY}" } } },
          },
          "token-schema.json": {
            type: "object",
            properties: { API_KEY: { type: "string", secret: true } },
            required: ["API_KEY"],
            additionalProperties: false,
          },
        },
        credentials: { API_KEY: TOKEN },
      },
    ]);
    const run = await cli(["inspect", "issues"], { home });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("HTTP 401");
    expect(run.stderr).toContain("connectory credentials set tracker");
    expect(run.stderr).not.toContain("mcp add");
    expect(run.stdout + run.stderr).not.toContain(TOKEN);
  });
});
