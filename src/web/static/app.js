// Connectory web marketplace: the little JS the pages use (copy buttons, host tabs, search as you type).
// Every page works without it. Data from the API is put into the page with textContent only.
"use strict";

document.documentElement.classList.add("js");

// The page's words for what this script writes, in the page's language (src/web/lib/i18n.tsx SCRIPT_KEYS).
const messages = (() => {
  try {
    return JSON.parse(document.getElementById("ui-messages").textContent);
  } catch {
    return {};
  }
})();
function say(key, params) {
  return (messages[key] || key).replace(/\{(\w+)\}/g, (whole, name) =>
    params && Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}

// A connector's display text in the page's language (plugin.json i18n), as src/web/lib/i18n.tsx picks it.
// shownTitle comes from shown-title.js, loaded before this script (built from src/web/lib/shown-title.ts).
function listing(item) {
  const lang = document.documentElement.lang;
  const i18n = item.i18n || {};
  const primary = lang.split("-")[0];
  const local = i18n[lang] || Object.entries(i18n).find(([tag]) => tag.split("-")[0] === primary)?.[1] || {};
  return {
    displayName: local.displayName || shownTitle(item),
    description: local.description || item.description,
  };
}

function setupCopyButtons(root) {
  for (const button of root.querySelectorAll("button[data-copy]")) {
    button.hidden = false;
    button.addEventListener("click", async () => {
      const source = document.getElementById(button.dataset.copy);
      if (!source) return;
      try {
        await navigator.clipboard.writeText(source.textContent);
        button.textContent = say("js.copied");
        button.dataset.state = "copied";
      } catch {
        button.textContent = say("js.press-ctrl-c");
        const range = document.createRange();
        range.selectNodeContents(source);
        const selection = window.getSelection();
        selection.removeAllRanges();
        selection.addRange(range);
      }
      setTimeout(() => {
        button.textContent = say("js.copy");
        delete button.dataset.state;
      }, 2000);
    });
  }
}

// WAI-ARIA tabs with automatic activation: arrows, Home and End move between tabs.
function setupTabs(root) {
  for (const container of root.querySelectorAll("[data-tabs]")) {
    const tablist = container.querySelector('[role="tablist"]');
    const tabs = [...tablist.querySelectorAll('[role="tab"]')];
    const select = (tab, focus) => {
      for (const t of tabs) {
        const selected = t === tab;
        t.setAttribute("aria-selected", String(selected));
        t.tabIndex = selected ? 0 : -1;
        const panel = document.getElementById(t.getAttribute("aria-controls"));
        if (panel) panel.hidden = !selected;
      }
      if (focus) tab.focus();
    };
    tablist.hidden = false;
    select(tabs.find((t) => t.getAttribute("aria-selected") === "true") || tabs[0], false);
    for (const panel of container.querySelectorAll('[role="tabpanel"]')) panel.tabIndex = 0;
    tablist.addEventListener("click", (event) => {
      const tab = event.target.closest('[role="tab"]');
      if (tab) select(tab, true);
    });
    tablist.addEventListener("keydown", (event) => {
      const index = tabs.indexOf(document.activeElement);
      if (index < 0) return;
      const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 }[event.key];
      if (next === undefined) return;
      event.preventDefault();
      select(tabs[(next + tabs.length) % tabs.length], true);
    });
  }
}

function card(item) {
  const el = (tag, className, text) => {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  };
  const li = el("li", "card");
  const icon = el("img", "icon");
  icon.src = item.version
    ? `/icons/${item.name}/${encodeURIComponent(item.version)}`
    : "/static/connector.svg";
  icon.alt = "";
  icon.width = 40;
  icon.height = 40;
  const body = el("div", "card-body");
  const title = el("h3", "card-title");
  const text = listing(item);
  const link = el("a", "", text.displayName);
  link.href = `/c/${encodeURIComponent(item.name)}`;
  title.append(link);
  const meta = el("p", "card-meta muted", `${item.name} · ${say("js.by", { publisher: item.publisher })}`);
  // The publisher's badge, as src/web/components/publisher-badge.tsx renders it.
  const badge = item.publisherBadge;
  if (badge && badge.verified) {
    const more = badge.domains.length > 1 ? ` +${badge.domains.length - 1}` : "";
    meta.append(
      el("span", "badge badge-verified", `${say("js.verified", { domain: badge.domains[0] })}${more}`),
    );
  } else if (badge && badge.unclaimed) {
    meta.append(el("span", "badge badge-quiet", say("js.unclaimed")));
  }
  const quality = typeof item.quality === "number" ? ` · ${say("js.quality", { score: item.quality })}` : "";
  const downloads = say(item.downloads === 1 ? "js.downloads-one" : "js.downloads-other", {
    n: item.downloads,
  });
  meta.append(` · ${downloads}${quality}`);
  body.append(title, el("p", "card-desc", text.description), meta);
  li.append(icon, body);
  return li;
}

function setupLiveSearch(root) {
  const form = root.querySelector("form[data-live-search]");
  const results = document.getElementById("live-results");
  if (!form || !results) return;
  const input = form.querySelector('input[name="q"]');
  const category = form.querySelector('select[name="category"]');
  let timer;
  let controller;
  const run = async () => {
    const q = input.value.trim();
    if (controller) controller.abort();
    if (q === "") {
      results.replaceChildren();
      return;
    }
    controller = new AbortController();
    const params = new URLSearchParams({ q, limit: "10" });
    if (category && category.value) params.set("category", category.value);
    try {
      const res = await fetch(`/v1/connectors?${params}`, {
        signal: controller.signal,
        headers: { accept: "application/json" },
      });
      if (!res.ok) return;
      const page = await res.json();
      const heading = document.createElement("h2");
      heading.textContent = say(page.items.length === 0 ? "js.no-match" : "js.results-for", { q });
      const list = document.createElement("ul");
      list.className = "cards";
      list.id = "live-list";
      for (const item of page.items) list.append(card(item));
      const more = document.createElement("p");
      const all = document.createElement("a");
      all.href = `/search?${params}`;
      all.textContent = say("js.all-results");
      more.append(all);
      results.replaceChildren(heading, ...(page.items.length > 0 ? [list, more] : []));
    } catch (error) {
      if (error.name !== "AbortError") results.replaceChildren();
    }
  };
  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(run, 200);
  };
  input.addEventListener("input", schedule);
  if (category) category.addEventListener("change", schedule);
}

setupCopyButtons(document);
setupTabs(document);
setupLiveSearch(document);
