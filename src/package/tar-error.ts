import { ConnectoryError } from "../core/errors.js";
import type { Problem } from "../core/types.js";

const SIZE_CODES = new Set(["tar.size.compressed", "tar.size.unpacked", "tar.entries.too-many"]);

/** One error for every problem found in a tarball or a folder; its code is the first problem's. */
export function packageError(problems: Problem[], what: string, hint: string): ConnectoryError {
  const first = problems[0]!;
  const more =
    problems.length > 1 ? ` (and ${problems.length - 1} more problem${problems.length > 2 ? "s" : ""})` : "";
  return new ConnectoryError(first.code, `${what}: ${first.message}${more}`, {
    hint,
    problems,
    status: SIZE_CODES.has(first.code) ? 413 : 422,
  });
}

export const TARBALL_HINT =
  "The tarball breaks the package format (docs/package-format.md#folders-and-tarballs); re-create it from the connector folder with `connectory pack <dir>`.";

/** Bytes as MiB for messages: `5 MiB`, `20.3 MiB`. */
export function mib(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(bytes % (1024 * 1024) === 0 ? 0 : 1)} MiB`;
}
