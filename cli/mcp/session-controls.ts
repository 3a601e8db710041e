import { credentialForms } from "../../src/core/guards/scan-text.js";
import { loadTelemetry } from "../../src/telemetry/load-telemetry.js";
import type { Telemetry } from "../../src/telemetry/telemetry.js";
import type { CommandContext } from "../context.js";
import { guardModesFor, readGuards, type GuardsFile } from "../home/guards-store.js";
import type { MessageFilter } from "./bridge.js";
import { withGuards, type GuardReport } from "./guard-filter.js";
import { withRateLimits } from "./limit-filter.js";
import { RateLimiter } from "./rate-limiter.js";
import { withTrace } from "./trace-filter.js";

/** What `run` and the gateway control in every session: guards, rate limits, telemetry. */
export interface SessionControls {
  guards: GuardsFile;
  /** The served profile (its guard modes and limits apply on top of the servers'); undefined for `run`. */
  profile?: string | undefined;
  /** The user's stored credentials, in the forms the guards match. */
  credentials: readonly string[];
  limiter?: RateLimiter | undefined;
  telemetry?: Telemetry | undefined;
  /** What the guards found (the audit log). */
  report(found: GuardReport): void;
}

/** Reads guards.json, limits.json and the OTEL_* variables once, at start. */
export async function loadControls(
  ctx: CommandContext,
  options: {
    profile?: string | undefined;
    secretValues: readonly string[];
    log(message: string): void;
    report(found: GuardReport): void;
  },
): Promise<SessionControls> {
  const [guards, limiter, telemetry] = await Promise.all([
    readGuards(ctx.home),
    RateLimiter.load(ctx.home, options.profile, { log: options.log, now: () => ctx.now().getTime() }),
    loadTelemetry(ctx.env, "connectory", ctx.version, options.log),
  ]);
  return {
    guards,
    profile: options.profile,
    credentials: credentialForms(options.secretValues),
    limiter,
    telemetry,
    report: options.report,
  };
}

/**
 * One server's filter with the controls around it, outermost first: telemetry (it records what passed
 * the guards), rate limits (a limited call goes no further), the guards, then `inner` (the tool rules
 * and the pin guard).
 */
export function withControls(
  server: string,
  transport: "pipe" | "tcp",
  inner: MessageFilter,
  controls: SessionControls | undefined,
): MessageFilter {
  if (!controls) return inner;
  const scope = {
    modes: guardModesFor(controls.guards, server, controls.profile),
    credentials: controls.credentials,
  };
  return withTrace(
    controls.telemetry,
    transport,
    withRateLimits(server, controls.limiter, withGuards(server, scope, inner, controls.report)),
  );
}

/** Saves the rate-limit state and sends the last spans and metrics: awaited before the process exits. */
export async function closeControls(controls: SessionControls): Promise<void> {
  await Promise.all([controls.limiter?.save(), controls.telemetry?.shutdown()]);
}
