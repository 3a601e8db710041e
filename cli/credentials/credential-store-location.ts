import { existsSync } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { ConnectoryError } from "../../src/core/errors.js";
import { errorText, localizedError, sayEnglish } from "../terminal/language.js";
import { atomicWrite } from "../../src/fs/atomic-write.js";
import { homePaths } from "../home/home.js";
import { readJsonFile, type ShapeCheck } from "../home/json-file.js";
import { chunkedBackend } from "./secret-backend-chunked.js";
import { openKeychain } from "./secret-backend-keychain.js";
import type { SecretBackend } from "./secret-backend.js";
import { credentialStoreWorld } from "./credential-store-world.js";
import { markerPath, readMarker, writeMarker, type Marker } from "./credential-store-marker.js";

/**
 * Where a home's credentials live: one OS keychain entry (service "connectory", account the home's
 * path) holding the whole JSON document, or credentials.json (0600). credential-store.json records
 * which, without any secret: `{"store":"keychain",…}` while the keychain holds them; `{"store":"file",…}`
 * while a keychain entry left by a move back to the file is still to be deleted; absent: the file.
 *
 * Every move happens under the lock of credentials.json, in an order where a crash at any point leaves
 * one complete copy that the marker names (and at most a leftover that the next run deletes).
 */
export const KEYCHAIN_SERVICE = "connectory";

export type StoreChoice = "keychain" | "file" | "auto";
export type ActiveStore = { kind: "file" } | { kind: "keychain"; backend: SecretBackend };

function env(): Record<string, string | undefined> {
  return credentialStoreWorld().env ?? process.env;
}

/** CONNECTORY_CREDENTIAL_STORE: keychain, file, or auto (unset). */
export function storeChoice(from: Record<string, string | undefined> = env()): StoreChoice {
  const value = from.CONNECTORY_CREDENTIAL_STORE ?? "";
  if (value === "" || value === "auto") return "auto";
  if (value === "keychain" || value === "file") return value;
  throw localizedError(
    "credentials.store.invalid",
    { key: "store.choice-invalid", params: { value: value.slice(0, 40) } },
    { key: "store.choice-invalid-hint" },
  );
}

// Windows Credential Manager keeps at most 2,560 bytes of UTF-16 per entry; a margin below its 1,280.
const WINDOWS_MAX_ENTRY = 1200;

/** One account's entry, split over parts where the keychain caps an entry (secret-backend-chunked.ts). */
async function openEntry(entry: { service: string; account: string }): Promise<SecretBackend> {
  const world = credentialStoreWorld();
  const open = world.keychain ?? openKeychain;
  const max = world.maxEntryLength ?? (process.platform === "win32" ? WINDOWS_MAX_ENTRY : Infinity);
  return chunkedBackend(open, await open(entry), max);
}

/** The entry a home's credentials go to: its marker's, else the one named after its path. */
function entryOf(home: string, marker: Marker | undefined): { service: string; account: string } {
  return marker
    ? { service: marker.service, account: marker.account }
    : { service: KEYCHAIN_SERVICE, account: path.resolve(home) };
}

/**
 * Which store this run uses: the file when forced; else the keychain when it answers. Auto falls back
 * to the file only where there is no keychain at all (never for a locked one, never for a home whose
 * credentials the keychain holds: those are errors).
 */
async function choose(
  home: string,
  marker: Marker | undefined,
): Promise<
  { kind: "file"; keychainProblem?: ConnectoryError } | { kind: "keychain"; backend: SecretBackend }
