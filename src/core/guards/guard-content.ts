import { revealHidden } from "../text/hidden-chars.js";
import type { GuardModes } from "./guard-modes.js";
import { findInjection, findInvisible, findSecrets, type GuardKind, type TextFinding } from "./scan-text.js";
import { SECRET_WORDS } from "./secret-shapes.js";

/** A finding in a message: which string (a JSON path) and where in it. Never the text. */
export interface Finding {
  kind: GuardKind;
  rule: string;
  /** `content[0].text`, `contents[1].text`, `messages[0].content.text`, `arguments.query`. */
  path: string;
  /** UTF-16 offset in that string. */
  at: number;
  /** What the guard did: the mode of its kind. */
  action: "mask" | "warn" | "block";
}

/** What scanning one message gave: the value to pass on (masked), the findings, and a block verdict. */
export interface Guarded<T> {
  value: T;
  findings: Finding[];
  /** Some finding's mode is block: the message must not pass. */
  blocked: boolean;
}

/** The session's scanner: the modes of one server and the user's credentials (credentialForms). */
export interface GuardScope {
  modes: GuardModes;
  credentials: readonly string[];
  /** `false`: the secrets kind matches the user's credentials only, not the providers' shapes. */
  shapes?: boolean;
}

/** Scans every string of a JSON value (not keys), masking what a mask-mode kind found. */
export function guardValue<T>(value: T, scope: GuardScope, path = ""): Guarded<T> {
  const findings: Finding[] = [];
  const root: Step = { up: undefined, key: path };
  const out =
    typeof value === "string"
      ? guardString(value, root, undefined, scope, findings)
      : typeof value === "object" && value !== null
        ? walk(value, root, scope, findings)
        : value;
  return { value: out as T, findings, blocked: findings.some((f) => f.action === "block") };
}

/** Only the user's own credentials (arguments going to a tool), with the secrets mode. */
export function guardArguments<T>(value: T, scope: GuardScope): Guarded<T> {
  if (scope.modes.secrets === "off" || scope.credentials.length === 0)
    return { value, findings: [], blocked: false };
  return guardValue(
    value,
    {
      modes: { secrets: scope.modes.secrets, unicode: "off", injection: "off" },
      credentials: scope.credentials,
      // A token the user hands a tool on purpose (a provider-shaped one in a query) is theirs to send.
      shapes: false,
    },
    "arguments",
  );
}

/**
 * Where a value sits: its key in the container below `up`. The JSON path (`content[0].text`) is
 * spelled out only for a finding: most strings have none, and a path string built for every value was
 * half the cost of walking a weather-sized result.
 */
interface Step {
  up: Step | undefined;
  key: string | number;
}

function pathOf(step: Step, key: string | number | undefined): string {
  const keys: Array<string | number> = key === undefined ? [] : [key];
  let root = step;
  for (let s: Step | undefined = step; s; s = s.up) {
    if (s.up) keys.push(s.key);
    else root = s;
  }
  let out = String(root.key);
  for (let i = keys.length - 1; i >= 0; i--) {
    const k = keys[i] as string | number;
    out = typeof k === "number" ? `${out}[${k}]` : out ? `${out}.${k}` : k;
  }
  return out;
}

// Numbers, booleans and null hold no text: only strings are scanned, and only containers are walked.
function walk(value: object, at: Step, scope: GuardScope, findings: Finding[]): unknown {
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      let next = item;
      if (typeof item === "string") next = guardString(item, at, i, scope, findings);
      else if (typeof item === "object" && item !== null)
        next = walk(item, { up: at, key: i }, scope, findings);
      if (next !== item) (copy ??= [...value])[i] = next;
    }
    return copy ?? value;
  }
  let copy: Record<string, unknown> | undefined;
  const record = value as Record<string, unknown>;
  for (const key in record) {
    if (!Object.hasOwn(record, key)) continue;
    const item = record[key];
    let next = item;
    if (typeof item === "string") {
      // Binary payloads (an image's data, a resource's blob) are base64, not text a model reads as words.
      if (key === "data" || key === "blob") continue;
      next = guardString(item, at, key, scope, findings);
    } else if (typeof item === "object" && item !== null) next = walk(item, { up: at, key }, scope, findings);
    if (next !== item) (copy ??= { ...record })[key] = next;
  }
  return copy ?? value;
}

const NONE: TextFinding[] = [];
const more = (found: TextFinding[], next: TextFinding[]) =>
  next.length === 0 ? found : found.length === 0 ? next : [...found, ...next];

function guardString(
  text: string,
  at: Step,
  key: string | number | undefined,
  scope: GuardScope,
  findings: Finding[],
): string {
  const { modes } = scope;
  let found: TextFinding[] = NONE;
  if (modes.secrets !== "off")
    found = more(found, findSecrets(text, scope.credentials, scope.shapes ?? true));
  if (modes.unicode !== "off") found = more(found, findInvisible(text));
  if (modes.injection !== "off") found = more(found, findInjection(text));
  if (found.length === 0) return text;
  const path = pathOf(at, key);
  for (const f of found)
    findings.push({
      kind: f.kind,
      rule: f.rule,
      path,
      at: f.start,
      action: modes[f.kind] as Finding["action"],
    });
  return mask(
    text,
    found.filter((f) => modes[f.kind] === "mask"),
  );
}

/**
 * Text with each masked finding replaced: a secret or an injection marker by `[redacted:<rule>]`, an
 * invisible character by a visible marker (`⟨U+200B⟩`, tag runs spelled out) from hidden-chars.ts.
 */
function mask(text: string, found: TextFinding[]): string {
  if (found.length === 0) return text;
  const sorted = [...found].sort((a, b) => a.start - b.start || b.end - a.end);
  let out = "";
  let at = 0;
  for (let i = 0; i < sorted.length; i++) {
    const f = sorted[i] as TextFinding;
    if (f.start < at) continue; // inside a span already replaced
    out += text.slice(at, f.start);
    let end = f.end;
    // A run of invisible characters is revealed whole: tag characters spell out what they hide.
    if (f.kind === "unicode")
      while (sorted[i + 1]?.kind === "unicode" && sorted[i + 1]?.start === end)
        end = (sorted[++i] as TextFinding).end;
    const piece = text.slice(f.start, end);
    out += f.kind === "unicode" ? revealHidden(piece) : `[redacted:${f.rule}]`;
    at = end;
  }
  return out + text.slice(at);
}

/** One sentence for the host: what was found, by kind and rule, and what was done. */
export function describeFindings(findings: readonly Finding[]): string {
  const parts = new Map<string, number>();
  for (const f of findings) {
    const what =
      f.kind === "secrets"
        ? (SECRET_WORDS[f.rule] ?? f.rule)
        : f.kind === "unicode"
          ? `invisible or bidi characters (${f.rule})`
          : `a prompt-injection marker (${f.rule})`;
    const key = `${what}, ${f.action === "mask" ? "masked" : f.action === "block" ? "blocked" : "kept"}`;
    parts.set(key, (parts.get(key) ?? 0) + 1);
  }
  return [...parts].map(([what, n]) => (n > 1 ? `${what} (×${n})` : what)).join("; ");
}
