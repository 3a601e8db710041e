import fs from "node:fs/promises";
import type { Credentials } from "../../src/core/types.js";
import { homePaths } from "./home.js";
import {
  describe,
  isJsonObject,
  objectOf,
  readJsonFile,
  updateJsonFile,
  type ShapeCheck,
} from "./json-file.js";

/**
 * credentials.json: connector credentials keyed `<name>@<marketplace>`, and registry tokens keyed by
 * marketplace. Mode 0600 inside a 0700 home, whatever the umask.
 */
export interface CredentialsFile {
  connectors: Record<string, Credentials>;
  /** `url`: the registry that issued the token; it is never sent anywhere else. */
  registries: Record<string, { token: string; url?: string }>;
}

const EMPTY: CredentialsFile = { connectors: {}, registries: {} };

const connectorValues = objectOf("an object of connectors' credentials", (values) =>
  objectOf("credentials", (v) =>
    ["string", "number", "boolean"].includes(typeof v) ? undefined : `is ${describe(v)}, not a value`,
  )(values),
);
const registryTokens = objectOf("an object of registry tokens", (r) => {
  if (!isJsonObject(r) || typeof r.token !== "string") return 'has no "token" text';
  return r.url === undefined || typeof r.url === "string" ? undefined : 'has a "url" that is not text';
});

// Messages name keys and kinds of values, never a value: this file holds secrets.
const checkCredentials: ShapeCheck = (file) => {
  if (!isJsonObject(file)) return `expected { "connectors": …, "registries": … }, found ${describe(file)}`;
  const connectors = file.connectors === undefined ? undefined : connectorValues(file.connectors);
  if (connectors !== undefined) return `"connectors": ${connectors}`;
  const registries = file.registries === undefined ? undefined : registryTokens(file.registries);
  return registries === undefined ? undefined : `"registries": ${registries}`;
};

export async function readCredentials(home: string): Promise<CredentialsFile> {
  const file = await readJsonFile<Partial<CredentialsFile>>(
    homePaths(home).credentials,
    EMPTY,
    checkCredentials,
  );
  return { connectors: file.connectors ?? {}, registries: file.registries ?? {} };
}

/** Locked read-modify-write; the file and its folder are (re)made private. */
export async function updateCredentials(
  home: string,
  fn: (file: CredentialsFile) => CredentialsFile | Promise<CredentialsFile>,
): Promise<CredentialsFile> {
  await fs.mkdir(home, { recursive: true, mode: 0o700 });
  await fs.chmod(home, 0o700);
  return updateJsonFile<CredentialsFile>(
    homePaths(home).credentials,
    EMPTY,
    async (current) => fn({ connectors: current.connectors ?? {}, registries: current.registries ?? {} }),
    { mode: 0o600, check: checkCredentials },
  );
}

/**
 * The stored publish token of a marketplace, only when it was issued by the URL the marketplace has
 * now: after `marketplace remove` + `add` under the same name, or CONNECTORY_REGISTRY pointing the
 * default elsewhere, the old token must not be sent to the new address. `issuedBy` tells why not.
 */
export function registryToken(
  file: CredentialsFile,
  marketplace: { name: string; url: string },
): { token?: string; issuedBy?: string } {
  const stored = Object.hasOwn(file.registries, marketplace.name)
    ? file.registries[marketplace.name]
    : undefined;
  if (!stored) return {};
  if (stored.url === marketplace.url) return { token: stored.token };
  return { issuedBy: stored.url ?? "an unrecorded address" };
}
