import { parseTemplate, PLUGIN_ROOT, serverFields } from "../templates.js";
import type { Problem, ServerSet, TokenSchema } from "../types.js";
import { error, pointer, warning } from "./problems.js";

/**
 * The template rules of docs/package-format.md over a server set: valid `${KEY}` syntax, only in allowed places, `command` only
 * `${PLUGIN_ROOT}`, every key declared, every declared key used, secrets in URLs flagged.
 * base is the JSON Pointer of the servers object in mcp.json (`/mcpServers`, or "" for the flat shape).
 */
export function checkTemplates(
  servers: ServerSet,
  schema: TokenSchema | undefined,
  base: string,
  file = "mcp.json",
): Problem[] {
  const problems: Problem[] = [];
  const declared = schema?.properties ?? {};
  const required = new Set(schema?.required ?? []);
  const used = new Set<string>();
  for (const [name, server] of Object.entries(servers)) {
    const at = pointer(base, name);
    for (const field of serverFields(server)) {
      const path = at + field.path;
      const parsed = parseTemplate(field.value);
      if ("invalid" in parsed) {
        problems.push(error("template.invalid", file, path, parsed.invalid));
        continue;
      }
      const keys = parsed.parts.flatMap((p) => ("key" in p ? [p.key] : []));
      if (keys.length === 0) continue;
      if (field.role === "name") {
        problems.push(
          error(
            "template.not-allowed",
            file,
            path,
            "templates are not allowed in env or header names, only in their values",
          ),
        );
        continue;
      }
      for (const key of keys) {
        if (key === PLUGIN_ROOT) continue;
        used.add(key);
        if (field.role === "command") {
          problems.push(
            error(
              "template.command",
              file,
              path,
              `command may only use \${PLUGIN_ROOT}, not \${${key}}: pass credentials through args or env`,
            ),
          );
        } else if (!(key in declared)) {
          problems.push(error("template.undeclared", file, path, undeclaredMessage(key, schema)));
        } else {
          if (field.role === "url" && declared[key]?.secret === true) {
            problems.push(
              warning(
                "template.secret-in-url",
                file,
                path,
                `the secret ${key} is part of the URL, so the whole rendered URL is treated as a secret; prefer a header if the server accepts one`,
              ),
            );
          }
          if (!required.has(key) && declared[key]?.default === undefined) {
            problems.push(
              warning(
                "template.optional-unset",
                file,
                path,
                `${key} is optional and has no default, yet the server needs it: make it required or give it a default`,
              ),
            );
          }
        }
      }
    }
  }
  for (const key of Object.keys(declared)) {
    if (!used.has(key)) {
      problems.push(
        warning(
          "template.unused",
          "token-schema.json",
          pointer("/properties", key),
          `${key} is declared but no server uses \${${key}}: use it in mcp.json or remove it`,
        ),
      );
    }
  }
  return problems;
}

function undeclaredMessage(key: string, schema: TokenSchema | undefined): string {
  if (key === "CLAUDE_PLUGIN_ROOT")
    return `\${CLAUDE_PLUGIN_ROOT} is Claude Code's name: write \${PLUGIN_ROOT} for the installed package folder`;
  const where = schema ? "token-schema.json has no property" : "there is no token-schema.json declaring";
  return `\${${key}} is used but ${where} ${key}: declare it (with "type" and "title") or fix the name`;
}
