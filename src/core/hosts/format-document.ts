import { stringify as tomlStringify } from "@decimalturn/toml-patch";
import YAML from "yaml";
import type { DocumentFormat } from "./types.js";

/**
 * Text of a document fragment in the host's format. Its own module, apart from the adapters: the TOML and
 * YAML libraries load only where a snippet is written as text (snippet.ts), not with the host table every
 * `install` reads (issue 29).
 */
export function formatDocument(format: DocumentFormat, document: Record<string, unknown>): string {
  if (format === "toml") {
    // stringify heads the sub-tables with an empty `[mcp_servers]`: noise in a snippet a person pastes.
    const text = tomlStringify(document, { inlineTableStart: 2 });
    return text.replace(/^\[([^\]\n]+)\]\n\n(?=\[\1\.)/gm, "");
  }
  if (format === "yaml") return YAML.stringify(document);
  return JSON.stringify(document, null, 2) + "\n";
}
