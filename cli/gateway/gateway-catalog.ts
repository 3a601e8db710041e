import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  ErrorCode,
  GetPromptRequestSchema,
  GetPromptResultSchema,
  ListPromptsRequestSchema,
  ListPromptsResultSchema,
  ListResourceTemplatesRequestSchema,
  ListResourceTemplatesResultSchema,
  ListResourcesRequestSchema,
  ListResourcesResultSchema,
  ReadResourceRequestSchema,
  ReadResourceResultSchema,
  SubscribeRequestSchema,
  UnsubscribeRequestSchema,
  type GetPromptResult,
  type Prompt,
  type ReadResourceResult,
  type Resource,
  type ResourceTemplate,
} from "@modelcontextprotocol/sdk/types.js";
import { NAME_SEPARATOR, assignFunctionNames } from "../../src/core/tools/names.js";
import { gatewayUri, parseGatewayUri } from "./gateway-uri.js";
import { GatewayError, forwardOptions, passOn, plain, type HostExtra } from "./host-request.js";
import type { Upstream } from "./upstream.js";
import { errorMessage, say } from "../terminal/language.js";

/**
 * The resources and prompts half of the gateway: every server's resources under
 * `connectory://<server>/<uri>` (templates likewise), named `<server>__<name>`, and its prompts named
 * `<server>__<prompt>` as tools are (unique, ≤ 64 characters, deterministic); reads and gets go to the
 * server the URI or name leads to, with progress and cancellation passed on.
 */
export class GatewayCatalog {
  private prompts = new Map<string, { upstream: Upstream; name: string }>();
  /** A server's own URI (as in a resource_link of a tool result) → the first server listing it. */
  private plainUris = new Map<string, Upstream>();
  /** This host session's subscriptions: the gateway URI → the server, its own URI, the host's spelling. */
  private subscribed = new Map<string, { upstream: Upstream; uri: string; asked: string }>();
  private server: Server | undefined;

  constructor(
    private readonly upstreams: readonly Upstream[],
    private readonly log: (message: string) => void,
  ) {}

  /** Answers the seven methods on `server` (which must declare resources, with subscribe, and prompts). */
  register(server: Server): void {
    this.server = server;
    server.setRequestHandler(SubscribeRequestSchema, (request, extra) =>
      this.subscribe(request.params.uri, extra as unknown as HostExtra),
    );
    server.setRequestHandler(UnsubscribeRequestSchema, (request, extra) =>
      this.unsubscribe(request.params.uri, extra as unknown as HostExtra),
    );
    server.setRequestHandler(ListResourcesRequestSchema, async () => ({
      resources: await this.listResources(),
    }));
    server.setRequestHandler(ListResourceTemplatesRequestSchema, async () => ({
      resourceTemplates: await this.listTemplates(),
    }));
    server.setRequestHandler(ReadResourceRequestSchema, (request, extra) =>
      this.read(request.params, extra as unknown as HostExtra),
    );
    server.setRequestHandler(ListPromptsRequestSchema, async () => ({ prompts: await this.listPrompts() }));
    server.setRequestHandler(GetPromptRequestSchema, (request, extra) =>
      this.getPrompt(request.params, extra as unknown as HostExtra),
    );
  }

  async listResources(): Promise<Resource[]> {
    const listed = await this.gather<Resource>(
      "resources/list",
      "resources",
      "resources",
      ListResourcesResultSchema,
    );
    const plainUris = new Map<string, Upstream>();
    const out: Resource[] = [];
    for (const { upstream, items } of listed) {
      for (const r of items) {
        if (!plainUris.has(r.uri)) plainUris.set(r.uri, upstream);
        out.push({
          ...r,
          uri: gatewayUri(upstream.name, r.uri),
          name: `${upstream.name}${NAME_SEPARATOR}${r.name}`,
        });
      }
    }
    this.plainUris = plainUris;
    return out;
  }

  async listTemplates(): Promise<ResourceTemplate[]> {
    const listed = await this.gather<ResourceTemplate>(
      "resources/templates/list",
      "resources",
      "resourceTemplates",
      ListResourceTemplatesResultSchema,
    );
    return listed.flatMap(({ upstream, items }) =>
      items.map((t) => ({
        ...t,
        uriTemplate: gatewayUri(upstream.name, t.uriTemplate),
        name: `${upstream.name}${NAME_SEPARATOR}${t.name}`,
      })),
    );
  }

  async read(
    params: { uri: string; _meta?: { progressToken?: string | number } },
    extra: HostExtra,
  ): Promise<ReadResourceResult> {
    const { upstream, uri } = await this.resourceRoute(params.uri);
    try {
      const result = (await upstream.request(
        { method: "resources/read", params: { ...params, uri } },
        ReadResourceResultSchema,
        forwardOptions(params._meta, extra),
      )) as ReadResourceResult;
      return {
        ...result,
        contents: result.contents.map((c) => ({ ...c, uri: gatewayUri(upstream.name, c.uri) })),
      };
    } catch (error) {
      throw passOn(upstream, error);
    }
  }

