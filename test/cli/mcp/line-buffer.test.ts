import { describe, expect, it } from "vitest";
import { LineBuffer } from "../../../cli/mcp/line-buffer.js";

/** Feeds `chunks`, then ends; returns what came out, a too-long line as "<too long>". */
function split(chunks: string[], max = 10): string[] {
  const out: string[] = [];
  const lines = new LineBuffer(
    max,
    (line) => out.push(line),
    () => out.push("<too long>"),
  );
  for (const chunk of chunks) lines.push(chunk);
  const rest = lines.end();
  if (rest !== "") out.push(`<rest ${rest}>`);
  return out;
}

describe("LineBuffer", () => {
  it.each([
    ["one line", ["a\n"], ["a"]],
    ["several in a chunk", ["a\nb\nc\n"], ["a", "b", "c"]],
    ["a line across chunks", ["ab", "cd", "e\nf\n"], ["abcde", "f"]],
    ["CRLF", ["a\r\nb\r\n"], ["a", "b"]],
    ["CR split from its LF", ["a\r", "\nb\n"], ["a", "b"]],
    ["a lone CR inside a line is kept", ["a\rb\n"], ["a\rb"]],
    ["empty lines skipped", ["\n\r\n\na\n\n"], ["a"]],
    ["an unterminated last line", ["a\nbc"], ["a", "<rest bc>"]],
    ["a line of exactly max", ["0123456789\n"], ["0123456789"]],
    ["a complete line over max", ["0123456789X\nok\n"], ["<too long>", "ok"]],
    [
      "an overlong line across chunks: reported once, skipped to its newline",
      ["012345", "6789AB", "CDEF", "GH\nok\n"],
      ["<too long>", "ok"],
    ],
    ["an overlong unterminated line is not the rest", ["0123456789ABC"], ["<too long>"]],
  ])("%s", (_, chunks, expected) => {
    expect(split(chunks)).toEqual(expected);
  });
});
