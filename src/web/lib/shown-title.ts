// Words an imported slug spells in lower case that people write otherwise.
const CASED: Record<string, string> = {
  ai: "AI",
  api: "API",
  aws: "AWS",
  cli: "CLI",
  db: "DB",
  github: "GitHub",
  gitlab: "GitLab",
  graphql: "GraphQL",
  mcp: "MCP",
  mongodb: "MongoDB",
  mysql: "MySQL",
  postgresql: "PostgreSQL",
  sql: "SQL",
  ui: "UI",
  url: "URL",
};

// Words that say nothing on a marketplace of MCP servers, dropped from a slug while others remain.
const FILLER = new Set(["mcp", "server", "official"]);

/**
 * The title a card or page shows: the display name when the connector has one; otherwise its name read as
 * words (`mcp-grafana` → "Grafana", `github-github` by github → "GitHub"), so an imported slug does not
 * stand in for a title. The name itself is always shown beside it. Self-contained but for CASED and FILLER:
 * the browser runs its text too (SHOWN_TITLE_SCRIPT).
 */
export function shownTitle(item: { name: string; displayName?: string | null; publisher: string }): string {
  if (item.displayName) return item.displayName;
  let words = item.name.split("-").filter((w) => w !== "");
  // `<publisher>-<name>`: the importer's prefix for a name another publisher held.
  if (words.length > 1 && words[0] === item.publisher) words = words.slice(1);
  const meaningful = words.filter((w) => !FILLER.has(w));
  if (meaningful.length > 0) words = meaningful;
  const deduped = words.filter((w, i) => words.indexOf(w) === i);
  return deduped.map((w) => CASED[w] ?? w.charAt(0).toUpperCase() + w.slice(1)).join(" ");
}

/**
 * shownTitle for the browser script's live-search cards (app.js calls it): served as the static file
 * shown-title.js, built from the function above so the page and the cards cannot disagree.
 */
export const SHOWN_TITLE_SCRIPT = `"use strict";
const CASED = ${JSON.stringify(CASED)};
const FILLER = new Set(${JSON.stringify([...FILLER])});
${shownTitle.toString()}
`;
