import fs from "node:fs/promises";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { loadEffectiveConfig } from "../../cli/home/effective-config.js";
import { homePaths } from "../../cli/home/home.js";
import { applyEntryChanges, entriesAt, parseHostDocument } from "../../src/core/hosts/document.js";
import { HOSTS } from "../../src/core/hosts/index.js";
import { cli } from "../helpers/cli.js";
import { startTestServer } from "../helpers/registry.js";
import { listFiles, tempDir } from "../helpers/tmp.js";
import { IMPORT_FILES, SECRETS } from "../fixtures/hosts/import-files.js";

// Nothing listens on port 9 (discard): the marketplace check fails fast and says so.
const NO_REGISTRY = { CONNECTORY_REGISTRY: "http://127.0.0.1:9" };

let home: string;
let dir: string;

beforeEach(async () => {
  home = await tempDir();
  dir = await tempDir();
});

function run(argv: string[], env: Record<string, string> = NO_REGISTRY) {
  return cli(argv, { home, env: { HOME: dir, ...env } });
}

function expectNoSecret(text: string): void {
  for (const secret of Object.values(SECRETS)) expect(text).not.toContain(secret);
}

interface ImportData {
  servers: Array<{
    name: string;
    action: string;
    reason?: string;
    server?: Record<string, unknown>;
    secretKeys: string[];
    trusted: boolean;
    notes: string[];
    match?: { connector: string; marketplace: string };
  }>;
  notes: string[];
}

async function importFrom(host: string, file: string, ...extra: string[]) {
  const result = await run(["import", "--from", host, "--file", file, "--json", ...extra]);
  expectNoSecret(result.stdout + result.stderr);
  return { ...result, data: result.code === 0 ? (JSON.parse(result.stdout) as ImportData) : undefined };
}

async function manual(): Promise<Record<string, Record<string, unknown>>> {
  const text = await fs.readFile(homePaths(home).mcpJson, "utf8");
  return (JSON.parse(text) as { mcpServers: Record<string, Record<string, unknown>> }).mcpServers;
}

describe.each(IMPORT_FILES)("import --from $host", ({ host, name, text, expect: actions }) => {
  it("imports each server as the host reads it, secrets moved out, nothing secret printed", async () => {
    const file = path.join(dir, name);
    await fs.writeFile(file, text);
    const { code, data, stderr } = await importFrom(host, file);
    expect(code, stderr).toBe(0);
    expect(Object.fromEntries(data!.servers.map((s) => [s.name, s.action]))).toEqual(actions);
    const added = Object.entries(actions)
      .filter(([, a]) => a === "add")
      .map(([n]) => n);
    expect(Object.keys(await manual()).sort()).toEqual(added.sort());
    expectNoSecret(await fs.readFile(homePaths(home).mcpJson, "utf8"));
    // The host file is only read.
    expect(await fs.readFile(file, "utf8")).toBe(text);
    // Untrusted until the user says so.
    const config = await loadEffectiveConfig(home);
    expect(config.servers.map((s) => s.status).every((s) => s === "untrusted")).toBe(true);
  });

  it("a second import changes nothing", async () => {
    const file = path.join(dir, name);
    await fs.writeFile(file, text);
    expect((await importFrom(host, file)).code).toBe(0);
    const before = await listFiles(home);
    const mcp = await fs.readFile(homePaths(home).mcpJson, "utf8");
    const again = await importFrom(host, file);
    expect(again.data!.servers.every((s) => ["unchanged", "skip"].includes(s.action))).toBe(true);
    expect(await fs.readFile(homePaths(home).mcpJson, "utf8")).toBe(mcp);
    expect(await listFiles(home)).toEqual(before);
  });
});

