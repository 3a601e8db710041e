import type { CheckResult, StabilityEvidence } from "../../src/core/quality/evidence.js";
import { formatDate, plural } from "../lib/format.js";

const LABEL: Record<CheckResult["status"], string> = {
  up: "Up",
  "needs-auth": "Up, needs sign-in",
  down: "Down",
  error: "Not answering as MCP",
};
const BADGE: Record<CheckResult["status"], string> = {
  up: "badge badge-good",
  "needs-auth": "badge badge-good",
  down: "badge badge-bad",
  error: "badge badge-warn",
};

/** 0.9987 → "99.9%"; undefined (no check in the window) → "no checks". */
function percent(share: number | undefined): string {
  return share === undefined
    ? "no checks"
    : `${(Math.floor(share * 1000) / 10).toFixed(1).replace(/\.0$/, "")}%`;
}

/** The live checker's view of a connector: the latest check and the uptime over 7 and 30 days. */
export function CheckStatus({ checks }: { checks: StabilityEvidence }) {
  const l = checks.latest;
  const facts = [
    l.latencyMs !== undefined ? `${l.latencyMs} ms` : undefined,
    l.protocolVersion ? `protocol ${l.protocolVersion}` : undefined,
    l.toolCount !== undefined ? plural(l.toolCount, "tool") : undefined,
  ].filter((f): f is string => f !== undefined);
  return (
    <div class="checks">
      <p>
        <span class={BADGE[l.status] ?? "badge"}>{LABEL[l.status] ?? l.status}</span>{" "}
        {l.kind === "bundled" ? "at publish, " : ""}
        <time datetime={l.checkedAt}>
          {formatDate(l.checkedAt)} {l.checkedAt.slice(11, 16)} UTC
        </time>
      </p>
      {facts.length > 0 ? <p class="muted">{facts.join(" · ")}</p> : null}
      {l.error ? (
        <p class="muted">
          Reason: <code>{l.error}</code>
        </p>
      ) : null}
      <dl class="uptime">
        <div>
          <dt>Uptime, 7 days</dt>
          <dd>
            {percent(checks.uptime7d)} <span class="muted">({plural(checks.checks7d, "check")})</span>
          </dd>
        </div>
        <div>
          <dt>Uptime, 30 days</dt>
          <dd>
            {percent(checks.uptime30d)} <span class="muted">({plural(checks.checks30d, "check")})</span>
          </dd>
        </div>
      </dl>
    </div>
  );
}
