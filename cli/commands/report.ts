import { checkReportBody, REPORT_KINDS, REPORT_MESSAGE } from "../../src/core/quality/report-body.js";
import { resolveVersion } from "../../src/core/resolve-version.js";
import { defineCommand, marketplaceOption } from "../command.js";
import { parseSpec } from "../install/install-connector.js";
import { fetchConnector, openMarketplace } from "../registry/open-marketplace.js";
import { postReport } from "../registry/report-client.js";
import { localizedUsageError, say } from "../terminal/language.js";

const command = defineCommand({
  usage: "report <name>[@version] --reason <kind> --message <text> [--marketplace m]",
  description: `
Reports a connector version to the marketplace's operators: --reason is one of ${REPORT_KINDS.join(", ")};
--message says what is wrong (${REPORT_MESSAGE.min}-${REPORT_MESSAGE.max} characters). Without a version, the
one \`latest\` resolves to. No login is needed; a registry takes a few reports an hour from one address
(429 report.rate-limited beyond). An open report counts against the connector's quality score; an operator
resolves it, and a confirmed malicious report yanks the version (\`install\` then refuses it).
--json prints { marketplace, report: { id, name, version, kind, status, createdAt } }.`,
  options: {
    reason: { type: "string", value: "kind", description: `what is wrong: ${REPORT_KINDS.join(", ")}` },
    message: { type: "string", value: "text", description: "why, in a sentence or two" },
    ...marketplaceOption("the marketplace to report to (default: the default marketplace)"),
  },
  positionals: { min: 1, max: 1 },
  async run(args, ctx) {
    const { name, range } = parseSpec(args.positionals[0] as string);
    const { reason, message } = args.values;
    if (reason === undefined)
      throw localizedUsageError(
        { key: "usage.report-reason" },
        { key: "usage.report-kinds", params: { kinds: REPORT_KINDS.join(", ") } },
      );
    if (message === undefined)
      throw localizedUsageError({ key: "usage.report-message" }, { key: "usage.report-message-hint" });
    let body;
    try {
      body = checkReportBody({ kind: reason, message });
    } catch (error) {
      // The check's own words (English), what to do from the tables.
      throw localizedUsageError(
        { key: "usage.report-invalid", params: { why: (error as Error).message } },
        { key: "usage.report-kinds-flag", params: { kinds: REPORT_KINDS.join(", ") } },
      );
    }
    const m = args.values.marketplace;
    const { marketplace, client } = await openMarketplace(ctx, m);
    const doc = await fetchConnector(client, name, marketplace);
    const version = resolveVersion(doc, range === "" ? "latest" : range).version;
    const report = await postReport(ctx.fetch, client.baseUrl, { name, version }, body);
    return {
      data: { marketplace, report },
      text: say("report.done", { name, version, marketplace, kind: report.kind, id: report.id }),
    };
  },
});
export default command;
