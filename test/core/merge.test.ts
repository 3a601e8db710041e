import { describe, expect, it } from "vitest";
import { mergeServers, type ConnectorInput, type ManualServer } from "../../src/core/merge.js";
import { fingerprintSpec } from "../../src/core/merge/spec-hash.js";
import type { ServerSpec, TokenSchema } from "../../src/core/types.js";

const MANUAL_FILE = "/home/u/.connectory/mcp.json";
const TOKEN = "a".repeat(56);

const tokenSchema: TokenSchema = {
  type: "object",
  properties: { TOKEN: { type: "string", secret: true }, REGION: { type: "string", default: "eu" } },
  required: ["TOKEN"],
};

function connector(
  name: string,
  servers: Record<string, ServerSpec>,
  more: Partial<ConnectorInput> = {},
): ConnectorInput {
  const marketplace = more.marketplace ?? "default";
  return {
    name,
    marketplace,
    version: "1.0.0",
    enabled: true,
    servers,
    credentials: {},
    pluginRoot: `/cache/${marketplace}/${name}/1.0.0`,
    file: `/cache/${marketplace}/${name}/1.0.0/mcp.json`,
    ...more,
  };
}

const stdio = (arg: string): ServerSpec => ({ command: "node", args: ["${PLUGIN_ROOT}/index.js", arg] });
const trusted = (name: string, spec: ServerSpec): ManualServer => ({
  name,
  spec,
  trust: fingerprintSpec(spec),
});

function merge(manual: ManualServer[], connectors: ConnectorInput[]) {
  return mergeServers({ manual, manualFile: MANUAL_FILE, connectors });
}

function statuses(result: ReturnType<typeof merge>) {
  return result.servers.map((s) => [s.name, s.status]);
}

