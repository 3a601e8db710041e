import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { RequestOptions } from "@modelcontextprotocol/sdk/shared/protocol.js";
import {
  CallToolResultSchema,
  EmptyResultSchema,
  ErrorCode,
  McpError,
  PromptListChangedNotificationSchema,
  ResourceUpdatedNotificationSchema,
  ResourceListChangedNotificationSchema,
  ToolListChangedNotificationSchema,
  type Request,
  type CallToolRequest,
  type CallToolResult,
} from "@modelcontextprotocol/sdk/types.js";
import type { McpTool } from "../../src/core/tools/types.js";
import type { Cancel } from "./cancel.js";
import { GuardedTransport, type Answer } from "./guarded-transport.js";
import { defaultBackoff, type UpstreamDeps, type UpstreamHealth } from "./upstream-deps.js";
import { errorMessage, say, sayBoth, type SaidBoth } from "../terminal/language.js";

const MAX_PAGES = 100;
/** A server that stayed up this long is healthy again: its next crash restarts it at once. */
const HEALTHY_MS = 60_000;

/**
 * One server behind the gateway: started on first use, through the tool guard of `run`, and started
 * again (after a backoff) on the first use after it crashed.
 */
export class Upstream {
  readonly health: UpstreamHealth = { state: "idle", restarts: 0 };
  private session: Promise<Client> | undefined;
  private crashes = 0;
  private crashedAt = 0;
  private upSince = 0;
  private closing = false;
  /** The server's own URIs subscribed to, with how many host sessions asked (sent once, kept across restarts). */
  private subscriptions = new Map<string, number>();
  /** Each session's guarded transport (the tools/call fast path sends through it). */
  private readonly guardedOf = new WeakMap<Client, GuardedTransport>();
  private calls = 0;

  constructor(private readonly deps: UpstreamDeps) {}

  get name(): string {
    return this.deps.name;
  }

  /** The running session, starting the server first when it is not running. */
  connect(): Promise<Client> {
    if (this.closing) return Promise.reject(new Error(`${this.name} is shutting down`));
    this.session ??= this.start().catch((error: Error) => {
      this.session = undefined;
      // A refusal of Connectory's own (no sandbox, a grant missing…) is logged in the run's language.
      this.crashed({ en: error.message, text: errorMessage(error) });
      throw error;
    });
    return this.session;
  }

  /** Every tool the server lists now (through the guard: a drifted list is refused). */
  async listTools(): Promise<McpTool[]> {
    const client = await this.connect();
    if (!client.getServerCapabilities()?.tools) return [];
    const tools: McpTool[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const result = await client.listTools(cursor === undefined ? {} : { cursor }, {
        timeout: this.deps.timeoutMs,
      });
      tools.push(...(result.tools as McpTool[]));
      if (!result.nextCursor) break;
      cursor = result.nextCursor;
    }
    return tools;
  }

  /**
   * Every item of one paged list (resources/list, resources/templates/list, prompts/list), or none
   * when the server does not advertise the capability.
   */
  async listAll<T>(
    method: "resources/list" | "resources/templates/list" | "prompts/list",
    capability: "resources" | "prompts",
    key: string,
    schema: Parameters<Client["request"]>[1],
  ): Promise<T[]> {
    const client = await this.connect();
    if (!client.getServerCapabilities()?.[capability]) return [];
    const items: T[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const result = (await client.request(
        { method, params: cursor === undefined ? {} : { cursor } },
        schema,
        { timeout: this.deps.timeoutMs },
      )) as Record<string, unknown> & { nextCursor?: string };
      const got = result[key];
      if (Array.isArray(got)) items.push(...(got as T[]));
      if (!result.nextCursor) break;
      cursor = result.nextCursor;
    }
    return items;
  }

  /** Sends one request (resources/read, prompts/get …) to the server; the answer as it sent it. */
  async request<S extends Parameters<Client["request"]>[1]>(
    request: Request,
    schema: S,
    options: RequestOptions,
  ): Promise<Awaited<ReturnType<Client["request"]>>> {
    const client = await this.connect();
    return client.request(request as never, schema, options);
  }

  /** Calls one of its tools by its own name; the result is passed on as the server sent it. */
  async callTool(params: CallToolRequest["params"], options: RequestOptions): Promise<CallToolResult> {
    const client = await this.connect();
    // client.request, not callTool: the SDK's callTool would validate structured output itself,
    // and the gateway passes results on untouched.
    return client.request({ method: "tools/call", params }, CallToolResultSchema, options);
  }

  /**
   * The tools/call fast path: the request goes through the same guard and queue as `callTool`, past
   * the SDK Client (no schema parse, no bookkeeping); the answer comes back as the server (and the
   * guard) sent it. Its id is a string of its own, never one the Client uses (numbers).
   */
  async forwardCall(params: CallToolRequest["params"], cancel?: Cancel): Promise<Answer> {
    const client = await this.connect();
    const guarded = this.guardedOf.get(client) as GuardedTransport;
    const request = {
      jsonrpc: "2.0" as const,
      id: `connectory-call-${++this.calls}`,
      method: "tools/call",
      params,
    };
    return guarded.call(request, cancel);
  }

