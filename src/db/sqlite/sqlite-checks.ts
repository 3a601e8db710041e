import type { Database as Sqlite } from "better-sqlite3";
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

const ROW = `checked_at AS checkedAt, kind, status, latency_ms AS latencyMs,
  protocol_version AS protocolVersion, tool_count AS toolCount, error`;
const COUNTS = `COUNT(*) AS checks30d,
  COALESCE(SUM(CASE WHEN status IN ('up', 'needs-auth') THEN 1 ELSE 0 END), 0) AS ok30d,
  COALESCE(SUM(CASE WHEN checked_at >= @since7d THEN 1 ELSE 0 END), 0) AS checks7d,
  COALESCE(SUM(CASE WHEN checked_at >= @since7d AND status IN ('up', 'needs-auth') THEN 1 ELSE 0 END), 0) AS ok7d`;
/** Names per IN (…) list, well under SQLite's variable limit. */
const CHUNK = 500;

/**
 * The live checks on SQLite (SqliteRepository delegates here). Writes run on the writer connection under
 * the repository's mutex; a claim is one UPDATE, which SQLite runs under its write lock, so two processes
 * (or two passes in one) can never claim the same row while its lease lasts.
 */
export class SqliteChecks {
  private readonly stmts;

  constructor(
    private readonly writer: Sqlite,
    private readonly reader: Sqlite,
  ) {
    const latest = (db: Sqlite) =>
      db.prepare(
        `SELECT ${ROW} FROM connector_checks WHERE connector_id = ? ORDER BY checked_at DESC, id DESC LIMIT 1`,
      );
    const counts = (db: Sqlite) =>
      db.prepare(
        `SELECT ${COUNTS} FROM connector_checks
         WHERE connector_id = @id AND checked_at >= @since30d AND checked_at <= @now`,
      );
    this.stmts = {
      claim: writer.prepare(
        `UPDATE connectors SET check_lease = @leaseUntil
         WHERE id IN (
           SELECT id FROM connectors
           WHERE check_targets IS NOT NULL
             AND (check_lease IS NULL OR check_lease < @now)
             AND (checked_at IS NULL OR checked_at < @dueBefore)
           ORDER BY checked_at IS NOT NULL, checked_at, id
           LIMIT @limit)
         RETURNING name, version, check_targets AS targets`,
      ),
      connectorId: writer.prepare(`SELECT id FROM connectors WHERE name = ?`),
      readerId: reader.prepare(`SELECT id FROM connectors WHERE name = ?`),
      insert: writer.prepare(
        `INSERT INTO connector_checks
           (connector_id, version, checked_at, kind, status, latency_ms, protocol_version, tool_count, error)
         VALUES (@connectorId, @version, @checkedAt, @kind, @status, @latencyMs, @protocolVersion, @toolCount, @error)`,
      ),
      prune: writer.prepare(`DELETE FROM connector_checks WHERE connector_id = ? AND checked_at < ?`),
      summarize: writer.prepare(
        `UPDATE connectors SET check_summary = @summary, check_lease = NULL,
           checked_at = CASE WHEN @remote THEN @checkedAt ELSE checked_at END
         WHERE id = @id`,
      ),
      latestWriter: latest(writer),
      countsWriter: counts(writer),
      latestReader: latest(reader),
      countsReader: counts(reader),
    };
  }

  claim(input: ClaimRequest): CheckClaim[] {
    const rows = this.stmts.claim.all(input) as Array<{
      name: string;
      version: string | null;
      targets: string;
    }>;
    return rows.map((r) => ({ name: r.name, version: r.version, targets: parseTargets(r.targets) }));
  }

  record(name: string, version: string | null, result: CheckResult): StabilityEvidence | undefined {
    // IMMEDIATE: the transaction reads before it writes; a deferred one could not upgrade its lock once
    // another process (a concurrent pass) has written meanwhile, and would fail with SQLITE_BUSY at once.
    const record = this.writer.transaction(() => {
      const found = this.stmts.connectorId.get(name) as { id: number } | undefined;
      if (!found) return undefined;
      this.stmts.insert.run({ connectorId: found.id, version, ...checkColumns(result) });
      const { since30d } = windowStarts(result.checkedAt);
      this.stmts.prune.run(found.id, since30d);
      const evidence = this.evidence(found.id, result.checkedAt, "writer")!;
      this.stmts.summarize.run({
        id: found.id,
        summary: JSON.stringify(evidence),
        remote: result.kind === "remote" ? 1 : 0,
        checkedAt: result.checkedAt,
      });
      return evidence;
    });
    return record.immediate();
  }

  evidenceOf(name: string, now: string): StabilityEvidence | undefined {
    const found = this.stmts.readerId.get(name) as { id: number } | undefined;
    return found ? this.evidence(found.id, now, "reader") : undefined;
  }

  evidenceMany(names: readonly string[], now: string): Map<string, StabilityEvidence> {
    const out = new Map<string, StabilityEvidence>();
    const { since7d, since30d } = windowStarts(now);
    for (let i = 0; i < names.length; i += CHUNK) {
      const chunk = names.slice(i, i + CHUNK);
      const list = chunk.map(() => "?").join(",");
      const latest = this.reader
        .prepare(
          `SELECT c.name AS name, k.checked_at AS checkedAt, k.kind AS kind, k.status AS status,
             k.latency_ms AS latencyMs, k.protocol_version AS protocolVersion, k.tool_count AS toolCount,
             k.error AS error
           FROM connector_checks k JOIN connectors c ON c.id = k.connector_id
           WHERE k.id IN (
             SELECT MAX(k2.id) FROM connector_checks k2 JOIN connectors c2 ON c2.id = k2.connector_id
             WHERE c2.name IN (${list}) GROUP BY k2.connector_id)`,
        )
        .all(...chunk) as Array<CheckRow & { name: string }>;
      const counts = this.reader
        .prepare(
          `SELECT c.name AS name, COUNT(*) AS checks30d,
             COALESCE(SUM(CASE WHEN k.status IN ('up', 'needs-auth') THEN 1 ELSE 0 END), 0) AS ok30d,
             COALESCE(SUM(CASE WHEN k.checked_at >= ? THEN 1 ELSE 0 END), 0) AS checks7d,
             COALESCE(SUM(CASE WHEN k.checked_at >= ? AND k.status IN ('up', 'needs-auth') THEN 1 ELSE 0 END), 0) AS ok7d
           FROM connector_checks k JOIN connectors c ON c.id = k.connector_id
           WHERE c.name IN (${list}) AND k.checked_at >= ? AND k.checked_at <= ?
           GROUP BY c.name`,
        )
        .all(since7d, since7d, ...chunk, since30d, now) as Array<WindowCounts & { name: string }>;
      const byName = new Map(counts.map((c) => [c.name, c]));
      for (const row of latest) {
        const zero = { checks7d: 0, ok7d: 0, checks30d: 0, ok30d: 0 };
        out.set(row.name, evidenceFrom(row, byName.get(row.name) ?? zero));
      }
    }
    return out;
  }

  private evidence(id: number, now: string, side: "writer" | "reader"): StabilityEvidence | undefined {
    const latest = (side === "writer" ? this.stmts.latestWriter : this.stmts.latestReader).get(id) as
      CheckRow | undefined;
    if (!latest) return undefined;
    const counts = (side === "writer" ? this.stmts.countsWriter : this.stmts.countsReader).get({
      id,
      now,
      ...windowStarts(now),
    }) as WindowCounts;
    return evidenceFrom(latest, counts);
  }
}
