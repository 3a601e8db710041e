import { ConnectoryError } from "../../src/core/errors.js";
import type { Problem } from "../../src/core/types.js";
import { fillMessage, LANGUAGES, supportedLanguage, type Language } from "../../src/core/text/language.js";
import { en, type CliMessageKey } from "./messages-en.js";
import { zhCN } from "./messages-zh-cn.js";
import { coreErrorWords } from "./core-error-text.js";

// The CLI's words in English and Simplified Chinese. One run has one language, chosen once by runCli
// (like the credential store's world), so any text builder can say() without a language parameter.
// Only text output is translated: --json documents, error codes and data stay as they are.

/** The message tables, complete by type (and by test/cli/cli-messages.test.ts: no key missing or unused). */
export const CLI_MESSAGES: Record<Language, Record<CliMessageKey, string>> = { en, "zh-CN": zhCN };

let current: Language = "en";

/**
 * The language of a run: `--lang`, else the POSIX locale variables in their order of precedence
 * (LC_ALL, LC_MESSAGES, LANG; the first that is set decides, as gettext reads them), else English.
 * An unsupported --lang is a usage error; an unsupported locale reads English.
 */
export function chooseLanguage(flag: string | undefined, env: Record<string, string | undefined>): Language {
  if (flag !== undefined) {
    // A plain language tag only (`zh`, `zh-CN`, `zh_CN`): not a locale with a charset, never a control character.
    const tag = /^[A-Za-z]{1,8}([-_][A-Za-z0-9]{1,8})*$/.test(flag) ? flag : undefined;
    const lang = supportedLanguage(tag);
    if (!lang)
      throw localizedUsageError(
        { key: "main.lang-unknown", params: { lang: JSON.stringify(flag.slice(0, 40)) } },
        { key: "main.lang-hint", params: { langs: LANGUAGES.join(", ") } },
      );
    return lang;
  }
  const locale = [env.LC_ALL, env.LC_MESSAGES, env.LANG].find((v) => v !== undefined && v !== "");
  return supportedLanguage(locale) ?? "en";
}

/** Sets the language of this run (runCli, before anything prints). */
export function setCliLanguage(lang: Language): void {
  current = lang;
}

/** The language of this run. */
export function cliLanguage(): Language {
  return current;
}

/** A message in this run's language, placeholders filled. */
export function say(key: CliMessageKey, params?: Record<string, string | number>): string {
  return fillMessage(CLI_MESSAGES[current][key], params);
}

/** A message in English whatever the run's language: what --json carries. */
export function sayEnglish(key: CliMessageKey, params?: Record<string, string | number>): string {
  return fillMessage(en[key], params);
}

/** say or sayEnglish: a text builder that takes one words the same line in either. */
export type Speak = (key: CliMessageKey, params?: Record<string, string | number>) => string;

/** A line in English (what --json carries) and in the run's language (what text prints). */
export interface SaidBoth {
  en: string;
  text: string;
}

/** Builds a line twice, once per speaker: English for --json, the run's language for text. */
export function sayBoth(line: (speak: Speak) => string): SaidBoth {
  return { en: line(sayEnglish), text: line(say) };
}

/** The same words in both (a server's, a system's or a registry's own message). */
export function unsaid(text: string): SaidBoth {
  return { en: text, text };
}

/**
 * localizedError whose placeholder values differ by language (a quoted reason said both ways): English
 * in the error (and --json), the run's language when printed.
 */
export function localizedErrorBoth(
  code: string,
  message: { key: CliMessageKey; params: Record<string, string | number | SaidBoth> },
  hint?: Said,
  options: { status?: number; usage?: boolean; cause?: unknown; problems?: Problem[] } = {},
): ConnectoryError {
  const side = (which: keyof SaidBoth) =>
    Object.fromEntries(
      Object.entries(message.params).map(([k, v]) => [k, typeof v === "object" ? v[which] : v]),
    );
  return new ConnectoryError(code, sayEnglish(message.key, side("en")), {
    ...options,
    ...(hint ? { hint: sayEnglish(hint.key, hint.params) } : {}),
    localized: { message: { key: message.key, params: side("text") }, ...(hint ? { hint } : {}) },
  });
}

/** A message of the tables with its placeholder values. */
export interface Said {
  key: CliMessageKey;
  params?: Record<string, string | number>;
}

/**
 * An error whose message and hint come from the tables: English in the error (and so in --json), in the
 * run's language when printed (errorText, at the edge).
 */
export function localizedError(
  code: string,
  message: Said,
  hint?: Said,
  options: { status?: number; usage?: boolean; cause?: unknown; problems?: Problem[] } = {},
): ConnectoryError {
  return new ConnectoryError(code, sayEnglish(message.key, message.params), {
    ...options,
    ...(hint ? { hint: sayEnglish(hint.key, hint.params) } : {}),
    localized: { message, ...(hint ? { hint } : {}) },
  });
}

/** A usage error (exit 2) from the tables. */
export function localizedUsageError(message: Said, hint?: Said): ConnectoryError {
  return localizedError("usage", message, hint, { usage: true });
}

/** Any error's message in the run's language: a ConnectoryError's from the tables, else as it says. */
export function errorMessage(error: unknown): string {
  if (error instanceof ConnectoryError) return errorText(error).message;
  return error instanceof Error ? error.message : String(error);
}

/**
 * The message and hint of an error as printed: from the tables when the error names keys, else as the
 * error says (a registry's or a system's words).
 */
export function errorText(error: ConnectoryError): { message: string; hint: string | undefined } {
  const table = CLI_MESSAGES[current] as Record<string, string>;
  const text = (l: { key: string; params?: Record<string, string | number> } | undefined) =>
    l && Object.hasOwn(table, l.key) ? fillMessage(table[l.key]!, l.params) : undefined;
  // A core's or a registry's error said by its code (core-error-text.ts); English runs keep its words.
  const words = current === "en" ? undefined : coreErrorWords(error);
  return {
    message: text(error.localized?.message) ?? words?.message ?? error.message,
    hint: text(error.localized?.hint) ?? (error.localized?.message ? undefined : words?.hint) ?? error.hint,
  };
}