describe("import: secrets, trust and existing servers", () => {
  const cursor = IMPORT_FILES.find((f) => f.host === "cursor")!;

  it("references moved secrets as ${KEY}; the effective config renders them once trusted", async () => {
    const file = path.join(dir, "mcp.json");
    await fs.writeFile(file, cursor.text);
    const { data } = await importFrom("cursor", file, "--trust");
    expect(data!.servers.find((s) => s.name === "github")!.secretKeys).toEqual([
      "GITHUB_PERSONAL_ACCESS_TOKEN",
    ]);
    const servers = await manual();
    expect(servers.github!.env).toEqual({
      GITHUB_PERSONAL_ACCESS_TOKEN: "${GITHUB_PERSONAL_ACCESS_TOKEN}",
      DEBUG: "1",
    });
    expect(servers.linear!.headers).toEqual({ Authorization: "Bearer ${AUTHORIZATION}" });
    expect(servers.tavily!.url).toBe("https://mcp.tavily.com/mcp/?tavilyApiKey=${TAVILYAPIKEY}");
    const stored = JSON.parse(await fs.readFile(homePaths(home).credentials, "utf8")) as {
      servers: Record<string, Record<string, string>>;
    };
    expect(stored.servers.github).toEqual({ GITHUB_PERSONAL_ACCESS_TOKEN: SECRETS.github });
    expect((await fs.stat(homePaths(home).credentials)).mode & 0o777).toBe(0o600);
    const config = await loadEffectiveConfig(home);
    const github = config.servers.find((s) => s.name === "github")!;
    expect(github.status).toBe("active");
    expect(github.server).toMatchObject({ env: { GITHUB_PERSONAL_ACCESS_TOKEN: SECRETS.github } });
    expect(config.servers.find((s) => s.name === "tavily")!.server).toMatchObject({
      url: `https://mcp.tavily.com/mcp/?tavilyApiKey=${SECRETS.query}`,
    });
    // config shows them redacted.
    const shown = await run(["config", "--explain"]);
    expectNoSecret(shown.stdout + shown.stderr);
  });

  it("moves the value of a --api-key flag", async () => {
    const desktop = IMPORT_FILES.find((f) => f.host === "claude-desktop")!;
    const file = path.join(dir, "claude_desktop_config.json");
    await fs.writeFile(file, desktop.text);
    const { data } = await importFrom("claude-desktop", file);
    expect((await manual())["cli-tool"]!.args).toEqual(["serve", "--api-key", "${API_KEY}"]);
    // Duplicated names: the last one (what the host reads) and a note.
    const fsItem = data!.servers.find((s) => s.name === "filesystem")!;
    expect(fsItem.notes.join(" ")).toContain("appears more than once");
    expect((await manual()).filesystem!.args).toContain("/Users/me/Desktop");
  });

  it("moves a URL password out of a positional argument; no verb prints it (issue 31 #20)", async () => {
    const file = path.join(dir, "mcp.json");
    const dsn = "postgresql://app:hunter2-s3cret@db.example.com:5432/app";
    await fs.writeFile(
      file,
      JSON.stringify({
        mcpServers: {
          pg: { command: "npx", args: ["-y", "@example/postgres-mcp", dsn] },
          remote: { url: "https://bot:tok-9f8e7d6c@mcp.example.com/mcp" },
        },
      }),
    );
    const result = await run(["import", "--from", "cursor", "--file", file, "--trust"]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain("PASSWORD");
    expect((await manual()).pg!.args).toEqual([
      "-y",
      "@example/postgres-mcp",
      "postgresql://app:${PASSWORD}@db.example.com:5432/app",
    ]);
    expect((await manual()).remote!.url).toBe("https://bot:${PASSWORD}@mcp.example.com/mcp");
    const creds = await fs.readFile(homePaths(home).credentials, "utf8");
    expect(creds).toContain("hunter2-s3cret");
    let shown = result.stdout + result.stderr;
    for (const argv of [
      ["mcp", "list"],
      ["mcp", "list", "--json"],
      ["config", "--explain"],
      ["config", "--json"],
    ]) {
      const out = await run(argv);
      shown += out.stdout + out.stderr;
    }
    expect(shown).not.toContain("hunter2-s3cret");
    expect(shown).not.toContain("tok-9f8e7d6c");
  });

  it("a hand-written URL password is masked wherever it is shown (issue 31 #20)", async () => {
    await fs.mkdir(path.dirname(homePaths(home).mcpJson), { recursive: true });
    await fs.writeFile(
      homePaths(home).mcpJson,
      JSON.stringify({
        mcpServers: { pg: { command: "pg-mcp", args: ["postgres://u:hunter2-s3cret@db/x"] } },
      }),
    );
    let shown = "";
    for (const argv of [
      ["mcp", "list"],
      ["config", "--explain"],
      ["trust", "pg", "--yes"],
      ["config", "--explain"],
    ]) {
      const out = await run(argv);
      shown += out.stdout + out.stderr;
    }
    expect(shown).toContain("postgres://u:***@db/x");
    expect(shown).not.toContain("hunter2-s3cret");
  });

  it("keeps the comments of mcp.json, backs it up, and never overwrites a different server of the same name", async () => {
    const mine = `// my servers\n{\n  "mcpServers": {\n    "github": { "command": "docker", "args": ["run", "gh"] }, // mine\n  },\n}\n`;
    await fs.writeFile(homePaths(home).mcpJson, mine);
    const file = path.join(dir, "mcp.json");
    await fs.writeFile(file, cursor.text);
    const { data, code } = await importFrom("cursor", file);
    expect(code).toBe(0);
    const github = data!.servers.find((s) => s.name === "github")!;
    expect(github.action).toBe("exists");
    expect(github.reason).toContain("connectory mcp remove github");
    const text = await fs.readFile(homePaths(home).mcpJson, "utf8");
    const names = ["linear", "tavily", "brave"].map((name) => ({ name }));
    expect(applyEntryChanges("jsonc", text, ["mcpServers"], names, "f")).toBe(mine);
    const stored = JSON.parse(await fs.readFile(homePaths(home).credentials, "utf8")) as {
      servers: Record<string, unknown>;
    };
    expect(stored.servers.github).toBeUndefined();
    expect(await listFiles(homePaths(home).backups)).toHaveLength(1);
  });

  it("--dry-run writes nothing", async () => {
    const file = path.join(dir, "mcp.json");
    await fs.writeFile(file, cursor.text);
    const { data, code } = await importFrom("cursor", file, "--dry-run");
    expect(code).toBe(0);
    expect(data!.servers.map((s) => s.action)).toEqual(["add", "add", "add", "add"]);
    expect(await listFiles(home)).toEqual([]);
  });

  it("a malformed host file aborts with its line and column and changes nothing", async () => {
    await fs.writeFile(homePaths(home).mcpJson, '{ "mcpServers": {} }\n');
    const file = path.join(dir, "mcp.json");
    await fs.writeFile(
      file,
      `{\n  "mcpServers": {\n    "a": { "command": "x", "env": { "API_KEY": "${SECRETS.github}" }\n`,
    );
    const before = await listFiles(home);
    const result = await importFrom("cursor", file);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/mcp\.json:\d+:\d+: /);
    expect(result.stderr).toContain("nothing was changed");
    expect(await listFiles(home)).toEqual(before);
    expect(await fs.readFile(homePaths(home).mcpJson, "utf8")).toBe('{ "mcpServers": {} }\n');
  });

  it("refuses an unknown host, a missing file and a bad scope", async () => {
    expect((await run(["import", "--from", "notepad"])).code).toBe(2);
    expect((await run(["import"])).code).toBe(2);
    expect((await run(["import", "--from", "cursor", "--scope", "global"])).code).toBe(2);
    const missing = await run(["import", "--from", "cursor"]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("does not exist");
    expect(await listFiles(home)).toEqual([]);
  });

  it("reads the host's own file for the scope", async () => {
    await fs.mkdir(path.join(dir, ".cursor"), { recursive: true });
    await fs.writeFile(path.join(dir, ".cursor", "mcp.json"), cursor.text);
    const result = await run(["import", "--from", "cursor", "--json"]);
    expect(result.code, result.stderr).toBe(0);
    expect(Object.keys(await manual()).sort()).toEqual(["brave", "github", "linear", "tavily"]);
  });

  it("says when the marketplace could not be checked", async () => {
    const file = path.join(dir, "mcp.json");
    await fs.writeFile(file, cursor.text);
    const { data } = await importFrom("cursor", file, "--dry-run");
    expect(data!.notes.join(" ")).toContain("marketplace not checked");
  });

  it("suggests installing the connector whose server launches the same package", async () => {
    const server = await startTestServer({ seed: true });
    try {
      const file = path.join(dir, "mcp.json");
      await fs.writeFile(file, cursor.text);
      const result = await run(["import", "--from", "cursor", "--file", file, "--dry-run"], {
        CONNECTORY_REGISTRY: server.url,
      });
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout).toContain(
        "connector brave-search (default) provides this server: `connectory install brave-search`, then `connectory mcp remove brave`",
      );
      expect(result.stdout).not.toContain(
        "provides this server: `connectory install brave-search`, then `connectory mcp remove github`",
      );
      expectNoSecret(result.stdout);
    } finally {
      await server.close();
    }
  });
});

