import type { TrustedPublisherDocument } from "../../src/core/api/trusted-publisher-documents.js";

/** One trusted publisher on one line, as `trusted-publisher list|add|remove` print it. */
export function trustedPublisherLine(t: TrustedPublisherDocument): string {
  const env = t.environment ? ` (environment ${t.environment})` : "";
  const pending = t.pending ? " [pending: the first publish creates the connector]" : "";
  return `${t.id}  ${t.repository}  ${t.workflow}${env}  ${t.issuer}${pending}`;
}
