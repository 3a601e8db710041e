import type { BuildProvenance } from "../../core/oidc/provenance.js";
import { provenanceSentence } from "../../core/oidc/provenance.js";

/**
 * "Built from owner/repo@sha by release.yml": where a trusted publish was built, from the CI token the
 * registry verified (and signed with the version). Nothing for any other publish.
 */
export function BuildProvenanceNote({ provenance: p }: { provenance: BuildProvenance | undefined }) {
  if (!p) return null;
  return (
    <p class="muted provenance" role="note">
      {provenanceSentence(p)}
      {p.ref ? ` (${p.ref})` : ""}
      {p.runUrl.startsWith("https://") ? (
        <>
          {" "}
          ·{" "}
          <a href={p.runUrl} rel="nofollow noopener">
            run {p.runId}
          </a>
        </>
      ) : null}{" "}
      · verified from the CI's ID token (trusted publishing).
    </p>
  );
}
