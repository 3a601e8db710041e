import { listVersions } from "../../src/core/resolve-version.js";
import type { ReceivedConnectorDocument } from "../../src/core/api/documents.js";
import { truncate } from "../../src/core/text/truncate.js";
import { flagLine } from "../../src/core/tools/tool-flags.js";
import { serverLines, type ConnectorView } from "./connector-view.js";
import { shownPermissions } from "./permission-text.js";
import { say } from "./language.js";

export { localText } from "./local-text.js";
import { printable } from "./printable.js";

// `info`'s page as text, in the run's language: the view (connector-view.ts) is the --json document.

/** The human page of `info`. */
export function renderView(
  view: ConnectorView,
  doc: ReceivedConnectorDocument | undefined,
  /** The package's own words in the run's language (plugin.json `i18n`), when it has them. */
  local: { displayName?: string; description?: string } = {},
  /** The catalog an imported version came from (its tools are that catalog's list, not a publisher's). */
  importedFrom?: { catalog: string; fetchedAt: string },
): string {
  const displayName = local.displayName ?? view.displayName;
  const title = displayName ? `${displayName} (${view.name})` : view.name;
  // The publisher next to the name (issue 12): a look-alike by someone else is told apart by who made it.
  const by = view.publisher ? ` ${say("search.by", { publisher: view.publisher })}` : "";
  const lines = [`${title} ${view.version}${by}`, `  ${local.description ?? view.description}`];
  const meta = [
    view.publisher && say("info.publisher", { publisher: view.publisher }),
    view.license && say("info.license", { license: view.license }),
    view.categories.length > 0 && say("info.categories", { categories: view.categories.join(", ") }),
  ].filter(Boolean);
  if (meta.length) lines.push(`  ${meta.join(" · ")}`);
  if (view.homepage) lines.push(`  ${view.homepage}`);
  if (doc) {
    const tags = Object.entries(doc.distTags).map(([t, v]) => `${t}: ${v}`);
    lines.push("", say("info.versions", { versions: listVersions(doc) }));
    if (tags.length) lines.push(say("info.tags", { tags: tags.join(", ") }));
  }
  lines.push("", say("info.servers"));
  for (const s of view.servers) lines.push(...serverLines(s).map((line) => `  ${line}`));
  // Only local servers are sandboxed: for a remote-only connector the permissions say nothing.
  if (view.servers.some((s) => s.transport === "stdio")) {
    lines.push("", say("info.permissions"));
    for (const p of shownPermissions(view, view.permissions)) lines.push(`  ${p}`);
  }
  lines.push("", say("info.credentials"));
  if (view.credentials.length === 0) lines.push(`  ${say("info.credentials-none")}`);
  for (const c of view.credentials) {
    const marks = c.required
      ? say(c.secret ? "info.required-secret" : "info.required")
      : say(c.secret ? "info.optional-secret" : "info.optional");
    lines.push(`  ${c.key}${c.title ? ` — ${c.title}` : ""} ${marks}`);
    if (c.description) lines.push(`      ${c.description}`);
  }
  if (view.skills.length) {
    lines.push("", say("info.skills"));
    for (const s of view.skills) lines.push(`  ${s.name} — ${oneLine(s.description)}`);
  }
  if (view.tools) lines.push("", ...toolLines(view.tools, view.servers.length > 1, importedFrom));
  if (view.flags.length) {
    lines.push("", say("info.flags", { count: view.flags.length }));
    for (const f of view.flags) lines.push(`  ${flagLine(f)}`);
  }
  return printable(lines.join("\n"));
}

const MAX_TOOL_LINE = 160;

/** One line of at most MAX_TOOL_LINE characters, saying how many more there are: a padded payload shows. */
function oneLine(text: string): string {
  return truncate(text.replace(/\s+/g, " ").trim(), MAX_TOOL_LINE);
}

function toolLines(
  tools: NonNullable<ConnectorView["tools"]>,
  manyServers: boolean,
  importedFrom: { catalog: string; fetchedAt: string } | undefined,
): string[] {
  const date = tools.reportedAt?.slice(0, 10);
  const who = tools.reportedBy === "publisher" ? say("info.the-publisher") : (tools.reportedBy ?? "");
  const by = importedFrom
    ? say("info.tools-listed-by", {
        catalog: importedFrom.catalog,
        date: importedFrom.fetchedAt.slice(0, 10),
      })
    : date
      ? say(who ? "info.tools-by-on" : "info.tools-on", { who, date })
      : who
        ? say("info.tools-by", { who })
        : say("info.tools-reported");
  // One line each: a description could otherwise forge lines of this page.
  const lines = [say("info.tools", { count: tools.items.length, by })];
  for (const t of tools.items) {
    const server = manyServers && t.server ? `  [${t.server}]` : "";
    lines.push(`  ${t.name}${t.title ? ` — ${oneLine(t.title)}` : ""}${server}`);
    if (t.description) lines.push(`      ${oneLine(t.description)}`);
  }
  return lines;
}
