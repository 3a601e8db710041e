import { existsSync } from "node:fs";
import { findOnPath } from "../../src/fs/find-on-path.js";
import fs from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createTwoFilesPatch } from "diff";
import { redact } from "../../src/core/secrets.js";
import {
  applyEntryChanges,
  entriesAt,
  MAX_HOST_FILE_BYTES,
  parseHostDocument,
} from "../../src/core/hosts/document.js";
import type { HostAdapter, HostEntry, Launcher } from "../../src/core/hosts/types.js";
import { planEntries, type EntryReport, type OwnedEntry } from "../../src/core/hosts/ownership.js";
import { atomicWrite } from "../../src/fs/atomic-write.js";
import { withLock } from "../../src/fs/lock.js";
import { backupFile, BACKUPS_KEPT } from "../home/backup.js";
import { homePaths } from "../home/home.js";
import { readOwned, writeOwned } from "./host-state.js";
import { urlPasswords } from "../../src/core/mask-secrets.js";
import { statIfPresent } from "../../src/fs/stat-if-present.js";
import { localizedError } from "../terminal/language.js";

/** What `config export` asks of one host file. */
export interface HostExportInput {
  home: string;
  adapter: HostAdapter;
  file: string;
  /** The entries Connectory wants in the file, by server name. */
  desired: Record<string, HostEntry>;
  /** Printed as *** in the diff (inline mode writes rendered secrets). */
  secretValues: readonly string[];
  /** Write the file 0600: it will hold secrets. */
  private: boolean;
  /** Recorded in hosts.json with the entries, so hints repeat this export. */
  scope: "user" | "project";
  mode: "launcher" | "inline";
  /** Recorded too: the export wrote the gateway's one entry (`--gateway`), of this profile. */
  gateway?: boolean;
  profile?: string;
  now: Date;
  /**
   * Entries Connectory did not write but may replace, by the hash they must still have
   * (`--replace-imported`: what `connectory import` copied out of this file).
   */
  adopt?: Record<string, OwnedEntry>;
  /**
   * The ownership record to use instead of hosts.json's, which is then left alone: a project's lock
   * decides what its committed files hold (cli/project/project-hosts.ts), not one machine's record.
   */
  owned?: Record<string, OwnedEntry>;
}

export interface HostExportResult {
  file: string;
  existed: boolean;
  changed: boolean;
  written: boolean;
  report: EntryReport[];
  /** Unified diff of the file, secrets redacted. */
  diff: string;
  backup?: string;
}

interface Planned {
  result: HostExportResult;
  after: string;
  owned: Record<string, OwnedEntry>;
}

/** Computes the edit without writing anything: the diff `config export` prints by default. */
export async function planHostExport(input: HostExportInput): Promise<HostExportResult> {
  return (await plan(input, await target(input.file))).result;
}

/**
 * Applies the export: under the file's lock it re-reads the file (what the user saved a second ago
 * counts), re-plans, backs the old bytes up, writes atomically and records what it now owns.
 */
export async function writeHostExport(input: HostExportInput): Promise<HostExportResult> {
  const file = await target(input.file);
  await fs.mkdir(path.dirname(file), { recursive: true });
  return withLock(file, async () => {
    const planned = await plan(input, file);
    const { result } = planned;
    if (result.changed) {
      const before = await readText(file);
      if (before !== undefined) {
        const dir = path.join(homePaths(input.home).backups, input.adapter.id);
        result.backup = await backupFile(dir, file, before, input.now, BACKUPS_KEPT);
      }
      await atomicWrite(file, planned.after, input.private ? { mode: 0o600 } : {});
      result.written = true;
    } else if (input.private && result.existed) {
      await fs.chmod(file, 0o600);
    }
    const record = {
      host: input.adapter.id,
      file: input.file,
      scope: input.scope,
      mode: input.mode,
      ...(input.gateway ? { gateway: true } : {}),
      ...(input.profile !== undefined ? { profile: input.profile } : {}),
    };
    if (!input.owned) await writeOwned(input.home, record, planned.owned, input.now);
    return result;
  });
}

async function plan(input: HostExportInput, file: string): Promise<Planned> {
  const document = input.adapter.document;
  if (!document) {
    throw localizedError(
      "host.no-file",
      { key: "hosts.no-file", params: { host: input.adapter.displayName } },
      { key: "hosts.no-file-hint", params: { id: input.adapter.id } },
    );
  }
  const text = await readText(file);
  const before = text ?? "";
  const data = parseHostDocument(document.format, before, file);
  const container = document.containerFor?.(data) ?? document.container;
  const current = entriesAt(data, container, file);
  const recorded = input.owned ?? (await readOwned(input.home, input.file));
  // Only entries still wanted are adopted: an imported server that is not active stays as it is.
  const adopted = Object.entries(input.adopt ?? {}).filter(
    ([name]) => Object.hasOwn(input.desired, name) && !Object.hasOwn(recorded, name),
  );
  const owned = { ...Object.fromEntries(adopted), ...recorded };
  const { changes, report, owned: nextOwned } = planEntries(current, input.desired, owned);
  const after = applyEntryChanges(document.format, before, container, changes, file);
  const changed = after !== before;
  const diff = changed
    ? redact(
        createTwoFilesPatch(
          input.file,
          input.file,
          before,
          after,
          text === undefined ? "(new file)" : "",
          "",
        ),
        [...input.secretValues, ...handWrittenSecrets(current, owned)],
      )
    : "";
  return {
    result: { file: input.file, existed: text !== undefined, changed, written: false, report, diff },
    after,
    owned: nextOwned,
  };
}

