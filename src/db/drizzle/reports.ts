import { and, desc, eq, lt } from "drizzle-orm";
import type { ReportRow } from "../connector-rows.js";
import type { On, Tables } from "./dialect.js";

/** A report as ReportRow: its columns and its connector's name (the join the queries add). */
export function reportColumns({ reports, connectors }: Tables) {
  return {
    id: reports.id,
    name: connectors.name,
    version: reports.version,
    kind: reports.kind,
    message: reports.message,
    status: reports.status,
    createdAt: reports.createdAt,
    resolvedAt: reports.resolvedAt,
  };
}

/** Reports, newest first, optionally of one status and before an id (the admin's `reports` pages). */
export async function listReports(
  on: On,
  query: { status?: string; limit: number; before?: number },
): Promise<ReportRow[]> {
  const { reports, connectors } = on.dialect.tables;
  const where = and(
    query.status !== undefined ? eq(reports.status, query.status) : undefined,
    // Ids are int4 on PostgreSQL: a larger cursor means "all", and would not fit the parameter.
    query.before !== undefined ? lt(reports.id, Math.min(query.before, 2_147_483_647)) : undefined,
  );
  return on.db
    .select(reportColumns(on.dialect.tables))
    .from(reports)
    .innerJoin(connectors, eq(connectors.id, reports.connectorId))
    .where(where)
    .orderBy(desc(reports.id))
    .limit(query.limit);
}
