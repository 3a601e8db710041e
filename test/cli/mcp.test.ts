import fs from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { MAX_BACKUPS } from "../../cli/home/manual-servers.js";
import { cli, spawnCli } from "../helpers/cli.js";
import { listFiles, tempDir } from "../helpers/tmp.js";

const COMMENTED = `// my servers — edited by hand
{
    /* the important one */
    "mcpServers": {
        "notes": {
            "command": "node", // keep this comment
            "args": ["/opt/notes.js"]
        },
        // a trailing comment block
        "other": { "type": "http", "url": "https://example.com/mcp" },
    },
}
`;

async function homeWith(text?: string): Promise<string> {
  const home = await tempDir();
  if (text !== undefined) await fs.writeFile(path.join(home, "mcp.json"), text);
  return home;
}

const read = (home: string) => fs.readFile(path.join(home, "mcp.json"), "utf8");

async function explain(home: string) {
  const r = await cli(["config", "--explain", "--json"], { home });
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout).servers as Array<{
    name: string;
    status: string;
    reason?: string;
    server: unknown;
  }>;
}

describe("mcp add", () => {
  it("creates mcp.json in the standard shape, private, untrusted until trusted", async () => {
    const home = await homeWith();
    const r = await cli(
      ["mcp", "add", "notes", "--env", "MODE=fast", "--", "node", "/opt/notes.js", "--root", "~/n"],
      { home },
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain("connectory trust notes");
    expect(JSON.parse(await read(home))).toEqual({
      mcpServers: {
        notes: { command: "node", args: ["/opt/notes.js", "--root", "~/n"], env: { MODE: "fast" } },
      },
    });
    expect((await fs.stat(path.join(home, "mcp.json"))).mode & 0o777).toBe(0o600);
    expect((await explain(home))[0]).toMatchObject({ name: "notes", status: "untrusted" });
  });

  it("adds a remote server with headers and transport, keeping comments and formatting byte for byte", async () => {
    const home = await homeWith(COMMENTED);
    const r = await cli(
      [
        "mcp",
        "add",
        "linear",
        "--url",
        "https://mcp.linear.app/sse",
        "--transport",
        "sse",
        "--header",
        "X-Team: core",
      ],
      { home },
    );
    expect(r.code, r.stderr).toBe(0);
    // Exactly one block inserted after the last entry; every other byte, comments included, as it was.
    const other = '        "other": { "type": "http", "url": "https://example.com/mcp" },\n';
    const block = [
      '        "linear": {',
      '            "type": "sse",',
      '            "url": "https://mcp.linear.app/sse",',
      '            "headers": {',
      '                "X-Team": "core"',
      "            }",
      "        },",
      "",
    ].join("\n");
    expect(await read(home)).toBe(COMMENTED.replace(other, other + block));
    const servers = await explain(home);
    expect(servers.map((s) => s.name)).toEqual(["notes", "other", "linear"]);
    expect(servers[2]?.server).toEqual({
      type: "sse",
      url: "https://mcp.linear.app/sse",
      headers: { "X-Team": "core" },
    });
  });

  it("keeps the flat shape of a flat file", async () => {
    const home = await homeWith('{\n  "a": { "command": "x" }\n}\n');
    expect((await cli(["mcp", "add", "b", "--", "y"], { home })).code).toBe(0);
    expect(JSON.parse(await read(home))).toEqual({ a: { command: "x" }, b: { command: "y" } });
  });

  it("refuses an existing name unless --force, and --trust makes it active at once", async () => {
    const home = await homeWith();
    await cli(["mcp", "add", "s", "--", "a"], { home });
    const again = await cli(["mcp", "add", "s", "--", "b"], { home });
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("--force");
    expect((await cli(["mcp", "add", "s", "--force", "--trust", "--", "b"], { home })).code).toBe(0);
    expect((await explain(home))[0]).toMatchObject({ status: "active", server: { command: "b" } });
  });

  it.each([
    [["mcp", "add", "s"], "either --url"],
    [["mcp", "add", "s", "--url", "https://x", "--", "node"], "either --url"],
    [["mcp", "add", "s", "--url", "ftp://x"], "http:// or https://"],
    [["mcp", "add", "s", "--url", "https://x", "--transport", "ws"], "--transport must be"],
    [["mcp", "add", "s", "--url", "https://x", "--env", "A=1"], "--env applies"],
    [["mcp", "add", "s", "--header", "A: 1", "--", "node"], "--header and --transport"],
    [["mcp", "add", "s", "--url", "https://x", "--header", "s3cr3t-no-colon"], "--header #1 is not"],
    [["mcp", "add", "s", "--env", "A=1", "--env", "A=2", "--", "node"], "given twice"],
  ])("%j is a usage error that writes nothing", async (argv, message) => {
    const home = await homeWith();
    const r = await cli(argv, { home });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(message);
    expect(r.stderr).not.toContain("s3cr3t");
    expect(await listFiles(home)).toEqual([]);
  });

  it("an invalid server name is a usage error, says how to fix it, and nothing is written", async () => {
    const home = await homeWith(COMMENTED);
    const r = await cli(["mcp", "add", "bad name!", "--", "node"], { home });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('server name "bad name!" must be');
    expect(r.stderr).toContain("connectory mcp add --help");
    // `connectory validate` checks a connector folder: no help for a hand-written server.
    expect(r.stderr).not.toContain("connectory validate");
    expect(await read(home)).toBe(COMMENTED);
  });
});

describe("mcp remove", () => {
  it("removes only the entry; the rest, comments included, is unchanged; trust is forgotten", async () => {
    const home = await homeWith(COMMENTED);
    await cli(["trust", "other"], { home });
    const r = await cli(["mcp", "remove", "other"], { home });
    expect(r.code, r.stderr).toBe(0);
    // Only the entry's own line goes; the comment above it stays.
    expect(await read(home)).toBe(
      COMMENTED.replace('        "other": { "type": "http", "url": "https://example.com/mcp" },\n', ""),
    );
    const trust = JSON.parse(await fs.readFile(path.join(home, "trust.json"), "utf8"));
    expect(trust.servers.other).toBeUndefined();
  });

  it("an unknown server is an error and the file is untouched", async () => {
    const home = await homeWith(COMMENTED);
    const r = await cli(["mcp", "remove", "nope"], { home });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('no hand-written server named "nope"');
    expect(await read(home)).toBe(COMMENTED);
    expect(await listFiles(home)).toEqual(["mcp.json"]);
  });
});

describe("a malformed mcp.json", () => {
  const BROKEN = '{\n  "mcpServers": {\n    "a": { "command": "x" }\n    "b": {}\n  }\n}\n';

  it.each([
    [["mcp", "add", "c", "--", "y"]],
    [["mcp", "remove", "a"]],
    [["config"]],
    [["trust", "a"]],
    [["mcp", "list"]],
  ])("%j aborts with line and column and changes nothing", async (argv) => {
    const home = await homeWith(BROKEN);
    const r = await cli(argv, { home });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/mcp\.json:4:5: comma expected/);
    expect(await read(home)).toBe(BROKEN);
    expect(await listFiles(home)).toEqual(["mcp.json"]);
  });

  it("a server that is not a server is refused with its problems, file untouched", async () => {
    const text = '{ "mcpServers": { "a": { "args": [1] } } }';
    const home = await homeWith(text);
    const r = await cli(["mcp", "add", "b", "--", "y"], { home });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("/mcpServers/a");
    expect(await read(home)).toBe(text);
  });
});

