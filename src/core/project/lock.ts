import semver from "semver";
import { ConnectoryError } from "../errors.js";
import { isObject } from "../json-guards.js";
import { NAME, SERVER_NAME } from "../names.js";
import type { AcceptedPermissions } from "../sandbox/permissions.js";
import { DEFAULT_PROJECT_MARKETPLACE, LOCK_FILE, type Manifest } from "./manifest.js";

// connectory.lock: what a machine wrote after resolving connectory.json (docs/projects.md). Sorted and
// pretty-printed the same way everywhere, so two machines that resolved the same versions write the same
// bytes. It holds no secret: only which credential keys each connector takes.

export const LOCKFILE_VERSION = 1;

/** One resolved connector. */
export interface LockedConnector {
  /** The manifest's marketplace name for it (`default` or one of its `marketplaces`). */
  marketplace: string;
  /** The marketplace's URL when it was resolved: another machine's must serve the same. */
  url: string;
  /** The manifest range it was resolved from. */
  range: string;
  version: string;
  /** SRI sha512 of the tarball. */
  integrity: string;
  /** The registry's signature of the version's statement (docs/security.md §24). */
  signature?: { keyid: string; sig: string };
  /** `sha256:<hex>` of the registry's signed tool snapshot, when the version has one. */
  toolSnapshotDigest?: string;
  /** The permissions of its local servers that were accepted (`unrestricted`: it declares none). */
  permissions: AcceptedPermissions;
  /** Which credential keys it takes (values stay in each user's own store). */
  credentials: { required: string[]; optional: string[] };
  /** Its server names, as the project host files launch them (`connectory run <server>`). */
  servers: string[];
}

export interface LockFile {
  lockfileVersion: typeof LOCKFILE_VERSION;
  connectors: Record<string, LockedConnector>;
  hosts: string[];
}

export const EMPTY_LOCK: LockFile = { lockfileVersion: LOCKFILE_VERSION, connectors: {}, hosts: [] };

const SRI = /^sha512-[A-Za-z0-9+/]{86}==$/;

/** Checks a parsed connectory.lock; a damaged one is `project.lock.invalid` naming the entry. */
export function checkLock(data: unknown, file = LOCK_FILE): LockFile {
  const fail = (what: string) =>
    new ConnectoryError("project.lock.invalid", `${file} is damaged: ${what}`, {
      hint: `restore it from version control, or delete it and run \`connectory sync\` to resolve again`,
    });
  if (!isObject(data) || data.lockfileVersion !== LOCKFILE_VERSION)
    throw fail(`it is not a version ${LOCKFILE_VERSION} lock file`);
  if (!isObject(data.connectors)) throw fail('"connectors" is not an object');
  if (!Array.isArray(data.hosts) || !data.hosts.every((h) => typeof h === "string"))
    throw fail('"hosts" is not a list of host names');
  const connectors: Record<string, LockedConnector> = {};
  for (const [name, e] of Object.entries(data.connectors)) {
    const problem = entryProblem(name, e);
    if (problem) throw fail(`"${name.slice(0, 64)}" ${problem}`);
    connectors[name] = e as LockedConnector;
  }
  return { lockfileVersion: LOCKFILE_VERSION, connectors, hosts: data.hosts as string[] };
}

function entryProblem(name: string, e: unknown): string | undefined {
  if (!NAME.test(name)) return "is not a connector name";
  if (!isObject(e)) return "is not an object";
  for (const field of ["marketplace", "url", "range", "version", "integrity"])
    if (typeof e[field] !== "string") return `has no "${field}" text`;
  if (!NAME.test(e.marketplace as string)) return 'has a "marketplace" that is not a name';
  if (semver.valid(e.version as string) === null) return 'has a "version" that is not a semantic version';
  if (!SRI.test(e.integrity as string)) return 'has an "integrity" that is not sha512-<base64>';
  if (e.permissions !== "unrestricted" && !isObject(e.permissions))
    return 'has "permissions" that are neither an object nor "unrestricted"';
  const c = e.credentials;
  if (!isObject(c) || !strings(c.required) || !strings(c.optional))
    return 'has "credentials" that are not { required: [...], optional: [...] }';
  if (!strings(e.servers) || !(e.servers as string[]).every((s) => SERVER_NAME.test(s)))
    return 'has "servers" that are not a list of server names';
  if (e.signature !== undefined) {
    const s = e.signature;
    if (!isObject(s) || typeof s.keyid !== "string" || typeof s.sig !== "string")
      return 'has a "signature" that is not { keyid, sig }';
  }
  if (e.toolSnapshotDigest !== undefined && typeof e.toolSnapshotDigest !== "string")
    return 'has a "toolSnapshotDigest" that is not text';
  return undefined;
}

