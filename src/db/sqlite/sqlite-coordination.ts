import type { Database as Sqlite } from "better-sqlite3";
import type { LeaseRequest, LeaseResult, RateCap, RateCount } from "../coordination-rows.js";

/**
 * Rate-limit events and job leases on SQLite (SqliteRepository delegates here, under its write mutex).
 * Each write is one statement or one IMMEDIATE transaction, which SQLite runs under its file's write
 * lock: processes sharing the file see one count and one lease holder.
 */
export class SqliteCoordination {
  private readonly stmts;

  constructor(
    private readonly writer: Sqlite,
    reader: Sqlite,
  ) {
    this.stmts = {
      count: reader.prepare(
        `SELECT COUNT(*) AS count, MIN(at) AS oldest FROM rate_events WHERE key = ? AND at > ?`,
      ),
      countWriter: writer.prepare(
        `SELECT COUNT(*) AS count, MIN(at) AS oldest FROM rate_events WHERE key = ? AND at > ?`,
      ),
      insert: writer.prepare(`INSERT INTO rate_events (key, at) VALUES (?, ?)`),
      prune: writer.prepare(`DELETE FROM rate_events WHERE at <= ?`),
      acquire: writer.prepare(
        `INSERT INTO leases (name, holder, expires_at) VALUES (@name, @holder, @until)
         ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at
         WHERE leases.holder = excluded.holder OR leases.expires_at <= @now OR leases.holder = @replacing
         RETURNING holder`,
      ),
      holder: writer.prepare(`SELECT holder FROM leases WHERE name = ?`),
      release: writer.prepare(`DELETE FROM leases WHERE name = ? AND holder = ?`),
      ensureMeta: writer.prepare(`INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING`),
      meta: writer.prepare(`SELECT value FROM meta WHERE key = ?`),
    };
  }

  ensureMeta(key: string, value: string): string {
    this.stmts.ensureMeta.run(key, value);
    return (this.stmts.meta.get(key) as { value: string }).value;
  }

  count(key: string, since: number): RateCount {
    return toCount(this.stmts.count.get(key, since));
  }

  add(key: string, at: number, limit?: RateCap): boolean {
    if (!limit) {
      this.stmts.insert.run(key, at);
      return true;
    }
    this.writer.exec("BEGIN IMMEDIATE");
    try {
      const { count } = toCount(this.stmts.countWriter.get(key, limit.since));
      const added = count < limit.max;
      if (added) this.stmts.insert.run(key, at);
      this.writer.exec("COMMIT");
      return added;
    } catch (error) {
      this.writer.exec("ROLLBACK");
      throw error;
    }
  }

  prune(before: number): void {
    this.stmts.prune.run(before);
  }

  acquire(...[name, holder, now, until, replacing]: LeaseRequest): LeaseResult {
    if (this.stmts.acquire.get({ name, holder, now, until, replacing: replacing ?? null }) !== undefined)
      return { held: true };
    const row = this.stmts.holder.get(name) as { holder: string } | undefined;
    return { held: false, holder: row?.holder ?? "" };
  }

  release(name: string, holder: string): void {
    this.stmts.release.run(name, holder);
  }
}

function toCount(row: unknown): RateCount {
  const r = row as { count: number; oldest: number | null };
  return { count: Number(r.count), oldest: r.oldest === null ? undefined : Number(r.oldest) };
}
