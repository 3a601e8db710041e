import type { ExplainedServer } from "../../src/core/merge.js";
import { isRemote } from "../../src/core/types.js";
import type { CommandContext } from "../context.js";
import { sessionPins } from "../home/pins-store.js";
import { remoteTransport } from "../mcp/bridge.js";
import { runAuthProvider } from "../auth/run-auth.js";
import { stdioLaunch } from "../mcp/child-env.js";
import { StdioTransport } from "../mcp/stdio-transport.js";
import { planLaunch, prefetch } from "../mcp/sandbox-launch.js";
import { ToolGuard } from "../mcp/tool-guard.js";
import { withToolRules } from "../mcp/rules-filter.js";
import type { ToolRules } from "../../src/core/tools/tool-rules.js";
import { Upstream, type UpstreamDeps } from "./upstream.js";

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
        if (isRemote(spec))
          return remoteTransport(spec, ctx.fetch, await runAuthProvider(name, spec, ctx, world.log));
        const planned = await planLaunch(stdioLaunch(spec, ctx), found.sandbox, {
          ...ctx,
          log: (line) => world.log(`${name}: ${line}`),
        });
        try {
          await prefetch(planned);
        } catch (error) {
          await planned.release?.();
          throw error;
        }
        return new StdioTransport(planned.launch, {
          stderr: (chunk) => ctx.stderr.write(prefixLines(`[${name}] `, world.hide(chunk))),
          ended: () => void planned.release?.(),
        });
      },
      guard: (send) =>
        withToolRules(
          name,
          world.rules[name],
          new ToolGuard({
            server: name,
            ...sessionPins(ctx.home, name, found.origin, () => ctx.now()),
            send,
            log: world.log,
            hide: world.hide,
            timeoutMs: world.timeoutMs,
          }),
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

function prefixLines(prefix: string, chunk: string): string {
  return chunk.replace(/^(?=.)/gm, prefix);
}
