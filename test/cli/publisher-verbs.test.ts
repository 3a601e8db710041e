import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readCredentials } from "../../cli/credentials/credentials-store.js";
import { cli } from "../helpers/cli.js";
import { createTestRegistry, packPackage, type TestRegistry } from "../helpers/registry.js";
import { tempDir } from "../helpers/tmp.js";

// yank, unyank, deprecate, dist-tag add|rm|ls, whoami and logout, in-process against a real registry
// (temp SQLite from the real migrations): fetch → app.request.

let reg: TestRegistry;
let acme: string;
let other: string;
beforeAll(async () => {
  reg = await createTestRegistry();
  acme = await reg.token("acme");
  other = await reg.token("other");
  for (const version of ["1.0.0", "1.1.0", "1.2.0-rc.1", "2.0.0"]) {
    const res = await reg.publish(await packPackage({ name: "gadget", version }), acme, "gadget");
    expect(res.status).toBe(201);
  }
});
afterAll(() => reg.close());

const fetchApp = ((input: Request | string | URL, init?: RequestInit) =>
  reg.app.request(input, init)) as typeof fetch;

/** A home logged in with `token` (or with no token at all). */
async function as(token: string | undefined) {
  const home = await tempDir();
  const options = { home, env: { CONNECTORY_REGISTRY: reg.publicUrl }, fetch: fetchApp };
  if (token) expect((await cli(["login", "default", "--token", token], options)).code).toBe(0);
  return (argv: string[]) => cli(argv, options);
}

async function versionState(version: string) {
  const doc = (await (await reg.request("/v1/connectors/gadget")).json()) as {
    distTags: Record<string, string>;
    versions: Record<string, { yanked: boolean; deprecated?: string }>;
  };
  return { tags: doc.distTags, ...doc.versions[version]! };
}

/** The registry's rows and blobs, to assert that a refused command changed nothing. */
const unchanged = async (run: () => Promise<unknown>) => {
  const before = await reg.snapshot();
  await run();
  expect(await reg.snapshot()).toBe(before);
};

