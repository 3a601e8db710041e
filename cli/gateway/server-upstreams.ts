import type { ExplainedServer } from "../../src/core/merge.js";
import { isRemote } from "../../src/core/types.js";
import type { CommandContext } from "../context.js";
import { sessionPins } from "../home/pins-store.js";
import { localHttpTransport, remoteTransport } from "../mcp/client-transport.js";
import { stdioTransport } from "../mcp/stdio-client-transport.js";
import { runAuthProvider } from "../auth/run-auth.js";
import { ToolGuard } from "../mcp/tool-guard.js";
import { withToolRules } from "../mcp/rules-filter.js";
import { withControls, type SessionControls } from "../mcp/session-controls.js";
import type { ToolRules } from "../../src/core/tools/tool-rules.js";
import { serverStderr } from "../terminal/server-stderr.js";
import type { UpstreamDeps } from "./upstream-deps.js";
import { Upstream } from "./upstream.js";

/** What the upstreams share: where to log, and the gateway's hooks. */
export interface UpstreamWorld {
  ctx: CommandContext;
  hide(text: string): string;
  log(message: string): void;
  timeoutMs: number;
  changed(): void;
  toolsChanged(): void;
  catalogChanged?(kind: "resources" | "prompts"): void;
  /** A server's `notifications/resources/updated`, with its name and its own URI. */
  resourceUpdated?(server: string, uri: string): void;
  backoff?: UpstreamDeps["backoff"];
  /** tool-rules.json's rules by server name (read once, at start). */
  rules: Record<string, ToolRules>;
  /** Guards, rate limits and telemetry around each server's session (session-controls.ts). */
  controls?: SessionControls;
}

/**
 * One Upstream per active server, launched as `run` launches it: a stdio server without a shell,
 * with the minimal child environment plus its own env (its credentials), stderr passed on (masked,
 * each line prefixed with the server's name); a remote one over its transport with its headers. Each
 * session goes through the tool-pin guard of `run`, keyed by the server's effective name.
 */
export function serverUpstreams(servers: readonly ExplainedServer[], world: UpstreamWorld): Upstream[] {
  const { ctx } = world;
  return servers.map((found) => {
    const name = found.name;
    const spec = found.server;
    return new Upstream({
      name,
      // A stdio server starts in the sandbox `run` would give it (sandbox-launch.ts), every time; a
      // server signed in with `connectory auth` gets its token, refreshed as under `run`.
      open: async () => {
        if (isRemote(spec)) {
          const authProvider = await runAuthProvider(name, spec, ctx, world.log);
          return remoteTransport(spec, { fetch: ctx.fetch, ...(authProvider ? { authProvider } : {}) });
        }
        const passOn = serverStderr(world.hide, `[${name}] `);
        // A local server that serves HTTP (mcp.json 2 `transport`): started, waited for, reached over HTTP.
        if (spec.transport !== undefined)
          return localHttpTransport(
            { ...spec, transport: spec.transport },
            found.sandbox,
            { ...ctx, log: (line) => world.log(`${name}: ${line}`) },
            { stderr: (chunk) => ctx.stderr.write(passOn(chunk)), fetch: ctx.fetch },
          );
        const { transport } = await stdioTransport(
          spec,
          found.sandbox,
          { ...ctx, log: (line) => world.log(`${name}: ${line}`) },
          { stderr: (chunk) => ctx.stderr.write(passOn(chunk)) },
        );
        return transport;
      },
      guard: (send) =>
        withControls(
          name,
          isRemote(spec) ? "tcp" : "pipe",
          withToolRules(
            name,
            world.rules[name],
            new ToolGuard({
              server: name,
              ...sessionPins(ctx.home, found, () => ctx.now()),
              send,
              log: world.log,
              hide: world.hide,
              timeoutMs: world.timeoutMs,
            }),
          ),
          world.controls,
        ),
      log: world.log,
      hide: world.hide,
      timeoutMs: world.timeoutMs,
      version: ctx.version,
      changed: world.changed,
      toolsChanged: world.toolsChanged,
      ...(world.catalogChanged ? { catalogChanged: world.catalogChanged } : {}),
      ...(world.resourceUpdated
        ? { resourceUpdated: (uri: string) => world.resourceUpdated?.(name, uri) }
        : {}),
      ...(world.backoff ? { backoff: world.backoff } : {}),
    });
  });
}
