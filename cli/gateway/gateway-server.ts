import { randomUUID } from "node:crypto";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  type CallToolResult,
  type JSONRPCMessage,
  type JSONRPCRequest,
  type RequestId,
  type Tool,
} from "@modelcontextprotocol/sdk/types.js";
import { NAME_SEPARATOR, assignFunctionNames } from "../../src/core/tools/names.js";
import type { Upstream } from "./upstream.js";
import type { CallRecord } from "./audit-recorder.js";
import { endMcpSpan, startMcpSpan, type McpSpan } from "../../src/telemetry/mcp-spans.js";
import type { Cancel } from "./cancel.js";
import { FastServer, fastParams, type CallParams } from "./fast-server.js";
import { forwardAnswer } from "./forward-call.js";
import { LAZY_TOOLS, SEARCH_LIMIT } from "./lazy-tools.js";
import type { Telemetry } from "../../src/telemetry/telemetry.js";
import { GatewayCatalog } from "./gateway-catalog.js";
import { GatewayError, forwardOptions, passOn, plain, type HostExtra } from "./host-request.js";
import { errorMessage, say } from "../terminal/language.js";

/** Where a gateway function name leads: the server and the tool's own name there. */
export interface Route {
  upstream: Upstream;
  tool: string;
}

/**
 * The MCP server a host talks to: one tools/list of every upstream's tools, named
 * `<server>__<tool>` as `connectory tools` names them (unique, ≤ 64 characters, deterministic), and
 * each tools/call sent to the server the name leads to, with progress and cancellation passed on.
 */
/** One tools/call from the host in progress: its span, and `record` for when it ends (audit, span). */
export interface CallStart {
  span: McpSpan | undefined;
  record(outcome: Pick<CallRecord, "errorCode" | "toolError">, server: string, tool: string): void;
}

export class GatewayServer {
  readonly server: FastServer;
  private routes = new Map<string, Route>();

  constructor(
    private readonly upstreams: readonly Upstream[],
    private readonly options: {
      version: string;
      log(message: string): void;
      /** Called once per finished tools/call (the audit log). */
      record?: (call: CallRecord) => void;
      /** List only the meta-tools search_tools and call_tool instead of every definition. */
      lazy?: boolean;
      /** A server span per tools/call from the host, parent of the call to the upstream (OTEL_*). */
      telemetry?: Telemetry | undefined;
      /** How the host reaches this gateway (the spans' network.transport). */
      transport?: "pipe" | "tcp";
    },
  ) {
    this.server = new FastServer(
      { name: "connectory-gateway", version: options.version },
      {
        capabilities: {
          tools: { listChanged: true },
          resources: { listChanged: true, subscribe: true },
          prompts: { listChanged: true },
        },
        instructions:
          "Connectory's gateway: the tools and prompts of several MCP servers, each named <server>__<name>, and their resources as connectory://<server>/<uri>.",
      },
    );
    this.server.setRequestHandler(ListToolsRequestSchema, async () => ({
      tools: options.lazy ? LAZY_TOOLS : await this.listTools(),
    }));
    this.server.setRequestHandler(CallToolRequestSchema, (request, extra) =>
      options.lazy ? this.lazyCall(request.params, extra) : this.callTool(request.params, extra),
    );
    if (!options.lazy) this.server.fast = (request, host, cancel) => this.fastCall(request, host, cancel);
    this.catalog = new GatewayCatalog(upstreams, options.log);
    this.catalog.register(this.server);
  }

  private readonly catalog: GatewayCatalog;
  /** mcp.session.id when the transport has none (stdio). */
  private readonly sessionId = randomUUID();

  /** A server's resource changed: `notifications/resources/updated` to this host, if it subscribed. */
  resourceUpdated(server: string, uri: string): void {
    this.catalog.resourceUpdated(server, uri);
  }

  /** This host session ended: its subscriptions are dropped. */
  releaseSubscriptions(): Promise<void> {
    return this.catalog.releaseSubscriptions();
  }

  /** Tells the host to list resources or prompts again (an upstream's list changed, or it came back). */
  catalogChanged(kind: "resources" | "prompts"): void {
    const sent =
      kind === "resources" ? this.server.sendResourceListChanged() : this.server.sendPromptListChanged();
    void sent.catch(() => undefined);
  }

  /** Tells the host to list the tools again (an upstream's list changed, or it came back). */
  toolsChanged(): void {
    void this.server.sendToolListChanged().catch(() => undefined);
  }

  /**
   * Lists every upstream (starting those not running); one that fails or whose tools drifted is left
   * out with a line on stderr, so one broken server does not hide the others.
   */
  async listTools(): Promise<Tool[]> {
    const listed = await Promise.all(
      this.upstreams.map((u) =>
        u.listTools().then(
          (tools) => ({ upstream: u, tools }),
          (error: Error) => {
            this.options.log(
              say("gateway-log.left-out-of", {
                server: u.name,
                method: "tools/list",
                message: plain(errorMessage(error)),
              }),
            );
            return { upstream: u, tools: [] };
          },
        ),
      ),
    );
    const refs: Array<{ server: string; tool: string; upstream: Upstream; definition: Tool }> = [];
    for (const { upstream, tools } of listed) {
      const seen = new Set<string>();
      for (const tool of tools) {
        // A server listing one name twice is broken: the first definition wins, as in `tools`.
        if (!seen.has(tool.name))
          refs.push({ server: upstream.name, tool: tool.name, upstream, definition: tool as Tool });
        seen.add(tool.name);
      }
    }
    const names = assignFunctionNames(refs);
    this.routes = new Map(refs.map((r, i) => [names[i] as string, { upstream: r.upstream, tool: r.tool }]));
    return refs.map((r, i) => ({ ...r.definition, name: names[i] as string }));
  }

