import { beforeEach, describe, expect, it } from "vitest";
import { HOST_IDS } from "../../src/core/hosts/index.js";
import { cli } from "../helpers/cli.js";
import { buildHome } from "../helpers/home.js";
import { tempDir } from "../helpers/tmp.js";

const TOKEN = "fedcba9876543210".repeat(3) + "76543210";
const PAT = "github_pat_SECRET_VALUE_123";
let home: string;

beforeEach(async () => {
  home = await tempDir();
  await buildHome(home, [
    { sample: "tushare", credentials: { TUSHARE_TOKEN: TOKEN } },
    { sample: "github", credentials: { GITHUB_PAT: PAT } },
    { sample: "weather" },
  ]);
});

describe("config copy", () => {
  it.each(HOST_IDS)("never prints a stored secret (%s)", async (host) => {
    for (const name of ["tushare", "github", "weather"]) {
      const run = await cli(["config", "copy", name, "--host", host, "--json"], { home });
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout + run.stderr).not.toContain(TOKEN);
      expect(run.stdout + run.stderr).not.toContain(PAT);
      const data = JSON.parse(run.stdout) as { snippets: Array<{ server: string; text: string }> };
      expect(data.snippets.length).toBeGreaterThan(0);
    }
  });

  it("prints the snippet, the deeplink and what to fill in", async () => {
    const run = await cli(["config", "copy", "github", "--host", "vscode"], { home });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("# github for VS Code");
    expect(run.stdout).toContain('"password": true');
    expect(run.stdout).toContain("${input:github-github-pat}");
    expect(run.stdout).toContain("Install link: vscode:mcp/install?");
  });

  it("renders ${PLUGIN_ROOT} to the installed folder", async () => {
    const run = await cli(["config", "copy", "weather", "--host", "claude-code", "--json"], { home });
    const data = JSON.parse(run.stdout) as {
      snippets: Array<{ document: { mcpServers: Record<string, { args: string[] }> } }>;
    };
    expect(data.snippets[0]!.document.mcpServers.weather!.args[0]).toMatch(
      /plugins\/cache\/default\/weather\/[^/]+\/server\/index\.js$/,
    );
  });

  it("fails clearly for a connector that is not installed, or without --host", async () => {
    const missing = await cli(["config", "copy", "nope", "--host", "cursor"], { home });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('no installed connector named "nope"');
    expect((await cli(["config", "copy", "github"], { home })).code).toBe(2);
    expect((await cli(["config", "copy", "github", "--host", "emacs"], { home })).code).toBe(2);
  });
});
