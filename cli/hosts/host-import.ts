import { ConnectoryError } from "../../src/core/errors.js";
import { entriesAt, parseHostDocument } from "../../src/core/hosts/document.js";
import { duplicateKeys } from "../../src/core/hosts/duplicate-keys.js";
import { entryToServer, type ImportSkipCode } from "../../src/core/hosts/import-entry.js";
import { hasTemplates, moveSecrets } from "../../src/core/hosts/import-secrets.js";
import type { HostAdapter } from "../../src/core/hosts/types.js";
import { entryHash } from "../../src/core/hosts/ownership.js";
import { canonical } from "../../src/core/hosts/document.js";
import type { Credentials, ServerSpec } from "../../src/core/types.js";
import { readText } from "./host-files.js";
import { cliLanguage, errorText, localizedError, say, sayBoth, type SaidBoth } from "../terminal/language.js";
import { problemInChinese } from "../terminal/problem-words-zh-cn.js";

export type ImportAction =
  /** new in mcp.json */
  | "add"
  /** already in mcp.json exactly so (imported before) */
  | "unchanged"
  /** already in mcp.json, but its secrets changed in the host file: the stored ones are replaced */
  | "update-secrets"
  /** another server of that name is in mcp.json: not imported */
  | "exists"
  /** cannot be imported (disabled, built in, no command or url, invalid) */
  | "skip";

/** One server of the host file and what importing it does. Never holds a secret value outside `secrets`. */
export interface ImportItem {
  name: string;
  action: ImportAction;
  /** Why it is skipped or not imported: English (--json) and in the run's language (text). */
  reason?: SaidBoth;
  /** The server as mcp.json will hold it: secrets replaced by `${KEY}`. */
  server?: ServerSpec;
  /** KEY → value moved to credentials.json (servers.<name>). */
  secrets: Record<string, string>;
  notes: SaidBoth[];
  /** Hash of the host entry as read (what `config export --replace-imported` may replace). */
  entryHash?: string;
}

/** The server entries of a host file; a file that does not parse aborts with file:line:col. */
export async function readHostEntries(
  adapter: HostAdapter,
  file: string,
): Promise<{ entries: Record<string, unknown>; duplicates: string[] }> {
  const document = adapter.document;
  if (!document) {
    throw localizedError(
      "import.host.no-file",
      { key: "hosts.import-no-file", params: { host: adapter.displayName } },
      undefined,
      { usage: true },
    );
  }
  const text = await readText(file);
  if (text === undefined) {
    throw localizedError(
      "import.file.missing",
      { key: "hosts.import-missing", params: { file } },
      { key: "hosts.import-missing-hint" },
    );
  }
  const data = parseHostDocument(document.format, text, file);
  const container = document.containerFor?.(data) ?? document.container;
  const entries = entriesAt(data, container, file);
  const duplicates =
    document.format === "json" || document.format === "jsonc" ? duplicateKeys(text, container) : [];
  return { entries, duplicates };
}

/** Decides each entry against the servers already in mcp.json and the secrets already stored. */
export async function planImport(
  adapter: HostAdapter,
  read: { entries: Record<string, unknown>; duplicates: string[] },
  existing: Record<string, ServerSpec>,
  stored: Record<string, Credentials>,
  /** Entries Connectory itself wrote into this file (hosts.json). */
  owned: ReadonlySet<string> = new Set(),
): Promise<ImportItem[]> {
  const { parseServerSet } = await import("../../src/core/package/mcp-config.js");
  const items: ImportItem[] = [];
  for (const [name, entry] of Object.entries(read.entries)) {
    const converted = entryToServer(adapter.id, entry);
    const notes =
      "notes" in converted
        ? converted.notes.map((n) =>
            sayBoth((t) => t(n.code === "env-vars" ? "import-why.env-vars" : "import-why.env-keys")),
          )
        : [];
    if (read.duplicates.includes(name)) notes.push(sayBoth((t) => t("import-why.duplicate", { name })));
    const hash = entryHash(entry);
    const ours = owned.has(name) || ("server" in converted && launchesConnectory(converted.server));
    if (ours) {
      const reason = sayBoth((t) => t("import-why.ours"));
      items.push({ name, action: "skip", reason, secrets: {}, notes, entryHash: hash });
      continue;
    }
    if ("skip" in converted) {
      const reason = sayBoth((t) => t(SKIPPED[converted.skipCode], converted.params));
      items.push({ name, action: "skip", reason, secrets: {}, notes, entryHash: hash });
      continue;
    }
    let moved = { server: converted.server, secrets: {} as Record<string, string> };
    if (hasTemplates(converted.server)) notes.push(sayBoth((t) => t("import-why.host-variables")));
    else moved = moveSecrets(converted.server);
    try {
      parseServerSet({ mcpServers: { [name]: moved.server } }, `${name} in the host file`);
    } catch (error) {
      // The first problem by its kind in a Chinese run; English keeps the core's message.
      const first = error instanceof ConnectoryError ? error.problems?.[0] : undefined;
      const reason =
        error instanceof ConnectoryError
          ? {
              en: error.message,
              text:
                first && cliLanguage() !== "en"
                  ? say("import-why.invalid", { problem: problemInChinese(first) })
                  : errorText(error).message,
            }
          : { en: String(error), text: String(error) };
      items.push({ name, action: "skip", reason, secrets: {}, notes, entryHash: hash });
      continue;
    }
    const base = { name, server: moved.server, secrets: moved.secrets, notes, entryHash: hash };
    const have = Object.hasOwn(existing, name) ? existing[name] : undefined;
    if (have === undefined) items.push({ ...base, action: "add" });
    else if (canonical(have) !== canonical(moved.server))
      items.push({
        ...base,
        action: "exists",
        reason: sayBoth((t) => t("import-why.exists", { name })),
      });
    else {
      const same = canonical(stored[name] ?? {}) === canonical(moved.secrets);
      items.push({ ...base, action: same ? "unchanged" : "update-secrets" });
    }
  }
  return items;
}

/** Why an entry is skipped, by the core's code. */
const SKIPPED = {
  "not-object": "import-why.not-object",
  disabled: "import-why.disabled",
  "built-in": "import-why.built-in",
  "url-not-http": "import-why.url-not-http",
  "no-command": "import-why.no-command",
} as const satisfies Record<ImportSkipCode, string>;

/** A launcher entry of `config export`: `connectory run <server>` (by name, or node + bin/connectory.js). */
function launchesConnectory(server: ServerSpec): boolean {
  if (!("command" in server)) return false;
  const words = [server.command, ...(server.args ?? [])];
  const run = words.indexOf("run");
  return run > 0 && words.slice(0, run).some((w) => /(^|[\\/])connectory(\.js|\.cmd|\.exe)?$/i.test(w));
}
