import type { PackageFiles, PluginManifest, Problem } from "../types.js";
import { MAX_README_BYTES } from "./display-limits.js";
import { hiddenTextProblem } from "./hidden-text.js";
import { readText } from "./json-file.js";
import { mixedScriptProblem } from "./mixed-script-problem.js";
import { error, pointer } from "./problems.js";

// plugin.json `i18n` (docs/package-format.md): per language tag, a translated displayName, description
// and README file. The schema checks shapes and tags; these are the rules it cannot say.

const FILE = "plugin.json";

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Control characters and mixed scripts in translated one-line texts, README paths that leave the package. */
export function checkManifestI18n(i18n: unknown): Problem[] {
  if (!isObject(i18n)) return [];
  const problems: Problem[] = [];
  for (const [lang, entry] of Object.entries(i18n)) {
    if (!isObject(entry)) continue;
    const at = pointer("/i18n", lang);
    for (const field of ["displayName", "description"] as const) {
      const value = entry[field];
      // eslint-disable-next-line no-control-regex
      if (typeof value === "string" && /[\u0000-\u001f\u007f]/.test(value))
        problems.push(
          error(
            `manifest.i18n.${field}.control`,
            FILE,
            pointer(at, field),
            `i18n.${lang}.${field} contains a control character (a line break, tab or escape); write it on one line of plain text`,
          ),
        );
    }
    const mixed = mixedScriptProblem(entry["displayName"], {
      code: "manifest.i18n.displayName.mixed-script",
      file: FILE,
      path: pointer(at, "displayName"),
      label: `i18n.${lang}.displayName`,
    });
    if (mixed) problems.push(mixed);
    const readme = entry["readme"];
    if (typeof readme === "string" && (readme.startsWith("/") || readme.split(/[\\/]/).includes("..")))
      problems.push(
        error(
          "manifest.i18n.readme.path",
          FILE,
          pointer(at, "readme"),
          `i18n.${lang}.readme ${JSON.stringify(readme)} must be a relative path inside the package, e.g. "README.${lang}.md"`,
        ),
      );
  }
  return problems;
}

/**
 * The translated READMEs a valid manifest names, by language tag; each must be in the package, UTF-8,
 * within the README cap and free of hidden characters (problems otherwise, and it is left out).
 */
export function readLocalizedReadmes(
  files: PackageFiles,
  manifest: PluginManifest | undefined,
  problems: Problem[],
): Record<string, string> | undefined {
  const out: Record<string, string> = {};
  for (const [lang, entry] of Object.entries(manifest?.i18n ?? {})) {
    const file = entry.readme;
    if (file === undefined || file.startsWith("/") || file.split(/[\\/]/).includes("..")) continue;
    const path = pointer(pointer("/i18n", lang), "readme");
    const bytes = files.get(file);
    if (bytes === undefined) {
      problems.push(
        error(
          "manifest.i18n.readme.missing",
          FILE,
          path,
          `i18n.${lang}.readme names ${file}, which is not in the package: add the file or remove the key`,
        ),
      );
      continue;
    }
    if (bytes.byteLength > MAX_README_BYTES) {
      problems.push(
        error(
          "readme.file.too-large",
          file,
          "",
          `${file} is ${bytes.byteLength} bytes; at most ${MAX_README_BYTES} (256 KiB) are shown: shorten it or link to longer documentation`,
        ),
      );
      continue;
    }
    const text = readText(files, file, "readme", true, problems);
    if (text === undefined) continue;
    const hidden = hiddenTextProblem(text, file, "readme", "");
    if (hidden) problems.push(hidden);
    else out[lang] = text;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}
