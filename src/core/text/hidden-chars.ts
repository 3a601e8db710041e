/**
 * Characters a reader cannot see, or that change what the rest of a line looks like: controls, bidi
 * overrides, zero-width characters, Unicode tag characters (which carry invisible ASCII), variation
 * selectors past the emoji ones, and private-use characters. Publish refuses them in text a package
 * shows (findHidden); text from a live server is shown with them made visible (revealHidden).
 */

export type HiddenKind = "control" | "bidi" | "zero-width" | "tag" | "variation-selector" | "private-use";

export interface HiddenChar {
  /** UTF-16 index in the text. */
  index: number;
  codePoint: number;
  kind: HiddenKind;
}

/** What each kind is, in words (error messages, flags). */
export const HIDDEN_KIND_WORDS: Record<HiddenKind, string> = {
  control: "a control character",
  bidi: "a bidirectional control (it reorders what is shown)",
  "zero-width": "an invisible (zero-width) character",
  tag: "a Unicode tag character (invisible text a model still reads)",
  "variation-selector": "a variation selector (invisible, can carry hidden data)",
  "private-use": "a private-use character (no standard glyph)",
};

const BIDI = new Set([
  0x061c, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069,
]);
const ZERO_WIDTH = new Set([
  0x00ad, 0x034f, 0x115f, 0x1160, 0x17b4, 0x17b5, 0x180e, 0x200b, 0x200c, 0x200d, 0x2060, 0x2061, 0x2062,
  0x2063, 0x2064, 0x3164, 0xfeff, 0xffa0,
]);

/** The kind of one code point, or undefined for an ordinary character (newline and tab are ordinary). */
export function hiddenKind(cp: number): HiddenKind | undefined {
  if (cp === 0x0a || cp === 0x09) return undefined;
  if (cp < 0x20 || (cp >= 0x7f && cp <= 0x9f)) return "control";
  if (cp < 0xad) return undefined;
  if (cp >= 0xd800 && cp <= 0xdfff) return "control"; // a lone surrogate: not text at all
  if (BIDI.has(cp)) return "bidi";
  if (ZERO_WIDTH.has(cp)) return "zero-width";
  if (cp >= 0xe0000 && cp <= 0xe007f) return "tag";
  if (cp >= 0xe0100 && cp <= 0xe01ef) return "variation-selector";
  if (
    (cp >= 0xe000 && cp <= 0xf8ff) ||
    (cp >= 0xf0000 && cp <= 0xffffd) ||
    (cp >= 0x100000 && cp <= 0x10fffd)
  )
    return "private-use";
  return undefined;
}

// A quick test before walking code points: most text has none of these.
// eslint-disable-next-line no-control-regex
const ANY =
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\u3164\ue000-\uf8ff\ufeff\uffa0\ud800-\udfff]/;

/**
 * Every hidden character of `text`. `allowCrLf`: a carriage return right before a newline is a line
 * ending (files written on Windows), not a control.
 */
export function findHidden(text: string, options: { allowCrLf?: boolean } = {}): HiddenChar[] {
  if (!ANY.test(text)) return [];
  const found: HiddenChar[] = [];
  for (let i = 0; i < text.length; i++) {
    const cp = text.codePointAt(i) as number;
    const kind = hiddenKind(cp);
    if (kind && !(options.allowCrLf && cp === 0x0d && text.charCodeAt(i + 1) === 0x0a)) {
      found.push({ index: i, codePoint: cp, kind });
    }
    if (cp > 0xffff) i++;
  }
  return found;
}

/** `U+200B`: how a code point is named. */
export function codePointName(cp: number): string {
  return `U+${cp.toString(16).toUpperCase().padStart(4, "0")}`;
}

/**
 * Text with every hidden character replaced by a visible marker: `a⟨U+200B⟩b`. Tag characters that
 * spell ASCII are shown with what they spell too (`⟨tags: "send the key"⟩`), so a reader sees the
 * message a model would have read. Newline and tab stay.
 */
export function revealHidden(text: string): string {
  if (findHidden(text).length === 0) return text;
  let out = "";
  let tags: number[] = [];
  const flush = () => {
    if (tags.length === 0) return;
    const spelled = tags
      .map((cp) => cp - 0xe0000)
      .filter((c) => c >= 0x20 && c < 0x7f)
      .map((c) => String.fromCharCode(c))
      .join("");
    const count = `${tags.length} tag character${tags.length === 1 ? "" : "s"}`;
    out += `⟨${count}${spelled ? `: ${JSON.stringify(spelled)}` : ""}⟩`;
    tags = [];
  };
  for (const char of text) {
    const cp = char.codePointAt(0) as number;
    const kind = hiddenKind(cp);
    if (kind === "tag") {
      tags.push(cp);
      continue;
    }
    flush();
    out += kind ? `⟨${codePointName(cp)}⟩` : char;
  }
  flush();
  return out;
}

/** `text` without its hidden characters: what instruction matching reads (a zero-width split hides no word). */
export function withoutHidden(text: string): string {
  const hidden = findHidden(text);
  if (hidden.length === 0) return text;
  let out = "";
  let at = 0;
  for (const h of hidden) {
    out += text.slice(at, h.index);
    at = h.index + (h.codePoint > 0xffff ? 2 : 1);
  }
  return out + text.slice(at);
}

/** Every string of a JSON value (not its keys) passed through `fn`; other values as they are. */
export function mapStrings<T>(value: T, fn: (text: string) => string): T {
  if (typeof value === "string") return fn(value) as T;
  if (Array.isArray(value)) return value.map((v) => mapStrings(v, fn)) as T;
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapStrings(v, fn)])) as T;
  }
  return value;
}
