import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { RequestOptions } from "@modelcontextprotocol/sdk/shared/protocol.js";
import type { ServerSnapshot } from "../../core/tools/snapshot.js";

/** Pages read per list at most: a server that keeps handing out cursors is cut off there. */
const MAX_PAGES = 20;

type Page = { nextCursor?: string | undefined } & Record<string, unknown>;

/**
 * What a connected server says about itself, for the version's tool snapshot: initialize's server info
 * and instructions, and every page of tools/list (the first page given), prompts/list and
 * resources/list (only when its capabilities declare them).
 */
export async function snapshotOf(
  client: Client,
  firstTools: Page,
  request: RequestOptions,
  protocolVersion: string | undefined,
): Promise<ServerSnapshot> {
  const caps = client.getServerCapabilities() ?? {};
  const info = client.getServerVersion();
  const instructions = client.getInstructions();
  const tools = await all("tools", firstTools, (cursor) => client.listTools({ cursor }, request));
  const prompts = caps.prompts
    ? await all("prompts", undefined, (cursor) => client.listPrompts(cursor ? { cursor } : {}, request))
    : [];
  const resources = caps.resources
    ? await all("resources", undefined, (cursor) => client.listResources(cursor ? { cursor } : {}, request))
    : [];
  return {
    serverInfo: info
      ? { name: info.name, version: info.version, ...(info.title ? { title: info.title } : {}) }
      : null,
    ...(protocolVersion ? { protocolVersion } : {}),
    ...(instructions ? { instructions } : {}),
    tools,
    prompts,
    resources,
  };
}

async function all(
  key: string,
  first: Page | undefined,
  next: (cursor: string | undefined) => Promise<Page>,
): Promise<unknown[]> {
  const items: unknown[] = [];
  let page = first ?? (await next(undefined));
  for (let n = 1; ; n++) {
    const list = page[key];
    if (Array.isArray(list)) items.push(...(list as unknown[]));
    if (!page.nextCursor || n >= MAX_PAGES) return items;
    page = await next(page.nextCursor);
  }
}
