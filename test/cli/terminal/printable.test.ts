import { describe, expect, it } from "vitest";
import { printable, printableJson } from "../../../cli/terminal/printable.js";

describe("the terminal sanitizer", () => {
  it.each([
    ["CSI (clear screen)", "\u001b[2J", "⟨U+001B⟩[2J"],
    ["OSC 52 (clipboard)", "\u001b]52;c;ZXZpbA==\u0007", "⟨U+001B⟩]52;c;ZXZpbA==⟨U+0007⟩"],
    ["OSC 8 (link) ended by ST", "\u001b]8;;https://evil\u001b\\x", "⟨U+001B⟩]8;;https://evil⟨U+001B⟩\\x"],
    ["a C1 CSI", "\u009b31m", "⟨U+009B⟩31m"],
    ["a carriage return that overwrites the line", "ok\rFAKE", "ok⟨U+000D⟩FAKE"],
    ["backspaces", "abc\b\b\b", "abc⟨U+0008⟩⟨U+0008⟩⟨U+0008⟩"],
    ["a bidi override", "a\u202eb", "a⟨U+202E⟩b"],
  ])("shows %s visibly", (_, raw, shown) => {
    expect(printable(raw)).toBe(shown);
  });

  it("keeps newlines, tabs and ordinary text; CRLF becomes a newline", () => {
    expect(printable("a\tb\nc — 東京 👍🏽")).toBe("a\tb\nc — 東京 👍🏽");
    expect(printable("a\r\nb")).toBe("a\nb");
  });

  it("JSON: the same value, with every hidden character as a \\u escape", () => {
    const value = { d: "x\u009by\u202ez\u{e0041}\u200b", n: 1 };
    const json = printableJson(JSON.stringify(value, null, 2));
    expect(json).not.toMatch(/[\u009b\u202e\u200b]|[\u{e0000}-\u{e007f}]/u);
    expect(json).toContain("\\u009b");
    expect(JSON.parse(json)).toEqual(value);
  });
});