describe("config export --replace-imported", () => {
  const cursor = IMPORT_FILES.find((f) => f.host === "cursor")!;
  const LAUNCHER = { ...NO_REGISTRY, CONNECTORY_LAUNCHER: JSON.stringify(["connectory"]) };

  it("replaces the imported inline entries with launcher entries, backed up, only when asked", async () => {
    const file = path.join(dir, "mcp.json");
    await fs.writeFile(file, cursor.text);
    expect((await importFrom("cursor", file, "--trust")).code).toBe(0);
    const plain = await run(
      ["config", "export", "--host", "cursor", "--file", file, "--write", "--json"],
      LAUNCHER,
    );
    expect(plain.code, plain.stderr).toBe(0);
    expectNoSecret(plain.stdout + plain.stderr);
    const report = (JSON.parse(plain.stdout) as { report: Array<{ name: string; action: string }> }).report;
    expect(report.every((r) => r.action === "not-ours")).toBe(true);
    expect(await fs.readFile(file, "utf8")).toBe(cursor.text);

    const replaced = await run(
      ["config", "export", "--host", "cursor", "--file", file, "--write", "--replace-imported", "--json"],
      LAUNCHER,
    );
    expect(replaced.code, replaced.stderr).toBe(0);
    expectNoSecret(replaced.stdout + replaced.stderr);
    const data = JSON.parse(replaced.stdout) as { report: Array<{ action: string }>; backup: string };
    expect(data.report.map((r) => r.action)).toEqual(["update", "update", "update", "update"]);
    const text = await fs.readFile(file, "utf8");
    expectNoSecret(text);
    const entries = entriesAt(parseHostDocument("json", text, "f"), HOSTS.cursor.document!.container, "f");
    expect(entries.github).toMatchObject({ command: "connectory", args: ["run", "github"] });
    expect(await fs.readFile(data.backup, "utf8")).toBe(cursor.text);
    // From now on they are Connectory's entries: a second export is a no-op.
    const again = await run(
      ["config", "export", "--host", "cursor", "--file", file, "--write", "--json"],
      LAUNCHER,
    );
    expect((JSON.parse(again.stdout) as { changed: boolean }).changed).toBe(false);
  });

  it("leaves an imported entry alone when it is not trusted, or edited since the import", async () => {
    const file = path.join(dir, "mcp.json");
    await fs.writeFile(file, cursor.text);
    expect((await importFrom("cursor", file)).code).toBe(0);
    expect((await run(["trust", "linear"])).code).toBe(0);
    const edited = cursor.text.replace('"DEBUG": "1"', '"DEBUG": "2"');
    await fs.writeFile(file, edited);
    expect((await run(["trust", "github"])).code).toBe(0);
    const result = await run(
      ["config", "export", "--host", "cursor", "--file", file, "--write", "--replace-imported", "--json"],
      LAUNCHER,
    );
    expect(result.code, result.stderr).toBe(0);
    const report = (JSON.parse(result.stdout) as { report: Array<{ name: string; action: string }> }).report;
    expect(report).toContainEqual({ name: "linear", action: "update" });
    expect(report).toContainEqual({ name: "github", action: "user-edited" });
    const entries = entriesAt(
      parseHostDocument("json", await fs.readFile(file, "utf8"), "f"),
      ["mcpServers"],
      "f",
    );
    // Untrusted (inactive) imports are not in the export at all: untouched.
    expect(entries.tavily).toEqual({ url: `https://mcp.tavily.com/mcp/?tavilyApiKey=${SECRETS.query}` });
    expect(entries.github).toMatchObject({ env: { DEBUG: "2" } });
  });
});

