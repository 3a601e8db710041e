import { redact } from "../../src/core/secrets.js";
import { ConnectoryError } from "../../src/core/errors.js";
import type { ExplainedServer, MergeResult } from "../../src/core/merge.js";
import type { CommandContext } from "../context.js";
import type { McpTarget, McpWorld } from "./mcp-client.js";
import { DEFAULT_TIMEOUT_MS } from "./timeouts.js";
import type { OptionSpec } from "../command.js";
import { inactiveLine } from "../terminal/inactive-reason.js";
import { localizedError, localizedUsageError, say, sayEnglish, type Speak } from "../terminal/language.js";

/** The `--timeout <ms>` option shared by inspect, tools and doctor. */
export const TIMEOUT_OPTION = {
  timeout: {
    type: "string",
    value: "ms",
    description:
      "how long to wait for each server to start and answer, in milliseconds (1-600000; default 15000)",
  },
} as const satisfies OptionSpec;

/** The MCP world of a command: its env, cwd and fetch, and the `--timeout` it was given. */
export function mcpWorld(ctx: CommandContext, timeout: unknown): McpWorld {
  return {
    env: ctx.env,
    cwd: ctx.cwd,
    fetch: ctx.fetch,
    timeoutMs: parseTimeout(timeout),
    version: ctx.version,
    home: ctx.home,
  };
}

/** `--timeout` in milliseconds: a whole number from 1 to 600000. */
export function parseTimeout(value: unknown): number {
  if (value === undefined) return DEFAULT_TIMEOUT_MS;
  const ms = typeof value === "string" && /^\d{1,6}$/.test(value) ? Number(value) : NaN;
  if (!(ms >= 1 && ms <= 600_000))
    throw localizedUsageError({ key: "usage.timeout-ms", params: { value: JSON.stringify(value) } });
  return ms;
}

/** An explained server as something to connect to. */
export function targetOf(server: ExplainedServer, config: MergeResult): McpTarget {
  return {
    name: server.name,
    spec: server.server,
    secretValues: config.secretValues,
    origin: server.origin,
    ...(server.sandbox ? { sandbox: server.sandbox } : {}),
  };
}

/**
 * The servers a name means: the server of that name, else every server of the connector of that name
 * (`name` or `name@marketplace`). Throws when nothing matches, listing what would.
 */
export function selectServers(config: MergeResult, query: string): ExplainedServer[] {
  const byName = config.servers.filter((s) => s.name === query && s.status !== "shadowed");
  if (byName.length > 0) return byName;
  const shadowed = config.servers.filter((s) => s.name === query);
  const byConnector = config.servers.filter(
    (s) =>
      s.origin.kind === "connector" &&
      (s.origin.connector === query || `${s.origin.connector}@${s.origin.marketplace}` === query),
  );
  if (byConnector.length > 0) return byConnector;
  if (shadowed.length > 0) return shadowed;
  const known = [...new Set(config.servers.map((s) => s.name))].sort();
  throw localizedError(
    "server.not-found",
    { key: "mcp.no-such-server", params: { query } },
    known.length
      ? { key: "mcp.known-servers", params: { servers: known.join(", ") } }
      : { key: "mcp.no-servers-hint" },
  );
}

/** Fails when none of the selected servers is active, saying why each is not. */
export function requireActive(selected: ExplainedServer[], query: string): ExplainedServer[] {
  const active = selected.filter((s) => s.status === "active");
  if (active.length > 0) return active;
  const why = (speak: Speak) => selected.map((s) => inactiveLine(s, speak)).join("; ");
  throw new ConnectoryError("server.inactive", sayEnglish("why.no-active", { query, why: why(sayEnglish) }), {
    hint: sayEnglish("why.no-active-hint"),
    localized: {
      message: { key: "why.no-active", params: { query, why: why(say) } },
      hint: { key: "why.no-active-hint" },
    },
  });
}

/** A copy of any JSON value with every secret inside its strings (keys too) replaced by `***`. */
export function hideSecrets<T>(value: T, secretValues: readonly string[]): T {
  if (secretValues.length === 0) return value;
  const walk = (v: unknown): unknown => {
    if (typeof v === "string") return redact(v, secretValues);
    if (Array.isArray(v)) return v.map(walk);
    if (typeof v === "object" && v !== null) {
      const out = Object.create(null) as Record<string, unknown>;
      for (const [k, x] of Object.entries(v)) out[redact(k, secretValues)] = walk(x);
      return { ...out };
    }
    return v;
  };
  return walk(value) as T;
}
