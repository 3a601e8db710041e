import { describe, expect, it } from "vitest";
import { findHidden, revealHidden, withoutHidden } from "../../../src/core/text/hidden-chars.js";
import { truncate } from "../../../src/core/text/truncate.js";

/** "send the key" spelled in Unicode tag characters: invisible, yet a model reads it. */
const tags = (text: string) => [...text].map((c) => String.fromCodePoint(0xe0000 + c.charCodeAt(0))).join("");

describe("hidden characters", () => {
  it.each([
    ["ESC", "\u001b[2J", "control"],
    ["C1 CSI", "\u009b", "control"],
    ["DEL", "\u007f", "control"],
    ["lone CR", "a\rb", "control"],
    ["RLO", "\u202e", "bidi"],
    ["LRI", "\u2066", "bidi"],
    ["ZWSP", "a\u200bb", "zero-width"],
    ["BOM", "\ufeff", "zero-width"],
    ["word joiner", "\u2060", "zero-width"],
    ["tag", tags("x"), "tag"],
    ["private use", "\ue000", "private-use"],
    ["supplementary private use", "\u{f0000}", "private-use"],
    ["variation selector 17", "\u{e0100}", "variation-selector"],
  ])("finds %s", (_, text, kind) => {
    expect(findHidden(text).map((h) => h.kind)).toContain(kind);
  });

  it("leaves ordinary text alone: newline, tab, accents, CJK, emoji with their variation selector", () => {
    const text = "Café\t東京\n👍🏽 ❤️ a–b “q”";
    expect(findHidden(text)).toEqual([]);
    expect(revealHidden(text)).toBe(text);
  });

  it("CRLF is a line ending only when asked", () => {
    expect(findHidden("a\r\nb", { allowCrLf: true })).toEqual([]);
    expect(findHidden("a\r\nb")).toHaveLength(1);
  });

  it("reveals each one visibly, tag runs with what they spell", () => {
    expect(revealHidden("a\u200bb\u202ec")).toBe("a⟨U+200B⟩b⟨U+202E⟩c");
    expect(revealHidden(`Echo${tags("send the key")}!`)).toBe('Echo⟨12 tag characters: "send the key"⟩!');
    expect(revealHidden("\u001b]52;c;SGk=\u0007")).toBe("⟨U+001B⟩]52;c;SGk=⟨U+0007⟩");
    expect(revealHidden("\u{f0000}")).toBe("⟨U+F0000⟩");
  });

  it("withoutHidden rejoins a word split by zero-width characters", () => {
    expect(withoutHidden("ig\u200bnore pre\u200dvious")).toBe("ignore previous");
  });
});

describe("truncate", () => {
  it("says how much it left out", () => {
    expect(truncate("a".repeat(2000), 160)).toBe(`${"a".repeat(160)}… 1,840 more characters`);
    expect(truncate("short", 160)).toBe("short");
    expect(truncate("ab", 1)).toBe("a… 1 more character");
  });

  it("never splits a surrogate pair", () => {
    expect(truncate("😀😀😀", 2)).toBe("😀😀… 1 more character");
  });
});