describe("backups", () => {
  it("each edit backs up the previous bytes, and only the newest are kept", async () => {
    const home = await homeWith(COMMENTED);
    let t = Date.parse("2026-01-01T00:00:00Z");
    const now = () => new Date((t += 1000));
    for (let i = 0; i < MAX_BACKUPS + 3; i++) {
      expect((await cli(["mcp", "add", `s${i}`, "--", "x"], { home, now })).code).toBe(0);
    }
    const backups = (await listFiles(home)).filter((f) => f.startsWith("backups/"));
    expect(backups).toHaveLength(MAX_BACKUPS);
    // The oldest surviving backup is the file after the 3rd edit; the very first bytes are gone.
    const newest = backups.at(-1) as string;
    expect(await fs.readFile(path.join(home, newest), "utf8")).toContain(`"s${MAX_BACKUPS + 1}"`);
    expect(await fs.readFile(path.join(home, newest), "utf8")).not.toContain(`"s${MAX_BACKUPS + 2}"`);
  });
});

describe("trust", () => {
  it("is bound to the exact spec: editing the args by hand makes the server untrusted again", async () => {
    const home = await homeWith(COMMENTED);
    expect((await cli(["trust", "notes"], { home })).code).toBe(0);
    expect((await explain(home))[0]).toMatchObject({ name: "notes", status: "active" });
    await fs.writeFile(path.join(home, "mcp.json"), COMMENTED.replace("/opt/notes.js", "/opt/evil.js"));
    const [notes] = await explain(home);
    expect(notes?.status).toBe("untrusted");
    expect(notes?.reason).toContain("its args changed since you trusted it");
    expect(JSON.parse((await cli(["config", "--json"], { home })).stdout).mcpServers.notes).toBeUndefined();
    // A comment-only edit keeps trust.
    await fs.writeFile(path.join(home, "mcp.json"), "// hi\n" + COMMENTED);
    await cli(["trust", "notes"], { home });
    await fs.writeFile(path.join(home, "mcp.json"), "// changed comment\n" + COMMENTED);
    expect((await explain(home))[0]?.status).toBe("active");
  });

  it("trust.json holds hashes only, never the spec", async () => {
    const home = await homeWith(
      '{ "mcpServers": { "s": { "command": "x", "env": { "API_KEY": "canary-trust-1" } } } }',
    );
    await cli(["trust", "s"], { home });
    const text = await fs.readFile(path.join(home, "trust.json"), "utf8");
    expect(text).not.toContain("canary-trust-1");
    expect(JSON.parse(text).servers.s.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it("untrust makes it inactive; trusting an unknown server is an error", async () => {
    const home = await homeWith(COMMENTED);
    await cli(["trust", "notes"], { home });
    expect((await cli(["untrust", "notes"], { home })).stdout).toContain("no longer trusted");
    expect((await explain(home))[0]?.status).toBe("untrusted");
    const r = await cli(["trust", "ghost"], { home });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('no server named "ghost": neither hand-written in');
    // Not "connector servers need no trust": trust is how their changed tools are re-approved.
    expect(r.stderr).toContain("`connectory config --explain` lists every server");
  });

  it("mcp list shows trusted, untrusted and changed", async () => {
    const home = await homeWith(
      '{ "mcpServers": { "a": { "command": "x" }, "b": { "command": "y" }, "c": { "command": "z" } } }',
    );
    await cli(["trust", "a"], { home });
    await cli(["trust", "c"], { home });
    await fs.writeFile(
      path.join(home, "mcp.json"),
      '{ "mcpServers": { "a": { "command": "x" }, "b": { "command": "y" }, "c": { "command": "zz" } } }',
    );
    const r = await cli(["mcp", "list", "--json"], { home });
    const servers = JSON.parse(r.stdout).servers;
    expect(
      servers.map((s: { name: string; trusted: boolean; changed: boolean }) => [
        s.name,
        s.trusted,
        s.changed,
      ]),
    ).toEqual([
      ["a", true, false],
      ["b", false, false],
      ["c", false, true],
    ]);
    expect((await cli(["mcp", "list"], { home })).stdout).toMatch(/c\s+changed/);
  });
});

describe("hostile input", () => {
  it("an oversized mcp.json is refused, untouched", async () => {
    const big = `{ "mcpServers": {}, "pad": "${"x".repeat(1024 * 1024)}" }`;
    const home = await homeWith(big);
    for (const argv of [["config"], ["mcp", "add", "a", "--", "x"]]) {
      const r = await cli(argv, { home });
      expect(r.code).toBe(1);
      expect(r.stderr).toContain("more than connectory reads");
    }
    expect(await listFiles(home)).toEqual(["mcp.json"]);
  });

  it("names of Object.prototype members are ordinary missing names", async () => {
    const home = await homeWith('{ "mcpServers": { "a": { "command": "x" } } }');
    for (const argv of [
      ["trust", "constructor"],
      ["mcp", "remove", "toString"],
      ["enable", "constructor"],
    ]) {
      const r = await cli(argv, { home });
      expect(r.code, argv.join(" ")).toBe(1);
      expect(r.stderr).toMatch(/no (hand-written server|installed connector|server) named/);
    }
    await expect(fs.access(path.join(home, "trust.json"))).rejects.toThrow();
    await expect(fs.access(path.join(home, "plugins/installed.json"))).rejects.toThrow();
  });

  it("a server named __proto__ never becomes active nor pollutes prototypes", async () => {
    const home = await homeWith('{ "mcpServers": { "__proto__": { "command": "x" } } }');
    const r = await cli(["config", "--json"], { home });
    expect(JSON.parse(r.stdout)).toEqual({ mcpServers: {} });
    expect(({} as Record<string, unknown>).command).toBeUndefined();
  });
});

describe("concurrent edits", () => {
  it("parallel mcp add from separate processes all land, comments kept", async () => {
    const home = await homeWith(COMMENTED);
    const runs = await Promise.all(
      [0, 1, 2, 3].map((i) => spawnCli(["mcp", "add", `p${i}`, "--", "node", `${i}.js`], { home })),
    );
    for (const r of runs) expect(r.code, r.stderr).toBe(0);
    const names = (await explain(home)).map((s) => s.name).sort();
    expect(names).toEqual(["notes", "other", "p0", "p1", "p2", "p3"]);
    expect(await read(home)).toContain("// keep this comment");
  });
});
