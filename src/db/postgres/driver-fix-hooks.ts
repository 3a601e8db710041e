/**
 * A module-load hook (node:module register) that repairs two ways postgres.js 3.4.x kills the process
 * that loads it when a connection dies at the wrong moment (pg_terminate_backend, a failover, a proxy
 * cutting it, a statement timeout); none of the upstream fixes is released as of 3.4.9. The chaos test
 * (test/e2e/cluster-chaos.test.ts) hit both.
 * - The write scheduler (porsager/postgres #1066, #1154, #1208; fixes proposed in #1168, #1176, #1209):
 *   a write under 1 KiB is deferred with setImmediate; when the connection closes first, `closed()` sets
 *   the socket to null and the deferred `nextWrite` throws from the immediate, which no caller can catch;
 *   and teardown leaves the timer variable set, so the connection never flushes again after it
 *   reconnects. The patch settles such a write with CONNECTION_CLOSED (the pool's retry path,
 *   src/db/postgres/pg-repository.ts) and resets the scheduler on teardown.
 * - The array-type fetch (#279, #1192, #1205, #1223): a new connection's first statement is the driver's
 *   own `pg_type` query, run by an async function whose promise `ReadyForQuery` drops; when that query
 *   fails or its connection closes, the rejection is unhandled, and Node ends the process. The patch
 *   handles it: the failure already reaches the query waiting on the connection, which the pool retries.
 * Source text that does not match what is expected is left alone and reported, so a driver upgrade
 * never gets a half-applied patch.
 */

/** postgres.js's ESM connection module. */
export const CONNECTION_MODULE = /\/node_modules\/postgres\/src\/connection\.js$/;

const NEXT_WRITE = `  function nextWrite(fn) {
    const x = socket.write(chunk, fn)`;
const NEXT_WRITE_FIXED = `  function nextWrite(fn) {
    if (socket === null) {
      // connectory: the connection closed before this deferred write ran; settle, do not throw
      chunk = nextWriteTimer = null
      error(Errors.connection('CONNECTION_CLOSED', options, null))
      return false
    }
    const x = socket.write(chunk, fn)`;
const TYPE_FETCH = `        return fetchArrayTypes()\n`;
const TYPE_FETCH_FIXED = `        return fetchArrayTypes().catch(() => undefined) // connectory: the waiting query hears of it\n`;
const TEARDOWN = `    clearImmediate(nextWriteTimer)\n`;
const TEARDOWN_FIXED = `    clearImmediate(nextWriteTimer)\n    chunk = nextWriteTimer = null // connectory: a reconnected connection can flush again\n`;

/** The repaired source, or undefined when it is not the code this patch was written for. */
export function patchConnection(source: string): string | undefined {
  if (source.includes("connectory:")) return source;
  const teardowns = source.split(TEARDOWN).length - 1;
  if (!source.includes(NEXT_WRITE) || teardowns !== 2 || source.split(TYPE_FETCH).length !== 2)
    return undefined;
  return source
    .replace(NEXT_WRITE, NEXT_WRITE_FIXED)
    .replace(TYPE_FETCH, TYPE_FETCH_FIXED)
    .split(TEARDOWN)
    .join(TEARDOWN_FIXED);
}

interface LoadResult {
  format?: string | null;
  source?: string | ArrayBuffer | Uint8Array | null;
  shortCircuit?: boolean;
}

/** The `load` hook: other modules pass through untouched. */
export async function load(
  url: string,
  context: unknown,
  nextLoad: (url: string, context: unknown) => Promise<LoadResult>,
): Promise<LoadResult> {
  const result = await nextLoad(url, context);
  if (!CONNECTION_MODULE.test(url) || result.source == null) return result;
  const text = typeof result.source === "string" ? result.source : new TextDecoder().decode(result.source);
  const patched = patchConnection(text);
  if (patched === undefined) {
    process.stderr.write(
      "connectory registry: postgres.js's connection module is not the one the driver fix expects; " +
        "running it unpatched (see src/db/postgres/driver-fix-hooks.ts)\n",
    );
    return result;
  }
  return { ...result, source: patched };
}
