import { isObject } from "../json-guards.js";
// Reading the tools a version document carries, whatever registry sent it: Connectory's report
// `{ reportedBy, reportedAt, items }` (src/core/tools/report.ts), a bare list, or `{ tools }` as MCP's
// tools/list returns them. Web pages, `connectory info` and the marketplace MCP server all read them
// here, so they never disagree about what a document says.

/** One tool as a version document lists it (fields of the wrong type are dropped). */
export interface ToolSummary {
  name: string;
  /** The package's server that lists it. */
  server?: string;
  title?: string;
  description?: string;
  inputSchema?: Record<string, unknown>;
  annotations?: Record<string, unknown>;
}

/** The tools of a version, and who reported them when the document says so. */
export interface ToolsListing {
  /** "publisher" for Connectory's registry; absent in the older shapes. */
  reportedBy?: string;
  reportedAt?: string;
  items: ToolSummary[];
}

type Json = Record<string, unknown>;
const TEXT_FIELDS = ["server", "title", "description"] as const;

/** The tools of a version document's `tools` member; undefined when it has none. */
export function readToolsListing(raw: unknown): ToolsListing | undefined {
  const list = Array.isArray(raw)
    ? raw
    : isObject(raw)
      ? [raw.items, raw.tools].find((v): v is unknown[] => Array.isArray(v))
      : undefined;
  if (!list) return undefined;
  const items = list.flatMap((t): ToolSummary[] => {
    if (!isObject(t) || typeof t.name !== "string" || t.name === "") return [];
    const tool: ToolSummary = { name: t.name };
    for (const key of TEXT_FIELDS) if (typeof t[key] === "string") tool[key] = t[key];
    if (isObject(t.inputSchema)) tool.inputSchema = t.inputSchema;
    if (isObject(t.annotations)) tool.annotations = t.annotations;
    return [tool];
  });
  const source = isObject(raw) ? raw : {};
  return {
    ...(typeof source.reportedBy === "string" ? { reportedBy: source.reportedBy } : {}),
    ...(typeof source.reportedAt === "string" ? { reportedAt: source.reportedAt } : {}),
    items,
  };
}