describe("mergeServers: the five statuses", () => {
  it("active: a trusted hand-written server and a connector with complete credentials, rendered", () => {
    const remote = connector(
      "tushare",
      { tushare: { type: "streamable-http", url: "https://api.example/mcp?token=${TOKEN}&r=${REGION}" } },
      { tokenSchema, credentials: { TOKEN } },
    );
    const r = merge([trusted("mine", { command: "my-server" })], [remote]);
    expect(statuses(r)).toEqual([
      ["mine", "active"],
      ["tushare", "active"],
    ]);
    expect(r.active).toEqual({
      mine: { command: "my-server" },
      tushare: { type: "streamable-http", url: `https://api.example/mcp?token=${TOKEN}&r=eu` },
    });
    expect(r.servers[1]?.origin).toEqual({
      kind: "connector",
      file: "/cache/default/tushare/1.0.0/mcp.json",
      connector: "tushare",
      marketplace: "default",
      version: "1.0.0",
    });
    // The token and the whole URL carrying it are redacted wherever shown.
    expect(r.secretValues).toContain(TOKEN);
    expect(r.secretValues).toContain(`https://api.example/mcp?token=${TOKEN}&r=eu`);
  });

  it("renders ${PLUGIN_ROOT}", () => {
    const r = merge([], [connector("weather", { weather: stdio("x") })]);
    expect(r.active.weather).toEqual({
      command: "node",
      args: ["/cache/default/weather/1.0.0/index.js", "x"],
    });
  });

  it("untrusted: a hand-written server never trusted", () => {
    const r = merge([{ name: "mine", spec: { command: "x" } }], []);
    expect(r.servers[0]).toMatchObject({
      status: "untrusted",
      origin: { kind: "manual", file: MANUAL_FILE },
    });
    expect(r.servers[0]?.why).toEqual({ code: "untrusted", server: "mine" });
    expect(r.active).toEqual({});
  });

  it("untrusted again when the args change after trust, saying what changed", () => {
    const before: ServerSpec = { command: "node", args: ["a.js"] };
    const r = merge(
      [{ name: "mine", spec: { command: "node", args: ["b.js"] }, trust: fingerprintSpec(before) }],
      [],
    );
    expect(r.servers[0]?.status).toBe("untrusted");
    expect(r.servers[0]?.why).toEqual({ code: "changed-since-trusted", server: "mine", parts: ["args"] });
  });

  it.each<[string, ServerSpec, ServerSpec]>([
    ["env", { command: "x", env: { A: "1" } }, { command: "x", env: { A: "2" } }],
    ["cwd", { command: "x" }, { command: "x", cwd: "/tmp" }],
    ["command", { command: "x" }, { command: "y" }],
    ["url", { type: "http", url: "https://a" }, { type: "http", url: "https://b" }],
    ["headers", { type: "http", url: "https://a" }, { type: "http", url: "https://a", headers: { X: "1" } }],
    ["type", { type: "http", url: "https://a" }, { type: "sse", url: "https://a" }],
  ])("a change to %s breaks trust", (part, before, after) => {
    const r = merge([{ name: "s", spec: after, trust: fingerprintSpec(before) }], []);
    expect(r.servers[0]?.status).toBe("untrusted");
    expect(r.servers[0]?.why).toEqual({ code: "changed-since-trusted", server: "s", parts: [part] });
  });

  it("trust survives a reordering of env keys and an explicit empty args list", () => {
    const before: ServerSpec = { command: "x", env: { A: "1", B: "2" } };
    const after: ServerSpec = { command: "x", args: [], env: { B: "2", A: "1" } };
    expect(merge([{ name: "s", spec: after, trust: fingerprintSpec(before) }], []).servers[0]?.status).toBe(
      "active",
    );
  });

  it("needs-credentials: a required secret missing; the server shows its template, never half-rendered", () => {
    const c = connector(
      "tushare",
      { tushare: { type: "http", url: "https://x/?t=${TOKEN}" } },
      { tokenSchema },
    );
    const r = merge([], [c]);
    expect(r.servers[0]).toMatchObject({ status: "needs-credentials", missing: ["TOKEN"] });
    expect(r.servers[0]?.why).toEqual({ code: "needs-credentials", missing: ["TOKEN"], ref: "tushare" });
    expect(r.servers[0]?.server).toEqual({ type: "http", url: "https://x/?t=${TOKEN}" });
    expect(r.active).toEqual({});
  });

  it("needs-credentials: a template key with no value and no default, even if optional", () => {
    const schema: TokenSchema = { type: "object", properties: { OPT: { type: "string" } } };
    const r = merge([], [connector("c", { c: { command: "x", args: ["${OPT}"] } }, { tokenSchema: schema })]);
    expect(r.servers[0]).toMatchObject({ status: "needs-credentials", missing: ["OPT"] });
  });

  it("disabled: a disabled connector's servers, with the command to enable it", () => {
    const r = merge([], [connector("weather", { weather: stdio("x") }, { enabled: false })]);
    expect(r.servers[0]).toMatchObject({ status: "disabled" });
    expect(r.servers[0]?.why).toEqual({
      code: "connector-disabled",
      connector: "weather@default",
      ref: "weather",
    });
    expect(r.active).toEqual({});
  });

  it("disabled wins over needs-credentials, and its stored secrets are still redacted", () => {
    const c = connector(
      "t",
      { t: { command: "x", env: { T: "${TOKEN}" } } },
      { enabled: false, tokenSchema, credentials: { TOKEN } },
    );
    const r = merge([], [c]);
    expect(r.servers[0]?.status).toBe("disabled");
    expect(r.secretValues).toContain(TOKEN);
  });

  it("shadowed: a hand-written server wins a clash, even while untrusted", () => {
    const r = merge(
      [{ name: "weather", spec: { command: "mine" } }],
      [connector("weather", { weather: stdio("x") })],
    );
    expect(statuses(r)).toEqual([
      ["weather", "untrusted"],
      ["weather", "shadowed"],
    ]);
    expect(r.servers[1]?.why).toEqual({ code: "shadowed-by-manual", server: "weather", file: MANUAL_FILE });
    expect(r.active).toEqual({});
  });
});

