import semver from "semver";
import type { ReceivedConnectorDocument, ReceivedVersionSummary } from "./api/documents.js";
import { ConnectoryError, type LocalizedText } from "./errors.js";

/** The version a request picked, and why it deserves a warning. */
export interface Resolution {
  version: string;
  entry: ReceivedVersionSummary;
  /** How the request was read: an exact version, a semver range or a dist-tag. */
  kind: "exact" | "range" | "tag";
  /** Only an exact pin can pick a yanked version; the caller warns. */
  yanked: boolean;
  deprecated?: string;
}

const TAG = /^[a-z][a-z0-9._-]*$/i;

/**
 * Picks the version `requested` means in `doc` (docs/http-api.md): an exact version (yanked allowed, flagged),
 * a dist-tag or a range (both skip yanked versions; `latest` falls back to the newest stable one, and
 * to the newest prerelease when every version is one, as npm's `latest`). Otherwise prereleases are
 * chosen only when the range names one or `prerelease` is set. Empty means `latest`.
 */
export function resolveVersion(
  doc: ReceivedConnectorDocument,
  requested: string,
  options: { prerelease?: boolean } = {},
): Resolution {
  const spec = requested.trim() === "" ? "latest" : requested.trim();
  const tagged = Object.hasOwn(doc.distTags, spec) ? doc.distTags[spec] : undefined;
  if (tagged !== undefined) return resolveTag(doc, spec, tagged, options);
  const exact = semver.valid(spec);
  if (exact !== null) {
    const entry = Object.hasOwn(doc.versions, exact) ? doc.versions[exact] : undefined;
    if (!entry) throw noMatch(doc, `${doc.name} has no version ${exact}`);
    return picked(exact, entry, "exact");
  }
  if (spec === "latest") return newestLatest(doc, options);
  if (semver.validRange(spec) !== null) return newestIn(doc, spec, "range", options);
  if (TAG.test(spec)) {
    const tags = Object.keys(doc.distTags).sort();
    throw new ConnectoryError("version.tag.unknown", `${doc.name} has no tag "${spec}"`, {
      status: 404,
      hint: `tags: ${tags.length ? tags.join(", ") : "(none)"}; versions: ${listVersions(doc)}`,
    });
  }
  throw new ConnectoryError("version.spec.invalid", `"${requested}" is not a version, a range or a tag`, {
    usage: true,
    hint: "use an exact version (1.2.3), a range (^1.2, ~1.2.3, >=1 <2) or a tag (latest)",
  });
}

/** Every version of `doc` newest first, each marked `(yanked)` / `(deprecated)`: for error hints. */
export function listVersions(doc: ReceivedConnectorDocument): string {
  const all = sortedVersions(doc);
  if (all.length === 0) return "(none published)";
  return all
    .map((v) => {
      const e = doc.versions[v];
      return v + (e?.yanked ? " (yanked)" : "") + (e?.deprecated !== undefined ? " (deprecated)" : "");
    })
    .join(", ");
}

/**
 * The versions of `doc` written canonically (`1.2.3`, not `v1.2.3` or `=1.2.3`), newest first. Other keys
 * are ignored: a version becomes a folder name, so it must be exactly what semver prints.
 */
export function sortedVersions(doc: ReceivedConnectorDocument): string[] {
  return Object.keys(doc.versions).filter(isCanonical).sort(semver.rcompare);
}

/** True for a version string exactly as semver prints it (safe as a path segment). */
export function isCanonical(version: string): boolean {
  return semver.valid(version) === version;
}

function resolveTag(
  doc: ReceivedConnectorDocument,
  tag: string,
  target: string,
  options: { prerelease?: boolean },
): Resolution {
  const entry = isCanonical(target) && Object.hasOwn(doc.versions, target) ? doc.versions[target] : undefined;
  if (entry && !entry.yanked) return picked(target, entry, "tag");
  // `latest` must always mean something installable: the newest stable version that is not yanked.
  if (tag === "latest") return newestLatest(doc, options);
  const why = entry ? `version ${target}, which is yanked` : `version ${target}, which does not exist`;
  throw new ConnectoryError("version.tag.yanked", `tag "${tag}" of ${doc.name} points to ${why}`, {
    status: 404,
    hint: `pin an exact version to install it anyway; versions: ${listVersions(doc)}`,
  });
}

/** `latest` with no usable tag: the newest stable version, else (only prereleases) the newest prerelease. */
function newestLatest(doc: ReceivedConnectorDocument, options: { prerelease?: boolean }): Resolution {
  const live = sortedVersions(doc).filter((v) => doc.versions[v]?.yanked !== true);
  if (live.length > 0 && live.every((v) => semver.prerelease(v) !== null))
    return picked(live[0]!, doc.versions[live[0]!]!, "tag");
  return newestIn(doc, "*", "tag", options);
}

function newestIn(
  doc: ReceivedConnectorDocument,
  range: string,
  kind: "range" | "tag",
  options: { prerelease?: boolean },
): Resolution {
  const candidates = sortedVersions(doc).filter((v) => doc.versions[v]?.yanked !== true);
  const best = semver.maxSatisfying(candidates, range, { includePrerelease: options.prerelease === true });
  const entry = best === null ? undefined : doc.versions[best];
  if (!entry) {
    const what = range === "*" ? "no installable version" : `no version matching "${range}"`;
    // The CLI words it in the run's language from these keys (the core names them, never the words).
    throw noMatch(
      doc,
      `${doc.name} has ${what}`,
      range === "*"
        ? { key: "version.none", params: { name: doc.name } }
        : { key: "version.no-match", params: { name: doc.name, range } },
    );
  }
  return picked(best as string, entry, kind);
}

// `version` is the document's key (checked canonical), never the entry's own field: a hostile document
// could make them differ, and the version becomes a folder name.
function picked(version: string, entry: ReceivedVersionSummary, kind: Resolution["kind"]): Resolution {
  return {
    version,
    entry,
    kind,
    yanked: entry.yanked === true,
    ...(entry.deprecated !== undefined ? { deprecated: entry.deprecated } : {}),
  };
}

function noMatch(
  doc: ReceivedConnectorDocument,
  message: string,
  localized?: LocalizedText,
): ConnectoryError {
  return new ConnectoryError("version.not-found", message, {
    status: 404,
    hint: `available versions: ${listVersions(doc)}`,
    ...(localized
      ? {
          localized: {
            message: localized,
            hint: { key: "version.available", params: { versions: listVersions(doc) } },
          },
        }
      : {}),
  });
}
