import path from "node:path";
import { describe, readJsonFile, updateJsonFile, type ShapeCheck } from "./json-file.js";
import { isObject } from "../../src/core/json-guards.js";
import type { FilesystemGrant } from "../../src/core/sandbox/permissions.js";

/**
 * sandbox.json: the connectors the user let run without a sandbox (`connectory sandbox off <name>`),
 * for machines where none is available. Each entry records when, so `doctor` can show it.
 */
export interface SandboxFile {
  off: Record<string, { at: string }>;
  /**
   * `connectory sandbox all on`: hand-written stdio servers that declare no permissions run sandboxed
   * too, with no network and none of the home (connectors that declare none stay unrestricted).
   */
  all?: boolean;
  /**
   * Folders a project's connectory.json grants (`sync`, after the user confirmed any that reach further
   * than the connector declares): project folder → `<name>@<marketplace>` → absolute grants.
   */
  grants?: Record<string, Record<string, FilesystemGrant[]>>;
}

export function sandboxFile(home: string): string {
  return path.join(home, "sandbox.json");
}

const check: ShapeCheck = (file) => {
  if (!isObject(file)) return `expected { "off": { … } }, found ${describe(file)}`;
  if (file.off !== undefined && !isObject(file.off)) return `"off" is ${describe(file.off)}, not an object`;
  if (file.all !== undefined && typeof file.all !== "boolean")
    return `"all" is ${describe(file.all)}, not true or false`;
  if (file.grants !== undefined && !isObject(file.grants))
    return `"grants" is ${describe(file.grants)}, not an object`;
  return undefined;
};

export async function readSandboxFile(home: string): Promise<SandboxFile> {
  const file = await readJsonFile<Partial<SandboxFile>>(sandboxFile(home), { off: {} }, check);
  return {
    off: file.off ?? {},
    ...(file.all !== undefined ? { all: file.all } : {}),
    ...(file.grants !== undefined ? { grants: file.grants } : {}),
  };
}

/** Locked read-modify-write of sandbox.json. */
export function updateSandboxFile(
  home: string,
  fn: (file: SandboxFile) => SandboxFile,
): Promise<SandboxFile> {
  return updateJsonFile<SandboxFile>(
    sandboxFile(home),
    { off: {} },
    (current) =>
      fn({
        off: current.off ?? {},
        ...(current.all !== undefined ? { all: current.all } : {}),
        ...(current.grants !== undefined ? { grants: current.grants } : {}),
      }),
    {
      check,
    },
  );
}

/** The folders projects granted to a connector (every project's, absolute). */
export function projectGrantsFor(file: SandboxFile, connector: string): FilesystemGrant[] {
  return Object.values(file.grants ?? {}).flatMap((byConnector) =>
    isObject(byConnector) && Array.isArray(byConnector[connector]) ? byConnector[connector]! : [],
  );
}