describe("import: hostile input and the terminal", () => {
  it("refuses an oversized host file and a folder, writing nothing", async () => {
    const big = path.join(dir, "big.json");
    await fs.writeFile(big, `{"mcpServers":{"a":{"command":"${"x".repeat(5 * 1024 * 1024)}"}}}`);
    const tooBig = await run(["import", "--from", "cursor", "--file", big]);
    expect(tooBig.code).toBe(1);
    expect(tooBig.stderr).toContain("larger than");
    const folder = await run(["import", "--from", "cursor", "--file", dir]);
    expect(folder.code).toBe(1);
    expect(folder.stderr).toContain("not a regular file");
    expect(await listFiles(home)).toEqual([]);
  });

  it("skips entries that are not servers, with the reason", async () => {
    const file = path.join(dir, "mcp.json");
    await fs.writeFile(
      file,
      '{ "mcpServers": { "n": 5, "empty": {}, "ftp": { "url": "ftp://x" }, "bad name!": { "command": "x" } } }',
    );
    const { data } = await importFrom("cursor", file);
    expect(data!.servers.map((s) => [s.name, s.action])).toEqual([
      ["n", "skip"],
      ["empty", "skip"],
      ["ftp", "skip"],
      ["bad name!", "skip"],
    ]);
    expect(data!.servers[2]!.reason).toContain("not an http(s) URL");
  });

  it("on a terminal, shows each exact launch and trusts only what the user confirms", async () => {
    const file = path.join(dir, "mcp.json");
    await fs.writeFile(file, IMPORT_FILES.find((f) => f.host === "cursor")!.text);
    let stderr = "";
    const { runCli } = await import("../../cli/main.js");
    const { Readable } = await import("node:stream");
    const code = await runCli(["import", "--from", "cursor", "--file", file], {
      cwd: home,
      home,
      env: { CONNECTORY_HOME: home, HOME: dir, NO_COLOR: "1", ...NO_REGISTRY },
      stdout: { write: () => true, isTTY: false },
      stderr: { write: (s: string) => (stderr += s), isTTY: true },
      stdin: Object.assign(Readable.from(["y\nn\nyes\n\n"]), { isTTY: true }),
      fetch: globalThis.fetch,
      now: () => new Date(),
      version: "0.0.0-test",
    });
    expect(code, stderr).toBe(0);
    expect(stderr).toContain(
      'Trust "github"? It runs: stdio npx -y @modelcontextprotocol/server-github (env GITHUB_PERSONAL_ACCESS_TOKEN, DEBUG) [y/N]',
    );
    expect(stderr).toContain('Trust "linear"? It runs: http https://mcp.linear.app/mcp [y/N]');
    expectNoSecret(stderr);
    const config = await loadEffectiveConfig(home);
    const status = Object.fromEntries(config.servers.map((s) => [s.name, s.status]));
    expect(status).toEqual({ github: "active", linear: "untrusted", tavily: "active", brave: "untrusted" });
  });

  it("mcp remove forgets the secrets import stored", async () => {
    const file = path.join(dir, "mcp.json");
    await fs.writeFile(file, IMPORT_FILES.find((f) => f.host === "cursor")!.text);
    expect((await importFrom("cursor", file)).code).toBe(0);
    expect((await run(["mcp", "remove", "github"])).code).toBe(0);
    const stored = JSON.parse(await fs.readFile(homePaths(home).credentials, "utf8")) as {
      servers: Record<string, unknown>;
    };
    expect(Object.keys(stored.servers).sort()).toEqual(["brave", "linear", "tavily"]);
  });
});

