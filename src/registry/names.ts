import semver from "semver";
import { ConnectoryError } from "../core/errors.js";
import { NAME } from "../core/names.js";

// The name rule of docs/package-format.md#names-and-display-names (src/core/names.ts), checked on every route so bad names never reach the database.
const TAG = /^[a-z][a-z0-9._-]{0,31}$/;

/** Throws 400 `connector.name.invalid` unless `name` is a valid connector name. */
export function checkName(name: string, kind: "connector" | "publisher" = "connector"): string {
  if (!NAME.test(name)) {
    throw new ConnectoryError(`${kind}.name.invalid`, `"${clip(name)}" is not a valid ${kind} name`, {
      hint: "names are 1-64 lower-case letters, digits and inner hyphens, e.g. acme-labs",
    });
  }
  return name;
}

/** True for a strict semver string as written (`1.2.3`, `1.2.3-rc.1`, `1.2.3+build`; not `v1.2.3`). */
function isExactVersion(text: string): boolean {
  return /^\d/.test(text) && semver.parse(text)?.raw === text;
}

/** Throws 400 `version.invalid` unless `version` is strict semver. */
export function checkVersion(version: string): string {
  if (!isExactVersion(version)) {
    throw new ConnectoryError(
      "version.invalid",
      `"${clip(version)}" is not a version (strict semver, e.g. 1.2.3)`,
    );
  }
  return version;
}

/** A dist-tag name: a lower-case word that cannot be read as a version or range (`beta`, `next`). */
export function checkTag(tag: string): string {
  if (!TAG.test(tag) || semver.validRange(tag) !== null) {
    throw new ConnectoryError("dist-tag.invalid", `"${clip(tag)}" is not a dist-tag name`, {
      hint: "a tag is a lower-case word starting with a letter that is not a version range (e.g. beta, next)",
    });
  }
  return tag;
}

/** A version reference in a URL: an exact version, or else a tag. */
export function parseRef(ref: string): { version: string } | { tag: string } {
  if (isExactVersion(ref)) return { version: ref };
  if (TAG.test(ref) && semver.validRange(ref) === null) return { tag: ref };
  throw new ConnectoryError("version.invalid", `"${clip(ref)}" is neither a version nor a dist-tag`, {
    hint: "use an exact version (1.2.3) or a tag (latest)",
  });
}

/** Input echoed in messages stays short (and single-line). */
export function clip(text: string): string {
  const flat = text.replace(/[\u0000-\u001f\u007f]/g, "?");
  return flat.length > 80 ? `${flat.slice(0, 80)}…` : flat;
}
