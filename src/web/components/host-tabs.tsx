import { useT } from "../lib/i18n.js";
import type { HostTab } from "../lib/host-snippets.js";
import { CopyBlock } from "./copy-block.js";

/**
 * A tab per host (WAI-ARIA tabs: buttons in a tablist, arrow keys move, one panel shown). Without JS the
 * tablist stays hidden and every panel shows under its own heading.
 */
export function HostTabs({ tabs }: { tabs: HostTab[] }) {
  const t = useT();
  return (
    <div class="tabs" data-tabs>
      <div class="tablist" role="tablist" aria-label={t("hosts.label")} hidden>
        {tabs.map((tab, i) => (
          <button
            type="button"
            role="tab"
            id={`tab-${tab.host}`}
            aria-controls={`panel-${tab.host}`}
            aria-selected={i === 0 ? "true" : "false"}
            tabindex={i === 0 ? 0 : -1}
            data-host={tab.host}
          >
            {tab.displayName}
          </button>
        ))}
      </div>
      {tabs.map((tab) => (
        <section
          class="tabpanel"
          role="tabpanel"
          id={`panel-${tab.host}`}
          aria-labelledby={`tab-${tab.host}`}
          data-host={tab.host}
        >
          <h3 class="panel-title">{tab.displayName}</h3>
          {tab.install ? (
            <div class="snippet native-install">
              <h4 class="snippet-server">{t("connector.native-install", { host: tab.displayName })}</h4>
              <CopyBlock
                id={`install-${tab.host}`}
                text={tab.install.command}
                label={`${tab.displayName} install command`}
              />
              {tab.install.notes.map((n) => (
                <p class="note">{n}</p>
              ))}
              <h4 class="snippet-server">{t("connector.native-or")}</h4>
            </div>
          ) : null}
          {tab.snippets.map((s, i) => (
            <div class="snippet">
              {tab.snippets.length > 1 ? (
                <h4 class="snippet-server">{t("hosts.server", { server: s.server })}</h4>
              ) : null}
              <CopyBlock
                id={`snippet-${tab.host}-${i}`}
                text={s.text}
                label={t("hosts.snippet-label", { host: tab.displayName, server: s.server })}
              />
              {s.deeplink ? (
                <p>
                  <a class="button" href={s.deeplink}>
                    {t("connector.add-to", { host: tab.displayName })}
                  </a>
                </p>
              ) : null}
              {s.placeholders.length > 0 ? (
                <ul class="placeholders">
                  {s.placeholders.map((p) => (
                    <li>
                      <code>{p.key}</code>: {p.how}
                    </li>
                  ))}
                </ul>
              ) : null}
              {s.notes.map((n) => (
                <p class="note">{n}</p>
              ))}
            </div>
          ))}
        </section>
      ))}
    </div>
  );
}
