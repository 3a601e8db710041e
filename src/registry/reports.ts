import type { ReportDocument } from "../core/api/documents.js";
import { ConnectoryError } from "../core/errors.js";
import { checkReportBody } from "../core/quality/report-body.js";
import type { ReportRow } from "../db/connector-rows.js";
import type { RegistryDeps } from "./context.js";
import { findVersion, notFound, persist } from "./manage.js";
import { checkName, checkVersion } from "./names.js";
import { qualityFields } from "./quality.js";

// Reports of connector versions: anyone files one (the route is rate-limited, src/request/report-rate-limit.ts),
// an operator resolves it (`connectory-registry reports`). An open report lowers the quality score
// (community.reports); a confirmed malicious one yanks the version for good and marks it in the documents.

/** How an operator resolves a report. */
export type Resolution = "malicious" | "dismissed";

/** Files a report of `name@version` (POST /v1/connectors/:name/:version/reports); rescoring in the same transaction. */
export async function fileReport(
  deps: RegistryDeps,
  input: { name: string; version: string; body: unknown },
): Promise<ReportDocument> {
  const name = checkName(input.name);
  const version = checkVersion(input.version);
  const body = checkReportBody(input.body);
  const createdAt = deps.now().toISOString();
  return deps.repo.transaction(async (tx) => {
    const state = await tx.loadConnector(name);
    if (!state) throw notFound(name);
    findVersion(state, version);
    const id = await tx.insertReport({ connectorId: state.id, version, ...body, createdAt });
    await tx.updateConnector(state.id, await qualityFields(tx, deps, state));
    return { id, name, version, kind: body.kind, status: "open", createdAt };
  });
}

/** Reports for operators, newest first (`connectory-registry reports list`). */
export function listReports(
  deps: RegistryDeps,
  query: { status?: string; limit?: number; before?: number } = {},
): Promise<ReportRow[]> {
  return deps.repo.listReports({ ...query, limit: query.limit ?? 100 });
}

/**
 * Resolves an open report. `malicious` confirms it: the version is yanked, marked `malicious` (the time)
 * in the connector and version documents, its tags removed, and its owner can no longer unyank it;
 * `dismissed` closes the report. Either way the quality score is recomputed.
 */
export async function resolveReport(
  deps: RegistryDeps,
  input: { id: number; resolution: Resolution },
): Promise<ReportRow> {
  const at = deps.now().toISOString();
  return deps.repo.transaction(async (tx) => {
    const report = await tx.loadReport(input.id);
    if (!report) {
      throw new ConnectoryError("report.not-found", `there is no report ${input.id}`, {
        status: 404,
        hint: "list them with `connectory-registry reports list`",
      });
    }
    if (report.status !== "open") {
      throw new ConnectoryError("report.resolved", `report ${input.id} is already ${report.status}`, {
        status: 409,
      });
    }
    await tx.resolveReport(report.id, input.resolution, at);
    const state = await tx.loadConnector(report.name);
    if (!state) throw notFound(report.name);
    if (input.resolution === "malicious") {
      const target = findVersion(state, report.version);
      const marked = { ...target, yanked: true, malicious: target.malicious ?? at };
      const next = {
        ...state,
        updatedAt: at,
        versions: state.versions.map((v) => (v.version === target.version ? marked : v)),
        tags: Object.fromEntries(Object.entries(state.tags).filter(([, v]) => v !== target.version)),
      };
      await persist(tx, deps, state, next);
    } else {
      await tx.updateConnector(state.id, await qualityFields(tx, deps, state));
    }
    return { ...report, status: input.resolution, resolvedAt: at };
  });
}
