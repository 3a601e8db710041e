import type { Sql } from "postgres";
import type { LeaseRequest, LeaseResult, RateCap, RateCount } from "../coordination-rows.js";

/**
 * Rate-limit events and job leases on PostgreSQL, shared by every registry process on the database. A
 * limited add counts and inserts in one transaction under an advisory lock on the key, so concurrent
 * processes never let more than `max` through; a lease is one conditional upsert.
 */

export async function rateCountPg(client: Sql, key: string, since: number): Promise<RateCount> {
  const [row] = await client<{ count: string; oldest: string | null }[]>`
    SELECT COUNT(*) AS count, MIN(at) AS oldest FROM rate_events WHERE key = ${key} AND at > ${since}`;
  return { count: Number(row!.count), oldest: row!.oldest === null ? undefined : Number(row!.oldest) };
}

export async function rateAddPg(client: Sql, key: string, at: number, limit?: RateCap): Promise<boolean> {
  if (!limit) {
    await client`INSERT INTO rate_events (key, at) VALUES (${key}, ${at})`;
    return true;
  }
  return client.begin(async (tx) => {
    await tx`SELECT pg_advisory_xact_lock(hashtext(${`rate:${key}`}))`;
    const [row] = await tx<{ count: string }[]>`
      SELECT COUNT(*) AS count FROM rate_events WHERE key = ${key} AND at > ${limit.since}`;
    if (Number(row!.count) >= limit.max) return false;
    await tx`INSERT INTO rate_events (key, at) VALUES (${key}, ${at})`;
    return true;
  }) as Promise<boolean>;
}

export async function ratePrunePg(client: Sql, before: number): Promise<void> {
  await client`DELETE FROM rate_events WHERE at <= ${before}`;
}

export async function acquireLeasePg(
  client: Sql,
  ...[name, holder, now, until, replacing]: LeaseRequest
): Promise<LeaseResult> {
  const rows = await client`
    INSERT INTO leases (name, holder, expires_at) VALUES (${name}, ${holder}, ${until})
    ON CONFLICT (name) DO UPDATE SET holder = EXCLUDED.holder, expires_at = EXCLUDED.expires_at
    WHERE leases.holder = EXCLUDED.holder OR leases.expires_at <= ${now}
      OR leases.holder = ${replacing ?? null}
    RETURNING holder`;
  if (rows.length > 0) return { held: true };
  const [row] = await client<{ holder: string }[]>`SELECT holder FROM leases WHERE name = ${name}`;
  return { held: false, holder: row?.holder ?? "" };
}

export async function releaseLeasePg(client: Sql, name: string, holder: string): Promise<void> {
  await client`DELETE FROM leases WHERE name = ${name} AND holder = ${holder}`;
}

export async function ensureMetaPg(client: Sql, key: string, value: string): Promise<string> {
  await client`INSERT INTO meta (key, value) VALUES (${key}, ${value}) ON CONFLICT (key) DO NOTHING`;
  const [row] = await client<{ value: string }[]>`SELECT value FROM meta WHERE key = ${key}`;
  return row!.value;
}
