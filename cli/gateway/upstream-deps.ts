import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import type { MessageFilter } from "../mcp/bridge.js";

/** Where one server of the gateway is in its life. */
export type UpstreamState = "idle" | "starting" | "running" | "crashed" | "stopped";

/** What `gateway status` shows for one server. */
export interface UpstreamHealth {
  state: UpstreamState;
  pid?: number;
  /** Times it was started again after a crash or a failed start. */
  restarts: number;
  startedAt?: string;
  /** The last failure, secrets masked. */
  lastError?: string;
}

/** What one upstream needs from the world; `open` gives a fresh transport for every start. */
export interface UpstreamDeps {
  name: string;
  open(): Transport | Promise<Transport>;
  /** A fresh tool guard for one session; `send` reaches the server past the guard. */
  guard(send: (message: JSONRPCMessage) => Promise<void>): MessageFilter;
  log(message: string): void;
  hide(text: string): string;
  timeoutMs: number;
  version: string;
  /** The health changed (the state file is written again). */
  changed(): void;
  /** The server sent tools/list_changed, or came back after a crash. */
  toolsChanged(): void;
  /** The server sent resources/list_changed or prompts/list_changed (or came back after a crash). */
  catalogChanged?(kind: "resources" | "prompts"): void;
  /** The server sent notifications/resources/updated for one of its own URIs. */
  resourceUpdated?(uri: string): void;
  now?: () => number;
  /** Milliseconds to wait before the nth consecutive restart (default: 0, then 1 s doubling to 30 s). */
  backoff?: (crashes: number) => number;
}

/** The default backoff: the first restart is immediate, then 1 s, 2 s, 4 s … up to 30 s. */
export function defaultBackoff(crashes: number): number {
  return crashes <= 1 ? 0 : Math.min(30_000, 1000 * 2 ** (crashes - 2));
}
