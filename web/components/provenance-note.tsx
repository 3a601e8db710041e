import type { ImportProvenance } from "../../src/core/api/documents.js";
import { SOURCE_NAMES } from "../../src/core/api/provenance.js";
import { formatDate } from "../lib/format.js";

/**
 * "Imported from the official MCP Registry": where an imported version came from, as the importer
 * recorded it (never what a package says of itself). Nothing for a version its publisher uploaded.
 */
export function ProvenanceNote({ provenance: p }: { provenance: ImportProvenance | undefined }) {
  if (!p) return null;
  return (
    <p class="muted provenance" role="note">
      Imported from {SOURCE_NAMES[p.format] ?? p.format}: <code>{p.upstreamName}</code>
      {p.upstreamVersion !== undefined ? ` ${p.upstreamVersion}` : ""}, fetched{" "}
      <time datetime={p.fetchedAt}>{formatDate(p.fetchedAt)}</time>
      {p.origin !== undefined ? (
        <>
          {" "}
          from <span class="break">{p.origin}</span>
        </>
      ) : null}
      .
    </p>
  );
}
