import { launchIdentity, launchMatches } from "../../src/core/hosts/launch-match.js";
import { isRemote, type ServerSpec } from "../../src/core/types.js";
import type { CommandContext } from "../context.js";
import { openMarketplace } from "../registry/open-marketplace.js";
import { errorMessage, say, sayEnglish, type SaidBoth } from "../terminal/language.js";

/** A connector whose server launches what an imported server does. */
export interface ConnectorMatch {
  connector: string;
  marketplace: string;
}

const HITS_CHECKED = 3;

/**
 * For each imported server, a connector of the default marketplace whose server template launches
 * the same package (npx/uvx/docker target) or remote endpoint, found by searching for the server's
 * name and its package. Best effort: an unreachable marketplace gives no matches and one note.
 */
export async function findConnectorMatches(
  ctx: CommandContext,
  servers: Record<string, ServerSpec>,
): Promise<{ matches: Record<string, ConnectorMatch>; note?: SaidBoth }> {
  const wanted = Object.entries(servers).filter(([, s]) => launchIdentity(s) !== undefined);
  if (wanted.length === 0) return { matches: {} };
  const matches: Record<string, ConnectorMatch> = {};
  try {
    const { marketplace, client } = await openMarketplace(ctx, undefined);
    const versions = new Map<string, unknown>();
    for (const [name, server] of wanted) {
      const hits = new Set<string>();
      for (const q of searchTerms(name, server)) {
        for (const hit of await client.search({ q, limit: HITS_CHECKED })) hits.add(hit.name);
      }
      for (const hit of [...hits].slice(0, HITS_CHECKED * 2)) {
        if (!versions.has(hit)) versions.set(hit, (await client.version(hit, "latest")).mcp);
        if (templates(versions.get(hit)).some((t) => launchMatches(server, t))) {
          matches[name] = { connector: hit, marketplace };
          break;
        }
      }
    }
    return { matches };
  } catch (error) {
    // The registry's or the system's words inside: from the tables when the error names keys.
    const note = {
      en: sayEnglish("import-why.match-unchecked", { message: (error as Error).message }),
      text: say("import-why.match-unchecked", { message: errorMessage(error) }),
    };
    return { matches, note };
  }
}

/** The server name, and the package or host name without scope and `mcp`/`server` noise. */
function searchTerms(name: string, server: ServerSpec): string[] {
  const id = launchIdentity(server) ?? "";
  const target = isRemote(server) ? (id.split(":")[1]?.split(/[./]/)[0] ?? "") : (id.split("/").pop() ?? "");
  const word = target
    .replace(/^(pkg|image):/, "")
    .replace(/(^|[-_])(mcp|server)(?=$|[-_])/g, "")
    .replace(/^[-_]+|[-_]+$/g, "");
  return [...new Set([name, word].filter((t) => t.length >= 2))];
}

function templates(mcp: unknown): ServerSpec[] {
  if (typeof mcp !== "object" || mcp === null) return [];
  const set = (mcp as { mcpServers?: unknown }).mcpServers ?? mcp;
  if (typeof set !== "object" || set === null) return [];
  return Object.values(set as Record<string, unknown>).filter(
    (s): s is ServerSpec => typeof s === "object" && s !== null && ("command" in s || "url" in s),
  );
}
