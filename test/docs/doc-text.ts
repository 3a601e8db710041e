import fs from "node:fs/promises";
import path from "node:path";

// Helpers for the docs tests: read the headings of a markdown file, and find the error codes a source
// tree raises, so a test can check each one is documented.

/** The text of every `#…#` heading of the given level. */
export function headings(markdown: string, level: number): string[] {
  const prefix = `${"#".repeat(level)} `;
  return markdown
    .split("\n")
    .filter((line) => line.startsWith(prefix))
    .map((line) => line.slice(prefix.length).trim());
}

/** A stable code: dotted, lower-case words (`manifest.name.invalid`, `tar.path.traversal`). */
const CODE = /^[a-z][a-z0-9-]*(\.[a-zA-Z0-9$-]+)+$/;

/**
 * Calls whose first argument is a code: errors, problems, and the small helpers that build them
 * (`make` in cli/mcp/mcp-errors.ts, `fail`/`fatal` in the tar reader, `error`/`warning` in the validators,
 * `bad` in the search parameters, `add` in the tools report).
 */
const CALLS = [
  "new ConnectoryError",
  "localizedError",
  "make",
  "fail",
  "fatal",
  "bad",
  "add",
  "error",
  "warning",
  "tarProblem",
  "problem",
  "tokenError",
  "refused",
];

async function sourceFiles(dir: string): Promise<string[]> {
  if ((await fs.stat(dir)).isFile()) return [dir];
  const out: string[] = [];
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await sourceFiles(full)));
    else if (/\.tsx?$/.test(entry.name)) out.push(full);
  }
  return out.sort();
}

/** The first argument's text of every call to `name(` in `source`. */
function firstArguments(source: string, name: string): string[] {
  const out: string[] = [];
  const pattern = new RegExp(`(?<![\\w.])${name.replace(/ /g, "\\s+")}\\(`, "g");
  for (const match of source.matchAll(pattern)) {
    let depth = 0;
    let end = match.index + match[0].length;
    for (; end < source.length; end++) {
      const c = source[end];
      if (c === "(" || c === "[" || c === "{") depth++;
      else if (c === ")" || c === "]" || c === "}") {
        if (depth === 0) break;
        depth--;
      } else if (c === "," && depth === 0) break;
    }
    out.push(source.slice(match.index + match[0].length, end));
  }
  return out;
}

/**
 * Every code raised under `dir`: string literals that are the first argument of a call in CALLS (both
 * branches of a ternary count), or the value of a `code:` property. A template literal such as
 * `manifest.${field}.control` is returned as written, for `matchesDocumented`.
 */
export async function codesRaisedIn(...dirs: string[]): Promise<string[]> {
  const codes = new Set<string>();
  for (const dir of dirs) {
    for (const file of await sourceFiles(dir)) {
      const source = await fs.readFile(file, "utf8");
      const args = CALLS.flatMap((name) => firstArguments(source, name));
      args.push(...[...source.matchAll(/\bcode:\s*("[^"\n]*"|`[^`\n]*`)/g)].map((m) => m[1]!));
      // problem(<status>, "<code>", …) in src/request/problem.ts callers
      args.push(...[...source.matchAll(/\bproblem\(\s*[\w.]+,\s*("[^"\n]*"|`[^`\n]*`)/g)].map((m) => m[1]!));
      for (const arg of args) {
        for (const literal of arg.matchAll(/"([^"\n]*)"|`([^`\n]*)`/g)) {
          const text = literal[1] ?? literal[2]!;
          if (CODE.test(text.replace(/\$\{[^}]*\}/g, "x"))) codes.add(text);
        }
      }
    }
  }
  return [...codes].sort();
}

/**
 * The codes written in backticks in a markdown text. A `<word>` segment stands for any name
 * (`manifest.engines.<tool>.type`, `registry.http.<status>`).
 */
export function documentedCodes(markdown: string): Set<string> {
  return new Set(
    [...markdown.matchAll(/`([a-z][a-z0-9-]*(?:\.(?:[a-zA-Z0-9$-]+|<[a-z-]+>))+)`/g)].map((m) => m[1]!),
  );
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^$()|[\]\\{}]/g, "\\$&");

/** A pattern where each `wildcard` match stands for one or more name characters. */
function patternOf(text: string, wildcard: RegExp): RegExp {
  return new RegExp(`^${text.split(wildcard).map(escapeRegExp).join("[a-zA-Z0-9.$-]+")}$`);
}

/**
 * True when `code` is documented. A template found in the source (`manifest.${field}.control`) needs one
 * documented instance; a documented `<word>` segment covers every code with any name there.
 */
export function matchesDocumented(code: string, documented: Set<string>): boolean {
  if (code.includes("${")) {
    const pattern = patternOf(code, /\$\{[^}]*\}/);
    return [...documented].some((d) => pattern.test(d.replace(/<([a-z-]+)>/g, "$1")));
  }
  return [...documented].some((d) => d === code || patternOf(d, /<[a-z-]+>/).test(code));
}
