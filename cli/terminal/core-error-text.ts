import type { ConnectoryError } from "../../src/core/errors.js";
import type { Problem } from "../../src/core/types.js";
import { cliLanguage, say, type Said, type SaidBoth } from "./language.js";
import { problemInChinese } from "./problem-words-zh-cn.js";
import { coreHintInChinese, coreInChinese, isWordedCode } from "./core-words-zh-cn.js";

// Errors of src/core (which stays free of the CLI's tables: its messages are English) and of a
// registry, said in a non-English run by their code. Those that list a file's problems (and the
// registry's refusal of a package that does not validate): which file, how many problems and the first
// one's kind, from the tables; the problems themselves are listed below the message (output.ts,
// problem-words-zh-cn.ts). Others with a code of core-words-zh-cn.ts: their kind, their English beside
// it. English runs print the error's own message, which the English entries of these keys paraphrase.

type Render = (problems: readonly Problem[]) => { message: Said; hint?: Said };

const BY_CODE: Record<string, Render> = {
  "mcp.invalid": (problems) => {
    const errors = problems.filter((p) => p.severity === "error");
    const first = errors[0] ?? problems[0]!;
    return {
      message: {
        key: "core.file-problems",
        params: { file: first.file, n: errors.length, first: problemInChinese(first) },
      },
      hint: { key: "core.file-problems-hint", params: { file: first.file } },
    };
  },
  "project.manifest.invalid": (problems) => ({
    message: {
      key: "core.project-manifest-invalid",
      params: { file: problems[0]!.file, n: problems.length, first: problemInChinese(problems[0]!) },
    },
    hint: { key: "project.fix-file" },
  }),
  // The registry's answer to a package that does not validate (it carries the problems and their codes).
  "publish.invalid": (problems) => ({
    message: {
      key: "core.registry-invalid",
      params: { n: problems.length, first: problemInChinese(problems[0]!) },
    },
    hint: { key: "publish.invalid-hint" },
  }),
};

/**
 * The message and hint of a core error in the run's language (a non-English run), or undefined: from
 * the tables by its code, or a converter's refusal by its kind with its own words beside it.
 */
export function coreErrorWords(error: ConnectoryError): { message: string; hint?: string } | undefined {
  if (isWordedCode(error.code)) {
    const hint = error.hint === undefined ? undefined : coreHintInChinese(error.code);
    return { message: coreInChinese(error.code, error.message), ...(hint ? { hint } : {}) };
  }
  if (!Object.hasOwn(BY_CODE, error.code) || !error.problems?.length) return undefined;
  const { message, hint } = BY_CODE[error.code]!(error.problems);
  return { message: say(message.key, message.params), ...(hint ? { hint: say(hint.key, hint.params) } : {}) };
}

/**
 * Why a core error that lists problems failed, for a sentence of the tables to quote: English (its
 * message, for --json) and in the run's language (how many problems, and the first one's kind).
 */
export function problemsWhy(error: ConnectoryError): SaidBoth {
  const errors = (error.problems ?? []).filter((p) => p.severity === "error");
  const first = errors[0] ?? error.problems?.[0];
  if (cliLanguage() === "en" || !first) return { en: error.message, text: error.message };
  const n = Math.max(errors.length, 1);
  return { en: error.message, text: say("core.problems-why", { n, first: problemInChinese(first) }) };
}
