import type { HostTab } from "../lib/host-snippets.js";
import { CopyBlock } from "./copy-block.js";

/**
 * A tab per host (WAI-ARIA tabs: buttons in a tablist, arrow keys move, one panel shown). Without JS the
 * tablist stays hidden and every panel shows under its own heading.
 */
export function HostTabs({ tabs }: { tabs: HostTab[] }) {
  return (
    <div class="tabs" data-tabs>
      <div class="tablist" role="tablist" aria-label="MCP hosts" hidden>
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
          {tab.snippets.map((s, i) => (
            <div class="snippet">
              {tab.snippets.length > 1 ? <h4 class="snippet-server">Server {s.server}</h4> : null}
              <CopyBlock
                id={`snippet-${tab.host}-${i}`}
                text={s.text}
                label={`${tab.displayName} configuration for ${s.server}`}
              />
              {s.deeplink ? (
                <p>
                  <a class="button" href={s.deeplink}>
                    Add to {tab.displayName}
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
