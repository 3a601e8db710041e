import { guardHomeFile, guardNotSymlink } from "../home/home-guard.js";
import fs from "node:fs/promises";
import type { Credentials } from "../../src/core/types.js";
import { homePaths } from "../home/home.js";
import { atomicWrite } from "../../src/fs/atomic-write.js";
import { checkOAuthRecords, type OAuthRecord } from "../auth/oauth-record.js";
import { markKeychain } from "./credential-store-marker.js";
import {
  openCredentialStoreForRead,
  parseEntry,
  settle,
  type ActiveStore,
} from "./credential-store-location.js";
import { describe, objectOf, readJsonFile, type ShapeCheck } from "../home/json-file.js";
import { isObject } from "../../src/core/json-guards.js";
import { localizedError } from "../terminal/language.js";

/**
 * The credentials: connector credentials keyed `<name>@<marketplace>`, and registry tokens keyed by
 * marketplace. In the OS keychain where there is one, else credentials.json (mode 0600 inside a 0700
 * home, whatever the umask): cli/credentials/credential-store-location.ts decides and moves them.
 */
export interface CredentialsFile {
  connectors: Record<string, Credentials>;
  /** `url`: the registry that issued the token; it is never sent anywhere else. */
  registries: Record<string, { token: string; url?: string }>;
  /** Hand-written servers' secrets by server name (what `connectory import` moved out of a host file). */
  servers: Record<string, Credentials>;
  /** OAuth sign-ins by server URL (`connectory auth`), each bound to that URL and its issuer. */
  oauth?: Record<string, OAuthRecord>;
}
const EMPTY: CredentialsFile = { connectors: {}, registries: {}, servers: {} };

const connectorValues = objectOf("an object of connectors' credentials", (values) =>
  objectOf("credentials", (v) =>
    ["string", "number", "boolean"].includes(typeof v) ? undefined : `is ${describe(v)}, not a value`,
  )(values),
);
const registryTokens = objectOf("an object of registry tokens", (r) => {
  if (!isObject(r) || typeof r.token !== "string") return 'has no "token" text';
  return r.url === undefined || typeof r.url === "string" ? undefined : 'has a "url" that is not text';
});

// Messages name keys and kinds of values, never a value: this file holds secrets.
const checkCredentials: ShapeCheck = (file) => {
  if (!isObject(file)) return `expected { "connectors": …, "registries": … }, found ${describe(file)}`;
  const connectors = file.connectors === undefined ? undefined : connectorValues(file.connectors);
  if (connectors !== undefined) return `"connectors": ${connectors}`;
  const registries = file.registries === undefined ? undefined : registryTokens(file.registries);
  if (registries !== undefined) return `"registries": ${registries}`;
  const servers = file.servers === undefined ? undefined : connectorValues(file.servers);
  if (servers !== undefined) return `"servers": ${servers}`;
  const oauth = file.oauth === undefined ? undefined : checkOAuthRecords(file.oauth);
  return oauth === undefined ? undefined : `"oauth": ${oauth}`;
};

export async function readCredentials(home: string): Promise<CredentialsFile> {
  await guardNotSymlink(homePaths(home).credentials);
  const store = await openCredentialStoreForRead(home, checkCredentials);
  return complete(await readStored(home, store));
}

/**
 * Locked read-modify-write, in the store this run uses (cli/credentials/credential-store-location.ts): the OS
 * keychain, or credentials.json, which with its folder is (re)made private. The lock of credentials.json
 * serializes both, and any move between them.
 */
export async function updateCredentials(
  home: string,
  fn: (file: CredentialsFile) => CredentialsFile | Promise<CredentialsFile>,
): Promise<CredentialsFile> {
  const file = homePaths(home).credentials;
  await fs.mkdir(home, { recursive: true, mode: 0o700 });
  // Refused before anything is tightened: a home others could write may already hold their files.
  await guardHomeFile(home, file);
  await guardNotSymlink(file);
  await fs.chmod(home, 0o700);
  // Loaded on first write only: read-only commands (config, list) skip proper-lockfile's start-up cost.
  const { withLock } = await import("../../src/fs/lock.js");
  return withLock(file, async () => {
    const store = await settle(home, checkCredentials);
    const next = withoutEmptyServers(await fn(complete(await readStored(home, store))));
    if (store.kind === "file") {
      await atomicWrite(file, JSON.stringify(next, null, 2) + "\n", { mode: 0o600 });
    } else {
      // Marked first: a crash before the write leaves a marked, empty entry, never an unmarked copy.
      await markKeychain(home, store.backend);
      await store.backend.write(JSON.stringify(next));
    }
    return next;
  });
}

