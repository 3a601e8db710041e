import fs from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { cli } from "../helpers/cli.js";
import { buildHome } from "../helpers/home.js";
import { tempDir } from "../helpers/tmp.js";
import { realWorld } from "../core/convert/real-world.js";

const SERVER_JSON = {
  name: "io.github.acme/notes",
  description: "Notes for everyone.",
  version: "1.0.0",
  packages: [
    {
      registryType: "npm",
      identifier: "@acme/notes",
      version: "1.0.0",
      transport: { type: "stdio" },
      environmentVariables: [{ name: "NOTES_TOKEN", isRequired: true, isSecret: true }],
    },
  ],
};

async function write(dir: string, name: string, content: unknown): Promise<string> {
  const file = path.join(dir, name);
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, typeof content === "string" ? content : JSON.stringify(content));
  return file;
}

describe("connectory convert", () => {
  it("writes a folder that validate --strict accepts, and prints the notes under --json", async () => {
    const home = await tempDir();
    const file = await write(home, "server.json", SERVER_JSON);
    const r = await cli(["convert", file, "-o", "out", "--json"], { home });
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    const data = JSON.parse(r.stdout);
    expect(data).toMatchObject({
      format: "server-json",
      name: "notes",
      version: "1.0.0",
      files: 5,
      tools: 0,
    });
    expect(data.folder).toBe(path.join(home, "out"));
    expect(Array.isArray(data.notes)).toBe(true);
    const v = await cli(["validate", "--strict", "out"], { home });
    expect(v.code).toBe(0);
    expect((await fs.readdir(path.join(home, "out"))).sort()).toEqual([
      "README.md",
      "mcp.json",
      "plugin.json",
      "provenance.json",
      "token-schema.json",
    ]);
    // No temp folder is left beside it.
    expect((await fs.readdir(home)).sort()).toEqual(["out", "server.json"]);
  });

  it("refuses an existing non-empty folder unless --force, changing nothing", async () => {
    const home = await tempDir();
    const file = await write(home, "server.json", SERVER_JSON);
    await write(home, "out/mine.txt", "keep me");
    const r = await cli(["convert", file, "-o", "out", "--json"], { home });
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).error.code).toBe("convert.output.exists");
    expect(await fs.readdir(path.join(home, "out"))).toEqual(["mine.txt"]);
    const forced = await cli(["convert", file, "-o", "out", "--force"], { home });
    expect(forced.code).toBe(0);
    expect(await fs.readdir(path.join(home, "out"))).not.toContain("mine.txt");
    expect((await fs.readdir(home)).sort()).toEqual(["out", "server.json"]);
  });

  it.each([
    ["broken JSON", "bad.json", "{ nope", "convert.refused.not-json"],
    ["an unknown format", "what.json", { hello: 1 }, "convert.refused.format-unknown"],
    [
      "an entry with nothing to run",
      "none.json",
      { name: "io.github.x/none", version: "1.0.0", packages: [] },
      "convert.refused.no-server",
    ],
    [
      "a marketplace without #plugin",
      "marketplace.json",
      { plugins: [{ name: "a", source: "./a" }] },
      "convert.marketplace.plugin-missing",
    ],
    ["a tool container", "server.yaml", "name: curl\ntype: poci\n", "convert.refused.not-a-connector"],
    // Issue 31 #19: a 200,000-deep server.json overflowed the stack; refused before it is read.
    [
      "a 200,000-deep server.json",
      "server.json",
      `{"name":"io.github.x/deep","version":"1.0.0","packages":${"[".repeat(200_000)}${"]".repeat(200_000)}}`,
      "convert.refused.too-deep",
    ],
  ])("refuses %s with a code and writes nothing", async (_, name, content, code) => {
    const home = await tempDir();
    const file = await write(home, name, content);
    const r = await cli(["convert", file, "-o", "out", "--json"], { home });
    expect(r.code).not.toBe(0);
    expect(r.stdout + r.stderr).toContain(code);
    await expect(fs.stat(path.join(home, "out"))).rejects.toThrow();
  });

  it("refuses an oversized file and a missing -o", async () => {
    const home = await tempDir();
    const big = await write(home, "big.json", `"${"x".repeat(5 * 1024 * 1024 + 10)}"`);
    const tooBig = await cli(["convert", big, "-o", "out", "--json"], { home });
    expect(JSON.parse(tooBig.stdout).error.code).toBe("convert.input.too-large");
    const r = await cli(["convert", big], { home });
    expect(r.code).toBe(2);
  });

  it("converts a .mcp.json under --name and a plugin folder with skills", async () => {
    const home = await tempDir();
    const mcp = await write(home, "proj/.mcp.json", {
      mcpServers: { s: { command: "npx", args: ["-y", "s"] } },
    });
    const r = await cli(["convert", mcp, "-o", "a", "--name", "My Tools", "--json"], { home });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).name).toBe("my-tools");
    await write(home, "plug/.claude-plugin/plugin.json", { name: "plug", description: "P" });
    await write(home, "plug/skills/hi/SKILL.md", "---\nname: hi\ndescription: Says hi.\n---\nHi\n");
    const p = await cli(["convert", path.join(home, "plug"), "-o", "b", "--json"], { home });
    expect(p.code).toBe(0);
    expect(JSON.parse(p.stdout).notes.map((n: { code: string }) => n.code)).toContain("convert.skills-only");
    expect((await cli(["validate", "--strict", "b"], { home })).code).toBe(0);
  });

  it("converts real files: marketplace.json#plugin, an MCPB manifest, a Docker server.yaml", async () => {
    const home = await tempDir();
    const marketplace = realWorld("claude-plugins-official/.claude-plugin/marketplace.json");
    const cases: Array<[string, string]> = [
      [`${marketplace}#telegram`, "claude-plugin"],
      [realWorld("mcpb-example-file-system-node.manifest.json"), "mcpb"],
      [realWorld("docker-mcp-registry/servers/github-official/server.yaml"), "docker-catalog"],
      [realWorld("claude-plugin-context7.mcp.json"), "mcp-json"],
    ];
    for (const [i, [input, format]] of cases.entries()) {
      const r = await cli(["convert", input, "-o", `out${i}`, "--json"], { home });
      expect(r.stderr).toBe("");
      expect(JSON.parse(r.stdout).format).toBe(format);
      const v = await cli(["validate", "--strict", `out${i}`], { home });
      expect(v.stdout).toContain("is valid");
    }
    // The telegram plugin's server code comes along, since its server runs from the plugin folder.
    expect(await fs.readdir(path.join(home, "out0"))).toEqual(
      expect.arrayContaining(["server.ts", "skills"]),
    );
    const remote = await cli(["convert", `${marketplace}#box`, "-o", "x", "--json"], { home });
    expect(JSON.parse(remote.stdout).error.code).toBe("convert.refused.remote-source");
    expect(JSON.parse(remote.stdout).error.message).toContain('"box"');
    const unknown = await cli(["convert", `${marketplace}#nope`, "-o", "x", "--json"], { home });
    expect(JSON.parse(unknown.stdout).error.code).toBe("convert.marketplace.plugin-unknown");
  });

  it("a skills-only connector's skills are exported to a host while it is enabled", async () => {
    const home = await tempDir();
    const user = await tempDir();
    const skill = "---\nname: greet\ndescription: Greets people.\n---\n# Greet\n";
    await buildHome(home, [
      {
        name: "helper",
        version: "1.0.0",
        files: { "mcp.json": { mcpServers: {} }, "skills/greet/SKILL.md": skill },
      },
    ]);
    const env = { CONNECTORY_LAUNCHER: JSON.stringify(["connectory"]), HOME: user };
    const r = await cli(["config", "export", "--host", "claude-code", "--write", "--json"], { home, env });
    expect(r.code, r.stderr).toBe(0);
    const report = (JSON.parse(r.stdout) as { skills: { report: Array<{ folder: string }> } }).skills.report;
    expect(report.map((e) => e.folder)).toEqual(["helper-greet"]);
  });
});