describe("mergeServers: naming", () => {
  const at = (day: number) => ({ installedAt: `2026-01-${String(day).padStart(2, "0")}T00:00:00.000Z` });

  it("the first-installed connector keeps a shared server name; the later one becomes <connector>-<server>", () => {
    const r = merge(
      [],
      [connector("b", { search: stdio("b") }, at(1)), connector("a", { search: stdio("a") }, at(2))],
    );
    // Output stays in key order; only the names follow install order.
    expect(statuses(r)).toEqual([
      ["a-search", "active"],
      ["search", "active"],
    ]);
    expect(r.servers.map((s) => s.sourceName)).toEqual(["search", "search"]);
    expect(Object.keys(r.active).sort()).toEqual(["a-search", "search"]);
  });

  it("a later install never renames an existing server", () => {
    const a = connector("zeta", { x: stdio("z"), other: stdio("o") }, at(1));
    const before = merge([], [a]);
    const b = connector("b", { x: stdio("b") }, at(2));
    const after = merge([], [a, b]);
    const name = (r: ReturnType<typeof merge>, c: string, server: string) =>
      r.servers.find((s) => s.origin.connector === c && s.sourceName === server)?.name;
    expect(name(before, "zeta", "x")).toBe("x");
    expect(name(after, "zeta", "x")).toBe("x");
    expect(name(after, "zeta", "other")).toBe("other");
    expect(name(after, "b", "x")).toBe("b-x");
    expect(after.active.x).toEqual(before.active.x);
  });

  it("equal install times fall back to <name>@<marketplace> order; a missing time counts as latest", () => {
    const tie = merge(
      [],
      [connector("b", { s: stdio("b") }, at(1)), connector("a", { s: stdio("a") }, at(1))],
    );
    expect(tie.servers.map((s) => s.name)).toEqual(["s", "b-s"]);
    const unknown = merge(
      [],
      [
        connector("a", { s: stdio("a") }),
        connector("b", { s: stdio("b") }, { installedAt: "not a date" }),
        connector("c", { s: stdio("c") }, at(3)),
      ],
    );
    expect(unknown.servers.map((s) => s.name)).toEqual(["a-s", "b-s", "s"]);
  });

  it("the same result whatever order the connectors are given in", () => {
    const input = [
      connector("c", { s: stdio("c") }, at(2)),
      connector("a", { s: stdio("a") }, at(3)),
      connector("b", { s: stdio("b") }, at(1)),
    ];
    const r = merge([], input);
    expect(r.servers.map((s) => s.name)).toEqual(["a-s", "s", "c-s"]);
    expect(merge([], [...input].reverse())).toEqual(r);
  });

  it("names do not change when one of the clashing connectors is disabled", () => {
    const r = merge(
      [],
      [
        connector("a", { search: stdio("a") }, { ...at(2) }),
        connector("b", { search: stdio("b") }, { ...at(1), enabled: false }),
      ],
    );
    expect(statuses(r)).toEqual([
      ["a-search", "active"],
      ["search", "disabled"],
    ]);
    expect(Object.keys(r.active)).toEqual(["a-search"]);
  });

  it("the same connector from two marketplaces: the later one is <connector>-<server>", () => {
    const r = merge(
      [],
      [
        connector("t", { t: stdio("1") }, at(2)),
        connector("t", { t: stdio("2") }, { ...at(1), marketplace: "mirror" }),
      ],
    );
    expect(r.servers.map((s) => [s.name, s.origin.marketplace])).toEqual([
      ["t-t", "default"],
      ["t", "mirror"],
    ]);
  });

  it("<connector>-<marketplace>-<server> when <connector>-<server> is taken too", () => {
    const r = merge(
      [],
      [
        connector("t", { s: stdio("1") }, at(1)),
        connector("t", { s: stdio("2") }, { ...at(2), marketplace: "mirror" }),
        connector("t", { s: stdio("3") }, { ...at(3), marketplace: "third" }),
      ],
    );
    expect(r.servers.map((s) => s.name)).toEqual(["s", "t-s", "t-third-s"]);
  });

  it("a renamed server never takes a name held by an earlier install, nor one its own package uses", () => {
    // z (installed before y) owns "y-s", so y's "s" and "y-s" both move on.
    const r = merge(
      [],
      [
        connector("x", { s: stdio("1") }, at(1)),
        connector("y", { s: stdio("2"), "y-s": stdio("own") }, at(3)),
        connector("z", { "y-s": stdio("3") }, at(2)),
        connector("w", { s: stdio("4"), "w-s": stdio("own") }, at(4)),
      ],
    );
    expect(r.servers.map((s) => [s.origin.connector, s.sourceName, s.name])).toEqual([
      ["w", "s", "w-default-s"],
      ["w", "w-s", "w-s"],
      ["x", "s", "s"],
      ["y", "s", "y-default-s"],
      ["y", "y-s", "y-y-s"],
      ["z", "y-s", "y-s"],
    ]);
    expect(r.servers.every((s) => s.status === "active")).toBe(true);
  });

  it("a later plain name that a renamed server already holds is renamed instead", () => {
    const r = merge(
      [],
      [
        connector("a", { s: stdio("1") }, at(1)),
        connector("b", { s: stdio("2") }, at(2)),
        connector("c", { "b-s": stdio("3") }, at(3)),
      ],
    );
    expect(r.servers.map((s) => s.name)).toEqual(["s", "b-s", "c-b-s"]);
    expect(new Set(Object.keys(r.active)).size).toBe(3);
  });

  it("a clash left after every rule: the later install is shadowed, never the earlier", () => {
    // a-b from marketplace c and a from marketplace b-c both end at a-b-c-s.
    const r = merge(
      [],
      [
        connector("s0", { s: stdio("0") }, at(2)),
        connector("a", { s: stdio("1"), "a-s": stdio("1b") }, { ...at(3), marketplace: "b-c" }),
        connector("a-b", { s: stdio("2"), "a-b-s": stdio("2b") }, { ...at(4), marketplace: "c" }),
        connector("a", { "a-b-c-s": stdio("first") }, { ...at(1), marketplace: "zz" }),
      ],
    );
    const byName = r.servers.filter((s) => s.name === "a-b-c-s").map((s) => [s.origin.marketplace, s.status]);
    expect(byName).toEqual([
      ["c", "shadowed"],
      ["b-c", "shadowed"],
      ["zz", "active"],
    ]);
    const why = r.servers.find((s) => s.name === "a-b-c-s" && s.status === "shadowed")?.why;
    expect(why).toEqual({ code: "shadowed-by-connector", server: "a-b-c-s", owner: "a@zz" });
  });

  it("a hand-written server named like a renamed connector server shadows only that one", () => {
    const r = merge(
      [trusted("b-search", { command: "m" })],
      [connector("a", { search: stdio("a") }, at(1)), connector("b", { search: stdio("b") }, at(2))],
    );
    expect(statuses(r)).toEqual([
      ["b-search", "active"],
      ["search", "active"],
      ["b-search", "shadowed"],
    ]);
    expect(r.active["b-search"]).toEqual({ command: "m" });
  });

  it("order is deterministic: hand-written in file order, then connectors by key", () => {
    const input = [
      connector("zeta", { z: stdio("z") }),
      connector("alpha", { a1: stdio("1"), a0: stdio("0") }),
    ];
    const r1 = merge([trusted("m2", { command: "2" }), trusted("m1", { command: "1" })], input);
    const r2 = merge(
      [trusted("m2", { command: "2" }), trusted("m1", { command: "1" })],
      [...input].reverse(),
    );
    expect(r1.servers.map((s) => s.name)).toEqual(["m2", "m1", "a1", "a0", "z"]);
    expect(r2).toEqual(r1);
  });
});

