import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { Upstream } from "../../cli/gateway/upstream.js";
import { recordPins, serverPins } from "../../cli/home/pins-store.js";
import { ToolGuard } from "../../cli/mcp/tool-guard.js";

/**
 * A gateway upstream whose server is a real SDK McpServer in this process, reached over an
 * InMemoryTransport pair, through the real tool guard with pins in `home`. `make` builds a fresh
 * server for every start (as a spawn would start a fresh process).
 */
export function memoryUpstream(
  name: string,
  home: string,
  make: () => McpServer,
  hooks: {
    toolsChanged?: () => void;
    catalogChanged?: (kind: "resources" | "prompts") => void;
    resourceUpdated?: (uri: string) => void;
    log?: (m: string) => void;
  } = {},
): { upstream: Upstream; current: () => McpServer | undefined; starts: () => number } {
  let current: McpServer | undefined;
  let starts = 0;
  const log = hooks.log ?? (() => undefined);
  const upstream = new Upstream({
    name,
    open: () => {
      const [client, server] = InMemoryTransport.createLinkedPair();
      current = make();
      starts++;
      void current.connect(server);
      return client;
    },
    guard: (send) =>
      new ToolGuard({
        server: name,
        readPins: () => serverPins(home, name),
        recordPins: async (tools) => void (await recordPins(home, name, tools)),
        send,
        log,
        hide: (t) => t,
        timeoutMs: 5000,
      }),
    log,
    hide: (t) => t,
    timeoutMs: 5000,
    version: "test",
    changed: () => undefined,
    toolsChanged: hooks.toolsChanged ?? (() => undefined),
    ...(hooks.catalogChanged ? { catalogChanged: hooks.catalogChanged } : {}),
    ...(hooks.resourceUpdated ? { resourceUpdated: hooks.resourceUpdated } : {}),
  });
  return { upstream, current: () => current, starts: () => starts };
}
