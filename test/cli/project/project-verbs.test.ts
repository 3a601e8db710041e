import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tempDir } from "../../helpers/tmp.js";
import {
  cloneProject,
  filesContaining,
  machine,
  projectWorld,
  type ProjectWorld,
  tty,
} from "./project-fixtures.js";

// init, CI (--frozen, --config-from-env), doctor in a project folder, the hidden prompt, tool rules, and
// host files that already hold entries.

let world: ProjectWorld;
beforeAll(async () => {
  world = await projectWorld();
  await world.publish("alpha", "1.0.0", { secret: true });
});
afterAll(() => world.reg.close());

describe("init", () => {
  it("writes a manifest the schema names, refuses a host without a project file, and never overwrites", async () => {
    const m = await machine(world);
    const dir = await tempDir("connectory-project-");
    const bad = await m.run(dir, "init", "--host", "claude-desktop", "--json");
    expect(bad.code).toBe(1);
    expect(JSON.parse(bad.stdout).error.code).toBe("project.host.unsupported");
    await expect(fs.access(path.join(dir, "connectory.json"))).rejects.toThrow();

    expect((await m.run(dir, "init", "--host", "vscode")).code).toBe(0);
    const manifest = JSON.parse(await fs.readFile(path.join(dir, "connectory.json"), "utf8"));
    expect(manifest).toEqual({
      $schema: "https://connectory.dev/schemas/connectory-project.schema.json",
      connectors: {},
      hosts: ["vscode"],
    });
    const again = await m.run(dir, "init", "--json");
    expect(JSON.parse(again.stdout).error.code).toBe("project.exists");
  });
});

describe("init --profile", () => {
  it("seeds the connectors of a profile at ^<installed version>, leaving hand-written servers out", async () => {
    const m = await machine(world);
    expect((await m.run(m.home, "install", "alpha", "--config", "API_KEY=k")).code).toBe(0);
    expect((await m.run(m.home, "mcp", "add", "mine", "--", "node", "x.js")).code).toBe(0);
    expect((await m.run(m.home, "trust", "mine")).code).toBe(0);
    expect((await m.run(m.home, "profile", "create", "team", "alpha", "mine")).code).toBe(0);
    expect(
      (await m.run(m.home, "guard", "alpha", "block", "--profile", "team", "--kind", "injection")).code,
    ).toBe(0);
    expect((await m.run(m.home, "guard", "mine", "off", "--profile", "team")).code).toBe(0);
    const dir = await tempDir("connectory-project-");
    const r = await m.run(dir, "init", "--profile", "team");
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain("mine is a hand-written server");
    const manifest = JSON.parse(await fs.readFile(path.join(dir, "connectory.json"), "utf8"));
    expect(manifest.connectors).toEqual({ alpha: "^1.0.0" });
    // The profile itself, with the modes set for it: hand-written servers left out there too.
    expect(manifest.profiles).toEqual({
      team: { members: ["alpha"], guards: { alpha: { injection: "block" } } },
    });
  });
});

describe("CI", () => {
  it("sync --frozen --config-from-env takes the credential from the environment and writes it to no project file", async () => {
    const a = await machine(world);
    const dir = await tempDir("connectory-project-");
    await a.run(dir, "init", "--host", "claude-code");
    expect((await a.run(dir, "add", "alpha", "--config", "API_KEY=author-key")).code).toBe(0);
    const clone = await cloneProject(dir);
    const ci = await machine(world);
    const secret = "ci-secret-from-env-1234";
    const r = await ci.runEnv({ API_KEY: secret }, clone, "sync", "--frozen", "--config-from-env", "--json");
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).connectors[0]).toMatchObject({ name: "alpha", status: "ready" });
    expect(await filesContaining(clone, secret)).toEqual([]);
    expect(r.stdout).not.toContain(secret);
    expect(await filesContaining(ci.home, secret)).toEqual(["credentials.json"]);
  });

  it("a --config key no connector of the project takes is a usage error before anything changes", async () => {
    const a = await machine(world);
    const dir = await tempDir("connectory-project-");
    await a.run(dir, "init");
    expect((await a.run(dir, "add", "alpha", "--config", "API_KEY=k")).code).toBe(0);
    const b = await machine(world);
    const r = await b.run(await cloneProject(dir), "sync", "--config", "API_KYE=typo", "--json");
    expect(r.code).toBe(2);
    expect(JSON.parse(r.stdout).error.message).toContain("--config API_KYE");
    await expect(fs.access(path.join(b.home, "plugins", "installed.json"))).rejects.toThrow();
  });
});

describe("doctor in a project folder", () => {
  it("fails on drift from the lock there, and not elsewhere", async () => {
    const a = await machine(world);
    const dir = await tempDir("connectory-project-");
    await a.run(dir, "init", "--host", "claude-code");
    expect((await a.run(dir, "add", "alpha", "--config", "API_KEY=k")).code).toBe(0);
    const b = await machine(world);
    const clone = await cloneProject(dir);
    const inProject = await b.run(clone, "doctor", "--json");
    expect(inProject.code).toBe(1);
    const report = JSON.parse(inProject.stdout);
    expect(report.project.drift).toEqual(["alpha@1.0.0 is not installed"]);
    expect(report.notes).toContain("FAIL project: alpha@1.0.0 is not installed: run `connectory sync`");
    const elsewhere = await b.run(await tempDir(), "doctor", "--json");
    expect(JSON.parse(elsewhere.stdout).project).toBeNull();
    expect(elsewhere.code).toBe(0);
  });
});