async function readStored(home: string, store: ActiveStore): Promise<Partial<CredentialsFile>> {
  if (store.kind === "file")
    return readJsonFile<Partial<CredentialsFile>>(homePaths(home).credentials, EMPTY, checkCredentials);
  const text = await store.backend.read();
  return text === undefined
    ? EMPTY
    : (parseEntry(text, store.backend, checkCredentials) as Partial<CredentialsFile>);
}

function complete(file: Partial<CredentialsFile>): CredentialsFile {
  return {
    ...file,
    connectors: file.connectors ?? {},
    registries: file.registries ?? {},
    servers: file.servers ?? {},
    ...(file.oauth ? { oauth: file.oauth } : {}),
  };
}

// Written only once used, so files without hand-written servers' secrets (or OAuth sign-ins) keep their
// old shape.
function withoutEmptyServers(next: CredentialsFile): CredentialsFile {
  const { servers, oauth, ...rest } = next;
  return {
    ...rest,
    ...(Object.keys(servers ?? {}).length > 0 ? { servers } : {}),
    ...(Object.keys(oauth ?? {}).length > 0 ? { oauth } : {}),
  } as CredentialsFile;
}

/**
 * Stores one connector's credentials as the change from `before` (what the caller read, perhaps before
 * a prompt) to `after`, applied under the lock to what is stored NOW: a value another command set in
 * the meantime for a key this one did not change survives. Keys absent from `after` are removed.
 */
export async function changeConnectorCredentials(
  home: string,
  key: string,
  before: Credentials | undefined,
  after: Credentials | undefined,
): Promise<void> {
  const old = before ?? {};
  const next = after ?? {};
  const changed = [...new Set([...Object.keys(old), ...Object.keys(next)])].filter(
    (k) => !Object.hasOwn(old, k) || !Object.hasOwn(next, k) || old[k] !== next[k],
  );
  if (changed.length === 0) return;
  await updateCredentials(home, (file) => {
    const current: Credentials = { ...(Object.hasOwn(file.connectors, key) ? file.connectors[key] : {}) };
    for (const k of changed) {
      if (Object.hasOwn(next, k)) current[k] = next[k] as Credentials[string];
      else delete current[k];
    }
    const connectors = { ...file.connectors };
    if (Object.keys(current).length > 0) connectors[key] = current;
    else delete connectors[key];
    return { ...file, connectors };
  });
}

/** Removes every stored credential of one connector (uninstall). */
export async function forgetConnectorCredentials(home: string, key: string): Promise<void> {
  await updateCredentials(home, (file) => {
    const connectors = { ...file.connectors };
    delete connectors[key];
    return { ...file, connectors };
  });
}

/**
 * The publish token for a marketplace: the one `connectory login` stored, but only when it was issued
 * by the URL the marketplace has now (after `marketplace remove` + `add` under the same name, or
 * CONNECTORY_REGISTRY pointing the default elsewhere, the old token must not be sent to the new
 * address); else CONNECTORY_TOKEN. None: `publish.token.missing`, saying which login fixes it.
 */
export async function publishToken(
  home: string,
  env: Record<string, string | undefined>,
  marketplace: { name: string; url: string },
): Promise<string> {
  const file = await readCredentials(home);
  const stored = Object.hasOwn(file.registries, marketplace.name)
    ? file.registries[marketplace.name]
    : undefined;
  if (stored && stored.url === marketplace.url) return stored.token;
  if (env.CONNECTORY_TOKEN) return env.CONNECTORY_TOKEN;
  const name = marketplace.name;
  throw localizedError(
    "publish.token.missing",
    !stored
      ? { key: "token.none", params: { name } }
      : stored.url === undefined
        ? { key: "token.elsewhere-unrecorded", params: { name, url: marketplace.url } }
        : { key: "token.elsewhere", params: { name, issuer: stored.url, url: marketplace.url } },
    { key: "token.hint", params: { name } },
  );
}
