import type { ReceivedListItem } from "../../src/core/api/documents.js";
import { displayWidth } from "./text-table.js";
import { localText } from "./local-text.js";

/** The narrowest a description is cut to, however long the names: below this it says nothing. */
const MIN_DESCRIPTION = 24;

/**
 * `search`'s result lines: name, version and publisher in aligned columns (as wide as the longest of each,
 * wide characters counted twice), then the description, cut at a word boundary with "…" so each line
 * fits `columns`, in the run's language when the connector has a translation. With `quality`, the score
 * comes first.
 */
export function searchLines(
  results: readonly ReceivedListItem[],
  options: { columns: number; quality: boolean; by: (hit: ReceivedListItem) => string },
): string[] {
  const rows = results.map((h) => ({
    score: options.quality ? String(h.quality ?? "?").padStart(3) : undefined,
    name: h.name,
    version: h.version ?? "",
    by: options.by(h),
    // The registry's latest live check, when it is bad: a broken server is marked before anyone installs it.
    down: h.checkStatus === "down" || h.checkStatus === "error" ? `[${h.checkStatus}] ` : "",
    // The user's language when the connector has a translation (its `i18n`); --json keeps the map as sent.
    description: (localText(h.i18n).description ?? h.description).replace(/\s+/g, " ").trim(),
  }));
  const widest = (cells: string[]) => Math.max(0, ...cells.map(displayWidth));
  const name = widest(rows.map((r) => r.name));
  const version = widest(rows.map((r) => r.version));
  const by = widest(rows.map((r) => r.by));
  const pad = (text: string, width: number) => text + " ".repeat(Math.max(0, width - displayWidth(text)));
  return rows.map((r) => {
    const head = [
      ...(r.score !== undefined ? [r.score] : []),
      pad(r.name, name),
      pad(r.version, version),
      pad(r.by, by),
    ].join("  ");
    const room = Math.max(MIN_DESCRIPTION, options.columns - displayWidth(head) - 2 - displayWidth(r.down));
    return `${head}  ${r.down}${cutAtWord(r.description, room)}`.trimEnd();
  });
}

/** `text` in at most `width` columns: whole words, then "…" when some were left out. */
export function cutAtWord(text: string, width: number): string {
  if (displayWidth(text) <= width) return text;
  let kept = "";
  for (const ch of text) {
    if (displayWidth(kept + ch) > width - 1) break;
    kept += ch;
  }
  // Back to the last space when there is one in the kept part (CJK text has none: it is cut by character).
  const space = kept.lastIndexOf(" ");
  const cut = space > width / 3 ? kept.slice(0, space) : kept;
  return `${cut.replace(/[\s,.;:–—-]+$/u, "")}…`;
}
