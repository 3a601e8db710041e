import { mapStrings, revealHidden } from "../text/hidden-chars.js";
import { instructionFlags, type InstructionFlag } from "../text/instruction-flags.js";

/** A flag raised by one tool (or skill): which one, and the flag. */
export interface TextFlag extends InstructionFlag {
  /** The tool's (or skill's) name, hidden characters shown visibly. */
  subject: string;
}

interface ToolLike {
  name: string;
  title?: unknown;
  description?: unknown;
  inputSchema?: unknown;
}

/**
 * The instruction-like content of a tool: its name, title and description, and the words inside its
 * input schema (descriptions, defaults, enum values, parameter names), all of which a model reads when
 * it is offered the tool.
 */
export function toolFlags(tool: ToolLike): InstructionFlag[] {
  const parts = [tool.name, tool.title, tool.description, ...schemaText(tool.inputSchema, 0)];
  return instructionFlags(parts.filter((p): p is string => typeof p === "string").join("\n"));
}

/** Every flag of a list of tools, each naming its tool. */
export function flagTools(tools: readonly ToolLike[]): TextFlag[] {
  return tools.flatMap((t) => toolFlags(t).map((f) => ({ ...f, subject: revealHidden(t.name) })));
}

/** Every flag of a list of skills (name, description and, when present, body), each naming its skill. */
export function flagSkills(
  skills: readonly { name: string; description?: unknown; body?: unknown }[],
): TextFlag[] {
  return skills.flatMap((s) =>
    instructionFlags([s.name, s.description, s.body].filter((p) => typeof p === "string").join("\n")).map(
      (f) => ({ ...f, subject: `skill ${revealHidden(s.name)}` }),
    ),
  );
}

/**
 * A tool as a model should be shown it: every string but its name with the hidden characters made
 * visible. The name stays: it is how the tool is called (and pinned).
 */
export function revealTool<T extends { name: string }>(tool: T): T {
  return { ...mapStrings(tool, revealHidden), name: tool.name };
}

/** "instruction.key-file in search: it names a file that holds keys or credentials ("~/.ssh")". */
export function flagLine(flag: TextFlag): string {
  const match = flag.match ? ` (${JSON.stringify(revealHidden(flag.match))})` : "";
  return `${flag.code} in ${flag.subject}: ${flag.message}${match}`;
}

// Keys whose string values are machine syntax, not words a model reads as instructions.
const SYNTAX = new Set(["type", "format", "pattern", "$ref", "$schema", "$id"]);

/** The words of a schema a model reads: descriptions, titles, defaults, enum values, parameter names. */
function schemaText(schema: unknown, depth: number, names = false): string[] {
  if (depth > 32 || typeof schema !== "object" || schema === null) return [];
  const out: string[] = [];
  for (const [key, value] of Object.entries(schema)) {
    if (names) out.push(key);
    if (typeof value === "string") {
      if (!SYNTAX.has(key)) out.push(value);
    } else if (typeof value === "object") out.push(...schemaText(value, depth + 1, key === "properties"));
  }
  return out;
}
