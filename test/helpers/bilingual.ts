import { expect } from "vitest";
import { CLI_MESSAGES } from "../../cli/terminal/language.js";
import { type CliRun, spawnCli } from "./cli.js";

// Issue 32's check that a verb speaks Chinese: the same session run in English, then under
// LANG=zh_CN.UTF-8, with the English sentences of its messages looked for in both.

/** The English pieces between the placeholders of the messages under `prefixes`: words that say something. */
export function englishPieces(prefixes: readonly string[]): string[] {
  return [
    ...new Set(
      Object.entries(CLI_MESSAGES.en)
        .filter(([key]) => prefixes.some((p) => key.startsWith(p)))
        .flatMap(([, text]) => text.split(/\{\w+\}/))
        .map((p) => p.trim().replace(/^[,;:()]+|[,;:()]+$/g, ""))
        .filter((p) => /[a-z]{2,} [a-z]{2,}/i.test(p) || /^[A-Z]{6,}$/.test(p)),
    ),
  ];
}

/** The steps of one session: each run must exit with `code`; a checked step's stdout + stderr is kept. */
export function recorder(run: (argv: string[]) => Promise<CliRun>) {
  const outputs: string[] = [];
  const step = async (argv: string[], code = 0, checked = true) => {
    const r = await run(argv);
    expect(r.code, `${argv.join(" ")}: ${r.stderr}`).toBe(code);
    if (checked) outputs.push(r.stdout + r.stderr);
  };
  return { outputs, step };
}

/**
 * Runs `session` in English, where at least `minEnglish` of `pieces` must show (so the check can fail),
 * then in Chinese, where every kept output but those at `unchecked` holds Chinese and none of the pieces.
 */
export async function inBothLanguages(
  session: (lang: string) => Promise<string[]>,
  pieces: readonly string[],
  minEnglish: number,
  unchecked: readonly number[] = [],
): Promise<{ english: string; outputs: string[]; all: string }> {
  const leftovers = (text: string) => pieces.filter((piece) => text.includes(piece));
  const english = (await session("en_US.UTF-8")).join("\n");
  expect(leftovers(english).length).toBeGreaterThan(minEnglish);
  const outputs = await session("zh_CN.UTF-8");
  for (const text of outputs.filter((_, i) => !unchecked.includes(i)))
    expect(text).toMatch(/\p{Script=Han}/u);
  const all = outputs.join("\n");
  expect(leftovers(all)).toEqual([]);
  return { english, outputs, all };
}

/** The environment of a Chinese run. */
export const ZH_LOCALE = { LANG: "zh_CN.UTF-8", LC_ALL: "", LC_MESSAGES: "" };
/** English, asked for by clearing the locale variables: the machine running the tests may have any. */
export const EN_LOCALE = { LANG: "C.UTF-8", LC_ALL: "", LC_MESSAGES: "" };

/** One command run in Chinese and in English at once, in the same home. */
export async function zhAndEn(
  argv: string[],
  home: string,
  env: Record<string, string> = {},
): Promise<{ zh: CliRun; en: CliRun }> {
  const run = (lang: Record<string, string>) => spawnCli(argv, { home, env: { ...env, ...lang } });
  const [zh, en] = await Promise.all([run(ZH_LOCALE), run(EN_LOCALE)]);
  return { zh, en };
}