> {
  const choice = storeChoice();
  if (choice === "file") return { kind: "file" };
  try {
    const backend = await openEntry(entryOf(home, marker));
    // Reading proves it usable (unlocked, reachable) before anything is moved; the text is kept for
    // the caller's own first read.
    return { kind: "keychain", backend: primed(backend, await backend.read()) };
  } catch (error) {
    const inKeychain = marker?.store === "keychain";
    // Only a machine without a keychain falls back: a locked one is an error, whatever the store holds.
    const fallback = error instanceof ConnectoryError && error.code === "credentials.keychain.unavailable";
    if (choice === "keychain" || inKeychain || !fallback) {
      if (inKeychain && error instanceof ConnectoryError && error.code === "credentials.keychain.unavailable")
        // The keychain's own error (already in the tables) inside this one's words.
        throw new ConnectoryError(
          "credentials.keychain.unavailable",
          sayEnglish("store.keychain-holds", { why: error.message }),
          {
            hint: sayEnglish("store.keychain-holds-hint"),
            cause: error,
            localized: {
              message: { key: "store.keychain-holds", params: { why: errorText(error).message } },
              hint: { key: "store.keychain-holds-hint" },
            },
          },
        );
      throw error;
    }
    return { kind: "file", keychainProblem: error };
  }
}

/** A backend whose next read answers `text` (already read), until anything is written or removed. */
function primed(backend: SecretBackend, text: string | undefined): SecretBackend {
  let cached: { text: string | undefined } | undefined = { text };
  return {
    label: backend.label,
    service: backend.service,
    account: backend.account,
    read: async () => {
      const hit = cached;
      cached = undefined;
      return hit ? hit.text : backend.read();
    },
    write: (t) => ((cached = undefined), backend.write(t)),
    remove: () => ((cached = undefined), backend.remove()),
  };
}

/** Whether opening the store must change something (a move, a leftover to delete): then it needs the lock. */
function needsSettling(chosen: { kind: string }, marker: Marker | undefined, fileExists: boolean): boolean {
  if (chosen.kind === "keychain") return marker?.store === "file" || fileExists;
  return marker !== undefined;
}

/**
 * The store to read from now. When a move or a clean-up is due, it is done first under the lock (a
 * read-only command then still sees what the other store held).
 */
export async function openCredentialStoreForRead(home: string, check: ShapeCheck): Promise<ActiveStore> {
  const marker = await readMarker(home);
  const chosen = await choose(home, marker);
  if (!needsSettling(chosen, marker, existsSync(homePaths(home).credentials))) return active(chosen);
  const { withLock } = await import("../../src/fs/lock.js");
  return withLock(homePaths(home).credentials, () => settle(home, check));
}

/** The same, for a caller that holds the lock of credentials.json (a read-modify-write). */
export async function settle(home: string, check: ShapeCheck): Promise<ActiveStore> {
  const file = homePaths(home).credentials;
  const marker = await readMarker(home);
  const chosen = await choose(home, marker);
  if (chosen.kind === "keychain") {
    const backend = chosen.backend;
    const entry = { service: backend.service, account: backend.account };
    if (marker?.store === "keychain") {
      if (existsSync(file)) await dropSameCopy(file, backend, check);
      return chosen;
    }
    const doc = await readJsonFile<unknown>(file, undefined, check);
    if (doc === undefined && marker === undefined) return chosen; // nothing stored anywhere yet
    // Named first, so a crash after the keychain write leaves a leftover the marker points at.
    await writeMarker(home, { store: "file", ...entry });
    if (doc === undefined) await backend.remove();
    else await writeVerified(backend, JSON.stringify(doc));
    await writeMarker(home, { store: "keychain", ...entry });
    await fs.rm(file, { force: true });
    return chosen;
  }
  if (marker?.store === "keychain") {
    const backend = await openEntry(entryOf(home, marker));
    if (existsSync(file)) await dropSameCopy(file, backend, check);
    const text = await backend.read();
    if (text !== undefined) {
      const doc = parseEntry(text, backend, check);
      await atomicWrite(file, JSON.stringify(doc, null, 2) + "\n", { mode: 0o600 });
    }
    await writeMarker(home, { ...marker, store: "file" });
    await dropLeftover(home, marker);
    return { kind: "file" };
  }
  if (marker?.store === "file") await dropLeftover(home, marker);
  return { kind: "file" };
}

