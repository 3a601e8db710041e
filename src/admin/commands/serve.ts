import { ConnectoryError, isConnectoryError, usageError } from "../../core/errors.js";
import { startServer } from "../../server/start-server.js";
import type { AdminContext } from "../command.js";
import { startCheckSchedule } from "../../registry/checks/check-schedule.js";
import {
  checkSettings,
  mirrorSettings,
  seedSettings,
  serveSettings,
  shutdownSettings,
} from "../environment.js";
import { startMirror } from "../../registry/mirror/mirror-schedule.js";
import { parseOptions } from "../parse-options.js";

/**
 * `connectory-registry serve` (`npm start`): starts the registry from the environment and serves until
 * the process is asked to stop, then shuts down gracefully.
 */
export async function run(args: string[], ctx: AdminContext): Promise<number> {
  const { positionals } = parseOptions("serve", args, {});
  if (positionals.length > 0)
    throw usageError(
      "serve takes no arguments (it is configured by the environment)",
      "run `connectory-registry serve --help`",
    );
  const settings = { ...serveSettings(ctx.env), ...seedSettings(ctx.env) };
  const checks = checkSettings(ctx.env);
  const mirror = mirrorSettings(ctx.env);
  const shutdown = shutdownSettings(ctx.env);
  // Listening for signals before starting: a stop asked for during start-up shuts down right after it,
  // except a rebuild of every document (minutes at 100,000 connectors: docs/deploy.md, PUBLIC_URL),
  // which stops at its next connector.
  const stopped = ctx.untilStopped();
  const stopping = new AbortController();
  void stopped.then(() => stopping.abort());
  const log = (message: string) => ctx.stderr(`${message}\n`);
  let server: Awaited<ReturnType<typeof startServer>>;
  try {
    server = await startServer({
      ...settings,
      bundledChecks: checks.bundled,
      env: ctx.env,
      log,
      version: ctx.version,
      stopping: stopping.signal,
    });
  } catch (error) {
    if (isConnectoryError(error) && error.code === "registry.stopped") {
      log(`${await stopped}: ${error.message}`);
      return 0;
    }
    if (isConnectoryError(error)) throw error;
    throw new ConnectoryError(
      "registry.start-failed",
      `could not start: ${(error as Error)?.message ?? String(error)}`,
      {
        hint:
          (error as NodeJS.ErrnoException)?.code === "EADDRINUSE"
            ? "another process listens there: choose another PORT"
            : undefined,
        cause: error,
      },
    );
  }
  ctx.stdout(`Connectory registry listening on ${server.url} (public URL ${server.publicUrl})\n`);
  // Live checks in-process (CHECK_INTERVAL; 0 leaves them to `connectory-registry check`).
  const schedule =
    checks.intervalMs > 0
      ? startCheckSchedule({
          repo: server.repo,
          allow: checks.allow,
          intervalMs: checks.intervalMs,
          log,
          // Each check rescores the connector (docs/quality.md, stability).
          onEvidence: async (name) => void (await server.app.registry.refreshQuality(name)),
          // A remote version's first complete answer is its signed tool snapshot (issue 23).
          onSnapshot: (name, version, snapshot) =>
            server.app.registry.recordToolSnapshot({ name, version, snapshot }),
        })
      : undefined;
  // Continuous mirroring of other registries (MIRROR_URLS every MIRROR_INTERVAL), one pass at a time.
  const mirroring =
    mirror.upstreams.length > 0 && mirror.intervalMs > 0
      ? startMirror({ app: server.app, repo: server.repo, ...mirror, log })
      : undefined;
  const signal = await stopped;
  // Rolling restarts: health checks say 503 first, then no new connections, then requests in flight finish.
  server.drain();
  log(
    `${signal}: shutting down${shutdown.drainMs > 0 ? ` after draining for ${shutdown.drainMs / 1000} s` : ""}`,
  );
  if (shutdown.drainMs > 0) await new Promise((resolve) => setTimeout(resolve, shutdown.drainMs));
  await schedule?.stop();
  await mirroring?.stop();
  await server.close({ timeoutMs: shutdown.timeoutMs });
  return 0;
}
