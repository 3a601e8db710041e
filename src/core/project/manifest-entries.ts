import semver from "semver";
import { ConnectoryError } from "../errors.js";
import { isObject } from "../json-guards.js";
import { NAME, SERVER_NAME } from "../names.js";
import { GUARD_MODES, type GuardSettings } from "../guards/guard-modes.js";
import { GUARD_KINDS } from "../guards/scan-text.js";
import type { Problem } from "../types.js";
import { HOST_IDS } from "../hosts/index.js";
import type { ProjectGrant, WantedConnector } from "./manifest.js";

// The parts of connectory.json (manifest.ts) below the top level: a wanted connector, a grant, a guard
// table, and the small checks and messages they share.

/** The marketplace a connector entry names when it names none. */
export const DEFAULT_PROJECT_MARKETPLACE = "default";

/** Limits a hostile or broken manifest runs into, each with its own message. */
export const MANIFEST_LIMITS = {
  bytes: 1024 * 1024,
  connectors: 200,
  rangeLength: 128,
  marketplaces: 20,
  urlLength: 2048,
  hosts: HOST_IDS.length,
  grants: 20,
};

const ENTRY_KEYS = ["version", "marketplace"];

/** Where the checks of connectory.json report a problem: its JSON Pointer and what is wrong there. */
export type Bad = (pointer: string, message: string) => void;

/** Reports each key of `value` (at `at`) that is not one of `allowed`. */
export function unknownKeys(
  value: Record<string, unknown>,
  at: string,
  allowed: readonly string[],
  bad: Bad,
): void {
  for (const key of Object.keys(value))
    if (!allowed.includes(key))
      bad(`${at}/${esc(key)}`, `unknown key "${clip(key)}" (allowed: ${allowed.join(", ")})`);
}

/** The entries of `data[key]` (absent: none); a problem, and none, when it is not an object (of `shape`). */
export function objectEntries(
  data: Record<string, unknown>,
  key: string,
  shape: string,
  bad: Bad,
): [string, unknown][] {
  const value = data[key] ?? {};
  if (isObject(value)) return Object.entries(value);
  bad(`/${key}`, `"${key}" must be an object of ${shape}`);
  return [];
}

/** `name` or `name@marketplace`: what a profile member names. */
export const MEMBER = /^[a-z0-9][a-z0-9._-]{0,63}(@[a-z0-9][a-z0-9-]{0,63})?$/;

/** server → mode (every kind) or { kind: mode }: what `connectory guard` stores. */
export function guardTable(value: unknown, at: string, bad: Bad): Record<string, GuardSettings> {
  const out: Record<string, GuardSettings> = {};
  if (value === undefined) return out;
  if (!isObject(value)) {
    bad(at, 'must be an object of server → "mask|warn|block|off" or { "secrets": "block", … }');
    return out;
  }
  const modeOk = (m: unknown) => typeof m === "string" && (GUARD_MODES as readonly string[]).includes(m);
  for (const [server, modes] of Object.entries(value).slice(0, MANIFEST_LIMITS.connectors)) {
    const here = `${at}/${esc(server)}`;
    if (!SERVER_NAME.test(server)) {
      bad(here, `"${clip(server)}" is not a server name`);
      continue;
    }
    if (typeof modes === "string") {
      if (!modeOk(modes)) bad(here, `"${clip(modes)}" is not a guard mode (${GUARD_MODES.join(", ")})`);
      else out[server] = Object.fromEntries(GUARD_KINDS.map((k) => [k, modes])) as GuardSettings;
      continue;
    }
    if (!isObject(modes) || Object.keys(modes).length === 0) {
      bad(here, 'must be a mode ("block") or { "secrets": "block", … }');
      continue;
    }
    const settings: GuardSettings = {};
    for (const [kind, mode] of Object.entries(modes)) {
      if (!(GUARD_KINDS as readonly string[]).includes(kind))
        bad(`${here}/${esc(kind)}`, `unknown guard kind "${clip(kind)}" (${GUARD_KINDS.join(", ")})`);
      else if (!modeOk(mode))
        bad(
          `${here}/${esc(kind)}`,
          `${typeof mode === "string" ? `"${clip(mode)}"` : "a non-text value"} is not a guard mode (${GUARD_MODES.join(", ")})`,
        );
      else settings[kind as keyof GuardSettings] = mode as GuardSettings[keyof GuardSettings];
    }
    out[server] = settings;
  }
  return out;
}

