import { describe, expect, it } from "vitest";
import { readToolsListing } from "../../../src/core/tools/read-report.js";
import { MAX_TOOLS, MAX_TOOLS_BYTES, toolsReportBody } from "../../../src/core/tools/report.js";
import { MAX_TOOLS_BYTES as REGISTRY_MAX_TOOLS_BYTES } from "../../../src/core/tools/report.js";

const object = { type: "object" };

describe("toolsReportBody: the registry's check, run before uploading", () => {
  it("accepts a valid report and returns the exact body the registry parses", () => {
    const tools = [{ name: "a", server: "s", inputSchema: object }];
    expect(toolsReportBody(tools, ["s"])).toEqual({ body: JSON.stringify({ tools }), problems: [] });
  });

  it("measures the body in UTF-8 bytes, as the registry reads it", () => {
    // 4 bytes per character: under the limit in characters, over it in bytes.
    const description = "😀".repeat(Math.ceil(MAX_TOOLS_BYTES / 8));
    const tools = Array.from({ length: 3 }, (_, i) => ({
      name: `t${i}`,
      inputSchema: { ...object, description },
    }));
    expect(JSON.stringify({ tools }).length).toBeLessThan(MAX_TOOLS_BYTES * 2);
    const codes = toolsReportBody(tools, []).problems.map((p) => p.code);
    expect(codes[0]).toBe("tools.body.too-large");
  });

  it("reports every problem at once, with paths", () => {
    const tools = [
      { name: "", inputSchema: object },
      { name: "b", server: "nope", inputSchema: { type: "array" } },
    ];
    expect(toolsReportBody(tools, ["s"]).problems.map((p) => [p.code, p.path])).toEqual([
      ["tools.name.invalid", "/tools/0/name"],
      ["tools.server.unknown", "/tools/1/server"],
      ["tools.inputSchema.invalid", "/tools/1/inputSchema"],
    ]);
  });

  it("refuses more than MAX_TOOLS tools", () => {
    const tools = Array.from({ length: MAX_TOOLS + 1 }, (_, i) => ({ name: `t${i}`, inputSchema: object }));
    expect(toolsReportBody(tools, []).problems.map((p) => p.code)).toEqual(["tools.too-many"]);
  });

  it("survives nesting too deep to serialize: a problem, never a crash", () => {
    let deep: Record<string, unknown> = {};
    for (let i = 0; i < 100_000; i++) deep = { a: deep };
    const { problems } = toolsReportBody([{ name: "x", inputSchema: { type: "object", default: deep } }], []);
    expect(problems.map((p) => p.code)).toContain("tools.inputSchema.too-deep");
  });

  it("is the registry's limit, not a copy of it", () => {
    expect(REGISTRY_MAX_TOOLS_BYTES).toBe(MAX_TOOLS_BYTES);
  });
});

describe("readToolsListing: a version document's tools, in any shape", () => {
  it.each([
    ["absent", undefined, undefined],
    ["not a list", "tools", undefined],
    ["a bare list", [{ name: "a" }], { items: [{ name: "a" }] }],
    ["MCP's {tools}", { tools: [{ name: "a" }] }, { items: [{ name: "a" }] }],
    [
      "the registry's report",
      { reportedBy: "publisher", reportedAt: "2026-01-02T00:00:00Z", items: [{ name: "a", server: "s" }] },
      { reportedBy: "publisher", reportedAt: "2026-01-02T00:00:00Z", items: [{ name: "a", server: "s" }] },
    ],
    [
      "items without a usable name, and fields of the wrong type",
      {
        items: [
          null,
          { name: "" },
          { name: 3 },
          { name: "ok", title: 4, inputSchema: [], annotations: { x: 1 } },
        ],
      },
      { items: [{ name: "ok", annotations: { x: 1 } }] },
    ],
  ])("%s", (_, raw, expected) => {
    expect(readToolsListing(raw)).toEqual(expected);
  });
});
