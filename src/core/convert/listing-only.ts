import { buildPackage } from "./build-package.js";
import { note, type ConvertNote } from "./notes.js";
import type { Conversion, Draft, Refusal } from "./types.js";

// An entry Connectory cannot run, listed anyway (docs/package-format.md, "Listing-only connectors"): its
// page and the official read API show it; `connectory install` refuses it with the reason kept here.

const MAX_REASON = 500;

/** Why an entry cannot be installed, in one line a user can act on, from the refusal it would have had. */
export function listingReason(refusal: Refusal): string {
  // What failed validate --strict: the errors, else the warnings strict mode refuses.
  const problems = refusal.problems ?? [];
  const errors = problems.some((p) => p.severity === "error")
    ? problems.filter((p) => p.severity === "error")
    : problems.filter((p) => p.code !== "template.secret-in-url");
  const unsupported = refusal.notes.filter((n) => n.code === "convert.alternative.unsupported");
  const why =
    errors.length > 0
      ? `Connectory will not run its launch (${errors.map((p) => `${p.code}: ${p.message}`).join("; ")})`
      : unsupported.length > 0
        ? `Connectory cannot run any of its packages and remotes (${unsupported.map((n) => `${n.path.slice(1)}: ${n.message}`).join("; ")})`
        : "its server.json lists no package and no remote: there is nothing Connectory can run";
  // eslint-disable-next-line no-control-regex
  const line = why.replace(/[\u0000-\u001f\u007f\s]+/g, " ").trim();
  return line.length <= MAX_REASON ? line : `${line.slice(0, MAX_REASON - 1)}…`;
}

/**
 * The draft without servers or credentials, marked `listingOnly`: refused again (with the first refusal)
 * only when the listing itself breaks a rule (its description, say).
 */
export function listingOnly(draft: Draft, refusal: Refusal, notes: ConvertNote[]): Conversion {
  const reason = listingReason(refusal);
  const kept = notes.filter((n) => n.code !== "convert.credential.dropped");
  kept.push(note("convert.listing-only", "", `listed, not installable: ${reason}`));
  const { chosen: _chosen, launches: _launches, ...provenance } = draft.provenance;
  const listed = buildPackage(
    { ...draft, servers: {}, credentials: {}, required: [], listingOnly: { reason }, provenance },
    kept,
  );
  return listed.ok ? listed : refusal;
}