describe("import: Connectory's own entries", () => {
  it("skips the launcher entries config export wrote, so no server starts itself", async () => {
    const { buildHome } = await import("../helpers/home.js");
    await buildHome(home, [{ sample: "weather" }]);
    const file = path.join(dir, "mcp.json");
    await fs.writeFile(
      file,
      '{ "mcpServers": { "mine": { "command": "uvx", "args": ["mcp-server-fetch"] } } }\n',
    );
    expect((await run(["config", "export", "--host", "cursor", "--file", file, "--write"])).code).toBe(0);
    // And a launcher entry written by hand (another home, a copied snippet) is recognised too.
    const text = (await fs.readFile(file, "utf8")).replace(
      '"mine"',
      '"copied": { "command": "/usr/bin/node", "args": ["/opt/connectory/bin/connectory.js", "run", "x"] },\n    "mine"',
    );
    await fs.writeFile(file, text);
    const { data } = await importFrom("cursor", file);
    const actions = Object.fromEntries(data!.servers.map((s) => [s.name, s.action]));
    expect(actions).toEqual({ copied: "skip", mine: "add", weather: "skip" });
    expect(data!.servers.find((s) => s.name === "weather")!.reason).toContain("start itself");
  });
});

describe("import: scopes and shapes", () => {
  it("--scope project reads the project's file (Claude Code's .mcp.json)", async () => {
    const project = await tempDir();
    await fs.writeFile(
      path.join(project, ".mcp.json"),
      '{ "mcpServers": { "sentry": { "type": "http", "url": "https://mcp.sentry.dev/mcp" } } }\n',
    );
    const result = await cli(["import", "--from", "claude-code", "--scope", "project", "--json"], {
      home,
      cwd: project,
      env: { HOME: dir, ...NO_REGISTRY },
    });
    expect(result.code, result.stderr).toBe(0);
    expect(await manual()).toEqual({ sentry: { type: "http", url: "https://mcp.sentry.dev/mcp" } });
  });

  it("reads an OpenCode V2 file under mcp.servers", async () => {
    const file = path.join(dir, "opencode.jsonc");
    await fs.writeFile(
      file,
      '// v2\n{ "mcp": { "servers": { "a": { "type": "local", "command": ["node", "a.js"] }, "b": { "type": "local", "command": ["x"], "disabled": true } } } }\n',
    );
    const { data } = await importFrom("opencode", file);
    expect(data!.servers.map((s) => [s.name, s.action])).toEqual([
      ["a", "add"],
      ["b", "skip"],
    ]);
    expect(await manual()).toEqual({ a: { command: "node", args: ["a.js"] } });
  });
});
