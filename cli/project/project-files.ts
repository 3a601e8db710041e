import fs from "node:fs/promises";
import path from "node:path";
import { editJson, parseJson, type JsonChange } from "../../src/core/hosts/document-json.js";
import { checkLock, serializeLock, type LockFile } from "../../src/core/project/lock.js";
import {
  checkManifest,
  LOCK_FILE,
  MANIFEST_FILE,
  MANIFEST_LIMITS,
  type Manifest,
} from "../../src/core/project/manifest.js";
import { atomicWrite } from "../../src/fs/atomic-write.js";
import { statIfPresent } from "../../src/fs/stat-if-present.js";
import { localizedError } from "../terminal/language.js";

/** A project folder as read from disk: its manifest (text and checked form) and lock, if any. */
export interface Project {
  dir: string;
  manifestFile: string;
  lockFile: string;
  /** The manifest's bytes (edits keep its comments and order). */
  text: string;
  manifest: Manifest;
  /** Undefined: no connectory.lock yet. */
  lock: LockFile | undefined;
  /** The lock's bytes as read (a rewrite that gives the same bytes is skipped). */
  lockText: string | undefined;
}

/** The project in `dir` (the command's folder), or undefined when it has no connectory.json. */
export async function findProject(dir: string): Promise<Project | undefined> {
  const manifestFile = path.join(dir, MANIFEST_FILE);
  const text = await readBounded(manifestFile);
  if (text === undefined) return undefined;
  return readProjectText(dir, text);
}

/** The project in `dir`; none is `project.none`, naming `connectory init`. */
export async function requireProject(dir: string): Promise<Project> {
  const project = await findProject(dir);
  if (project) return project;
  throw localizedError(
    "project.none",
    { key: "project.none", params: { dir, file: MANIFEST_FILE } },
    { key: "project.none-hint" },
  );
}

async function readProjectText(dir: string, text: string): Promise<Project> {
  const manifestFile = path.join(dir, MANIFEST_FILE);
  const lockFile = path.join(dir, LOCK_FILE);
  const parsed = parseJson(text);
  if ("failure" in parsed) {
    const f = parsed.failure;
    throw localizedError(
      "project.manifest.invalid",
      {
        key: "project.manifest-invalid",
        params: { file: manifestFile, message: f.message, line: f.line, column: f.column },
      },
      { key: "project.fix-file" },
    );
  }
  const manifest = checkManifest(parsed.data, manifestFile);
  const lockText = await readBounded(lockFile);
  let lock: LockFile | undefined;
  if (lockText !== undefined) {
    let data: unknown;
    try {
      data = JSON.parse(lockText);
    } catch {
      data = undefined;
    }
    lock = checkLock(data, lockFile);
  }
  return { dir, manifestFile, lockFile, text, manifest, lock, lockText };
}

/** A project file's text, or undefined when absent; a folder or an oversized file is refused. */
async function readBounded(file: string): Promise<string | undefined> {
  const stat = await statIfPresent(file);
  if (!stat) return undefined;
  if (!stat.isFile() || stat.size > MANIFEST_LIMITS.bytes)
    throw localizedError(
      "project.file.invalid",
      stat.isFile()
        ? { key: "project.file-too-large", params: { file, max: MANIFEST_LIMITS.bytes } }
        : { key: "project.file-not-regular", params: { file } },
      { key: "project.file-check-hint" },
    );
  return fs.readFile(file, "utf8");
}

/** Writes connectory.lock atomically; returns false when its bytes would not change. */
export async function writeLock(project: Project, lock: LockFile): Promise<boolean> {
  const text = serializeLock(lock);
  if (text === project.lockText) return false;
  await atomicWrite(project.lockFile, text);
  return true;
}

/**
 * Edits connectory.json in place at `container` (comments, order and formatting of the rest kept, as
 * host files are edited), checks the result, and returns the re-read project without writing: the
 * caller writes it (writeManifest) once everything else succeeded.
 */
export async function editManifest(
  project: Project,
  container: readonly string[],
  changes: readonly JsonChange[],
): Promise<Project> {
  const text = editJson(project.text, container, changes);
  return { ...(await readProjectText(project.dir, text)), lock: project.lock, lockText: project.lockText };
}

/** Writes the manifest's text atomically when it changed. */
export async function writeManifest(before: Project, after: Project): Promise<void> {
  if (after.text !== before.text) await atomicWrite(after.manifestFile, after.text);
}
