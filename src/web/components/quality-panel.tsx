import { useLocale, useT } from "../lib/i18n.js";
import { itemText, qualityWord } from "../../core/quality/words.js";
import { QUALITY_GROUPS, type QualityDocument } from "../../core/quality/types.js";
import { REPORT_KINDS } from "../../core/quality/report-body.js";
import { formatDate } from "../lib/format.js";

const GROUP_TITLES = {
  package: "quality.group-package",
  stability: "quality.group-stability",
  activity: "quality.group-activity",
  community: "quality.group-community",
} as const;

/** The quality score with its whole checklist: what passed, what did not, and how to raise it. */
export function QualityPanel({ quality }: { quality: QualityDocument | undefined }) {
  const t = useT();
  const { lang } = useLocale();
  if (!quality) return <p class="muted">{t("quality.none")}</p>;
  const check = quality.check;
  return (
    <div class="quality">
      <p class="quality-score">
        <strong data-score={quality.score}>{quality.score}</strong>
        <span class="muted"> / 100</span>{" "}
        <a href="/docs/quality.md" class="muted">
          {t("quality.how")}
        </a>
      </p>
      {check ? (
        <p class="muted quality-check">
          {t("quality.latest-check")} <time datetime={check.checkedAt}>{formatDate(check.checkedAt)}</time>:{" "}
          {qualityWord(lang, `check.${check.status}`)}
        </p>
      ) : null}
      {QUALITY_GROUPS.map((group) => {
        const items = quality.items.filter((i) => i.group === group);
        // Items that do not apply (no check yet, no server) are shown but not counted (docs/quality.md).
        const counted = items.filter((i) => i.applies !== false);
        const earned = counted.reduce((s, i) => s + i.points, 0);
        const max = counted.reduce((s, i) => s + i.max, 0);
        return (
          <details class="quality-group" open={earned < max ? true : undefined}>
            <summary>
              {t(GROUP_TITLES[group])}{" "}
              <span class="muted">
                {earned}/{max}
              </span>
            </summary>
            <ul class="checklist">
              {items.map((i) => {
                // The reason and fix in the page's language (the item's keys; English when it has none).
                const { reason, fix } = itemText(i, lang);
                return i.applies === false ? (
                  <li class="na" data-item={i.id}>
                    <span class="mark" aria-label={t("quality.not-counted")}>
                      –
                    </span>{" "}
                    {reason} <span class="muted">{t("quality.not-counted-paren")}</span>
                  </li>
                ) : (
                  <li class={i.pass ? "pass" : "fail"} data-item={i.id}>
                    <span class="mark" aria-label={i.pass ? t("quality.passed") : t("quality.not-passed")}>
                      {i.pass ? "✓" : "✗"}
                    </span>{" "}
                    {reason}{" "}
                    <span class="muted">
                      ({i.points}/{i.max})
                    </span>
                    {fix ? <span class="fix">{t("quality.to-raise", { fix })}</span> : null}
                  </li>
                );
              })}
            </ul>
          </details>
        );
      })}
    </div>
  );
}

/** Anyone can report a version: the form posts to /c/:name/:version/report (rate-limited). */
export function ReportForm({ name, version }: { name: string; version: string }) {
  const t = useT();
  return (
    <details class="report">
      <summary>{t("report.summary")}</summary>
      <form class="report-form" method="post" action={`/c/${name}/${encodeURIComponent(version)}/report`}>
        <label>
          {t("report.kind")}{" "}
          <select name="kind" required>
            {REPORT_KINDS.map((k) => (
              <option value={k}>{k}</option>
            ))}
          </select>
        </label>
        <label>
          {t("report.why")}
          <textarea name="message" required minlength={10} maxlength={2000} rows={3}></textarea>
        </label>
        <button type="submit">{t("report.send")}</button>
      </form>
    </details>
  );
}
