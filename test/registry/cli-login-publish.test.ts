import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { readCredentials } from "../../cli/credentials/credentials-store.js";
import { cli } from "../helpers/cli.js";
import { createTestRegistry, makePackage, packPackage, type TestRegistry } from "../helpers/registry.js";
import { tempDir } from "../helpers/tmp.js";

// `connectory login` and `connectory publish` in-process, against the registry app (fetch → app.request).

let reg: TestRegistry;
let token: string;
beforeAll(async () => {
  reg = await createTestRegistry();
  token = await reg.token("acme");
});
afterAll(() => reg.close());

const options = async (env: Record<string, string> = {}) => ({
  home: await tempDir(),
  env: { CONNECTORY_REGISTRY: reg.publicUrl, ...env },
  fetch: ((input: Request | string | URL, init?: RequestInit) =>
    reg.app.request(input, init)) as typeof fetch,
});

async function writePackage(dir: string, manifest: Parameters<typeof makePackage>[0]) {
  for (const [file, bytes] of makePackage(manifest)) {
    await fs.mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await fs.writeFile(path.join(dir, file), bytes);
  }
  return dir;
}

it("login --token verifies the token, stores it privately and never prints it", async () => {
  const o = await options();
  const run = await cli(["login", "default", "--token", token, "--json"], o);
  expect(run.code).toBe(0);
  expect(JSON.parse(run.stdout)).toEqual({ marketplace: "default", url: reg.publicUrl, publisher: "acme" });
  expect(run.stdout + run.stderr).not.toContain(token);
  expect((await readCredentials(o.home)).registries.default).toEqual({ token, url: reg.publicUrl });
  expect((await fs.stat(path.join(o.home, "credentials.json"))).mode & 0o777).toBe(0o600);
});

it("login takes CONNECTORY_TOKEN; a wrong token is refused and nothing is stored; no token is a usage error", async () => {
  const fromEnv = await options({ CONNECTORY_TOKEN: token });
  expect((await cli(["login", "default"], fromEnv)).code).toBe(0);
  const o = await options();
  const bad = await cli(["login", "default", "--token", "cty_wrong"], o);
  expect(bad.code).toBe(1);
  expect(bad.stderr).toMatch(/not valid/);
  expect(bad.stderr).not.toContain("cty_wrong");
  await expect(fs.stat(path.join(o.home, "credentials.json"))).rejects.toThrow();
  expect((await cli(["login", "default"], o)).code).toBe(2);
  expect((await cli(["login", "nowhere", "--token", token], o)).code).toBe(1);
});

it("publish <dir> validates, packs, uploads and prints the version URL", async () => {
  const o = await options();
  await cli(["login", "default", "--token", token], o);
  const dir = await writePackage(path.join(o.home, "pkg"), { name: "from-dir", version: "1.0.0" });
  const run = await cli(["publish", dir], o);
  expect(run.code, run.stderr).toBe(0);
  expect(run.stdout).toContain(`${reg.publicUrl}/v1/connectors/from-dir/1.0.0`);
  expect(run.stdout).toContain(`\n${reg.publicUrl}/c/from-dir\n`);
  expect((await reg.request("/c/from-dir")).status).toBe(200);
  expect((await reg.request("/v1/connectors/from-dir/1.0.0")).status).toBe(200);

  const again = await cli(["publish", dir, "--json"], o);
  expect(again.code).toBe(1);
  expect(JSON.parse(again.stdout).error.code).toBe("publish.version.exists");
});

it("a stored token is sent only to the registry that issued it", async () => {
  const o = await options();
  expect((await cli(["login", "default", "--token", token], o)).code).toBe(0);
  const dir = await writePackage(path.join(o.home, "pkg"), { name: "bound-token", version: "1.0.0" });
  const seen: string[] = [];
  const elsewhere = "http://127.0.0.1:9/other";
  const spy = {
    ...o,
    env: { CONNECTORY_REGISTRY: elsewhere },
    fetch: ((input: Request | string | URL, init?: RequestInit) => {
      seen.push(new Headers(init?.headers).get("authorization") ?? "");
      return o.fetch(input, init);
    }) as typeof fetch,
  };
  // The default marketplace now points elsewhere (CONNECTORY_REGISTRY): the token is not sent there.
  const moved = await cli(["publish", dir], spy);
  expect(moved.code).toBe(1);
  expect(moved.stderr).toContain(`was issued by ${reg.publicUrl}, not ${elsewhere}`);
  expect(moved.stderr).toContain("connectory login default");
  expect(seen.join(" ")).not.toContain(token);
  // Removing the marketplace forgets its token; one re-added under the name does not inherit it.
  await cli(["marketplace", "add", "acme", reg.publicUrl], o);
  await cli(["login", "acme", "--token", token], o);
  expect((await cli(["marketplace", "remove", "acme"], o)).code).toBe(0);
  expect((await readCredentials(o.home)).registries.acme).toBeUndefined();
  expect((await readCredentials(o.home)).registries.default?.token).toBe(token);
});

it("publish <file.tgz> uploads the exact bytes", async () => {
  const o = await options({ CONNECTORY_TOKEN: token });
  const bytes = await packPackage({ name: "from-file", version: "2.0.0" });
  const file = path.join(o.home, "x.tgz");
  await fs.writeFile(file, bytes);
  const run = await cli(["publish", file, "--json"], o);
  expect(run.code, run.stderr).toBe(0);
  expect(JSON.parse(run.stdout)).toMatchObject({
    name: "from-file",
    version: "2.0.0",
    size: bytes.byteLength,
    marketplace: "default",
    page: `${reg.publicUrl}/c/from-file`,
  });
  const served = Buffer.from(
    await (await reg.request("/v1/connectors/from-file/2.0.0/tarball")).arrayBuffer(),
  );
  expect(served.equals(Buffer.from(bytes))).toBe(true);
});

it("publish refuses an invalid package locally (nothing uploaded) and shows the server's problems", async () => {
  const o = await options({ CONNECTORY_TOKEN: token });
  const dir = await writePackage(path.join(o.home, "bad"), { name: "bad-pkg", version: "one" });
  const before = await reg.snapshot();
  const run = await cli(["publish", dir], o);
  expect(run.code).toBe(1);
  expect(run.stderr).toMatch(/manifest\.version\.invalid plugin\.json \/version/);
  expect(await reg.snapshot()).toEqual(before);

  const other = await options({ CONNECTORY_TOKEN: await reg.token("other") });
  const stolen = await writePackage(path.join(other.home, "p"), {
    name: "from-dir",
    version: "9.0.0",
    publisher: "other",
  });
  const forbidden = await cli(["publish", stolen], other);
  expect(forbidden.code).toBe(1);
  expect(forbidden.stderr).toMatch(/belongs to publisher "acme"/);
});

it("publish without a token says how to log in", async () => {
  const o = await options();
  const run = await cli(["publish", o.home], o);
  expect(run.code).toBe(1);
  expect(run.stderr).toMatch(/connectory login default/);
});
