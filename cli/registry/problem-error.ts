import type { ProblemBody } from "../../src/core/api/documents.js";
import { ConnectoryError, type LocalizedText } from "../../src/core/errors.js";
import type { Problem } from "../../src/core/types.js";

/** What to say when an error answer is not problem+json (a proxy's HTML page, …), or leaves a part out. */
export interface ProblemFallback {
  code: string;
  message: string;
  hint?: string | undefined;
  /** The message and hint as message-table keys (the CLI prints them translated when they are used). */
  localized?: { message?: LocalizedText; hint?: LocalizedText };
}

const MAX_TEXT = 1_000_000;
const MAX_PROBLEMS = 200;

/**
 * The ConnectoryError for a registry's error answer (every client of the API reads it here): the
 * problem+json's code, detail, hint and per-file errors when it sent them, the fallback's otherwise.
 */
export function problemError(status: number, text: string, fallback: ProblemFallback): ConnectoryError {
  const body = parseProblem(text);
  const str = (v: unknown) => (typeof v === "string" && v !== "" ? v : undefined);
  const code = str(body.code) ?? fallback.code;
  const problems: Problem[] = Array.isArray(body.errors)
    ? body.errors.slice(0, MAX_PROBLEMS).map((e: unknown) => {
        const item = (typeof e === "object" && e !== null ? e : {}) as Record<string, unknown>;
        return {
          code: str(item.code) ?? code,
          severity: "error" as const,
          file: str(item.file) ?? "",
          path: str(item.path) ?? "",
          message: str(item.message) ?? String(e),
        };
      })
    : [];
  const hint = str(body.hint) ?? fallback.hint;
  const message = str(body.detail) ?? str(body.title);
  // The registry's own words stay as it sent them; only the fallback's are translated.
  const localized = {
    ...(message === undefined && fallback.localized?.message ? { message: fallback.localized.message } : {}),
    ...(str(body.hint) === undefined && fallback.localized?.hint ? { hint: fallback.localized.hint } : {}),
  };
  return new ConnectoryError(code, message ?? fallback.message, {
    status,
    ...(hint !== undefined ? { hint } : {}),
    ...(problems.length > 0 ? { problems } : {}),
    ...(Object.keys(localized).length > 0 ? { localized } : {}),
  });
}

function parseProblem(text: string): Partial<Record<keyof ProblemBody, unknown>> {
  try {
    const parsed: unknown = JSON.parse(text.slice(0, MAX_TEXT));
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed))
      return parsed as Record<string, unknown>;
  } catch {
    // not problem+json: the fallback has to do
  }
  return {};
}
