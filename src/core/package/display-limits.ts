import type { PackageFiles, Problem, TokenSchema } from "../types.js";
import { error } from "./problems.js";

// What a package may carry for display. The registry stores these files in every version document and
// renders them on its pages; without a cap, one package (a 4.5 KB tarball unpacks to 20 MiB) makes every
// reader of its document or page pay for megabytes of text. The caps are generous for real packages: the
// largest sample README is under 2 KiB, and a page needs a few screens, not a book.

/** README.md, the only markdown a page renders (about 25 screens of text). */
export const MAX_README_BYTES = 256 * 1024;
/** plugin.json, mcp.json and token-schema.json each (they are copied into every version document). */
export const MAX_DOCUMENT_BYTES = 64 * 1024;
/** A token-schema title: one line of a prompt or a form label. */
export const MAX_TITLE_LENGTH = 200;
/** A token-schema description: the help under one field. */
export const MAX_DESCRIPTION_LENGTH = 2000;

const DOCUMENTS: Array<[file: string, prefix: string]> = [
  ["plugin.json", "manifest"],
  ["mcp.json", "mcp"],
  ["token-schema.json", "token-schema"],
];

/** Problems for display text over its cap: file sizes first, then token-schema texts. */
export function checkDisplayLimits(files: PackageFiles, tokenSchema?: TokenSchema): Problem[] {
  const problems: Problem[] = [];
  const readme = files.get("README.md");
  if (readme && readme.byteLength > MAX_README_BYTES) {
    problems.push(
      error(
        "readme.file.too-large",
        "README.md",
        "",
        `README.md is ${readme.byteLength} bytes; at most ${MAX_README_BYTES} (256 KiB) are shown: shorten it or link to longer documentation`,
      ),
    );
  }
  for (const [file, prefix] of DOCUMENTS) {
    const bytes = files.get(file)?.byteLength ?? 0;
    if (bytes > MAX_DOCUMENT_BYTES) {
      problems.push(
        error(
          `${prefix}.file.too-large`,
          file,
          "",
          `${file} is ${bytes} bytes; at most ${MAX_DOCUMENT_BYTES} (64 KiB) are allowed`,
        ),
      );
    }
  }
  const root = tokenSchema as { title?: unknown; description?: unknown } | undefined;
  const texts: Array<[path: string, field: "title" | "description", value: unknown]> = [
    ["/title", "title", root?.title],
    ["/description", "description", root?.description],
  ];
  for (const [key, property] of Object.entries(tokenSchema?.properties ?? {})) {
    texts.push([`/properties/${key}/title`, "title", property.title]);
    texts.push([`/properties/${key}/description`, "description", property.description]);
  }
  for (const [path, field, value] of texts) {
    const max = field === "title" ? MAX_TITLE_LENGTH : MAX_DESCRIPTION_LENGTH;
    if (typeof value === "string" && value.length > max) {
      problems.push(
        error(
          `token-schema.${field}.too-long`,
          "token-schema.json",
          path,
          `this ${field} is ${value.length} characters; at most ${max} are shown`,
        ),
      );
    }
  }
  return problems;
}
