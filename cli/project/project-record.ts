import { createHash } from "node:crypto";
import path from "node:path";
import { homePaths } from "../home/home.js";
import { describe, objectOf, readJsonFile, updateJsonFile } from "../home/json-file.js";
import { isObject } from "../../src/core/json-guards.js";

/**
 * $CONNECTORY_HOME/projects.json: by project folder, the connectors (`<name>@<marketplace>`) that
 * `sync` installed for it. Only those are removed when the lock stops listing them, and only when no
 * other project still records them: a connector the user had installed before is theirs.
 */
export type ProjectsFile = Record<string, ProjectRecord>;

/** What one project's syncs set in this home: removed again when the manifest stops naming them. */
export interface ProjectRecord {
  connectors: string[];
  /** Guard entries it set: `<server>` or `<profile>/<server>`. */
  guards?: string[];
  /** Profiles it wrote. */
  profiles?: string[];
}

const check = objectOf("an object of project folders", (p) =>
  isObject(p) && Array.isArray(p.connectors) && p.connectors.every((c) => typeof c === "string")
    ? undefined
    : `is ${describe(p)}, not { "connectors": [...] }`,
);

export function readProjects(home: string): Promise<ProjectsFile> {
  return readJsonFile<ProjectsFile>(homePaths(home).projects, {}, check);
}

export function updateProjects(
  home: string,
  fn: (file: ProjectsFile) => ProjectsFile,
): Promise<ProjectsFile> {
  return updateJsonFile<ProjectsFile>(homePaths(home).projects, {}, fn, { check });
}

/** The lock two `sync` runs of one project in one home take turns on. */
export function projectLock(home: string, dir: string): string {
  const id = createHash("sha256").update(path.resolve(dir)).digest("hex").slice(0, 16);
  return path.join(homePaths(home).plugins, "locks", `project-${id}`);
}
