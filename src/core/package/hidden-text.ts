import { codePointName, findHidden, HIDDEN_KIND_WORDS } from "../text/hidden-chars.js";
import type { Problem } from "../types.js";
import { error, pointer } from "./problems.js";

// A hostile package cannot turn its problem list into a flood.
const MAX_HIDDEN_PROBLEMS = 20;

/**
 * Problems for every string of a JSON value (keys included) that holds hidden characters (controls but
 * newline and tab, bidi controls, zero-width, tag, private-use characters: src/core/text/hidden-chars.ts).
 * Code `<prefix>.text.hidden`, one problem per string, naming the first such character. A package's words
 * are shown to people and read by models: what they cannot see must not be in them (issue 12, class 3).
 */
export function hiddenTextProblems(value: unknown, file: string, prefix: string, base = ""): Problem[] {
  const problems: Problem[] = [];
  walk(value, base, 0, (text, path) => {
    if (problems.length < MAX_HIDDEN_PROBLEMS) {
      const problem = hiddenTextProblem(text, file, prefix, path);
      if (problem) problems.push(problem);
    }
  });
  return problems;
}

/** The problem of one text, or undefined when it holds no hidden character. CRLF counts as a newline. */
export function hiddenTextProblem(
  text: string,
  file: string,
  prefix: string,
  path: string,
): Problem | undefined {
  const hidden = findHidden(text, { allowCrLf: true });
  const first = hidden[0];
  if (!first) return undefined;
  const more = hidden.length > 1 ? ` (and ${hidden.length - 1} more)` : "";
  return error(
    `${prefix}.text.hidden`,
    file,
    path,
    `${path || file} holds ${codePointName(first.codePoint)}, ${HIDDEN_KIND_WORDS[first.kind]}, at character ${first.index + 1}${more}: remove it; text a person or a model reads may not hide anything`,
  );
}

function walk(
  value: unknown,
  path: string,
  depth: number,
  visit: (text: string, path: string) => void,
): void {
  if (depth > 64) return;
  if (typeof value === "string") visit(value, path);
  else if (Array.isArray(value)) value.forEach((v, i) => walk(v, pointer(path, i), depth + 1, visit));
  else if (typeof value === "object" && value !== null) {
    for (const [key, v] of Object.entries(value)) {
      const at = pointer(path, key);
      visit(key, at);
      walk(v, at, depth + 1, visit);
    }
  }
}
