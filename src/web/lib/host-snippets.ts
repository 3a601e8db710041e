import type { HostConfigDocument } from "../../core/api/documents.js";
import { HOSTS, HOST_IDS, type HostId } from "../../core/hosts/index.js";
import { Lru } from "./lru.js";

/** One server's snippet for one host, as GET /v1/connectors/:name/:version/config?host= returns it. */
export type ShownSnippet = HostConfigDocument["snippets"][number];

export interface HostTab {
  host: HostId;
  displayName: string;
  snippets: ShownSnippet[];
  /** The host's own one-line install (plugin or extension), when it has one. */
  install?: HostConfigDocument["install"];
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
      const { snippets, install } = (await res.json()) as HostConfigDocument;
      if (snippets.length > 0)
        tabs.push({ host, displayName: HOSTS[host].displayName, snippets, ...(install ? { install } : {}) });
    }
    cache.set(key, tabs.length > 0 ? tabs : null);
    return tabs.length > 0 ? tabs : undefined;
  };
}
