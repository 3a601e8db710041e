import { canonicalJson, pinnedDefinition, toolHash } from "./canonical.js";
import type { Json, McpTool } from "./types.js";
import { isObject } from "../json-guards.js";

/** What was approved for one tool: the hash, and the definition itself so a later diff can name changes. */
export interface ToolPin {
  sha256: string;
  definition: Record<string, Json>;
}

/** Approved tools of one server, by MCP tool name. */
export type ToolPins = Record<string, ToolPin>;

/** One difference inside a tool definition. `path` is a JSON Pointer into the definition. */
export interface DefinitionChange {
  kind: "added" | "removed" | "changed";
  path: string;
  /** Readable: `parameter city: description`. */
  label: string;
  before?: Json;
  after?: Json;
}

/** One tool that is not as approved. */
export interface ToolDrift {
  tool: string;
  kind: "added" | "removed" | "changed";
  changes: DefinitionChange[];
}

/** Pins the current tool list: one entry per tool name (a duplicate name keeps the first). */
export function pinTools(tools: readonly McpTool[]): ToolPins {
  const pins: ToolPins = Object.create(null) as ToolPins;
  for (const tool of tools) {
    if (Object.hasOwn(pins, tool.name)) continue;
    pins[tool.name] = { sha256: toolHash(tool), definition: pinnedDefinition(tool) };
  }
  return pins;
}

/**
 * Compares the tools a server lists now with what was approved. Added, removed and changed tools are
 * all drift: the user approved a set, and any other set needs their approval again. Sorted by tool.
 */
export function diffPins(pinned: ToolPins, current: readonly McpTool[]): ToolDrift[] {
  const now = pinTools(current);
  const names = [...new Set([...Object.keys(pinned), ...Object.keys(now)])].sort();
  const drift: ToolDrift[] = [];
  for (const name of names) {
    const before = Object.hasOwn(pinned, name) ? pinned[name] : undefined;
    const after = Object.hasOwn(now, name) ? now[name] : undefined;
    if (!before && after) drift.push({ tool: name, kind: "added", changes: [] });
    else if (before && !after) drift.push({ tool: name, kind: "removed", changes: [] });
    else if (before && after && before.sha256 !== after.sha256) {
      drift.push({
        tool: name,
        kind: "changed",
        changes: diffJson(before.definition ?? {}, after.definition),
      });
    }
  }
  return drift;
}

/** Every difference between two JSON values, as JSON Pointer paths (arrays of unequal length: whole). */
export function diffJson(before: Json | undefined, after: Json | undefined, path = ""): DefinitionChange[] {
  if (before === undefined && after === undefined) return [];
  if (before === undefined) return [{ kind: "added", path, label: describePath(path), after: after as Json }];
  if (after === undefined) return [{ kind: "removed", path, label: describePath(path), before }];
  if (canonicalJson(before) === canonicalJson(after)) return [];
  if (isObject(before) && isObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
    return keys.flatMap((k) =>
      diffJson(own(before, k), own(after, k), `${path}/${k.replace(/~/g, "~0").replace(/\//g, "~1")}`),
    );
  }
  if (Array.isArray(before) && Array.isArray(after) && before.length === after.length) {
    return before.flatMap((b, i) => diffJson(b, after[i], `${path}/${i}`));
  }
  return [{ kind: "changed", path, label: describePath(path), before, after }];
}

/**
 * A JSON Pointer into a tool definition in words: `/inputSchema/properties/opts/properties/unit/enum`
 * → `parameter opts.unit: enum`.
 */
export function describePath(pointer: string): string {
  const parts = pointer
    .split("/")
    .slice(1)
    .map((p) => p.replace(/~1/g, "/").replace(/~0/g, "~"));
  if (parts[0] !== "inputSchema" && parts[0] !== "outputSchema") return parts.join(".") || "definition";
  const what = parts[0] === "inputSchema" ? "parameter" : "output field";
  const param: string[] = [];
  const rest: string[] = [];
  for (let i = 1; i < parts.length; i++) {
    const part = parts[i] as string;
    if (rest.length === 0 && part === "properties" && i + 1 < parts.length) {
      param.push(parts[++i] as string);
    } else if (rest.length === 0 && part === "items") {
      param.push("[]");
    } else rest.push(part);
  }
  const name = param.join(".").replace(/\.\[\]/g, "[]");
  if (name === "") return `${parts[0]}${rest.length ? `: ${rest.join(".")}` : ""}`;
  return `${what} ${name}${rest.length ? `: ${rest.join(".")}` : ""}`;
}

/** The drift as lines a person reads, values shortened; `hide` masks secrets in values. */
export function formatDrift(
  drift: readonly ToolDrift[],
  hide: (text: string) => string = (t) => t,
): string[] {
  const lines: string[] = [];
  for (const d of drift) {
    if (d.kind === "added") lines.push(`+ tool ${d.tool} was added`);
    else if (d.kind === "removed") lines.push(`- tool ${d.tool} was removed`);
    else {
      lines.push(`~ tool ${d.tool} changed:`);
      if (d.changes.length === 0) lines.push("    its definition changed");
      for (const c of d.changes) {
        if (c.kind === "added") lines.push(`    + ${c.label}: ${hide(short(c.after))}`);
        else if (c.kind === "removed") lines.push(`    - ${c.label} (was ${hide(short(c.before))})`);
        else lines.push(`    ~ ${c.label}: ${hide(short(c.before))} → ${hide(short(c.after))}`);
      }
    }
  }
  return lines;
}

function short(value: Json | undefined): string {
  const text = JSON.stringify(value) ?? "undefined";
  return text.length > 160 ? `${text.slice(0, 157)}...` : text;
}

function own(object: { [key: string]: Json }, key: string): Json | undefined {
  return Object.hasOwn(object, key) ? object[key] : undefined;
}
