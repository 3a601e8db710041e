import {
  describePermissions,
  permissionWords,
  type Permissions,
} from "../../src/core/sandbox/permissions.js";
import { cliLanguage } from "./language.js";

// The permission lines in the run's language. A view or an install outcome is also the --json document,
// whose lines stay English; the translated lines are kept beside it (by identity) for the text output.

const local = new WeakMap<object, string[]>();

/** Permission lines in the run's language (the English ones are describePermissions'). */
export function permissionText(perms: Permissions | undefined): string[] {
  return describePermissions(perms, permissionWords(cliLanguage()));
}

/** Records the translated permission lines of a --json document (nothing in English: they are its own). */
export function keepPermissionText<T extends object>(owner: T, perms: Permissions | undefined): T {
  if (cliLanguage() !== "en") local.set(owner, permissionText(perms));
  return owner;
}

/** The permission lines of a --json document as the text output prints them. */
export function shownPermissions(owner: object, english: string[]): string[] {
  return local.get(owner) ?? english;
}