describe("mergeServers: secrets", () => {
  it("hand-written env values and headers under secret-looking names are redacted, a plain URL is not", () => {
    const r = merge(
      [
        { name: "a", spec: { command: "x", env: { API_KEY: "k-123", MODE: "fast" } } },
        { name: "b", spec: { type: "http", url: "https://h/mcp", headers: { Authorization: "Bearer zzz" } } },
        { name: "c", spec: { type: "sse", url: "https://h/sse?api_key=qqq" } },
      ],
      [],
    );
    expect(r.secretValues).toEqual(
      expect.arrayContaining(["k-123", "Bearer zzz", "https://h/sse?api_key=qqq"]),
    );
    expect(r.secretValues).not.toContain("fast");
    expect(r.secretValues).not.toContain("https://h/mcp");
  });

  it("a non-secret credential is not in secretValues", () => {
    const c = connector(
      "w",
      { w: { command: "x", env: { R: "${REGION}", T: "${TOKEN}" } } },
      { tokenSchema, credentials: { TOKEN, REGION: "us" } },
    );
    const r = merge([], [c]);
    expect(r.secretValues).toContain(TOKEN);
    expect(r.secretValues).not.toContain("us");
  });
});

describe("why a server is inactive", () => {
  it("is a code with its facts, never prose: the core has no words in any language", () => {
    const r = merge(
      [{ name: "mine", spec: { command: "x" } }],
      [connector("weather", { weather: stdio("x") }, { enabled: false })],
    );
    for (const s of r.servers) {
      expect(s.why?.code, s.name).toMatch(/^[a-z-]+$/);
      expect(Object.keys(s)).not.toContain("reason");
    }
  });
});