  /**
   * The route of a function name, listing the tools first when it is not known yet. A
   * `<server>__<tool>` name that is not listed (its server's tools drifted, or the tool is new) still
   * goes to that server, whose guard refuses it in words that name the fix.
   */
  async route(name: string): Promise<Route> {
    if (!this.routes.has(name)) await this.listTools();
    const route = this.routes.get(name) ?? this.unlisted(name);
    if (!route)
      throw new GatewayError(
        ErrorCode.InvalidParams,
        `no tool named "${name}" in this gateway; list the tools to see their names`,
      );
    return route;
  }

  // --lazy: search_tools finds definitions by words of their name and description; call_tool calls one.
  private async lazyCall(
    params: {
      name: string;
      arguments?: Record<string, unknown>;
      _meta?: { progressToken?: string | number };
    },
    extra: Parameters<GatewayServer["callTool"]>[1],
  ): Promise<CallToolResult> {
    const args = params.arguments ?? {};
    if (params.name === "search_tools") {
      const words = String(args.query ?? "")
        .toLowerCase()
        .split(/\s+/)
        .filter((w) => w !== "");
      const found = (await this.listTools())
        .filter((t) => {
          const text = `${t.name} ${t.description ?? ""}`.toLowerCase();
          return words.every((w) => text.includes(w));
        })
        .slice(0, SEARCH_LIMIT);
      return {
        content: [{ type: "text", text: JSON.stringify(found) }],
        structuredContent: { tools: found },
      };
    }
    if (params.name === "call_tool") {
      const name = args.name;
      if (typeof name !== "string")
        throw new GatewayError(ErrorCode.InvalidParams, "call_tool needs a `name` found by search_tools");
      const inner = typeof args.arguments === "object" && args.arguments !== null ? args.arguments : {};
      return this.callTool({ ...params, name, arguments: inner as Record<string, unknown> }, extra);
    }
    throw new GatewayError(
      ErrorCode.InvalidParams,
      `no tool named "${params.name}": this gateway is lazy, use search_tools then call_tool`,
    );
  }

  private unlisted(name: string): Route | undefined {
    for (const upstream of this.upstreams) {
      const prefix = `${upstream.name}${NAME_SEPARATOR}`;
      if (name.startsWith(prefix) && name.length > prefix.length)
        return { upstream, tool: name.slice(prefix.length) };
    }
    return undefined;
  }

  /**
   * An ordinary tools/call to a listed tool, past the SDK (fast-server.ts): the same span, guard,
   * limits and audit line as `callTool`, the request and answer forwarded without schema parses.
   * Undefined leaves the request to the SDK handler (unusual params, a name not listed yet).
   */
  private fastCall(
    request: JSONRPCRequest,
    host: Transport,
    cancel: Cancel,
  ): Promise<JSONRPCMessage> | undefined {
    const params = fastParams(request);
    const route = params && this.routes.get(params.name);
    if (!params || !route) return undefined;
    return forwardAnswer(route, params, request.id, this.begin(params, request.id, host.sessionId), cancel);
  }

  /** Starts the server span of one host tools/call; `record` ends it and writes the audit line. */
  private begin(params: CallParams, id: RequestId, sessionId: string | undefined): CallStart {
    const startedAt = Date.now();
    const { telemetry } = this.options;
    const span = telemetry
      ? startMcpSpan(telemetry, "server", {
          method: "tools/call",
          params: params as unknown as Record<string, unknown>,
          id,
          sessionId: sessionId ?? this.sessionId,
          transport: this.options.transport ?? "pipe",
        })
      : undefined;
    const record: CallStart["record"] = (outcome, server, tool) => {
      if (span && telemetry)
        endMcpSpan(
          telemetry,
          span,
          outcome.errorCode !== undefined
            ? { error: { code: outcome.errorCode } }
            : { result: { isError: outcome.toolError } },
        );
      this.options.record?.({
        server,
        tool,
        args: params.arguments,
        startedAt,
        errorCode: outcome.errorCode,
        toolError: outcome.toolError,
      });
    };
    return { span, record };
  }

  private async callTool(
    params: {
      name: string;
      arguments?: Record<string, unknown>;
      _meta?: { progressToken?: string | number };
    },
    extra: HostExtra,
  ): Promise<CallToolResult> {
    const { span, record } = this.begin(
      params,
      (extra as { requestId?: string | number }).requestId ?? "",
      (extra as { sessionId?: string }).sessionId,
    );
    let route: Route;
    try {
      route = await this.route(params.name);
    } catch (error) {
      record({ errorCode: (error as GatewayError).code ?? ErrorCode.InternalError }, "", params.name);
      throw error;
    }
    try {
      const result = await route.upstream.callTool(
        {
          name: route.tool,
          ...(params.arguments ? { arguments: params.arguments } : {}),
          // The upstream's client span (trace-filter.ts) is this span's child.
          ...(span ? { _meta: { traceparent: span.span.traceparent() } } : {}),
        },
        forwardOptions(params._meta, extra),
      );
      record({ toolError: result.isError === true }, route.upstream.name, route.tool);
      return result;
    } catch (error) {
      const out = passOn(route.upstream, error);
      record({ errorCode: out.code }, route.upstream.name, route.tool);
      throw out;
    }
  }
}
