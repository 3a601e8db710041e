import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cli } from "../helpers/cli.js";
import {
  createTestRegistry,
  publishSamples,
  SAMPLES_DIR,
  TEST_PUBLIC_URL,
  type TestRegistry,
} from "../helpers/registry.js";
import { listFiles, tempDir } from "../helpers/tmp.js";

// Another Connectory's Claude Code marketplace (issue 25): `convert <url>#<plugin>` fetches the npm
// source as Claude Code does, checks its integrity, and gets the very connector back.

let reg: TestRegistry;
beforeAll(async () => {
  reg = await createTestRegistry();
  await publishSamples(reg);
});
afterAll(async () => reg.close());

const viaRegistry = (tamper?: (url: string, bytes: Uint8Array) => Uint8Array): typeof fetch =>
  (async (input: string | URL | Request, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input);
    const res = await reg.request(url, init);
    if (!tamper || !url.endsWith(".tgz")) return res;
    return new Response(tamper(url, new Uint8Array(await res.arrayBuffer())), {
      status: res.status,
      headers: res.headers,
    });
  }) as typeof fetch;

describe("convert <marketplace URL>#<plugin> with npm sources", () => {
  it("gives back the published connector, file for file", async () => {
    const home = await tempDir();
    const out = path.join(home, "out");
    const run = await cli(
      ["convert", `${TEST_PUBLIC_URL}/.claude-plugin/marketplace.json#weather`, "-o", out, "--json"],
      {
        home,
        fetch: viaRegistry(),
      },
    );
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({
      format: "claude-plugin",
      name: "weather",
      version: "1.0.0",
      notes: [],
    });
    const sample = (await listFiles(path.join(SAMPLES_DIR, "weather"))).filter(
      (f) => !f.startsWith("node_modules/"),
    );
    expect(await listFiles(out)).toEqual(sample);
    for (const file of sample)
      expect(await fs.readFile(path.join(out, file))).toEqual(
        await fs.readFile(path.join(SAMPLES_DIR, "weather", file)),
      );
  });

  it("refuses a tarball that does not match its dist.integrity, writing nothing", async () => {
    const home = await tempDir();
    const out = path.join(home, "out");
    const run = await cli(
      ["convert", `${TEST_PUBLIC_URL}/.claude-plugin/marketplace.json#weather`, "-o", out],
      {
        home,
        fetch: viaRegistry((_url, bytes) => {
          const copy = bytes.slice();
          copy[copy.length - 1] = (copy[copy.length - 1] ?? 0) ^ 0xff;
          return copy;
        }),
      },
    );
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("does not match its dist.integrity");
    await expect(fs.stat(out)).rejects.toThrow();
  });

  it("an unknown plugin and an unreachable marketplace are clear errors", async () => {
    const home = await tempDir();
    const unknown = await cli(
      ["convert", `${TEST_PUBLIC_URL}/.claude-plugin/marketplace.json#nope`, "-o", path.join(home, "o")],
      {
        home,
        fetch: viaRegistry(),
      },
    );
    expect(unknown.stderr).toContain('has no plugin named "nope"');
    const down = await cli(
      ["convert", `${TEST_PUBLIC_URL}/missing.json#weather`, "-o", path.join(home, "o")],
      {
        home,
        fetch: viaRegistry(),
      },
    );
    expect(down.stderr).toMatch(/missing\.json answered 404/);
  });
});
