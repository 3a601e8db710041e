import type { Sql, TransactionSql } from "postgres";
import type { CheckResult, StabilityEvidence } from "../../core/quality/evidence.js";
import type { CheckClaim, ClaimRequest } from "../check-rows.js";
import {
  checkColumns,
  evidenceFrom,
  parseTargets,
  windowStarts,
  type CheckRow,
  type WindowCounts,
} from "../stability.js";

// The live checks on PostgreSQL (PgRepository delegates here). A claim is one UPDATE over a sub-select
// FOR UPDATE SKIP LOCKED: passes running at once (in any number of processes) skip each other's rows, and
// a row another pass just leased no longer matches once its lock is released (READ COMMITTED re-checks).

type Db = Sql | TransactionSql;

/** Claims due rows; see RegistryRepository.claimChecks. */
export async function claimChecksPg(sql: Sql, input: ClaimRequest): Promise<CheckClaim[]> {
  const rows = await sql<Array<{ name: string; version: string | null; targets: string }>>`
    UPDATE connectors c SET check_lease = ${input.leaseUntil}
    FROM (
      SELECT id FROM connectors
      WHERE check_targets IS NOT NULL
        AND (check_lease IS NULL OR check_lease < ${input.now})
        AND (checked_at IS NULL OR checked_at < ${input.dueBefore})
      ORDER BY checked_at NULLS FIRST, id
      LIMIT ${input.limit}
      FOR UPDATE SKIP LOCKED
    ) due
    WHERE c.id = due.id
    RETURNING c.name, c.version, c.check_targets AS targets`;
  return rows.map((r) => ({ name: r.name, version: r.version, targets: parseTargets(r.targets) }));
}

/** Stores a check and refreshes the summary, in one transaction; see RegistryRepository.recordCheck. */
export async function recordCheckPg(
  sql: Sql,
  name: string,
  version: string | null,
  result: CheckResult,
): Promise<StabilityEvidence | undefined> {
  return (await sql.begin(async (tx) => {
    const [found] = await tx<Array<{ id: number }>>`SELECT id FROM connectors WHERE name = ${name}`;
    if (!found) return undefined;
    const c = checkColumns(result);
    await tx`
      INSERT INTO connector_checks
        (connector_id, version, checked_at, kind, status, latency_ms, protocol_version, tool_count, error)
      VALUES (${found.id}, ${version}, ${c.checkedAt}, ${c.kind}, ${c.status}, ${c.latencyMs},
        ${c.protocolVersion}, ${c.toolCount}, ${c.error})`;
    await tx`DELETE FROM connector_checks
      WHERE connector_id = ${found.id} AND checked_at < ${windowStarts(result.checkedAt).since30d}`;
    const evidence = (await evidencePg(tx, found.id, result.checkedAt))!;
    await tx`
      UPDATE connectors SET check_summary = ${JSON.stringify(evidence)}, check_lease = NULL,
        checked_at = CASE WHEN ${result.kind === "remote"} THEN ${result.checkedAt} ELSE checked_at END
      WHERE id = ${found.id}`;
    return evidence;
  })) as StabilityEvidence | undefined;
}

/** One connector's evidence as of `now`; see RegistryRepository.stabilityEvidence. */
export async function stabilityEvidencePg(sql: Sql, name: string, now: string) {
  const [found] = await sql<Array<{ id: number }>>`SELECT id FROM connectors WHERE name = ${name}`;
  return found ? evidencePg(sql, found.id, now) : undefined;
}

async function evidencePg(sql: Db, id: number, now: string): Promise<StabilityEvidence | undefined> {
  const [latest] = await sql<CheckRow[]>`
    SELECT checked_at AS "checkedAt", kind, status, latency_ms AS "latencyMs",
      protocol_version AS "protocolVersion", tool_count AS "toolCount", error
    FROM connector_checks WHERE connector_id = ${id} ORDER BY checked_at DESC, id DESC LIMIT 1`;
  if (!latest) return undefined;
  const { since7d, since30d } = windowStarts(now);
  const [counts] = await sql<WindowCounts[]>`
    SELECT count(*)::int AS "checks30d",
      count(*) FILTER (WHERE status IN ('up', 'needs-auth'))::int AS "ok30d",
      count(*) FILTER (WHERE checked_at >= ${since7d})::int AS "checks7d",
      count(*) FILTER (WHERE checked_at >= ${since7d} AND status IN ('up', 'needs-auth'))::int AS "ok7d"
    FROM connector_checks WHERE connector_id = ${id} AND checked_at >= ${since30d} AND checked_at <= ${now}`;
  return evidenceFrom(latest, counts!);
}

/** Many connectors' evidence in two queries; see RegistryRepository.stabilityEvidenceMany. */
export async function stabilityEvidenceManyPg(
  sql: Sql,
  names: readonly string[],
  now: string,
): Promise<Map<string, StabilityEvidence>> {
  const out = new Map<string, StabilityEvidence>();
  if (names.length === 0) return out;
  const list = [...names];
  const { since7d, since30d } = windowStarts(now);
  const latest = await sql<Array<CheckRow & { name: string }>>`
    SELECT DISTINCT ON (k.connector_id) c.name, k.checked_at AS "checkedAt", k.kind, k.status,
      k.latency_ms AS "latencyMs", k.protocol_version AS "protocolVersion", k.tool_count AS "toolCount", k.error
    FROM connector_checks k JOIN connectors c ON c.id = k.connector_id
    WHERE c.name = ANY(${list}::text[])
    ORDER BY k.connector_id, k.checked_at DESC, k.id DESC`;
  const counts = await sql<Array<WindowCounts & { name: string }>>`
    SELECT c.name, count(*)::int AS "checks30d",
      count(*) FILTER (WHERE k.status IN ('up', 'needs-auth'))::int AS "ok30d",
      count(*) FILTER (WHERE k.checked_at >= ${since7d})::int AS "checks7d",
      count(*) FILTER (WHERE k.checked_at >= ${since7d} AND k.status IN ('up', 'needs-auth'))::int AS "ok7d"
    FROM connector_checks k JOIN connectors c ON c.id = k.connector_id
    WHERE c.name = ANY(${list}::text[]) AND k.checked_at >= ${since30d} AND k.checked_at <= ${now}
    GROUP BY c.name`;
  const byName = new Map(counts.map((c) => [c.name, c]));
  for (const row of latest) {
    out.set(
      row.name,
      evidenceFrom(row, byName.get(row.name) ?? { checks7d: 0, ok7d: 0, checks30d: 0, ok30d: 0 }),
    );
  }
  return out;
}
