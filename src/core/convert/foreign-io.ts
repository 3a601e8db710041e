import { ConnectoryError } from "../errors.js";
import { JsonDepthError, parseForeignJson } from "../json-depth.js";
import type { PackageFiles } from "../types.js";

// The reader of foreign formats (read-input.ts) is pure: it reaches files, folders and URLs only through
// this port. `src/package/foreign-files.ts` is the filesystem side; the CLI adds npm sources on top.

/** A folder's files, and which of them keep the executable bit. */
export interface FolderFiles {
  files: PackageFiles;
  executables: Set<string>;
}

/** What the reader may ask of the world. Paths are absolute; `stat` answers undefined for nothing there. */
export interface ForeignIo {
  stat(file: string): Promise<{ directory: boolean; file: boolean; size: number } | undefined>;
  read(file: string): Promise<Uint8Array>;
  /** A package folder's files (throws a ConnectoryError when it cannot be read as one). */
  readFolder(dir: string, options?: { refuseLinkedRoot?: boolean }): Promise<FolderFiles>;
  /** `relative` inside the checkout `root`, with no link on the way out; or why not, in words. */
  folderInside(root: string, relative: string): Promise<{ folder: string } | { refused: string }>;
  /** A JSON document by URL (a marketplace another registry serves); absent: URLs are refused. */
  fetchJson?(url: string): Promise<unknown>;
  /** The files of a marketplace entry whose source is npm; absent: such entries are read as folders. */
  npmPlugin?(entry: Record<string, unknown>): Promise<FolderFiles> | undefined;
}

/** The most `convert` reads from one file. */
export const MAX_INPUT = 5 * 1024 * 1024;

/** One file's text: at most MAX_INPUT bytes, UTF-8 only. */
export async function readText(io: ForeignIo, file: string, shown: string): Promise<string> {
  const stat = await io.stat(file);
  if (!stat?.file) throw new ConnectoryError("convert.input.missing", `${shown} is not a file`);
  if (stat.size > MAX_INPUT)
    throw new ConnectoryError(
      "convert.input.too-large",
      `${shown} is ${stat.size} bytes; convert reads at most ${MAX_INPUT}`,
    );
  const bytes = await io.read(file);
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new ConnectoryError("convert.input.encoding", `${shown} is not UTF-8 text`);
  }
}

/** A foreign JSON document (depth-limited), or the convert refusal saying why not. */
export function parseJson(text: string, shown: string): unknown {
  try {
    return parseForeignJson(text);
  } catch (error) {
    if (error instanceof JsonDepthError)
      throw new ConnectoryError("convert.refused.too-deep", `${shown}: ${error.message}`, {
        hint: "convert reads documents nested at most 64 levels deep; nothing was written",
      });
    throw new ConnectoryError(
      "convert.refused.not-json",
      `${shown} is not valid JSON: ${(error as Error).message}`,
    );
  }
}

/** A package folder's files; a folder that cannot be read says so under `convert.input.unreadable`. */
export async function readFolder(
  io: ForeignIo,
  dir: string,
  shown: string,
  options: { refuseLinkedRoot?: boolean } = {},
): Promise<FolderFiles> {
  try {
    return await io.readFolder(dir, options);
  } catch (error) {
    if (error instanceof ConnectoryError)
      throw new ConnectoryError(
        "convert.input.unreadable",
        `${shown} cannot be read as a package folder: ${error.message}`,
        { ...(error.problems ? { problems: error.problems } : {}) },
      );
    throw error;
  }
}

/** Whether anything is at `file`. */
export async function exists(io: ForeignIo, file: string): Promise<boolean> {
  return (await io.stat(file)) !== undefined;
}
