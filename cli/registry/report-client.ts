import type { ReportDocument } from "../../src/core/api/documents.js";
import type { ReportBody } from "../../src/core/quality/report-body.js";
import { problemError } from "./problem-error.js";
import { invalid } from "./registry-documents.js";
import { fetchRegistry } from "./registry-fetch.js";

const TIMEOUT_MS = 30_000;
const MAX_ANSWER = 64 * 1024;

/** POST /v1/connectors/:name/:version/reports: anyone's report, no token. */
export async function postReport(
  fetchFn: typeof fetch,
  baseUrl: string,
  target: { name: string; version: string },
  body: ReportBody,
): Promise<ReportDocument> {
  const url = `${baseUrl}/v1/connectors/${encodeURIComponent(target.name)}/${encodeURIComponent(target.version)}/reports`;
  const res = await fetchRegistry(fetchFn, baseUrl, url, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const text = (await res.text().catch(() => "")).slice(0, MAX_ANSWER);
  if (!res.ok) {
    throw problemError(res.status, text, {
      code: `registry.http.${res.status}`,
      message: `${baseUrl} answered ${res.status} ${res.statusText}`,
      hint: `the registry at ${baseUrl} refused the report (${res.status})`,
    });
  }
  try {
    const doc = JSON.parse(text) as Partial<ReportDocument>;
    if (typeof doc.id !== "number") throw new Error("no id");
    return {
      ...doc,
      name: target.name,
      version: target.version,
      kind: body.kind,
      status: "open",
    } as ReportDocument;
  } catch {
    throw invalid(url, "the answer to a report is not a report document");
  }
}
