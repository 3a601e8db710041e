import { StreamableHTTPError } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { ExplainedServer } from "../../src/core/merge.js";
import { isRemote, type RemoteServer, type StdioServer } from "../../src/core/types.js";
import { isAuthRequired, runAuthProvider, scopeRequired, scopeWatch } from "../auth/run-auth.js";
import type { CommandContext } from "../context.js";
import { serverErrors, type ServerErrors } from "./bridge.js";
import { localHttpTransport, remoteTransport } from "./client-transport.js";
import { explainFailure } from "./mcp-errors.js";
import { DEFAULT_TIMEOUT_MS } from "./timeouts.js";
import { serverStderr } from "../terminal/server-stderr.js";

// What `run` needs only for a server it reaches over HTTP: a remote one (its sign-in, its failures said
// as `inspect` says them) or a local one speaking HTTP. Loaded by cli/commands/run.ts only then: with it
// come the MCP SDK's client transports and zod, which a stdio server's launch (what hosts start most)
// does without.

/** After a sign-in stops working, the host gets the error reply, then the session ends. */
const AUTH_EXIT_GRACE_MS = 200;

/** A server reached over HTTP, ready to start. */
export interface NetworkLaunch {
  launched: Transport;
  /** A remote server's failures, reported once each (undefined for a local HTTP server). */
  errors?: ServerErrors;
  /** Whether a sign-in stopped working during the session (it then ends with exit code 1). */
  authFailed(): boolean;
}

/** The transport (and error reporting) of a remote server, or of a local server that speaks HTTP. */
export async function networkLaunch(
  name: string,
  found: ExplainedServer,
  /** A remote server, or a local one with its `transport` (HTTP). */
  spec: RemoteServer | StdioServer,
  secretValues: string[],
  ctx: CommandContext,
  log: (message: string) => void,
  hide: (text: string) => string,
): Promise<NetworkLaunch> {
  if (!isRemote(spec)) {
    const transport = spec.transport;
    if (transport === undefined) throw new Error(`networkLaunch: ${name} is a stdio server`); // run.ts's bug
    const launched = await localHttpTransport(
      { ...spec, transport },
      found.sandbox,
      { ...ctx, log },
      {
        stderr: (chunk) => ctx.stderr.write(serverStderr(hide)(chunk)),
        fetch: ctx.fetch,
      },
    );
    return { launched, authFailed: () => false };
  }
  const oauth = await runAuthProvider(name, spec, ctx, log);
  const scopes = scopeWatch(ctx.fetch);
  const launched = remoteTransport(spec, {
    fetch: oauth ? scopes.fetch : ctx.fetch,
    ...(oauth ? { authProvider: oauth } : {}),
  });
  // A remote server's failures in the words `inspect` uses (401 → check the credentials, …), once each.
  // A sign-in that no longer works (refresh refused) ends the session: only `connectory auth` helps.
  let authFailed = false;
  const errors = serverErrors(log, (error) => {
    if (isAuthRequired(error) && !authFailed) {
      authFailed = true;
      setTimeout(() => void launched.close(), AUTH_EXIT_GRACE_MS).unref();
    }
    // A 403 the SDK's one step-up attempt (a refresh) could not fix: say which scopes to sign in for.
    if (oauth && error instanceof StreamableHTTPError && error.code === 403)
      return scopeRequired(name, scopes.lastScope());
    return explainFailure(error, {
      server: name,
      transport: spec.type,
      url: spec.url,
      timeoutMs: DEFAULT_TIMEOUT_MS,
      secretValues,
      stage: "request",
      origin: found.origin,
    });
  });
  return { launched, errors, authFailed: () => authFailed };
}
