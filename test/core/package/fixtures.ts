import type { PackageFiles, Problem } from "../../../src/core/types.js";

/** Bytes of a JSON value or a text. */
export function bytes(content: unknown): Uint8Array {
  return new TextEncoder().encode(typeof content === "string" ? content : JSON.stringify(content, null, 2));
}

export const manifest = {
  $schema: "https://connectory.dev/schemas/plugin.schema.json",
  name: "acme-quotes",
  version: "1.2.0",
  description: "Stock quotes from Acme, over a hosted MCP server and a bundled stdio server.",
  publisher: "acme",
  displayName: "Acme Quotes",
  license: "MIT",
  homepage: "https://acme.example/quotes",
  repository: "https://github.com/acme/quotes-connector",
  keywords: ["stocks", "quotes"],
  categories: ["finance", "data-analysis"],
  defaultEnabled: true,
  engines: { connectory: ">=0.1.0" },
};

export const mcp = {
  mcpServers: {
    "acme-remote": {
      type: "streamable-http",
      url: "https://mcp.acme.example/mcp?region=${ACME_REGION}",
      headers: { Authorization: "Bearer ${ACME_TOKEN}" },
    },
    "acme-local": {
      command: "node",
      args: ["${PLUGIN_ROOT}/server/index.js", "--retries", "${ACME_RETRIES}"],
      env: { ACME_TOKEN: "${ACME_TOKEN}", ACME_DEBUG: "${ACME_DEBUG}" },
      cwd: "${PLUGIN_ROOT}",
    },
  },
};

export const tokenSchema = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  type: "object",
  properties: {
    ACME_TOKEN: {
      type: "string",
      title: "Acme API token",
      description: "From acme.example → Settings → API",
      pattern: "^[0-9a-f]{32}$",
      secret: true,
    },
    ACME_REGION: { type: "string", title: "Region", enum: ["eu", "us"], default: "eu" },
    ACME_RETRIES: { type: "integer", title: "Retries", minimum: 0, maximum: 5, default: 2 },
    ACME_DEBUG: { type: "boolean", title: "Debug logging", default: false },
  },
  required: ["ACME_TOKEN"],
  additionalProperties: false,
};

export const skill = `---
name: daily-quotes
description: Summarise today's quotes for a list of tickers. Use when the user asks how their stocks did.
---

# Daily quotes

Call \`get_quote\` for each ticker.
`;

export const svg =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16"/></svg>';

/** A full package that passes `validate --strict` with zero problems. */
export function validFiles(): PackageFiles {
  return new Map([
    ["plugin.json", bytes(manifest)],
    ["mcp.json", bytes(mcp)],
    ["token-schema.json", bytes(tokenSchema)],
    ["skills/daily-quotes/SKILL.md", bytes(skill)],
    ["skills/daily-quotes/reference.md", bytes("# Reference\n")],
    ["README.md", bytes("# Acme Quotes\n\nQuotes in your MCP host.\n")],
    ["icon.svg", bytes(svg)],
    ["server/index.js", bytes("console.log('hi');\n")],
  ]);
}

/** The valid package with files replaced (a value) or removed (undefined). */
export function withFiles(changes: Record<string, unknown>, base = validFiles()): PackageFiles {
  const files = new Map(base);
  for (const [name, content] of Object.entries(changes)) {
    if (content === undefined) files.delete(name);
    else files.set(name, content instanceof Uint8Array ? content : bytes(content));
  }
  return files;
}

/** `code path` of each problem, for compact assertions. */
export function found(problems: readonly Problem[]): string[] {
  return problems.map((p) => `${p.code} ${p.file}${p.path}`);
}
