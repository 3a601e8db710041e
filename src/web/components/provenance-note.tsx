import { useLocale, useT } from "../lib/i18n.js";
import type { ImportProvenance } from "../../core/api/documents.js";
import { sourceName } from "../../core/api/provenance.js";
import { formatDate } from "../lib/format.js";

/**
 * "Imported from the official MCP Registry": where an imported version came from, as the importer
 * recorded it (never what a package says of itself). Nothing for a version its publisher uploaded.
 */
export function ProvenanceNote({
  provenance: p,
  name,
}: {
  provenance: ImportProvenance | undefined;
  /** The local connector name: shown when it is not the upstream name's last part (a name collision). */
  name?: string;
}) {
  const t = useT();
  if (!p) return null;
  const tail = p.upstreamName.slice(p.upstreamName.lastIndexOf("/") + 1);
  return (
    <p class="muted provenance" role="note">
      {t("provenance.imported", { source: sourceName(p.format, useLocale().lang) })}{" "}
      <code>{p.upstreamName}</code>
      {p.upstreamVersion !== undefined ? ` ${p.upstreamVersion}` : ""}
      {name !== undefined && name !== tail ? (
        <>
          {t("provenance.served-as")}
          <code>{name}</code>
          {t("provenance.served-as-end")}
        </>
      ) : null}
      {t("provenance.fetched")} <time datetime={p.fetchedAt}>{formatDate(p.fetchedAt)}</time>
      {p.origin !== undefined ? (
        <>
          {" "}
          {t("provenance.from")} <span class="break">{p.origin}</span>
        </>
      ) : null}
      {t("sentence.end")}
    </p>
  );
}
