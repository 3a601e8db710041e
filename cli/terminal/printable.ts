import { findHidden, hiddenKind, revealHidden } from "../../src/core/text/hidden-chars.js";

/**
 * THE terminal sanitizer: every text printed by the CLI passes through it (cli/terminal/output.ts,
 * prompt.ts). Text from a registry or a server can carry ESC sequences (CSI cursor moves that forge a
 * prompt, OSC 52 that writes the clipboard, OSC 8 links), C1 controls (0x9B is a CSI on its own), a
 * carriage return that overwrites a line, bidi overrides and invisible characters. Each is shown as a
 * visible marker (`⟨U+001B⟩]52;c;…`), which also breaks the sequence: the terminal sees no ESC.
 * Newline and tab stay; CRLF becomes a newline. Connectory's own colours are added after it (paint).
 */
export function printable(text: string): string {
  if (findHidden(text).length === 0) return text;
  return revealHidden(text.replace(/\r\n/g, "\n"));
}

/**
 * A JSON document with every hidden character inside its strings written as a \u escape: it parses to
 * the same value, and a terminal shows the escape instead of obeying or hiding the character.
 */
export function printableJson(json: string): string {
  if (findHidden(json.replace(/\n/g, "")).length === 0) return json;
  let out = "";
  for (const char of json) {
    const cp = char.codePointAt(0) as number;
    out += cp !== 0x0a && hiddenKind(cp) ? escapeUnits(char) : char;
  }
  return out;
}

function escapeUnits(char: string): string {
  let out = "";
  for (let i = 0; i < char.length; i++) out += `\\u${char.charCodeAt(i).toString(16).padStart(4, "0")}`;
  return out;
}
