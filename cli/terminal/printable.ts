import { findHidden, revealHidden } from "../../src/core/text/hidden-chars.js";

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
  const hidden = findHidden(json);
  if (hidden.length === 0) return json;
  let out = "";
  let from = 0;
  for (const h of hidden) {
    const end = h.index + (h.codePoint > 0xffff ? 2 : 1);
    out += json.slice(from, h.index) + escapeUnits(json.slice(h.index, end));
    from = end;
  }
  return out + json.slice(from);
}

function escapeUnits(char: string): string {
  let out = "";
  for (let i = 0; i < char.length; i++) out += `\\u${char.charCodeAt(i).toString(16).padStart(4, "0")}`;
  return out;
}
