import type { ConnectorDocument } from "../../core/api/documents.js";
import { downgradeIn } from "../../core/signing/trust-downgrade.js";
import { useT } from "../lib/i18n.js";

/**
 * A trust downgrade (issue 23): this version has no build provenance though an earlier one was built by
 * the publisher's CI, the shape a compromised release took. `connectory update` refuses it without
 * `--allow-provenance-downgrade`; the page says so. Nothing when there is no downgrade.
 */
export function TrustDowngradeNote({
  connector,
  version,
}: {
  connector: ConnectorDocument;
  version: string;
}) {
  const t = useT();
  const from = downgradeIn(Object.values(connector.versions), version);
  if (from === undefined) return null;
  return (
    <p class="alert alert-warn trust-downgrade" role="note">
      {t("connector.trust-downgrade", { version, from })}
    </p>
  );
}