/** A grant: a folder of the project, relative, without `.`/`..`, and an access. */
export function grantOf(value: unknown, at: string, bad: Bad): ProjectGrant | undefined {
  if (!isObject(value)) {
    bad(at, 'must be { "path": "<folder of the project>", "access": "read" | "read-write" }');
    return undefined;
  }
  unknownKeys(value, at, ["path", "access"], bad);
  const p = value.path;
  const access = value.access ?? "read";
  if (access !== "read" && access !== "read-write") {
    bad(`${at}/access`, 'must be "read" or "read-write"');
    return undefined;
  }
  if (typeof p !== "string" || p === "" || p.length > 1024 || /[\u0000-\u001f\u007f\\]/.test(p)) {
    bad(`${at}/path`, 'must be a folder of the project, relative to connectory.json ("data", "docs/specs")');
    return undefined;
  }
  if (p.startsWith("/") || p.startsWith("~") || p.includes("${") || /^[a-zA-Z]:/.test(p)) {
    bad(`${at}/path`, `"${clip(p)}" is outside the project: name a folder relative to connectory.json`);
    return undefined;
  }
  const segments = p.split("/").filter((s) => s !== "" && s !== ".");
  if (p.split("/").some((s) => s === ".."))
    bad(`${at}/path`, `"${clip(p)}" contains "..": a grant stays inside the project folder`);
  else return { path: segments.length === 0 ? "." : segments.join("/"), access };
  return undefined;
}

/** A connector entry: `"^1.2"` or `{ "version": "^1.2", "marketplace": "team" }`. */
export function wantedOf(value: unknown, at: string, bad: Bad): WantedConnector | undefined {
  const entry = typeof value === "string" ? { version: value } : value;
  if (!isObject(entry)) {
    bad(at, 'must be a range ("^1.2") or { "version": "^1.2", "marketplace": "…" }');
    return undefined;
  }
  unknownKeys(entry, at, ENTRY_KEYS, bad);
  const range = entry.version;
  const marketplace = entry.marketplace ?? DEFAULT_PROJECT_MARKETPLACE;
  if (typeof range !== "string" || !validRange(range)) {
    bad(
      typeof value === "string" ? at : `${at}/version`,
      typeof range === "string" && range.length > MANIFEST_LIMITS.rangeLength
        ? `the range is longer than ${MANIFEST_LIMITS.rangeLength} characters`
        : 'must be a semver range ("^1.2", "~2.0.1", "1.4.0") or "latest"',
    );
    return undefined;
  }
  if (typeof marketplace !== "string" || !NAME.test(marketplace)) {
    bad(`${at}/marketplace`, "must be a marketplace name");
    return undefined;
  }
  return { range: range.trim(), marketplace };
}

/** A range the manifest accepts: `latest`, or a semver range of bounded length. */
export function validRange(range: string): boolean {
  if (range.length === 0 || range.length > MANIFEST_LIMITS.rangeLength) return false;
  return range.trim() === "latest" || semver.validRange(range) !== null;
}

export function isHttpUrl(text: string): boolean {
  if (text.length > MANIFEST_LIMITS.urlLength) return false;
  try {
    const url = new URL(text);
    return (
      (url.protocol === "http:" || url.protocol === "https:") && url.username === "" && url.password === ""
    );
  } catch {
    return false;
  }
}

export function invalid(file: string, problems: Problem[]): ConnectoryError {
  const first = problems[0];
  return new ConnectoryError(
    "project.manifest.invalid",
    `${file} is not a valid project manifest${first ? `: ${first.path || "/"} ${first.message}` : ""}${problems.length > 1 ? ` (and ${problems.length - 1} more)` : ""}`,
    { problems, hint: "fix the file (docs/projects.md describes it); nothing was changed" },
  );
}

/** JSON Pointer escaping of one key. */
export function esc(key: string): string {
  return clip(key).replace(/~/g, "~0").replace(/\//g, "~1");
}

/** A key or value quoted in a message: short and printable. */
export function clip(text: string): string {
  const printable = text.replace(/[^\x20-\x7e]/g, "?");
  return printable.length > 64 ? `${printable.slice(0, 64)}…` : printable;
}
