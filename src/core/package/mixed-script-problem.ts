import { mixedScript } from "../names/mixed-script.js";
import { codePointName } from "../text/hidden-chars.js";
import type { Problem } from "../types.js";
import { error } from "./problems.js";

/**
 * The problem of a display name that mixes scripts (UTS #39 §5, src/core/names/mixed-script.ts), or
 * undefined. `label` is how the message names the field (`displayName`, `i18n.ru.displayName`).
 */
export function mixedScriptProblem(
  value: unknown,
  at: { code: string; file: string; path: string; label: string },
): Problem | undefined {
  const { code, file, path, label } = at;
  if (typeof value !== "string") return undefined;
  const mixed = mixedScript(value);
  if (!mixed) return undefined;
  const ch = `"${mixed.character}" (${codePointName(mixed.character.codePointAt(0)!)})`;
  const fix =
    mixed.kind === "digits"
      ? "write every digit in one numbering system"
      : "write it in one script (Latin may be mixed only with Chinese, Japanese or Korean) and put a translation in i18n.<language>.displayName";
  return error(
    code,
    file,
    path,
    `${label} ${JSON.stringify(value)} mixes ${mixed.scripts.join(" and ")} at ${ch}, so it can pass for a name it is not: ${fix}`,
  );
}
