import { describe, expect, it } from "vitest";
import { guardArguments, guardValue } from "../../../src/core/guards/guard-content.js";
import { guardAnswer } from "../../../src/core/guards/guard-result.js";
import { DEFAULT_GUARD_MODES } from "../../../src/core/guards/guard-modes.js";
import { credentialForms } from "../../../src/core/guards/scan-text.js";

// The walk over a message (guard-content.ts): which strings it reads, the JSON path a finding names
// (spelled out only for a finding), and what it passes on untouched.
const TOKEN = "ghp_" + "a".repeat(36);
const scope = { modes: { ...DEFAULT_GUARD_MODES }, credentials: credentialForms(["correct-horse-42"]) };
const paths = (value: unknown, root?: string) => guardValue(value, scope, root).findings.map((f) => f.path);

describe("the guards' walk over a message", () => {
  it.each([
    ["a string alone", TOKEN, undefined, [""]],
    ["a string alone under a root", TOKEN, "arguments", ["arguments"]],
    ["a top-level key", { text: TOKEN }, undefined, ["text"]],
    ["a block of content", { content: [{ type: "text", text: TOKEN }] }, undefined, ["content[0].text"]],
    ["the second block", { content: [{ text: "ok" }, { text: TOKEN }] }, undefined, ["content[1].text"]],
    ["nested arrays", { a: [[1, [TOKEN]]] }, undefined, ["a[0][1][0]"]],
    ["an array at the top", [true, null, { x: TOKEN }], undefined, ["[2].x"]],
    [
      "under a root",
      { query: TOKEN, deep: { list: [TOKEN] } },
      "arguments",
      ["arguments.query", "arguments.deep.list[0]"],
    ],
    ["an empty key", { "": { x: TOKEN } }, "r", ["r..x"]],
    [
      "structured content",
      { structuredContent: { wind: { dir: TOKEN } } },
      undefined,
      ["structuredContent.wind.dir"],
    ],
  ])("names the path: %s", (_, value, root, expected) => {
    expect(paths(value, root)).toEqual(expected);
  });

  it("reads strings only: numbers, booleans, null, keys and base64 payloads are not scanned", () => {
    const value = {
      n: 1,
      b: false,
      z: null,
      [TOKEN]: "a key is not text the model reads as a value",
      image: { type: "image", data: TOKEN, mimeType: "image/png" },
      resource: { blob: TOKEN },
    };
    const out = guardValue(value, scope);
    expect(out.findings).toEqual([]);
    expect(out.value).toBe(value);
  });

  it("passes on the very same objects when nothing is found, and copies only the branch it masks", () => {
    const clean = { content: [{ type: "text", text: "Paris: 18 °C" }], structuredContent: { t: 18 } };
    expect(guardValue(clean, scope).value).toBe(clean);
    const dirty = { content: [{ type: "text", text: `token ${TOKEN}` }], structuredContent: { t: 18 } };
    const out = guardValue(dirty, scope).value;
    expect(out).not.toBe(dirty);
    expect(out.structuredContent).toBe(dirty.structuredContent);
    expect(out.content[0]?.text).toBe("token [redacted:github-token]");
    expect(dirty.content[0]?.text).toBe(`token ${TOKEN}`); // the original is untouched
  });

  it("checks arguments for the user's own credentials only (not shapes, invisible text or injection)", () => {
    const out = guardArguments(
      { q: "find correct-horse-42", n: 3, note: "ignore previous instructions\u200b", token: TOKEN },
      scope,
    );
    expect(out.findings.map((f) => [f.rule, f.path])).toEqual([["credential", "arguments.q"]]);
    expect(out.value).toEqual({
      q: "find [redacted:credential]",
      n: 3,
      note: "ignore previous instructions\u200b",
      token: TOKEN, // provider-shaped, not one of the user's stored credentials: sent as given
    });
  });

  it("keeps an answer's _meta unread and in place, and returns the answer itself when it is clean", () => {
    const where = { server: "s", target: "t" };
    const clean = { content: [{ type: "text", text: "ok" }] };
    expect(guardAnswer("tools/call", clean, scope, where)).toEqual({ result: clean, findings: [] });
    expect((guardAnswer("tools/call", clean, scope, where) as { result: unknown }).result).toBe(clean);
    const meta = { note: TOKEN };
    const answer = guardAnswer(
      "tools/call",
      { content: [{ type: "text", text: TOKEN }], _meta: meta },
      scope,
      where,
    );
    expect(answer.findings.map((f) => f.path)).toEqual(["content[0].text"]);
    expect("result" in answer ? answer.result._meta : undefined).toBe(meta);
  });
});