  /**
   * `resources/subscribe`: sent on to the server the URI leads to, with its own URI; the server's
   * `notifications/resources/updated` comes back under the URI the host subscribed with.
   */
  async subscribe(uri: string, extra: HostExtra): Promise<Record<string, never>> {
    const route = await this.resourceRoute(uri);
    const key = gatewayUri(route.upstream.name, route.uri);
    if (this.subscribed.has(key)) return {};
    try {
      await route.upstream.subscribe(route.uri, forwardOptions(undefined, extra));
    } catch (error) {
      throw passOn(route.upstream, error);
    }
    this.subscribed.set(key, { ...route, asked: uri });
    return {};
  }

  /** `resources/unsubscribe`: the last host session to drop a URI unsubscribes the server. */
  async unsubscribe(uri: string, extra: HostExtra): Promise<Record<string, never>> {
    const parsed = parseGatewayUri(uri);
    const key = parsed
      ? gatewayUri(parsed.server, parsed.uri)
      : [...this.subscribed].find(([, s]) => s.asked === uri || s.uri === uri)?.[0];
    const sub = key === undefined ? undefined : this.subscribed.get(key);
    if (!key || !sub) return {}; // never subscribed (or already dropped): nothing to do
    this.subscribed.delete(key);
    try {
      await sub.upstream.unsubscribe(sub.uri, forwardOptions(undefined, extra));
    } catch (error) {
      throw passOn(sub.upstream, error);
    }
    return {};
  }

  /** A server's resource changed: tells the host, if this session subscribed to it. */
  resourceUpdated(server: string, uri: string): void {
    const sub = this.subscribed.get(gatewayUri(server, uri));
    if (sub) void this.server?.sendResourceUpdated({ uri: sub.asked }).catch(() => undefined);
  }

  /** The host session ended: every subscription it held is dropped (the last one unsubscribes the server). */
  async releaseSubscriptions(): Promise<void> {
    const subs = [...this.subscribed.values()];
    this.subscribed.clear();
    await Promise.all(
      subs.map((s) => s.upstream.unsubscribe(s.uri, { timeout: 5000 }).catch(() => undefined)),
    );
  }

  async listPrompts(): Promise<Prompt[]> {
    const listed = await this.gather<Prompt>("prompts/list", "prompts", "prompts", ListPromptsResultSchema);
    const refs = listed.flatMap(({ upstream, items }) => {
      const seen = new Set<string>();
      return items.flatMap((p) => {
        if (seen.has(p.name)) return []; // listed twice: the first definition wins, as for tools
        seen.add(p.name);
        return [{ server: upstream.name, tool: p.name, upstream, prompt: p }];
      });
    });
    const names = assignFunctionNames(refs);
    this.prompts = new Map(refs.map((r, i) => [names[i] as string, { upstream: r.upstream, name: r.tool }]));
    return refs.map((r, i) => ({ ...r.prompt, name: names[i] as string }));
  }

  async getPrompt(
    params: { name: string; arguments?: Record<string, string>; _meta?: { progressToken?: string | number } },
    extra: HostExtra,
  ): Promise<GetPromptResult> {
    if (!this.prompts.has(params.name)) await this.listPrompts();
    const route = this.prompts.get(params.name) ?? this.unlistedPrompt(params.name);
    if (!route)
      throw new GatewayError(
        ErrorCode.InvalidParams,
        `no prompt named "${params.name.slice(0, 200)}" in this gateway; list the prompts to see their names`,
      );
    try {
      return (await route.upstream.request(
        { method: "prompts/get", params: { ...params, name: route.name } },
        GetPromptResultSchema,
        forwardOptions(params._meta, extra),
      )) as GetPromptResult;
    } catch (error) {
      throw passOn(route.upstream, error);
    }
  }

  private unlistedPrompt(name: string): { upstream: Upstream; name: string } | undefined {
    for (const upstream of this.upstreams) {
      const prefix = `${upstream.name}${NAME_SEPARATOR}`;
      if (name.startsWith(prefix) && name.length > prefix.length)
        return { upstream, name: name.slice(prefix.length) };
    }
    return undefined;
  }

  private async resourceRoute(uri: string): Promise<{ upstream: Upstream; uri: string }> {
    const parsed = parseGatewayUri(uri);
    if (parsed) {
      const upstream = this.upstreams.find((u) => u.name === parsed.server);
      if (upstream) return { upstream, uri: parsed.uri };
    } else {
      if (!this.plainUris.has(uri)) await this.listResources();
      const upstream = this.plainUris.get(uri);
      if (upstream) return { upstream, uri };
    }
    throw new GatewayError(
      ErrorCode.InvalidParams,
      `no resource "${uri.slice(0, 200)}" in this gateway: its URIs are connectory://<server>/<uri>; list the resources to see them`,
    );
  }

  /** One list from every upstream (starting those not running); one that fails is left out, said on stderr. */
  private gather<T>(
    method: "resources/list" | "resources/templates/list" | "prompts/list",
    capability: "resources" | "prompts",
    key: string,
    schema: Parameters<Upstream["listAll"]>[3],
  ): Promise<Array<{ upstream: Upstream; items: T[] }>> {
    return Promise.all(
      this.upstreams.map((upstream) =>
        upstream.listAll<T>(method, capability, key, schema).then(
          (items) => ({ upstream, items }),
          (error: Error) => {
            this.log(
              say("gateway-log.left-out-of", {
                server: upstream.name,
                method,
                message: plain(errorMessage(error)),
              }),
            );
            return { upstream, items: [] };
          },
        ),
      ),
    );
  }
}
