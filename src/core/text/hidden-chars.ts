/**
 * THE rule for characters a reader cannot see, or that change what the rest of a line looks like, by
 * Unicode property rather than by list: controls (Cc), bidi controls (Bidi_Control), every
 * Default_Ignorable_Code_Point and format character (Cf), Unicode tag characters (which carry invisible
 * ASCII), variation selectors, and private-use characters (Co); only what emoji need is ordinary (a
 * zero-width joiner between two pictographs, one variation selector after a visible character, the tag
 * run of a subdivision flag). Publish refuses them in text a package shows (findHidden); text from a live
 * server is shown with them made visible (revealHidden); instruction matching reads text without them
 * (withoutHidden). One owner: the publish checks, the terminal sanitizer (cli/terminal/printable.ts),
 * the tool and skill flags and the gateway's scan of tool results all call these functions.
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
  "zero-width": "an invisible character (zero-width, ignorable or a format control)",
  tag: "a Unicode tag character (invisible text a model still reads)",
  "variation-selector": "a variation selector (invisible, can carry hidden data)",
  "private-use": "a private-use character (no standard glyph)",
};

const CONTROL = /^[\p{Cc}\p{Cs}]$/u;
const BIDI = /^\p{Bidi_Control}$/u;
const VARIATION = /^\p{Variation_Selector}$/u;
const PRIVATE = /^\p{Co}$/u;
const INVISIBLE = /^[\p{Default_Ignorable_Code_Point}\p{Cf}]$/u;
const PICTOGRAPH = /^\p{Extended_Pictographic}$/u;
const EMOJI_MODIFIER = /^\p{Emoji_Modifier}$/u;
const ZWJ = 0x200d;
const BLACK_FLAG = 0x1f3f4;
const CANCEL_TAG = 0xe007f;

/**
 * The kind of one code point on its own, or undefined for an ordinary character (newline and tab are
 * ordinary). Context can make a character ordinary again (an emoji's joiner): findHidden decides that.
 */
export function hiddenKind(cp: number): HiddenKind | undefined {
  if (cp === 0x0a || cp === 0x09) return undefined;
  if (cp < 0x20 || (cp >= 0x7f && cp <= 0x9f)) return "control";
  if (cp < 0xad) return undefined;
  const char = String.fromCodePoint(cp);
  if (CONTROL.test(char)) return "control"; // a lone surrogate: not text at all
  if (BIDI.test(char)) return "bidi";
  if (cp >= 0xe0000 && cp <= 0xe007f) return "tag";
  if (VARIATION.test(char)) return "variation-selector";
  if (PRIVATE.test(char)) return "private-use";
  if (INVISIBLE.test(char)) return "zero-width";
  return undefined;
}

// A quick test before walking code points: most text has none of these.
const ANY = /[^\P{Cc}\n\t]|[\p{Cf}\p{Cs}\p{Co}\p{Default_Ignorable_Code_Point}]/u;

const at = (text: string, i: number): number | undefined =>
  i >= 0 && i < text.length ? text.codePointAt(i) : undefined;
/** The code point that ends just before UTF-16 index `i`. */
function before(text: string, i: number): number | undefined {
  const low = text.charCodeAt(i - 1);
  if (i >= 2 && low >= 0xdc00 && low <= 0xdfff) {
    const high = text.charCodeAt(i - 2);
    if (high >= 0xd800 && high <= 0xdbff) return text.codePointAt(i - 2);
  }
  return at(text, i - 1);
}
const isPictograph = (cp: number | undefined) =>
  cp !== undefined && PICTOGRAPH.test(String.fromCodePoint(cp));

/** Emoji grammar (UTS #51): the few places an invisible character is part of what is shown. */
function emojiPart(text: string, i: number, cp: number): boolean {
  const prev = before(text, i);
  if (cp === ZWJ) {
    const joined =
      isPictograph(prev) ||
      prev === 0xfe0f ||
      (prev !== undefined && EMOJI_MODIFIER.test(String.fromCodePoint(prev)));
    return joined && isPictograph(at(text, i + 1));
  }
  // One presentation selector (VS1–VS16) right after a visible character: an emoji or a standardized
  // variant. A run of them, or one after nothing visible, is how data is smuggled.
  if (cp >= 0xfe00 && cp <= 0xfe0f)
    return prev !== undefined && hiddenKind(prev) === undefined && prev !== 0x20;
  return false;
}

/** The length (UTF-16) of a subdivision flag's tag run starting at `i` (🏴 + tags + cancel tag), else 0. */
function flagTags(text: string, i: number): number {
  if (before(text, i) !== BLACK_FLAG) return 0;
  let j = i;
  for (let cp = at(text, j); cp !== undefined && cp >= 0xe0020 && cp <= CANCEL_TAG; cp = at(text, j)) {
    j += 2;
    if (cp === CANCEL_TAG) return j - i;
  }
  return 0;
}

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
    const flag = kind === "tag" ? flagTags(text, i) : 0;
    if (flag > 0) {
      i += flag - 1;
      continue;
    }
    if (
      kind &&
      !(options.allowCrLf && cp === 0x0d && text.charCodeAt(i + 1) === 0x0a) &&
      !emojiPart(text, i, cp)
    ) {
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
  const hidden = findHidden(text);
  if (hidden.length === 0) return text;
  let out = "";
  let from = 0;
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
  for (const h of hidden) {
    if (h.index > from) {
      flush();
      out += text.slice(from, h.index);
    }
    if (h.kind === "tag") tags.push(h.codePoint);
    else {
      flush();
      out += `⟨${codePointName(h.codePoint)}⟩`;
    }
    from = h.index + (h.codePoint > 0xffff ? 2 : 1);
  }
  flush();
  return out + text.slice(from);
}

/** `text` without its hidden characters: what instruction matching reads (a zero-width split hides no word). */
export function withoutHidden(text: string): string {
  const hidden = findHidden(text);
  if (hidden.length === 0) return text;
  let out = "";
  let from = 0;
  for (const h of hidden) {
    out += text.slice(from, h.index);
    from = h.index + (h.codePoint > 0xffff ? 2 : 1);
  }
  return out + text.slice(from);
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
