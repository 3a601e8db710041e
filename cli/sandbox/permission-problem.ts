import type { PermissionProblem } from "../../src/core/sandbox/permission-block.js";
import { say, type SaidBoth } from "../terminal/language.js";

// What is wrong with a hand-written server's `permissions` block (mcp.json, `mcp add`'s flags), said
// from the tables by the core's code; a template the parser refused keeps the parser's English words.

const WORDS = {
  "not-object": "perm-block.not-object",
  "unknown-key": "perm-block.unknown-key",
  network: "perm-block.network",
  "network-host": "perm-block.network-host",
  "network-twice": "perm-block.network-twice",
  filesystem: "perm-block.filesystem",
  "grant-shape": "perm-block.grant-shape",
  "grant-keys": "perm-block.grant-keys",
  "grant-access": "perm-block.grant-access",
  "path-missing": "perm-block.path-missing",
  "path-template": undefined,
  "path-only-home": "perm-block.path-only-home",
  "path-relative": "perm-block.path-relative",
  "path-dot": "perm-block.path-dot",
} as const satisfies Record<PermissionProblem["code"], string | undefined>;

/** The problem in English (the error, --json) and in the run's language (the text). */
export function permissionProblem(problem: PermissionProblem): SaidBoth {
  const key = WORDS[problem.code];
  return { en: problem.message, text: key ? say(key, problem.params) : problem.message };
}
