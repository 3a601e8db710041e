import { HOSTS } from "../../src/core/hosts/index.js";
import { HOST_IDS, type HostId } from "../../src/core/hosts/types.js";
import { Lru } from "./lru.js";

/** One server's snippet for one host, exactly as GET /v1/connectors/:name/:version/config?host= returns it. */
export interface ShownSnippet {
  server: string;
  text: string;
  deeplink?: string;
  placeholders: Array<{ key: string; how: string }>;
  notes: string[];
}

export interface HostTab {
  host: HostId;
  displayName: string;
  snippets: ShownSnippet[];
}

/** Something that answers registry requests in-process (the app itself). */
export interface ApiClient {
  request(input: string): Response | Promise<Response>;
}

// The tabs show what the config endpoint answers, byte for byte: the page asks the endpoint in-process
// instead of rebuilding snippets, so the web and the API can never disagree. Versions are immutable, so
// one version's tabs are computed once.

/** Reads the host tabs of name@version through the config endpoint; undefined when it has none. */
export function createSnippetSource(api: ApiClient, cacheSize = 256) {
  const cache = new Lru<string, HostTab[] | null>(cacheSize);
  return async (name: string, version: string): Promise<HostTab[] | undefined> => {
    const key = `${name}@${version}`;
    const hit = cache.get(key);
    if (hit !== undefined) return hit ?? undefined;
    const tabs: HostTab[] = [];
    for (const host of HOST_IDS) {
      const res = await api.request(
        `/v1/connectors/${encodeURIComponent(name)}/${encodeURIComponent(version)}/config?host=${host}`,
      );
      if (res.status !== 200) {
        await res.body?.cancel();
        continue; // a host the endpoint cannot serve this connector for gets no tab
      }
      const snippets = readSnippets(await res.json());
      if (snippets.length > 0) tabs.push({ host, displayName: HOSTS[host].displayName, snippets });
    }
    cache.set(key, tabs.length > 0 ? tabs : null);
    return tabs.length > 0 ? tabs : undefined;
  };
}

/** The snippets of an endpoint answer: `{ snippets: [...] }`, or one snippet at the top level. */
export function readSnippets(body: unknown): ShownSnippet[] {
  if (!isObject(body)) return [];
  const list = Array.isArray(body.snippets) ? body.snippets : [body];
  const out: ShownSnippet[] = [];
  for (const item of list) {
    if (!isObject(item) || typeof item.text !== "string") continue;
    out.push({
      server: typeof item.server === "string" ? item.server : typeof body.name === "string" ? body.name : "",
      text: item.text,
      ...(typeof item.deeplink === "string" ? { deeplink: item.deeplink } : {}),
      placeholders: Array.isArray(item.placeholders)
        ? item.placeholders.filter(
            (p): p is { key: string; how: string } =>
              isObject(p) && typeof p.key === "string" && typeof p.how === "string",
          )
        : [],
      notes: Array.isArray(item.notes) ? item.notes.filter((n): n is string => typeof n === "string") : [],
    });
  }
  return out;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
