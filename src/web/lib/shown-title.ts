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
 * stand in for a title. The name itself is always shown beside it. The browser script has a twin (app.js).
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
