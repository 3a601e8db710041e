import { randomUUID } from "node:crypto";
import type { JSONRPCMessage, JSONRPCRequest, RequestId } from "@modelcontextprotocol/sdk/types.js";
import { diffPins, formatDrift, type ToolDrift } from "../../src/core/tools/drift.js";
import type { McpTool } from "../../src/core/tools/types.js";
import { flagLine, flagTools, revealTool } from "../../src/core/tools/tool-flags.js";
import type { ServerPins } from "../home/pins-store.js";
import { say, sayEnglish } from "../terminal/language.js";

/** How a drift is described: against the user's approval or the registry's signed snapshot. */
const AGAINST = { approval: "session.against-approval", snapshot: "session.against-snapshot" } as const;

/** The JSON-RPC error code of a tools/list or tools/call that `run` refused because of tool drift. */
export const TOOLS_CHANGED = -32001;

const MAX_PAGES = 100;

/** What the guard needs from the world: the pins, the way to the server, and stderr. */
export interface GuardDeps {
  /** The effective server name (pins are keyed by it). */
  server: string;
  readPins(): Promise<ServerPins | undefined>;
  recordPins(tools: McpTool[], serverInfo?: { name: string; version: string }): Promise<void>;
  /** Sends a message of the guard's own to the server (its internal tools/list). */
  send(message: JSONRPCMessage): Promise<void>;
  /** stderr, secrets already masked by the caller's `hide`. */
  log(message: string): void;
  hide(text: string): string;
  timeoutMs: number;
}

type Reply = JSONRPCMessage | undefined;
interface Pending {
  resolve(result: Record<string, unknown>): void;
  reject(error: Error): void;
}

/**
 * The tool-pin check of `connectory run`, inside the session it proxies (issue 7): every tools/list
 * result the server sends is hashed and compared with the pins before the host sees it. First use pins
 * it; drift turns the result into a JSON-RPC error naming `connectory trust`, the diff goes to stderr,
 * and tools/call is refused for every tool that is not listed now exactly as approved. A tools/call
 * before any checked list (or after `tools/list_changed`) makes the guard list the tools itself, in
 * the same session: the server is never started a second time and cannot show a checker other tools.
 */
export class ToolGuard {
  /** Each listed tool vs its pin, from the last complete check; undefined = must check again. */
  private approved: Map<string, "ok" | "changed" | "new"> | undefined;
  private readonly hostLists = new Map<RequestId, boolean>(); // id → first page (no cursor)
  private readonly initializeIds = new Set<RequestId>();
  private readonly internal = new Map<RequestId, Pending>();
  private readonly pending = new Set<RequestId>(); // host requests forwarded and not yet answered
  private readonly idPrefix = `connectory-${randomUUID()}-`;
  private nextId = 0;
  private walk: McpTool[] | undefined; // pages of the host's current tools/list walk
  private refreshing: Promise<void> | undefined;
  private serverInfo: { name: string; version: string } | undefined;
  private readonly reported = new Set<string>();
  /** How the last drift is described: against the user's approval or the registry's signed snapshot. */
  private against: "approval" | "snapshot" = "approval";

  constructor(private readonly deps: GuardDeps) {}

  /** A message from the host: undefined to forward it, or the reply to send the host instead. */
  async fromHost(message: JSONRPCMessage): Promise<Reply> {
    if (!("method" in message) || !("id" in message)) return undefined;
    const reply = await this.screen(message);
    if (!reply) this.pending.add(message.id);
    return reply;
  }

  private async screen(message: JSONRPCRequest): Promise<Reply> {
    if (message.method === "initialize") this.initializeIds.add(message.id);
    if (message.method === "tools/list") this.hostLists.set(message.id, message.params?.cursor === undefined);
    if (message.method !== "tools/call") return undefined;
    const name = message.params?.name;
    if (typeof name !== "string") return undefined; // the server rejects it itself
    try {
      // Checked already (every call but the first): no await, no promise.
      if (!this.approved) await this.ensureChecked();
    } catch (error) {
      return refusal(
        message.id,
        `connectory could not check the tools of ${this.deps.server} against their pins (${this.deps.hide((error as Error).message)}); refusing tools/call ${name}`,
      );
    }
    const state = this.approved?.get(name);
    if (state === "ok") return undefined;
    const why =
      state === "changed"
        ? `tool ${name} of ${this.deps.server} changed since you approved it`
        : `tool ${name} is not among the approved tools of ${this.deps.server}`;
    return refusal(
      message.id,
      `${why}; run \`connectory trust ${this.deps.server}\` to review and approve it`,
    );
  }

