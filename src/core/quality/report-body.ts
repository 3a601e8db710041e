import { ConnectoryError } from "../errors.js";
import { isObject } from "../json-guards.js";

// What a report of a connector version says (POST /v1/connectors/:name/:version/reports, the web form,
// `connectory report`): one of four kinds and a reason in the reporter's words. Checked once, here.

/** The kinds of report (docs/quality.md, "Reports"). */
export const REPORT_KINDS = ["broken", "malicious", "spam", "impersonation"] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/** A report's message is one paragraph of text: at least this many characters, at most the other. */
export const REPORT_MESSAGE = { min: 10, max: 2000 } as const;

/** What a report says, checked. */
export interface ReportBody {
  kind: ReportKind;
  message: string;
}

/** True for one of REPORT_KINDS. */
export function isReportKind(value: unknown): value is ReportKind {
  return (REPORT_KINDS as readonly unknown[]).includes(value);
}

/**
 * Checks a report body `{"kind", "message"}`: 400 `report.kind.invalid` or `report.message.invalid`
 * otherwise. Control characters other than newline and tab are refused (terminals, PostgreSQL's U+0000).
 */
export function checkReportBody(body: unknown): ReportBody {
  const b = (isObject(body) ? body : {}) as Record<string, unknown>;
  if (!isReportKind(b.kind)) {
    throw new ConnectoryError("report.kind.invalid", `"kind" must be one of ${REPORT_KINDS.join(", ")}`, {
      hint: 'send {"kind": "broken", "message": "what is wrong, in a sentence or two"}',
    });
  }
  const message = typeof b.message === "string" ? b.message.trim() : undefined;
  if (
    message === undefined ||
    message.length < REPORT_MESSAGE.min ||
    message.length > REPORT_MESSAGE.max ||
    // eslint-disable-next-line no-control-regex
    /[\u0000-\u0008\u000b-\u001f\u007f\u2028\u2029]/.test(message)
  ) {
    throw new ConnectoryError(
      "report.message.invalid",
      `"message" must be text of ${REPORT_MESSAGE.min}-${REPORT_MESSAGE.max} characters without control characters`,
      { hint: "say what is wrong and how you found it" },
    );
  }
  return { kind: b.kind, message };
}
