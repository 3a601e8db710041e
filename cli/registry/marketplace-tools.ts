import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { ConnectoryError, isConnectoryError } from "../../src/core/errors.js";
import { HOST_IDS } from "../../src/core/hosts/index.js";
import type { ToolsListing } from "../../src/core/tools/read-report.js";
import { mapStrings, revealHidden } from "../../src/core/text/hidden-chars.js";
import { flagSkills, flagTools } from "../../src/core/tools/tool-flags.js";
import { CATEGORIES } from "../../src/core/types.js";
import { problemError } from "./problem-error.js";
import type { RegistryClient } from "./registry-client.js";
import { parseForeignJson } from "../../src/core/json-depth.js";
import { fetchRegistry } from "./registry-fetch.js";
import { localizedError } from "../terminal/language.js";

const MAX_CONFIG_BYTES = 1024 * 1024;

/**
 * The marketplace as an MCP server: search, read a connector, get the config a host needs. Read-only
 * (every tool is annotated so), and never holds a credential: install configs carry placeholders.
 */
export function createMarketplaceServer(
  registry: RegistryClient,
  fetchFn: typeof fetch,
  version: string,
): McpServer {
  const server = new McpServer(
    { name: "connectory-marketplace", title: "Connectory marketplace", version },
    {
      instructions:
        "Find MCP connectors in the Connectory marketplace: search_connectors, then get_connector for details " +
        "(servers, credentials it needs, skills), then get_install_config for a host's config snippet, or tell " +
        "the user to run `connectory install <name>`.",
    },
  );
  const readOnly = { readOnlyHint: true, openWorldHint: true, idempotentHint: true };

  server.registerTool(
    "search_connectors",
    {
      title: "Search connectors",
      description: "Full-text search of the marketplace over connector names, descriptions and keywords.",
      inputSchema: {
        query: z.string().max(200).describe('Words to search for, e.g. "stock quotes" or "weather"'),
        category: z.enum(CATEGORIES).optional().describe("Only connectors in this category"),
        limit: z.number().int().min(1).max(50).optional().describe("At most this many results (default 10)"),
      },
      annotations: readOnly,
    },
    ({ query, category, limit }) =>
      answer(async () => {
        const { hits, more } = await registry.searchPage({
          q: query,
          ...(category ? { category } : {}),
          limit: limit ?? 10,
        });
        const lines = hits.map((h) => `- ${h.name}${h.version ? `@${h.version}` : ""}: ${h.description}`);
        // Without this an agent takes the first results for everything the marketplace has.
        const rest = more
          ? "\nMore connectors match: raise limit (up to 50) or use more specific words."
          : "";
        return {
          text: hits.length
            ? `${hits.length} connector${hits.length === 1 ? "" : "s"}:\n${lines.join("\n")}${rest}`
            : `No connector matches ${JSON.stringify(query)}.`,
          data: { results: hits, more },
        };
      }),
  );

  server.registerTool(
    "get_connector",
    {
      title: "Get a connector",
      description:
        "One connector in detail: description, versions, the MCP servers it provides, the credentials it needs " +
        "(names and descriptions only), its skills, and its tools when the publisher reported them.",
      inputSchema: {
        name: z.string().max(64).describe("The connector's name, as in search results"),
        version: z.string().max(64).optional().describe('A version or tag (default "latest")'),
      },
      annotations: readOnly,
    },
    ({ name, version }) =>
      answer(async () => {
        const doc = await registry.connector(name);
        const detail = await registry.version(name, version ?? "latest");
        const data = {
          name: doc.name,
          description: doc.description,
          distTags: doc.distTags,
          versions: Object.keys(doc.versions),
          version: detail.version,
          manifest: detail.manifest,
          servers: detail.mcp,
          credentials: detail.tokenSchema ?? null,
          skills: detail.skills,
          // The publisher's word (publish --with-tools); the registry does not run the servers.
          tools: detail.tools ?? null,
          // Instruction-like content in its tools and skills (src/core/text/instruction-flags.ts).
          flags: [...flagTools(detail.tools?.items ?? []), ...flagSkills(detail.skills ?? [])],
          ...(detail.deprecated ? { deprecated: detail.deprecated } : {}),
        };
        const text = [
          `${doc.name}@${detail.version}: ${String(data.description ?? "")}`,
          ...(detail.tools ? [toolsLine(detail.tools)] : []),
          `Install with: connectory install ${doc.name}`,
        ].join("\n");
        return { text, data };
      }),
  );

  server.registerTool(
    "get_install_config",
    {
      title: "Get an install config",
      description:
        "The configuration snippet (and deeplink, where the host has one) that adds a connector's servers to an " +
        "MCP host. Credentials appear as placeholders the user fills in; `connectory install` stores them safely instead.",
      inputSchema: {
        name: z.string().max(64).describe("The connector's name"),
        host: z.enum(HOST_IDS as unknown as [string, ...string[]]).describe("The MCP host to configure"),
        version: z.string().max(64).optional().describe('A version or tag (default "latest")'),
      },
      annotations: readOnly,
    },
    ({ name, host, version }) =>
      answer(async () => {
        const url = `${registry.baseUrl}/v1/connectors/${encodeURIComponent(name)}/${encodeURIComponent(version ?? "latest")}/config?host=${encodeURIComponent(host)}`;
        const data = await fetchJson(registry.baseUrl, fetchFn, url);
        return {
          text: `${JSON.stringify(data, null, 2)}\n\nOr run: connectory install ${name}`,
          data: data as Record<string, unknown>,
        };
      }),
  );
  return server;
}

function toolsLine(tools: ToolsListing): string {
  const by = tools.reportedBy
    ? ` (reported by the ${tools.reportedBy}${tools.reportedAt ? ` on ${tools.reportedAt.slice(0, 10)}` : ""})`
    : "";
  return `Tools${by}: ${tools.items.map((t) => t.name).join(", ")}`;
}

async function answer(
  fn: () => Promise<{ text: string; data: Record<string, unknown> }>,
): Promise<CallToolResult> {
  try {
    const { text, data } = await fn();
    // An agent's context: hidden characters in what the registry sent are shown as ⟨U+…⟩.
    return {
      content: [{ type: "text", text: revealHidden(text) }],
      structuredContent: mapStrings(data, revealHidden),
    };
  } catch (error) {
    if (!isConnectoryError(error)) throw error;
    return {
      isError: true,
      content: [
        { type: "text", text: revealHidden(`${error.message}${error.hint ? `\n${error.hint}` : ""}`) },
      ],
    };
  }
}

// The registry client has no method for the host-config endpoint; this GET follows its conventions.
async function fetchJson(baseUrl: string, fetchFn: typeof fetch, url: string): Promise<unknown> {
  const res = await fetchRegistry(fetchFn, baseUrl, url, {
    headers: { accept: "application/json" },
    signal: AbortSignal.timeout(15_000),
  });
  const text = await res.text();
  if (text.length > MAX_CONFIG_BYTES)
    throw localizedError("registry.response.invalid", { key: "registry.answer-too-large", params: { url } });
  // problem+json (docs/http-api.md): keep its code and hint, as RegistryClient does, so the agent learns what to do.
  if (!res.ok)
    throw problemError(res.status, text, {
      code: `registry.http.${res.status}`,
      message: `HTTP ${res.status}`,
    });
  try {
    return parseForeignJson(text);
  } catch {
    throw localizedError("registry.response.invalid", { key: "registry.answer-not-json", params: { url } });
  }
}
