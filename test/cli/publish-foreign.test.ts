import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cli } from "../helpers/cli.js";
import { createTestRegistry, type TestRegistry } from "../helpers/registry.js";
import { tempDir } from "../helpers/tmp.js";
import { realWorld } from "../core/convert/real-world.js";

// `connectory publish <foreign file>`: a server.json, .mcp.json or Docker server.yaml is converted first
// (as `connectory convert` does, under the token's publisher) and published; a broken one uploads nothing.

let reg: TestRegistry;
let homeDir: string;
let run: (argv: string[], cwd?: string) => ReturnType<typeof cli>;

beforeAll(async () => {
  reg = await createTestRegistry();
  const token = await reg.token("acme");
  // Not tempDir(): that is removed after each test, and the login must last for the file.
  const home = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), "connectory-home-")));
  homeDir = home;
  const fetchApp = ((input: Request | string | URL, init?: RequestInit) =>
    reg.app.request(input, init)) as typeof fetch;
  const options = { home, env: { CONNECTORY_REGISTRY: reg.publicUrl }, fetch: fetchApp };
  expect((await cli(["login", "default", "--token", token], options)).code).toBe(0);
  run = (argv, cwd) => cli(argv, { ...options, ...(cwd ? { cwd } : {}) });
});
afterAll(async () => {
  await reg.close();
  await fs.rm(homeDir, { recursive: true, force: true });
});

const doc = async (name: string) => (await (await reg.request(`/v1/connectors/${name}`)).json()) as any;

describe("publish converts foreign files first", () => {
  it("an official server.json (the real Brave entry), under the token's publisher", async () => {
    const file = realWorld("mcp-registry-brave.server.json");
    const res = await run(["publish", file, "--json"]);
    expect(res.code, res.stderr).toBe(0);
    const out = JSON.parse(res.stdout);
    expect(out.converted.format).toBe("server-json");
    expect(Array.isArray(out.converted.notes)).toBe(true);
    const published = await doc(out.name);
    expect(published.publisher).toBe("acme");
    // Named after the upstream name's last part; the namespace is not a keyword (issue 32: `github` must
    // not find every io.github entry).
    const upstream = JSON.parse(await fs.readFile(file, "utf8")).name as string;
    expect(out.name).toBe(upstream.slice(upstream.indexOf("/") + 1));
    expect(published.keywords).not.toContain(upstream);
  });

  it("a Docker catalog server.yaml and a Claude .mcp.json", async () => {
    const dir = await tempDir();
    const docker = path.join(dir, "github-official");
    await fs.mkdir(docker);
    await fs.copyFile(
      realWorld("docker-mcp-registry-github-official.server.yaml"),
      path.join(docker, "server.yaml"),
    );
    const yaml = await run(["publish", path.join(docker, "server.yaml"), "--json"]);
    expect(yaml.code, yaml.stderr).toBe(0);
    expect(JSON.parse(yaml.stdout).converted.format).toBe("docker-catalog");

    const plugin = path.join(dir, "context7");
    await fs.mkdir(plugin);
    await fs.copyFile(realWorld("claude-plugin-context7.mcp.json"), path.join(plugin, ".mcp.json"));
    const mcp = await run(["publish", path.join(plugin, ".mcp.json")]);
    expect(mcp.code, mcp.stderr).toBe(0);
    expect(mcp.stdout).toMatch(/published context7@/);
    expect(mcp.stderr).toMatch(/converted mcp-json/);
  });
});

describe("bad foreign input uploads nothing", () => {
  it("a broken, an unknown and an empty file are refused with their codes", async () => {
    const dir = await tempDir();
    const before = await reg.snapshot();
    for (const [file, text, code] of [
      ["server.json", "{ not json", "convert."],
      ["notes.json", JSON.stringify({ hello: "world" }), "convert."],
      ["empty.json", "", "convert."],
    ] as const) {
      await fs.writeFile(path.join(dir, file), text);
      const res = await run(["publish", path.join(dir, file), "--json"]);
      expect(res.code, file).not.toBe(0);
      expect(JSON.parse(res.stdout).error.code, file).toContain(code);
    }
    expect(await reg.snapshot()).toBe(before);
  });
});