/**
 * Deletes the keychain entry a move to the file left, then the marker. When the keychain does not
 * answer, both stay (the next run retries; `doctor` warns): the file is complete and is what is used.
 */
async function dropLeftover(home: string, marker: Marker): Promise<void> {
  try {
    await (await openEntry(entryOf(home, marker))).remove();
  } catch {
    return;
  }
  await writeMarker(home, undefined);
}

/** After a keychain write, and before the other copy goes: read back, and compare. */
async function writeVerified(backend: SecretBackend, text: string): Promise<void> {
  await backend.write(text);
  if ((await backend.read()) !== text)
    throw localizedError(
      "credentials.keychain.failed",
      { key: "store.not-kept", params: { label: backend.label } },
      { key: "store.not-kept-hint" },
    );
}

/**
 * credentials.json beside a keychain that holds the credentials: the copy an interrupted move left
 * (the same document: deleted), or a file put back by hand (different: neither is touched).
 */
async function dropSameCopy(file: string, backend: SecretBackend, check: ShapeCheck): Promise<void> {
  const text = await backend.read();
  const inFile = await readJsonFile<unknown>(file, undefined, check).catch(() => Symbol("unreadable"));
  const same =
    text !== undefined && JSON.stringify(inFile) === JSON.stringify(parseEntry(text, backend, check));
  if (!same)
    throw localizedError(
      "credentials.store.conflict",
      { key: "store.conflict", params: { file, label: backend.label } },
      {
        key: "store.conflict-hint",
        params: {
          file: path.basename(file),
          service: backend.service,
          account: backend.account,
          marker: path.basename(markerPath("")),
        },
      },
    );
  await fs.rm(file, { force: true });
}

/** The keychain entry's document, checked like the file (messages name keys, never values). */
export function parseEntry(text: string, backend: SecretBackend, check: ShapeCheck): unknown {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    throw invalidEntry(backend, undefined);
  }
  const problem = check(doc);
  if (problem !== undefined) throw invalidEntry(backend, problem);
  return doc;
}

/** The entry is not what connectory wrote: not JSON (`problem` undefined), or the shape check's words. */
function invalidEntry(backend: SecretBackend, problem: string | undefined): ConnectoryError {
  const params = { label: backend.label, service: backend.service, account: backend.account };
  return localizedError(
    "credentials.keychain.invalid",
    problem === undefined
      ? { key: "keychain.entry-not-json", params }
      : { key: "keychain.entry-invalid", params: { ...params, problem } },
    { key: "keychain.entry-invalid-hint" },
  );
}

function active(chosen: { kind: "file" } | { kind: "keychain"; backend: SecretBackend }): ActiveStore {
  return chosen.kind === "file" ? { kind: "file" } : { kind: "keychain", backend: chosen.backend };
}

/** What `doctor` says: the store this run uses, where, and why not the keychain. Changes nothing. */
export async function describeCredentialStore(home: string): Promise<{
  store: "keychain" | "file";
  choice: StoreChoice;
  location: string;
  keychain: string | null;
  leftover: boolean;
}> {
  const choice = storeChoice();
  const marker = await readMarker(home);
  const chosen = await choose(home, marker);
  const leftover = marker?.store === "file";
  if (chosen.kind === "keychain")
    return {
      store: "keychain",
      choice,
      location: `${chosen.backend.label}, service "${chosen.backend.service}", account "${chosen.backend.account}"`,
      keychain: null,
      leftover,
    };
  return {
    store: "file",
    choice,
    location: `${homePaths(home).credentials} (mode 0600)`,
    keychain:
      choice === "file"
        ? "not used: CONNECTORY_CREDENTIAL_STORE=file"
        : (chosen.keychainProblem?.message ?? null),
    leftover,
  };
}