function strings(v: unknown): v is string[] {
  return Array.isArray(v) && v.every((x) => typeof x === "string");
}

/** The lock's bytes: keys in a fixed order, connectors by name, two-space JSON and a final newline. */
export function serializeLock(lock: LockFile): string {
  const connectors = Object.fromEntries(
    Object.keys(lock.connectors)
      .sort()
      .map((name) => {
        const e = lock.connectors[name] as LockedConnector;
        return [
          name,
          {
            marketplace: e.marketplace,
            url: e.url,
            range: e.range,
            version: e.version,
            integrity: e.integrity,
            ...(e.signature ? { signature: { keyid: e.signature.keyid, sig: e.signature.sig } } : {}),
            ...(e.toolSnapshotDigest !== undefined ? { toolSnapshotDigest: e.toolSnapshotDigest } : {}),
            permissions: sortKeys(e.permissions),
            credentials: {
              required: [...e.credentials.required].sort(),
              optional: [...e.credentials.optional].sort(),
            },
            servers: [...e.servers],
          },
        ];
      }),
  );
  return (
    JSON.stringify({ lockfileVersion: LOCKFILE_VERSION, connectors, hosts: [...lock.hosts] }, null, 2) + "\n"
  );
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (!isObject(value)) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((k) => [k, sortKeys(value[k])]),
  );
}

/** One way the manifest and the lock disagree. */
export interface LockDisagreement {
  connector?: string;
  message: string;
}

/**
 * Where connectory.json and connectory.lock disagree: a connector in one and not the other, a range or
 * marketplace changed, a locked version outside its range, the hosts changed. Empty: `sync --frozen` may
 * go ahead.
 */
export function lockDisagreements(manifest: Manifest, lock: LockFile): LockDisagreement[] {
  const out: LockDisagreement[] = [];
  for (const [name, wanted] of Object.entries(manifest.connectors)) {
    const locked = lock.connectors[name];
    if (!locked)
      out.push({ connector: name, message: `${name} is in ${"connectory.json"} but not in the lock` });
    else if (locked.range !== wanted.range)
      out.push({
        connector: name,
        message: `${name}: the manifest asks for ${wanted.range}, the lock was resolved from ${locked.range}`,
      });
    else if (locked.marketplace !== wanted.marketplace)
      out.push({
        connector: name,
        message: `${name}: the manifest names marketplace ${wanted.marketplace}, the lock ${locked.marketplace}`,
      });
    else if (!satisfies(locked.version, wanted.range))
      out.push({
        connector: name,
        message: `${name}: the locked ${locked.version} is outside ${wanted.range}`,
      });
    else if (
      wanted.marketplace !== DEFAULT_PROJECT_MARKETPLACE &&
      manifest.marketplaces[wanted.marketplace] !== locked.url
    )
      out.push({
        connector: name,
        message: `${name}: marketplace ${wanted.marketplace} is ${manifest.marketplaces[wanted.marketplace] ?? "?"} in the manifest, ${locked.url} in the lock`,
      });
  }
  for (const name of Object.keys(lock.connectors))
    if (!Object.hasOwn(manifest.connectors, name))
      out.push({ connector: name, message: `${name} is in the lock but no longer in connectory.json` });
  if (JSON.stringify(manifest.hosts) !== JSON.stringify(lock.hosts))
    out.push({
      message: `the hosts differ: ${manifest.hosts.join(", ") || "none"} in connectory.json, ${lock.hosts.join(", ") || "none"} in the lock`,
    });
  return out;
}

/** Whether a locked version still satisfies a manifest range (`latest` accepts any). */
export function satisfies(version: string, range: string): boolean {
  return (
    range === "latest" ||
    semver.satisfies(version, range, { includePrerelease: semver.prerelease(version) !== null })
  );
}