describe("sync on a terminal", () => {
  it("asks for a missing credential with a hidden prompt, and a host dropped from the manifest loses the project's entries", async () => {
    const a = await machine(world);
    const dir = await tempDir("connectory-project-");
    await a.run(dir, "init", "--host", "claude-code", "--host", "cursor");
    expect((await a.run(dir, "add", "alpha", "--config", "API_KEY=k")).code).toBe(0);
    const b = await machine(world);
    const clone = await cloneProject(dir);
    const asked = await tty(world, b.home, clone, ["sync"], "typed-on-terminal-key\n");
    expect(asked.code, asked.stderr).toBe(0);
    expect(asked.stderr).toContain("API_KEY (hidden)");
    expect(asked.stdout).toContain("alpha@1.0.0 (ready)");
    expect(await filesContaining(clone, "typed-on-terminal-key")).toEqual([]);

    const manifestFile = path.join(clone, "connectory.json");
    const manifest = JSON.parse(await fs.readFile(manifestFile, "utf8"));
    manifest.hosts = ["claude-code"];
    await fs.writeFile(manifestFile, JSON.stringify(manifest, null, 2));
    await fs.writeFile(
      path.join(clone, ".cursor", "mcp.json"),
      JSON.stringify({
        mcpServers: { alpha: { command: "connectory", args: ["run", "alpha"] }, mine: { url: "https://x" } },
      }),
    );
    expect((await b.run(clone, "sync")).code).toBe(0);
    const cursor = JSON.parse(await fs.readFile(path.join(clone, ".cursor", "mcp.json"), "utf8"));
    expect(Object.keys(cursor.mcpServers)).toEqual(["mine"]);
    expect(JSON.parse(await fs.readFile(path.join(clone, "connectory.lock"), "utf8")).hosts).toEqual([
      "claude-code",
    ]);
  });
});

describe("the team's tool rules", () => {
  it("sync sets connectory.json's tools rules in each home; a home that changes them has drifted", async () => {
    const a = await machine(world);
    const dir = await tempDir("connectory-project-");
    await a.run(dir, "init", "--host", "claude-code");
    expect((await a.run(dir, "add", "alpha", "--config", "API_KEY=k")).code).toBe(0);
    const manifestFile = path.join(dir, "connectory.json");
    const manifest = JSON.parse(await fs.readFile(manifestFile, "utf8"));
    manifest.tools = { alpha: { deny: ["delete_*"] } };
    await fs.writeFile(manifestFile, JSON.stringify(manifest, null, 2));
    const b = await machine(world);
    const clone = await cloneProject(dir);
    const synced = await b.run(clone, "sync", "--frozen", "--config", "API_KEY=b", "--json");
    expect(synced.code, synced.stderr).toBe(0);
    expect(JSON.parse(synced.stdout).toolRules).toEqual(["alpha"]);
    const rules = JSON.parse(await fs.readFile(path.join(b.home, "tool-rules.json"), "utf8"));
    expect(rules.servers.alpha).toEqual({ deny: ["delete_*"] });
    expect((await b.run(clone, "sync", "--check")).code).toBe(0);
    expect((await b.run(clone, "tools", "allow", "alpha", "delete_all")).code).toBe(0);
    const drift = await b.run(clone, "sync", "--check");
    expect(drift.code).toBe(1);
    expect(drift.stdout).toContain("the tool rules of alpha are not connectory.json's");
  });
});

describe("a host file that already has entries", () => {
  it("keeps entries the project never wrote, comments included, even ones that launch `connectory run`", async () => {
    const a = await machine(world);
    const dir = await tempDir("connectory-project-");
    const before = `{
  // the team's own
  "mcpServers": {
    "other": { "type": "stdio", "command": "connectory", "args": ["run", "other"] },
    "db": { "command": "psql-mcp" }
  }
}
`;
    await fs.writeFile(path.join(dir, ".mcp.json"), before);
    await a.run(dir, "init", "--host", "claude-code");
    expect((await a.run(dir, "add", "alpha", "--config", "API_KEY=k")).code).toBe(0);
    const after = await fs.readFile(path.join(dir, ".mcp.json"), "utf8");
    expect(after).toContain("// the team's own");
    expect(after).toContain(
      '"other": { "type": "stdio", "command": "connectory", "args": ["run", "other"] }',
    );
    expect(after).toContain('"db": { "command": "psql-mcp" }');
    expect(after).toContain('"alpha"');
    expect((await a.run(dir, "remove", "alpha")).code).toBe(0);
    expect(await fs.readFile(path.join(dir, ".mcp.json"), "utf8")).toBe(before);
  });
});