  /** A message from the server: what to pass to the host (maybe an error instead), or undefined to drop it. */
  async fromServer(message: JSONRPCMessage): Promise<Reply> {
    if ("method" in message) {
      if (message.method === "notifications/tools/list_changed") {
        this.approved = undefined;
        this.walk = undefined;
      }
      return message;
    }
    if (!("id" in message) || message.id === undefined) return message;
    const own = this.internal.get(message.id);
    if (own) {
      this.internal.delete(message.id);
      if ("result" in message) own.resolve(message.result as Record<string, unknown>);
      else
        own.reject(
          new Error(`tools/list failed: ${(message as { error?: { message?: string } }).error?.message}`),
        );
      return undefined;
    }
    // Only one answer per forwarded request reaches the host: a second answer to a tools/list (or an
    // answer to nothing) would otherwise pass unchecked.
    if (!this.pending.delete(message.id)) {
      this.deps.log(say("session.dropped-answer", { server: this.deps.server }));
      return undefined;
    }
    if (this.initializeIds.delete(message.id) && "result" in message) {
      const info = (message.result as { serverInfo?: { name?: unknown; version?: unknown } }).serverInfo;
      if (typeof info?.name === "string")
        this.serverInfo = { name: info.name, version: typeof info.version === "string" ? info.version : "" };
    }
    const firstPage = this.hostLists.get(message.id);
    this.hostLists.delete(message.id);
    if (firstPage === undefined || !("result" in message)) return message;
    return this.checkPage(message.id, firstPage, message.result as Record<string, unknown>, message);
  }

  /** The server side is gone: its pending answers never come. */
  close(): void {
    for (const pending of this.internal.values()) pending.reject(new Error("the server closed"));
    this.internal.clear();
  }

  private async checkPage(
    id: RequestId,
    firstPage: boolean,
    result: Record<string, unknown>,
    message: JSONRPCMessage,
  ): Promise<Reply> {
    const tools = toolsOf(result);
    if (!tools)
      return refusal(id, `${this.deps.server} sent a tools/list result that is not a list of tools`);
    if (firstPage || !this.walk) this.walk = [];
    this.walk.push(...tools);
    const complete = typeof result.nextCursor !== "string";
    const listed = complete ? this.walk : tools;
    if (complete) this.walk = undefined;
    let drift: ToolDrift[];
    try {
      drift = await this.judge(listed, complete);
    } catch (error) {
      // Fail closed: a list that could not be checked (pins.json unreadable…) is not passed on.
      this.deps.log(this.deps.hide((error as Error).message));
      return refusal(id, `connectory could not check the tools of ${this.deps.server} against their pins`);
    }
    if (drift.length === 0) return revealed(message, result, tools);
    return refusal(
      id,
      `the tools of ${this.deps.server} ${sayEnglish(AGAINST[this.against])} (${drift.map((d) => `${d.kind} ${d.tool}`).join(", ")}); connectory did not pass them on. Review the diff on stderr, then run \`connectory trust ${this.deps.server}\``,
      { server: this.deps.server, tools: drift.map((d) => ({ tool: d.tool, kind: d.kind })) },
    );
  }

  /**
   * Compares listed tools with the pins. A complete list decides what tools/call may reach; a page of
   * a longer list can only show added or changed tools (removals show once the list is complete).
   */
  private async judge(tools: McpTool[], complete: boolean): Promise<ToolDrift[]> {
    const pins = await this.deps.readPins();
    const twice = duplicates(tools);
    if (!pins) {
      if (!complete) return twice;
      if (twice.length > 0) return this.report(twice);
      await this.deps.recordPins(tools, this.serverInfo);
      this.deps.log(say("session.first-pins", { server: this.deps.server, n: tools.length }));
      for (const flag of flagTools(tools)) this.deps.log(say("session.flagged", { flag: flagLine(flag) }));
      this.approved = new Map(tools.map((t) => [t.name, "ok"]));
      return [];
    }
    this.against = pins.source === "snapshot" ? "snapshot" : "approval";
    const names = new Set(tools.map((t) => t.name));
    const pinned = complete
      ? pins.tools
      : Object.fromEntries(Object.entries(pins.tools).filter(([name]) => names.has(name)));
    const drift = diffPins(pinned, tools);
    for (const d of twice) if (!drift.some((x) => x.tool === d.tool)) drift.push(d);
    if (complete) {
      const bad = new Set(drift.map((d) => d.tool));
      const state = (name: string) =>
        !Object.hasOwn(pins.tools, name) ? "new" : bad.has(name) ? "changed" : "ok";
      this.approved = new Map(tools.map((t) => [t.name, state(t.name)] as const));
    } else if (drift.length > 0) this.approved = undefined;
    return drift.length > 0 ? this.report(drift) : [];
  }

