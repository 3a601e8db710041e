import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  FUNCTION_NAME_PATTERN,
  assignFunctionNames,
  joinableServerName,
  sanitizeName,
} from "../../../src/core/tools/names.js";

describe("assignFunctionNames", () => {
  it("prefixes with the server so two servers' tools never collide", () => {
    expect(
      assignFunctionNames([
        { server: "weather", tool: "search" },
        { server: "tushare", tool: "search" },
      ]),
    ).toEqual(["weather__search", "tushare__search"]);
  });

  it("keeps names that already fit, unchanged", () => {
    expect(assignFunctionNames([{ server: "a-b", tool: "C_d-9" }])).toEqual(["a-b__C_d-9"]);
  });

  it("shortens to 64 characters with a hash suffix, deterministically", () => {
    const ref = {
      server: "a-very-long-server-name-for-testing",
      tool: "an_even_longer_tool_name_that_goes_on",
    };
    const [name] = assignFunctionNames([ref]);
    expect(name).toHaveLength(64);
    expect(name).toMatch(FUNCTION_NAME_PATTERN);
    expect(name).toMatch(/^a-very-long-server-name-for-testing__an_even_long.*_[0-9a-f]{8}$/);
    expect(assignFunctionNames([ref])).toEqual([name]);
  });

  it("keeps two long names that share their first 64 characters apart", () => {
    const server = "s".repeat(40);
    const names = assignFunctionNames([
      { server, tool: "t".repeat(40) + "_one" },
      { server, tool: "t".repeat(40) + "_two" },
    ]);
    expect(names[0]).not.toBe(names[1]);
    for (const n of names) expect(n).toMatch(FUNCTION_NAME_PATTERN);
  });

  it("turns unicode into readable ASCII and keeps distinct originals distinct", () => {
    const names = assignFunctionNames([
      { server: "météo", tool: "prévision" },
      { server: "meteo", tool: "prevision" },
      { server: "天气", tool: "查询" },
      { server: "天气", tool: "搜索" },
    ]);
    expect(names[0]).toMatch(/^meteo__prevision_[0-9a-f]{8}$/);
    expect(names[1]).toBe("meteo__prevision");
    expect(names[2]).toMatch(/^server__tool_[0-9a-f]{8}$/);
    expect(new Set(names).size).toBe(4);
  });

  it("sanitizes characters the providers reject (dots, spaces, slashes)", () => {
    const [name] = assignFunctionNames([{ server: "my.server", tool: "files/read all" }]);
    expect(name).toMatch(/^my_server__files_read_all_[0-9a-f]{8}$/);
  });

  it("gives a longer hash when a tool is literally named like another's shortened form", () => {
    const [dotted] = assignFunctionNames([{ server: "a.b", tool: "x" }]);
    const [server, tool] = [dotted!.split("__")[0]!, dotted!.split("__")[1]!];
    const names = assignFunctionNames([
      { server: "a.b", tool: "x" },
      { server, tool },
    ]);
    expect(names[1]).toBe(dotted);
    expect(names[0]).not.toBe(dotted);
    expect(names[0]).toMatch(/^a_b__x_[0-9a-f]{12}$/);
  });

  it("keys by the pair: two pairs joining to the same text both get a hashed name (issue 31 #7)", () => {
    const refs = [
      { server: "a", tool: "b__c" },
      { server: "a__b", tool: "c" },
      { server: "a_", tool: "__b" },
      { server: "a", tool: "___b" },
      { server: "a", tool: "plain" },
    ];
    const names = assignFunctionNames(refs);
    expect(names[0]).toMatch(/^a__b__c_[0-9a-f]{8}$/);
    expect(names[1]).toMatch(/^a__b__c_[0-9a-f]{8}$/);
    expect(names[2]).toMatch(/^a__b_[0-9a-f]{8}$/);
    expect(names[3]).toMatch(/^a__b_[0-9a-f]{8}$/);
    expect(names[4]).toBe("a__plain");
    expect(new Set(names).size).toBe(refs.length);
    // Neither pair takes the plain joined name, whichever comes first.
    expect(names).not.toContain("a__b__c");
    expect(assignFunctionNames([...refs].reverse()).reverse()).toEqual(names);
  });

  it("says why a server name holding `__` cannot be joined", () => {
    expect(joinableServerName("a__b")).toMatch(/holds "__".*rename it/);
    expect(joinableServerName("a_b")).toBeUndefined();
  });

  it("does not depend on input order", () => {
    const refs = [
      { server: "x.y", tool: "a" },
      { server: "x_y", tool: "a" },
      { server: "p", tool: "q".repeat(80) },
    ];
    const forward = assignFunctionNames(refs);
    const backward = assignFunctionNames([...refs].reverse()).reverse();
    expect(backward).toEqual(forward);
  });

  it("always yields valid, unique names for distinct inputs (property)", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(
          fc.record({ server: fc.string({ minLength: 1 }), tool: fc.string({ minLength: 1 }) }),
          {
            // By the pair: `a` + `b__c` and `a__b` + `c` are distinct inputs that join alike.
            selector: (r) => JSON.stringify([r.server, r.tool]),
            maxLength: 30,
          },
        ),
        (refs) => {
          const names = assignFunctionNames(refs);
          for (const n of names) expect(n).toMatch(FUNCTION_NAME_PATTERN);
          expect(new Set(names).size).toBe(refs.length);
        },
      ),
    );
  });
});

describe("sanitizeName", () => {
  it.each([
    ["café", "cafe"],
    ["ﬁle", "file"],
    ["a b.c", "a_b_c"],
    ["emoji 😀 here", "emoji_here"],
    ["ok-_9", "ok-_9"],
  ])("%s → %s", (input, output) => {
    expect(sanitizeName(input)).toBe(output);
  });
});