  /**
   * Subscribes to one of its resources (`resources/subscribe`, sent on the first subscriber only);
   * -32601 when the server does not offer subscriptions.
   */
  async subscribe(uri: string, options: RequestOptions): Promise<void> {
    const client = await this.connect();
    if (!client.getServerCapabilities()?.resources?.subscribe)
      throw new McpError(ErrorCode.MethodNotFound, `${this.name} does not offer resource subscriptions`);
    const count = this.subscriptions.get(uri) ?? 0;
    if (count === 0)
      await client.request({ method: "resources/subscribe", params: { uri } }, EmptyResultSchema, options);
    this.subscriptions.set(uri, count + 1);
  }

  /** Drops one subscriber; the last one sends `resources/unsubscribe` (when the server is running). */
  async unsubscribe(uri: string, options: RequestOptions): Promise<void> {
    const count = this.subscriptions.get(uri) ?? 0;
    if (count === 0) return;
    if (count > 1) {
      this.subscriptions.set(uri, count - 1);
      return;
    }
    this.subscriptions.delete(uri);
    const client = await this.session?.catch(() => undefined);
    if (client)
      await client.request({ method: "resources/unsubscribe", params: { uri } }, EmptyResultSchema, options);
  }

  /** Shuts the server down for good (the host went away). */
  async close(): Promise<void> {
    this.closing = true;
    const session = this.session;
    this.session = undefined;
    const client = await session?.catch(() => undefined);
    await client?.close().catch(() => undefined);
    this.set({ state: "stopped" });
  }

  private async start(): Promise<Client> {
    const wait = this.crashes > 0 ? this.backoffLeft() : 0;
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const back = this.health.state === "crashed";
    this.set({ state: "starting" });
    const raw = await this.deps.open();
    const guarded = new GuardedTransport(
      raw,
      this.deps.guard((message) => raw.send(message)),
    );
    const client = new Client(
      { name: "connectory-gateway", version: this.deps.version },
      { capabilities: {} },
    );
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => this.deps.toolsChanged());
    client.setNotificationHandler(ResourceListChangedNotificationSchema, () =>
      this.deps.catalogChanged?.("resources"),
    );
    client.setNotificationHandler(PromptListChangedNotificationSchema, () =>
      this.deps.catalogChanged?.("prompts"),
    );
    client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) =>
      this.deps.resourceUpdated?.(n.params.uri),
    );
    client.onerror = (error) => this.deps.log(this.deps.hide(`${this.name}: ${error.message}`));
    client.onclose = () => {
      if (this.closing) return;
      this.session = undefined;
      this.crashed(sayBoth((t) => t("gateway-log.exited")));
    };
    try {
      await client.connect(guarded, { timeout: this.deps.timeoutMs });
    } catch (error) {
      await client.close().catch(() => undefined);
      throw error;
    }
    this.guardedOf.set(client, guarded);
    const pid = (raw as { pid?: number }).pid;
    this.upSince = this.now();
    this.set({
      state: "running",
      startedAt: new Date(this.upSince).toISOString(),
      ...(pid !== undefined ? { pid } : {}),
      ...(back ? { restarts: this.health.restarts + 1 } : {}),
    });
    // What a restarted server lists may differ: the host should ask again.
    if (back) {
      // A new process knows nothing of the subscriptions the old one had.
      for (const uri of this.subscriptions.keys())
        void client
          .request({ method: "resources/subscribe", params: { uri } }, EmptyResultSchema, {
            timeout: this.deps.timeoutMs,
          })
          .catch((error: Error) =>
            this.deps.log(
              this.deps.hide(
                say("gateway-log.resubscribe", { server: this.name, uri, message: error.message }),
              ),
            ),
          );
      this.deps.toolsChanged();
      if (client.getServerCapabilities()?.resources) this.deps.catalogChanged?.("resources");
      if (client.getServerCapabilities()?.prompts) this.deps.catalogChanged?.("prompts");
    }
    return client;
  }

  /** Logs a crash in the run's language; the gateway's state file (status --json) keeps the English. */
  private crashed(why: SaidBoth): void {
    if (this.closing) return;
    if (this.upSince && this.now() - this.upSince >= HEALTHY_MS) this.crashes = 0;
    this.crashes++;
    this.crashedAt = this.now();
    this.upSince = 0;
    this.deps.log(say("gateway-log.crashed", { server: this.name, message: this.deps.hide(why.text) }));
    delete this.health.pid;
    this.set({ state: "crashed", lastError: this.deps.hide(why.en) });
  }

  private backoffLeft(): number {
    const delay = (this.deps.backoff ?? defaultBackoff)(this.crashes);
    return Math.max(0, this.crashedAt + delay - this.now());
  }

  private set(patch: Partial<UpstreamHealth>): void {
    Object.assign(this.health, patch);
    this.deps.changed();
  }

  private now(): number {
    return (this.deps.now ?? Date.now)();
  }
}
