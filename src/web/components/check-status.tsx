import { useT, type Translate } from "../lib/i18n.js";
import type { WebMessageKey } from "../lib/messages-en.js";
import type { CheckResult, StabilityEvidence } from "../../core/quality/evidence.js";
import { formatDate } from "../lib/format.js";

const LABEL = {
  up: "check.up",
  "needs-auth": "check.needs-auth",
  down: "check.down",
  error: "check.error",
} as const satisfies Record<CheckResult["status"], WebMessageKey>;
const BADGE: Record<CheckResult["status"], string> = {
  up: "badge badge-good",
  "needs-auth": "badge badge-good",
  down: "badge badge-bad",
  error: "badge badge-warn",
};

/** 0.9987 → "99.9%"; undefined (no check in the window) → "no checks". */
function percent(share: number | undefined, t: Translate): string {
  return share === undefined
    ? t("check.no-checks")
    : `${(Math.floor(share * 1000) / 10).toFixed(1).replace(/\.0$/, "")}%`;
}

/** The live checker's view of a connector: the latest check and the uptime over 7 and 30 days. */
export function CheckStatus({ checks }: { checks: StabilityEvidence }) {
  const t = useT();
  const l = checks.latest;
  const facts = [
    l.latencyMs !== undefined ? `${l.latencyMs} ms` : undefined,
    l.protocolVersion ? t("check.protocol", { version: l.protocolVersion }) : undefined,
    l.toolCount !== undefined
      ? t(l.toolCount === 1 ? "check.tools-one" : "check.tools", { count: l.toolCount })
      : undefined,
  ].filter((f): f is string => f !== undefined);
  return (
    <div class="checks">
      <p>
        <span class={BADGE[l.status] ?? "badge"}>{l.status in LABEL ? t(LABEL[l.status]) : l.status}</span>{" "}
        {l.kind === "bundled" ? t("check.at-publish") : ""}
        <time datetime={l.checkedAt}>
          {formatDate(l.checkedAt)} {l.checkedAt.slice(11, 16)} UTC
        </time>
      </p>
      {facts.length > 0 ? <p class="muted">{facts.join(" · ")}</p> : null}
      {l.error ? (
        <p class="muted">
          {t("check.reason")} <code>{l.error}</code>
        </p>
      ) : null}
      <dl class="uptime">
        <Uptime label={t("check.uptime-7d")} share={checks.uptime7d} count={checks.checks7d} />
        <Uptime label={t("check.uptime-30d")} share={checks.uptime30d} count={checks.checks30d} />
      </dl>
    </div>
  );
}

/** One uptime window of the checks list: its share of good checks and how many checks it counted. */
function Uptime({ label, share, count }: { label: string; share: number | undefined; count: number }) {
  const t = useT();
  return (
    <div>
      <dt>{label}</dt>
      <dd>
        {percent(share, t)}{" "}
        <span class="muted">{t(count === 1 ? "check.count-one" : "check.count", { count })}</span>
      </dd>
    </div>
  );
}
