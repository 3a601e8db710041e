import type { ReportDocument } from "../../core/api/documents.js";
import { Layout } from "../components/layout.js";
import { useT } from "../lib/i18n.js";
import { connectorUrl } from "../lib/urls.js";

/** What the report form answers: the report was filed, and what happens next. */
export function ReportSentPage({ report }: { report: ReportDocument }) {
  const t = useT();
  // The connector's link goes where {connector} is in the sentence of either language.
  const [before, after = ""] = t("report.sent-text", { id: report.id, kind: report.kind }).split(
    "{connector}",
  );
  return (
    <Layout title={t("report.sent")}>
      <h1>{t("report.sent")}</h1>
      <p>
        {before}
        <a href={connectorUrl(report.name, report.version)}>
          {report.name}@{report.version}
        </a>
        {after}
      </p>
    </Layout>
  );
}