  // The diff goes to stderr once per distinct drift, not on every list the host repeats.
  private report(drift: ToolDrift[]): ToolDrift[] {
    const lines = formatDrift(drift, this.deps.hide);
    const key = lines.join("\n");
    if (!this.reported.has(key)) {
      this.reported.add(key);
      this.deps.log(
        [
          say("session.refusing", { server: this.deps.server, against: say(AGAINST[this.against]) }),
          ...lines.map((l) => `  ${l}`),
          say("session.review", { server: this.deps.server }),
        ].join("\n"),
      );
    }
    return drift;
  }

  private async ensureChecked(): Promise<void> {
    if (this.approved) return;
    this.refreshing ??= this.refresh().finally(() => (this.refreshing = undefined));
    await this.refreshing;
  }

  // The guard's own tools/list, in the host's session, when a call comes before a checked list.
  private async refresh(): Promise<void> {
    const tools: McpTool[] = [];
    let cursor: unknown;
    for (let page = 0; page < MAX_PAGES; page++) {
      const result = await this.request(cursor === undefined ? {} : { cursor });
      const listed = toolsOf(result);
      if (!listed) throw new Error("its tools/list result is not a list of tools");
      tools.push(...listed);
      cursor = result.nextCursor;
      if (typeof cursor !== "string") break;
    }
    await this.judge(tools, true);
  }

  private request(params: Record<string, unknown>): Promise<Record<string, unknown>> {
    const id = `${this.idPrefix}${++this.nextId}`;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.internal.delete(id);
        reject(new Error(`no tools/list answer within ${this.deps.timeoutMs} ms`));
      }, this.deps.timeoutMs);
      const done =
        <T>(f: (v: T) => void) =>
        (v: T) => (clearTimeout(timer), f(v));
      this.internal.set(id, { resolve: done(resolve), reject: done(reject) });
      this.deps.send({ jsonrpc: "2.0", id, method: "tools/list", params }).catch((error: Error) => {
        this.internal.delete(id);
        done(reject)(error);
      });
    });
  }
}

/**
 * The checked list as the host gets it: hidden characters in the tools' text shown as ⟨U+…⟩ (the host's
 * model reads it). The pins keep the definitions as the server sent them.
 */
function revealed(
  message: JSONRPCMessage,
  result: Record<string, unknown>,
  tools: McpTool[],
): JSONRPCMessage {
  const shown = tools.map(revealTool);
  if (JSON.stringify(shown) === JSON.stringify(tools)) return message;
  return { ...message, result: { ...result, tools: shown } } as JSONRPCMessage;
}

/** The tools of a tools/list result, or undefined when it is not a list of named tools. */
function toolsOf(result: Record<string, unknown>): McpTool[] | undefined {
  const tools = result.tools;
  if (!Array.isArray(tools)) return undefined;
  const ok = tools.every(
    (t) => typeof t === "object" && t !== null && !Array.isArray(t) && typeof t.name === "string",
  );
  return ok ? (tools as McpTool[]) : undefined;
}

// A name listed twice lets a server show the pinned definition and a second one the host may use.
function duplicates(tools: McpTool[]): ToolDrift[] {
  const seen = new Set<string>();
  const out = new Set<string>();
  for (const t of tools) (seen.has(t.name) ? out : seen).add(t.name);
  return [...out].map((tool) => ({ tool, kind: "changed" as const, changes: [] }));
}

function refusal(id: RequestId, message: string, data?: unknown): JSONRPCMessage {
  return {
    jsonrpc: "2.0",
    id,
    error: { code: TOOLS_CHANGED, message, ...(data === undefined ? {} : { data }) },
  } as JSONRPCMessage;
}
