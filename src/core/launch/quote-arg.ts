// Shows a launch the way a POSIX shell would read it, so what is shown is unambiguously what runs: a
// newline or an escape sequence in an argument cannot forge a line or recolour the terminal, and
// argument boundaries survive (`a b` as one argument is `'a b'`, not two words).

const PLAIN = /^[A-Za-z0-9_@%+=:,./-]+$/;
// Controls (C0, DEL, C1), and the invisible or reordering characters of Unicode: zero-width and bidi
// controls, line/paragraph separators, tag characters, variation selectors, BOM, private use.
const UNSAFE =
  /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u115f\u1160\u180e\u200b-\u200f\u2028-\u202e\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff9-\ufffb\ue000-\uf8ff]|[\u{e0000}-\u{e0fff}\u{f0000}-\u{10ffff}]/u;

const NAMED: Record<string, string> = { "\n": "\\n", "\t": "\\t", "\r": "\\r", "\\": "\\\\", "'": "\\'" };

/**
 * One argument as a shell would need it: bare when it is plain (`-y`, `@scope/pkg`, `${API_KEY}` is
 * not plain), in single quotes when it is printable, and as ANSI-C `$'…'` with escapes (`\n`, `\x1b`,
 * `\u200b`) when it holds a control or invisible character. The result is always one printable line.
 */
export function quoteArg(arg: string): string {
  if (PLAIN.test(arg)) return arg;
  if (!UNSAFE.test(arg)) return `'${arg.replace(/'/g, `'\\''`)}'`;
  let out = "";
  for (const ch of arg) {
    const code = ch.codePointAt(0)!;
    if (NAMED[ch] !== undefined) out += NAMED[ch];
    else if (!UNSAFE.test(ch)) out += ch;
    else if (code < 0x100) out += `\\x${code.toString(16).padStart(2, "0")}`;
    else if (code < 0x10000) out += `\\u${code.toString(16).padStart(4, "0")}`;
    else out += `\\U${code.toString(16).padStart(8, "0")}`;
  }
  return `$'${out}'`;
}

/**
 * Text that is not a shell word (a URL, a header name) shown as it is, unless it holds a control or
 * invisible character: then as `$'…'` with escapes, like quoteArg.
 */
export function visibleText(text: string): string {
  return UNSAFE.test(text) ? quoteArg(text) : text;
}

/** A command line: the command and each argument quoted, joined by spaces. */
export function quoteCommand(command: string, args: readonly string[] = []): string {
  return [command, ...args].map(quoteArg).join(" ");
}

/** An environment assignment, `KEY=value`, both sides quoted (a key cannot forge a line either). */
export function quoteAssignment(key: string, value: string): string {
  return `${quoteArg(key)}=${quoteArg(value)}`;
}
