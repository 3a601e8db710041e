import { findHidden, type HiddenKind } from "../text/hidden-chars.js";
import { instructionFlags, type FlagCode } from "../text/instruction-flags.js";
import { SECRET_HINT, SECRET_SHAPES } from "./secret-shapes.js";

/** The three things the guards look for. */
export type GuardKind = "secrets" | "unicode" | "injection";
export const GUARD_KINDS: readonly GuardKind[] = ["secrets", "unicode", "injection"];

/** One thing found in one string: never the text itself, only where it is and what rule matched. */
export interface TextFinding {
  kind: GuardKind;
  /** The rule: `github-token`, `credential`, `tag`, `override`, `image-exfiltration`… */
  rule: string;
  /** UTF-16 offsets in the string; end is exclusive. */
  start: number;
  end: number;
}

/** Credentials shorter than this are not matched: a 3-character value would match everywhere. */
export const MIN_CREDENTIAL_LENGTH = 8;

/**
 * The user's own stored credentials in the forms they travel in: as stored, URL-encoded and
 * JSON-escaped; too-short values left out. Computed once per session.
 */
export function credentialForms(values: readonly string[]): string[] {
  const forms = new Set<string>();
  for (const v of values) {
    if (v.length < MIN_CREDENTIAL_LENGTH) continue;
    forms.add(v);
    forms.add(encodeURIComponent(v));
    forms.add(JSON.stringify(v).slice(1, -1));
  }
  return [...forms].sort((a, b) => b.length - a.length);
}

/** Every secret in `text`: provider shapes (unless `shapes` is false), and `credentials` (from credentialForms) matched exactly. */
export function findSecrets(text: string, credentials: readonly string[], shapes = true): TextFinding[] {
  const found: TextFinding[] = [];
  for (const form of credentials) {
    for (let at = text.indexOf(form); at !== -1; at = text.indexOf(form, at + form.length))
      found.push({ kind: "secrets", rule: "credential", start: at, end: at + form.length });
  }
  if (!shapes || !SECRET_HINT.test(text)) return found;
  for (const shape of SECRET_SHAPES) {
    shape.pattern.lastIndex = 0;
    for (let m = shape.pattern.exec(text); m; m = shape.pattern.exec(text)) {
      const inner = m[1] !== undefined ? m[0].lastIndexOf(m[1]) : 0;
      const start = m.index + inner;
      const end = start + (m[1] ?? m[0]).length;
      if (!found.some((f) => f.start < end && start < f.end))
        found.push({ kind: "secrets", rule: shape.name, start, end });
    }
  }
  return found;
}

/** Every invisible or bidi character, by the rule set publish applies (src/core/text/hidden-chars.ts). */
export function findInvisible(text: string): TextFinding[] {
  return findHidden(text, { allowCrLf: true }).map((h) => ({
    kind: "unicode" as const,
    rule: h.kind satisfies HiddenKind,
    start: h.index,
    end: h.index + (h.codePoint > 0xffff ? 2 : 1),
  }));
}

/**
 * The instruction-flag codes that mark an injection in a tool's *result*. Naming a key file or a
 * tool is ordinary in results (a code listing, a how-to); addressing the model is not.
 */
const INJECTION_CODES = new Map<FlagCode, string>([
  ["instruction.hidden-tag", "hidden-tag"],
  ["instruction.override", "override"],
  ["instruction.conceal", "conceal"],
  ["instruction.send-data", "send-data"],
]);

/** A markdown or HTML image whose URL carries a query: the model fetching it sends the data along. */
const IMAGE_EXFILTRATION =
  /!\[[^\]\n]{0,200}\]\(\s*<?https?:\/\/[^\s)>]+[?#][^\s)>]*[^\s)>]\s*>?\)|<img\b[^>]{0,200}\bsrc\s*=\s*["']?https?:\/\/[^\s"'>]+\?[^\s"'>]+/gi;

/** Words that start an injection; a string with none of them is not read by the flag rules at all. */
const INJECTION_HINT =
  /ignore|disregard|forget|override|you\s+are\s+now|instruction|<\s*\/?\s*(important|system|secret|hidden|admin|assistant|critical|note)|\[\/?\s*(system|inst|important)|do\s+not|don'?t|never|without|keep|hide|the\s+user|send|upload|post|forward|transmit|exfiltrate|copy|pass|include|append|ngrok|requestbin|pastebin|webhook|[\u{e0000}-\u{e007f}]/iu;

/** Every injection marker in `text`: instruction-override phrases, hidden-instruction tags, image exfiltration. */
export function findInjection(text: string): TextFinding[] {
  const found: TextFinding[] = [];
  IMAGE_EXFILTRATION.lastIndex = 0;
  for (let m = IMAGE_EXFILTRATION.exec(text); m; m = IMAGE_EXFILTRATION.exec(text))
    found.push({ kind: "injection", rule: "image-exfiltration", start: m.index, end: m.index + m[0].length });
  if (!INJECTION_HINT.test(text)) return found;
  for (const flag of instructionFlags(text)) {
    const rule = INJECTION_CODES.get(flag.code);
    if (!rule) continue;
    // The flag rules read the text without its hidden characters: where the match sits is approximate.
    const at = flag.match ? text.indexOf(flag.match) : -1;
    const start = Math.max(0, at);
    found.push({ kind: "injection", rule, start, end: at === -1 ? start : start + flag.match.length });
  }
  return found;
}
