import type { PackageFiles, Problem } from "../types.js";
import { error } from "./problems.js";
import { parseForeignJson } from "../json-depth.js";

const decoder = new TextDecoder("utf-8", { fatal: true });

/** Decode a package file as UTF-8 (a BOM is dropped); undefined when the bytes are not UTF-8. */
export function decodeText(bytes: Uint8Array): string | undefined {
  try {
    return decoder.decode(bytes);
  } catch {
    return undefined;
  }
}

/** Read one text file of the package, reporting missing/non-UTF-8 files with `<prefix>.file.missing` / `.encoding.invalid`. */
export function readText(
  files: PackageFiles,
  file: string,
  prefix: string,
  required: boolean,
  problems: Problem[],
): string | undefined {
  const bytes = files.get(file);
  if (bytes === undefined) {
    if (required)
      problems.push(
        error(`${prefix}.file.missing`, file, "", `${file} is missing: every package needs one at its root`),
      );
    return undefined;
  }
  const text = decodeText(bytes);
  if (text === undefined)
    problems.push(
      error(`${prefix}.encoding.invalid`, file, "", `${file} is not valid UTF-8: save it as UTF-8`),
    );
  return text;
}

/** Parse a JSON file of the package; syntax errors name the line and column. */
export function readJson(
  files: PackageFiles,
  file: string,
  prefix: string,
  required: boolean,
  problems: Problem[],
): { found: false } | { found: true; value: unknown } {
  const text = readText(files, file, prefix, required, problems);
  if (text === undefined) return { found: false };
  try {
    return { found: true, value: parseForeignJson(text) };
  } catch (e) {
    problems.push(
      error(`${prefix}.json.invalid`, file, "", `${file} is not valid JSON: ${describeSyntaxError(text, e)}`),
    );
    return { found: false };
  }
}

/** V8 says "at position N"; publishers want a line and column. */
export function describeSyntaxError(text: string, e: unknown): string {
  const message = e instanceof Error ? e.message : String(e);
  const match = /at position (\d+)/.exec(message);
  const offset = match ? Number(match[1]) : text.length;
  const before = text.slice(0, offset).split("\n");
  const where = `line ${before.length}, column ${(before.at(-1)?.length ?? 0) + 1}`;
  const what = message
    .replace(/\s*\(line \d+ column \d+\)/, "")
    .replace(/ in JSON at position \d+| in JSON$/, "")
    .replace(/ of JSON input$/, " of input");
  return `${what} at ${where}`;
}
