import type { Sql } from "postgres";

// What the operator should know about a PostgreSQL server's memory at start-up (issue 29). A search asked
// for the first time reads its candidates' pages: from PostgreSQL's own cache (shared_buffers) when they
// are there, else from the operating system, page by page. At 100,000 connectors the database is about
// 1.2 GB; with the server's default 128 MB many of a first-asked two-word /v0.1 page's pages were not
// there, and its database time was p50 5.4–6.4 / p95 8.8–14.9 ms against 3.9–4.2 / 6.2–7.2 once the
// database fit (docs/architecture.md, issue 29). No query plan changes that: only memory does.

/** The server's shared_buffers and the registry database's size, in bytes. */
export interface BufferSizing {
  sharedBuffers: number;
  database: number;
}

/** Reads the sizing in one statement (pg_database_size needs only CONNECT on the database). */
export async function bufferSizing(sql: Sql): Promise<BufferSizing> {
  const [row] = await sql<Array<{ shared: string; database: string }>>`
    SELECT pg_size_bytes(current_setting('shared_buffers'))::text AS shared,
      pg_database_size(current_database())::text AS database`;
  return { sharedBuffers: Number(row!.shared), database: Number(row!.database) };
}

/**
 * The line to log when shared_buffers holds less than half the database, undefined otherwise. Half is a
 * judgment, not a measure: searches never read some tables (the transparency log's, the checks), and the
 * cases measured were 10% (the advice applies) and all of it (it does not).
 */
export function bufferAdvice({ sharedBuffers, database }: BufferSizing): string | undefined {
  if (!(sharedBuffers > 0 && database > 0) || sharedBuffers * 2 >= database) return undefined;
  const percent = Math.max(1, Math.floor((sharedBuffers / database) * 100));
  return (
    `PostgreSQL's shared_buffers (${size(sharedBuffers)}) holds ${percent}% of the registry database ` +
    `(${size(database)}): searches asked for the first time read most of their pages from the operating ` +
    `system, which can double their p95. Set shared_buffers to the database's size, or to a quarter of the ` +
    `server's memory if that is less, and restart PostgreSQL (docs/deploy.md, "PostgreSQL").`
  );
}

/** Bytes as the PostgreSQL documentation writes them: MB below a GB, else GB with one decimal. */
function size(bytes: number): string {
  const mb = bytes / 1024 ** 2;
  return mb < 1024 ? `${Math.round(mb)} MB` : `${(mb / 1024).toFixed(1)} GB`;
}