describe("yank / unyank", () => {
  it("yanks and unyanks a version, with --json", async () => {
    const run = await as(acme);
    const yanked = await run(["yank", "gadget@1.1.0", "--json"]);
    expect(yanked.code, yanked.stderr).toBe(0);
    expect(JSON.parse(yanked.stdout)).toMatchObject({
      name: "gadget",
      version: "1.1.0",
      yanked: true,
      marketplace: "default",
    });
    expect((await versionState("1.1.0")).yanked).toBe(true);
    const back = await run(["unyank", "gadget@1.1.0"]);
    expect(back.code).toBe(0);
    expect(back.stdout).toBe("Unyanked gadget@1.1.0 on default\n");
    expect((await versionState("1.1.0")).yanked).toBe(false);
  });

  it("401 without a valid token, 403 for another publisher, 404 for an unknown version or connector", async () => {
    await unchanged(async () => {
      const none = await (await as(undefined))(["yank", "gadget@1.0.0", "--json"]);
      expect(none.code).toBe(1);
      expect(JSON.parse(none.stdout).error.code).toBe("publish.token.missing");
      const revoked = await cli(["yank", "gadget@1.0.0", "--json"], {
        home: await tempDir(),
        env: { CONNECTORY_REGISTRY: reg.publicUrl, CONNECTORY_TOKEN: "cty_not-a-token" },
        fetch: fetchApp,
      });
      expect(revoked.code).toBe(1);
      expect(JSON.parse(revoked.stdout).error.code).toBe("auth.invalid");
      expect(revoked.stderr).toContain("connectory login");
      expect(revoked.stdout + revoked.stderr).not.toContain("cty_not-a-token");
      const forbidden = await (await as(other))(["yank", "gadget@1.0.0", "--json"]);
      expect(forbidden.code).toBe(1);
      expect(JSON.parse(forbidden.stdout).error.code).toBe("connector.forbidden");
      const run = await as(acme);
      expect(JSON.parse((await run(["unyank", "gadget@9.9.9", "--json"])).stdout).error.code).toBe(
        "version.not-found",
      );
      expect(JSON.parse((await run(["yank", "nothing@1.0.0", "--json"])).stdout).error.code).toBe(
        "connector.not-found",
      );
    });
  });

  it.each([
    ["gadget", "names no version"],
    ["gadget@", "names no version"],
    ["gadget@^1", "not an exact version"],
    ["gadget@v1.0.0", "not an exact version"],
    ["Bad_Name@1.0.0", "not a connector name"],
    ["@1.0.0", "names no version"],
    ["x".repeat(5000) + "@1.0.0", "not a connector name"],
  ])("refuses %s as a usage error before any request", async (spec, message) => {
    let requests = 0;
    const home = await tempDir();
    const run = await cli(["yank", spec], {
      home,
      env: { CONNECTORY_REGISTRY: reg.publicUrl, CONNECTORY_TOKEN: acme },
      fetch: (() => {
        requests += 1;
        throw new Error("no request expected");
      }) as typeof fetch,
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(message);
    expect(run.stderr.length).toBeLessThan(500);
    expect(requests).toBe(0);
  });
});

describe("deprecate", () => {
  it("deprecates every version the range matches, and an empty message undeprecates", async () => {
    const run = await as(acme);
    const out = await run(["deprecate", "gadget@<2", "use 2.x", "--json"]);
    expect(out.code, out.stderr).toBe(0);
    expect(JSON.parse(out.stdout)).toEqual({
      name: "gadget",
      range: "<2",
      message: "use 2.x",
      marketplace: "default",
      versions: ["1.2.0-rc.1", "1.1.0", "1.0.0"],
    });
    expect((await versionState("1.0.0")).deprecated).toBe("use 2.x");
    expect((await versionState("1.2.0-rc.1")).deprecated).toBe("use 2.x");
    expect((await versionState("2.0.0")).deprecated).toBeUndefined();
    const undo = await run(["deprecate", "gadget@^1", ""]);
    expect(undo.code).toBe(0);
    expect(undo.stdout).toContain("Undeprecated 3 version(s) of gadget");
    expect((await versionState("1.0.0")).deprecated).toBeUndefined();
    // A dist-tag names its one version.
    expect(JSON.parse((await run(["deprecate", "gadget@latest", "old", "--json"])).stdout).versions).toEqual([
      "2.0.0",
    ]);
    await run(["deprecate", "gadget@2.0.0", ""]);
  });

  it("401, 403 and 404 change nothing", async () => {
    await unchanged(async () => {
      const bad = await cli(["deprecate", "gadget@1.0.0", "x", "--json"], {
        home: await tempDir(),
        env: { CONNECTORY_REGISTRY: reg.publicUrl, CONNECTORY_TOKEN: "cty_wrong" },
        fetch: fetchApp,
      });
      expect(JSON.parse(bad.stdout).error.code).toBe("auth.invalid");
      const forbidden = await (await as(other))(["deprecate", "gadget@*", "mine now", "--json"]);
      expect(forbidden.code).toBe(1);
      expect(JSON.parse(forbidden.stdout).error.code).toBe("connector.forbidden");
      const run = await as(acme);
      const none = await run(["deprecate", "gadget@>5", "x", "--json"]);
      expect(none.code).toBe(1);
      expect(JSON.parse(none.stdout).error.code).toBe("version.not-found");
      expect(none.stderr).toContain("versions: 2.0.0, 1.2.0-rc.1, 1.1.0, 1.0.0");
      const missing = await run(["deprecate", "nothing@1", "x", "--json"]);
      expect(JSON.parse(missing.stdout).error.code).toBe("connector.not-found");
    });
  });

  it.each([
    [["deprecate", "gadget", "x"], "names no version range"],
    [["deprecate", "gadget@1.0.0"], "wrong number of arguments"],
    [["deprecate", "gadget@1.0.0", "two\nlines"], "one line"],
    [["deprecate", "gadget@1.0.0", "x".repeat(1001)], "at most 1000 characters"],
    [["deprecate", "gadget@not a range!", "x"], "not a version, a range or a dist-tag"],
  ])("refuses %j as a usage error", async (argv, message) => {
    await unchanged(async () => {
      const run = await (await as(acme))(argv);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(message);
    });
  });
});

describe("dist-tag", () => {
  it("add, ls and rm, with --json", async () => {
    const run = await as(acme);
    const added = await run(["dist-tag", "add", "gadget@1.2.0-rc.1", "next", "--json"]);
    expect(added.code, added.stderr).toBe(0);
    expect(JSON.parse(added.stdout)).toMatchObject({ name: "gadget", tag: "next", version: "1.2.0-rc.1" });
    expect(JSON.parse(added.stdout).distTags).toEqual({ latest: "2.0.0", next: "1.2.0-rc.1" });
    const listed = await (await as(undefined))(["dist-tag", "ls", "gadget"]);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toBe("latest: 2.0.0\nnext: 1.2.0-rc.1\n");
    const removed = await run(["dist-tag", "rm", "gadget", "next", "--json"]);
    expect(removed.code).toBe(0);
    expect(JSON.parse(removed.stdout).distTags).toEqual({ latest: "2.0.0" });
    expect(JSON.parse((await run(["dist-tag", "ls", "gadget", "--json"])).stdout)).toEqual({
      name: "gadget",
      marketplace: "default",
      distTags: { latest: "2.0.0" },
    });
  });

  it("401, 403 and 404", async () => {
    await unchanged(async () => {
      const none = await (await as(undefined))(["dist-tag", "add", "gadget@1.0.0", "beta", "--json"]);
      expect(JSON.parse(none.stdout).error.code).toBe("publish.token.missing");
      const bad = await cli(["dist-tag", "rm", "gadget", "latest", "--json"], {
        home: await tempDir(),
        env: { CONNECTORY_REGISTRY: reg.publicUrl, CONNECTORY_TOKEN: "cty_wrong" },
        fetch: fetchApp,
      });
      expect(JSON.parse(bad.stdout).error.code).toBe("auth.invalid");
      const forbidden = await (await as(other))(["dist-tag", "add", "gadget@1.0.0", "beta", "--json"]);
      expect(JSON.parse(forbidden.stdout).error.code).toBe("connector.forbidden");
      const run = await as(acme);
      expect(JSON.parse((await run(["dist-tag", "rm", "gadget", "nope", "--json"])).stdout).error.code).toBe(
        "dist-tag.not-found",
      );
      expect(
        JSON.parse((await run(["dist-tag", "add", "gadget@9.0.0", "beta", "--json"])).stdout).error.code,
      ).toBe("version.not-found");
      const ls = await run(["dist-tag", "ls", "nothing", "--json"]);
      expect(ls.code).toBe(1);
      expect(ls.stderr).toContain('no connector named "nothing" in marketplace "default"');
    });
  });

  it.each([
    [["dist-tag", "add", "gadget@1.0.0", "1.0"], "not a dist-tag name"],
    [["dist-tag", "add", "gadget@1.0.0", "Beta"], "not a dist-tag name"],
    [["dist-tag", "add", "gadget@1.0.0", "b".repeat(33)], "not a dist-tag name"],
    [["dist-tag", "add", "gadget@^1", "beta"], "not an exact version"],
    [["dist-tag", "rm", "gadget", "x y"], "not a dist-tag name"],
    [["dist-tag", "ls", "../etc"], "not a connector name"],
    [["dist-tag", "add", "gadget@1.0.0"], "wrong number of arguments"],
  ])("refuses %j as a usage error", async (argv, message) => {
    const run = await (await as(acme))(argv);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(message);
  });
});

describe("whoami / logout", () => {
  it("whoami prints the publisher of the stored token, or of CONNECTORY_TOKEN", async () => {
    const run = await as(acme);
    const who = await run(["whoami"]);
    expect(who.code).toBe(0);
    expect(who.stdout).toBe("acme\n");
    expect(JSON.parse((await run(["whoami", "--json"])).stdout)).toEqual({
      marketplace: "default",
      url: reg.publicUrl,
      publisher: "acme",
      token: "stored",
    });
    const fromEnv = await cli(["whoami", "--json"], {
      home: await tempDir(),
      env: { CONNECTORY_REGISTRY: reg.publicUrl, CONNECTORY_TOKEN: other },
      fetch: fetchApp,
    });
    expect(JSON.parse(fromEnv.stdout)).toMatchObject({ publisher: "other", token: "CONNECTORY_TOKEN" });
    expect(fromEnv.stdout + fromEnv.stderr).not.toContain(other);
  });

  it("whoami: no token, a refused token (401), an unknown marketplace, a bad argument", async () => {
    const none = await (await as(undefined))(["whoami", "--json"]);
    expect(none.code).toBe(1);
    expect(JSON.parse(none.stdout).error.code).toBe("publish.token.missing");
    const refused = await cli(["whoami", "--json"], {
      home: await tempDir(),
      env: { CONNECTORY_REGISTRY: reg.publicUrl, CONNECTORY_TOKEN: "cty_revoked" },
      fetch: fetchApp,
    });
    expect(refused.code).toBe(1);
    expect(JSON.parse(refused.stdout).error.code).toBe("auth.invalid");
    const unknown = await (await as(acme))(["whoami", "--marketplace", "nowhere", "--json"]);
    expect(JSON.parse(unknown.stdout).error.code).toBe("marketplace.unknown");
    expect((await (await as(acme))(["whoami", "extra"])).code).toBe(2);
  });

  it("logout removes the stored token; whoami then has none; logging out again changes nothing", async () => {
    const home = await tempDir();
    const options = { home, env: { CONNECTORY_REGISTRY: reg.publicUrl }, fetch: fetchApp };
    await cli(["login", "default", "--token", acme], options);
    await cli(["marketplace", "add", "acme", reg.publicUrl], options);
    await cli(["login", "acme", "--token", acme], options);
    const out = await cli(["logout", "--json"], options);
    expect(out.code).toBe(0);
    expect(JSON.parse(out.stdout)).toEqual({ marketplace: "default", removed: true });
    const credentials = await readCredentials(home);
    expect(credentials.registries.default).toBeUndefined();
    expect(credentials.registries.acme?.token).toBe(acme);
    expect(JSON.parse((await cli(["whoami", "--json"], options)).stdout).error.code).toBe(
      "publish.token.missing",
    );
    const before = await fs.readFile(path.join(home, "credentials.json"), "utf8");
    const again = await cli(["logout"], options);
    expect(again.code).toBe(0);
    expect(again.stdout).toBe("No token was stored for default\n");
    expect(await fs.readFile(path.join(home, "credentials.json"), "utf8")).toBe(before);
    expect((await cli(["logout", "acme"], options)).stdout).toContain("Logged out of acme");
    expect((await readCredentials(home)).registries).toEqual({});
  });

  it("logout: an unknown marketplace is an error; a token of a removed marketplace is still removed", async () => {
    const home = await tempDir();
    const options = {
      home,
      env: { CONNECTORY_REGISTRY: reg.publicUrl, CONNECTORY_TOKEN: acme },
      fetch: fetchApp,
    };
    const unknown = await cli(["logout", "nowhere", "--json"], options);
    expect(unknown.code).toBe(1);
    expect(JSON.parse(unknown.stdout).error.code).toBe("marketplace.unknown");
    await fs.writeFile(
      path.join(home, "credentials.json"),
      JSON.stringify({ connectors: {}, registries: { gone: { token: "cty_x", url: "http://x" } } }),
      { mode: 0o600 },
    );
    const out = await cli(["logout", "gone"], options);
    expect(out.code).toBe(0);
    expect(out.stderr).toContain("CONNECTORY_TOKEN is set");
    expect((await readCredentials(home)).registries).toEqual({});
    expect((await cli(["logout", "a", "b"], options)).code).toBe(2);
  });
});