// Shorter values ("1", "true") are settings, and hiding them would garble the diff.
const MIN_SECRET_LENGTH = 8;

/**
 * Values of the env and header maps (`env`, `headers`, `http_headers`, `envs`…), and URL passwords
 * anywhere, of the entries in the file that Connectory does not own: a hand-written server keeps its API key there, and the diff's
 * context lines would otherwise print it beside the entry Connectory adds.
 */
function handWrittenSecrets(entries: Record<string, unknown>, owned: Record<string, OwnedEntry>): string[] {
  const out: string[] = [];
  const walk = (node: unknown, inMap: boolean): void => {
    if (typeof node === "string") {
      if (inMap && node.length >= MIN_SECRET_LENGTH) out.push(node);
      // A URL's password is a secret wherever it is (an argument `postgresql://app:pw@db`).
      out.push(...urlPasswords(node));
    } else if (node && typeof node === "object") {
      for (const [key, value] of Object.entries(node)) walk(value, inMap || /env|header/i.test(key));
    }
  };
  for (const [name, entry] of Object.entries(entries)) if (!Object.hasOwn(owned, name)) walk(entry, false);
  return out;
}

/** The file's text, or undefined when it does not exist; refuses folders and oversized files. */
export async function readText(file: string): Promise<string | undefined> {
  const stat = await statIfPresent(file);
  if (!stat) return undefined;
  if (!stat.isFile()) {
    throw localizedError(
      "host.file.not-a-file",
      { key: "hosts.not-a-file", params: { file } },
      { key: "hosts.check-path" },
    );
  }
  if (stat.size > MAX_HOST_FILE_BYTES) {
    throw localizedError(
      "host.file.too-large",
      { key: "hosts.too-large", params: { file, bytes: MAX_HOST_FILE_BYTES } },
      { key: "hosts.too-large-hint" },
    );
  }
  return fs.readFile(file, "utf8");
}

/** A symlinked config (dotfile managers) is edited where it points, so the link survives. */
async function target(file: string): Promise<string> {
  try {
    return await fs.realpath(file);
  } catch {
    return file;
  }
}

/**
 * The launcher a project-scope file gets: `connectory` found on PATH, and no CONNECTORY_HOME. Those
 * files are committed and shared, so they must not hold this machine's node, bin path or home; each
 * teammate's `connectory run` uses their own home.
 */
export const PORTABLE_LAUNCHER: Launcher = { command: "connectory", args: [] };

/** The launcher for a scope: portable for project files, this machine's absolute one for user files. */
export function scopeLauncher(
  scope: "user" | "project",
  env: Record<string, string | undefined>,
  home: string,
  defaultHome: string,
): Launcher {
  return scope === "project"
    ? { ...PORTABLE_LAUNCHER, args: [...PORTABLE_LAUNCHER.args] }
    : defaultLauncher(env, home, defaultHome);
}

/**
 * How a host launches Connectory from a user-scope file: this Node binary and this package's
 * bin/connectory.js (GUI hosts have a minimal PATH), or `$CONNECTORY_LAUNCHER` (a JSON array) when
 * set. A non-default home is passed as CONNECTORY_HOME so `connectory run` finds the same servers.
 */
export function defaultLauncher(
  env: Record<string, string | undefined>,
  home: string,
  defaultHome: string,
): Launcher {
  const custom = env.CONNECTORY_LAUNCHER;
  const bin = binPath();
  let command = bin ? process.execPath : "connectory";
  let args = bin ? [bin] : [];
  if (custom) [command, ...args] = parseLauncher(custom);
  return { command, args, ...(home !== defaultHome ? { env: { CONNECTORY_HOME: home } } : {}) };
}

/** $CONNECTORY_LAUNCHER: a JSON array of strings, the command first; anything else is `launcher.invalid`. */
export function parseLauncher(text: string): [string, ...string[]] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  const ok =
    Array.isArray(parsed) &&
    parsed.length > 0 &&
    parsed.every((a) => typeof a === "string") &&
    parsed[0] !== "";
  if (!ok) {
    const shown = text.length > 80 ? `${text.slice(0, 80)}…` : text;
    throw localizedError(
      "launcher.invalid",
      { key: "hosts.launcher-invalid", params: { value: JSON.stringify(shown) } },
      { key: "hosts.launcher-invalid-hint" },
    );
  }
  return parsed as [string, ...string[]];
}

function binPath(): string | undefined {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i += 1) {
    const candidate = path.join(dir, "bin", "connectory.js");
    if (existsSync(candidate)) return candidate;
    dir = path.dirname(dir);
  }
  return undefined;
}
