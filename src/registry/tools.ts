import { ConnectoryError } from "../core/errors.js";
import type { RegistryDeps } from "./context.js";
import type { ToolsReportedDocument, VersionContent } from "../core/api/documents.js";
import { versionDocument } from "./documents.js";
import { checkOwner, findVersion, notFound } from "./manage.js";
import { checkName, checkVersion } from "./names.js";
import { qualityFields } from "./quality.js";
import type { Publisher } from "./tokens.js";
import { checkToolsReport, type ToolsReport } from "../core/tools/report.js";

/**
 * Stores the tools the owner reports for one version (`connectory publish --with-tools` sends them right
 * after the tarball) and rewrites that version's document, which then carries
 * `tools: { reportedBy: "publisher", reportedAt, items }`. A new report replaces the previous one: the
 * tarball stays immutable, but a remote server's tools can change under the same version.
 */
export async function reportTools(
  deps: RegistryDeps,
  input: { name: string; version: string; publisher: Publisher; body: unknown },
): Promise<ToolsReportedDocument> {
  const owner = input.publisher;
  const name = checkName(input.name);
  const version = checkVersion(input.version);
  return deps.repo.transaction(async (tx) => {
    const state = await tx.loadConnector(name);
    if (!state) throw notFound(name);
    checkOwner(state, owner);
    const record = findVersion(state, version);
    const content = JSON.parse(record.content) as VersionContent;
    const servers = Object.keys(content.mcp.mcpServers);
    const { problems, items } = checkToolsReport(input.body, servers);
    if (problems.length > 0) {
      throw new ConnectoryError(
        "tools.invalid",
        `the tools report has ${problems.length} problem(s); nothing was stored`,
        {
          status: 422,
          problems,
          hint: 'send the tools as MCP tools/list returns them: {"tools": [{"name", "inputSchema", …}]}',
        },
      );
    }
    const report: ToolsReport = { reportedBy: "publisher", reportedAt: deps.now().toISOString(), items };
    const next = { ...record, tools: JSON.stringify(report) };
    await tx.updateVersion(state.id, version, {
      yanked: next.yanked,
      deprecated: next.deprecated,
      tools: next.tools,
      document: versionDocument(state.name, state.publisher, next, deps.publicUrl),
    });
    // Reported tools are a quality item (package.tools): the connector document is rescored.
    const after = { ...state, versions: state.versions.map((v) => (v.version === version ? next : v)) };
    await tx.updateConnector(state.id, await qualityFields(tx, deps, after));
    return {
      name,
      version,
      tools: { reportedBy: report.reportedBy, reportedAt: report.reportedAt, count: items.length },
    };
  });
}
