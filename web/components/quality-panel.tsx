import { QUALITY_GROUPS, type QualityDocument } from "../../src/core/quality/types.js";
import { REPORT_KINDS } from "../../src/core/quality/report-body.js";
import { formatDate } from "../lib/format.js";

const GROUP_TITLES = {
  package: "Package",
  stability: "Stability",
  activity: "Activity",
  community: "Community",
} as const;

/** The quality score with its whole checklist: what passed, what did not, and how to raise it. */
export function QualityPanel({ quality }: { quality: QualityDocument | undefined }) {
  if (!quality) return <p class="muted">This registry does not score quality.</p>;
  const check = quality.check;
  return (
    <div class="quality">
      <p class="quality-score">
        <strong data-score={quality.score}>{quality.score}</strong>
        <span class="muted"> / 100</span>{" "}
        <a href="/docs/quality.md" class="muted">
          how it is computed
        </a>
      </p>
      {check ? (
        <p class="muted quality-check">
          Latest check <time datetime={check.checkedAt}>{formatDate(check.checkedAt)}</time>:{" "}
          {check.status === "needs-auth" ? "reachable, needs sign-in" : check.status}
        </p>
      ) : null}
      {QUALITY_GROUPS.map((group) => {
        const items = quality.items.filter((i) => i.group === group);
        const earned = items.reduce((s, i) => s + i.points, 0);
        const max = items.reduce((s, i) => s + i.max, 0);
        return (
          <details class="quality-group" open={earned < max ? true : undefined}>
            <summary>
              {GROUP_TITLES[group]}{" "}
              <span class="muted">
                {earned}/{max}
              </span>
            </summary>
            <ul class="checklist">
              {items.map((i) => (
                <li class={i.pass ? "pass" : "fail"} data-item={i.id}>
                  <span class="mark" aria-label={i.pass ? "passed" : "not passed"}>
                    {i.pass ? "✓" : "✗"}
                  </span>{" "}
                  {i.reason}{" "}
                  <span class="muted">
                    ({i.points}/{i.max})
                  </span>
                  {i.fix ? <span class="fix">To raise it: {i.fix}</span> : null}
                </li>
              ))}
            </ul>
          </details>
        );
      })}
    </div>
  );
}

/** Anyone can report a version: the form posts to /c/:name/:version/report (rate-limited). */
export function ReportForm({ name, version }: { name: string; version: string }) {
  return (
    <details class="report">
      <summary>Report this version</summary>
      <form class="report-form" method="post" action={`/c/${name}/${encodeURIComponent(version)}/report`}>
        <label>
          What is wrong{" "}
          <select name="kind" required>
            {REPORT_KINDS.map((k) => (
              <option value={k}>{k}</option>
            ))}
          </select>
        </label>
        <label>
          Why (10-2000 characters)
          <textarea name="message" required minlength={10} maxlength={2000} rows={3}></textarea>
        </label>
        <button type="submit">Send the report</button>
      </form>
    </details>
  );
}
