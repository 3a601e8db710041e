import type { McpTool } from "../../src/core/tools/types.js";
import { isObject } from "../../src/core/json-guards.js";

const MAX_DEPTH = 6;

/** A tool as indented lines: name, title, description, then its parameters as a tree. */
export function toolLines(tool: McpTool, indent = "  "): string[] {
  const lines = [`${indent}${tool.name}${tool.title && tool.title !== tool.name ? ` — ${tool.title}` : ""}`];
  for (const line of (tool.description ?? "").split("\n").filter((l) => l.trim() !== "")) {
    lines.push(`${indent}    ${line.trim()}`);
  }
  const params = parameterLines(tool.inputSchema, `${indent}    `, 0);
  lines.push(...(params.length ? [`${indent}    parameters:`, ...params] : [`${indent}    no parameters`]));
  const hints = Object.entries(tool.annotations ?? {})
    .filter(([k, v]) => k.endsWith("Hint") && v === true)
    .map(([k]) => k.replace(/Hint$/, ""));
  if (hints.length) lines.push(`${indent}    hints: ${hints.join(", ")}`);
  return lines;
}

/** One line per property, nested objects and array items indented under their parent. */
function parameterLines(schema: unknown, indent: string, depth: number): string[] {
  if (!isObject(schema) || !isObject(schema.properties) || depth >= MAX_DEPTH) return [];
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  const lines: string[] = [];
  for (const [name, raw] of Object.entries(schema.properties)) {
    const p = isObject(raw) ? raw : {};
    const facts = [typeLabel(p)];
    if (required.has(name)) facts.push("required");
    if (Array.isArray(p.enum)) facts.push(`one of ${p.enum.map((v) => JSON.stringify(v)).join(" | ")}`);
    if (p.default !== undefined) facts.push(`default ${JSON.stringify(p.default)}`);
    const description = typeof p.description === "string" ? ` — ${p.description.replace(/\s+/g, " ")}` : "";
    lines.push(`${indent}  ${name} (${facts.join(", ")})${description}`);
    const items = isObject(p.items) ? p.items : undefined;
    lines.push(...parameterLines(items ?? p, `${indent}  `, depth + 1));
  }
  return lines;
}

function typeLabel(p: Record<string, unknown>): string {
  const type = Array.isArray(p.type) ? p.type.join("|") : typeof p.type === "string" ? p.type : "any";
  if (type === "array" && isObject(p.items) && typeof p.items.type === "string")
    return `array of ${p.items.type}`;
  return type;
}
