import type { ReportDocument } from "../../src/core/api/documents.js";
import { Layout } from "../components/layout.js";
import { connectorUrl } from "../lib/urls.js";

/** What the report form answers: the report was filed, and what happens next. */
export function ReportSentPage({ report }: { report: ReportDocument }) {
  return (
    <Layout title="Report sent">
      <h1>Report sent</h1>
      <p>
        Report {report.id} ({report.kind}) of{" "}
        <a href={connectorUrl(report.name, report.version)}>
          {report.name}@{report.version}
        </a>{" "}
        is open. An operator of this registry reviews it; until then it counts against the connector's quality
        score, and a confirmed malicious report yanks the version.
      </p>
    </Layout>
  );
}
