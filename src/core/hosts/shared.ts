import { isRemote, type RemoteServer, type ServerSpec, type StdioServer } from "../types.js";
import type { HostAdapter, HostEntry, Launcher, SnippetContext, SnippetDocument } from "./types.js";
import { isObject } from "../json-guards.js";

const TEMPLATE = /\$\{([A-Z][A-Z0-9_]*)\}/g;

/** "streamable" for streamable-http/http, "sse", or undefined for stdio. */
export function remoteKind(server: ServerSpec): "streamable" | "sse" | undefined {
  if (!isRemote(server)) return undefined;
  return server.type === "sse" ? "sse" : "streamable";
}

/** Whether the host can run this server as written (transport, cwd). */
export function speaks(adapter: HostAdapter, server: ServerSpec): boolean {
  const kind = remoteKind(server);
  if (kind === "streamable") return adapter.remote.streamableHttp;
  if (kind === "sse") return adapter.remote.sse;
  // A local HTTP server (mcp.json 2 `transport`), or an MCPB launch whose bundle is not unpacked, runs only
  // through `connectory run`, which starts it and speaks stdio to the host.
  const stdio = server as StdioServer;
  if (stdio.transport !== undefined || stdio.command === "") return false;
  return adapter.cwd || stdio.cwd === undefined;
}

/** The stdio server that makes the host launch `connectory run <name>`. */
export function launcherServer(launcher: Launcher, name: string): StdioServer {
  return {
    command: launcher.command,
    args: [...launcher.args, "run", name],
    ...(launcher.env && Object.keys(launcher.env).length > 0 ? { env: { ...launcher.env } } : {}),
  };
}

/** Drops undefined fields and empty env/header maps, so entries stay minimal and stable. */
export function compact(entry: Record<string, unknown>): HostEntry {
  const out: HostEntry = {};
  for (const [k, v] of Object.entries(entry)) {
    if (v === undefined) continue;
    if (isObject(v) && Object.keys(v).length === 0) continue;
    out[k] = v;
  }
  return out;
}

/** Replaces every `${KEY}` (and `${PLUGIN_ROOT}`) in the template fields of a server. */
export function substitute(server: ServerSpec, fn: (key: string) => string): ServerSpec {
  const s = (text: string) => text.replace(TEMPLATE, (_m, key: string) => fn(key));
  const map = (m: Record<string, string> | undefined) =>
    m === undefined ? undefined : Object.fromEntries(Object.entries(m).map(([k, v]) => [k, s(v)]));
  if (isRemote(server)) {
    const out: RemoteServer = { type: server.type, url: s(server.url) };
    const headers = map(server.headers);
    if (headers) out.headers = headers;
    return out;
  }
  const out: StdioServer = { command: s(server.command) };
  if (server.type) out.type = server.type;
  if (server.args) out.args = server.args.map(s);
  const env = map(server.env);
  if (env) out.env = env;
  if (server.cwd !== undefined) out.cwd = s(server.cwd);
  return out;
}

/** `{ a: { b: value } }` for container ["a", "b"]. */
export function nest(container: readonly string[], value: unknown): Record<string, unknown> {
  let out: unknown = value;
  for (const key of [...container].reverse()) out = { [key]: out };
  return out as Record<string, unknown>;
}

/** Base64 of UTF-8 text (deeplinks), without Buffer so src/core stays runtime-neutral. */
export function base64(text: string): string {
  let binary = "";
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The placeholder written where a host cannot reference a credential. */
export function placeholder(key: string): string {
  return `<${key}>`;
}

/** Per-host adjustments to the shared snippet (vscode inputs, codex env_vars, goose env_keys). */
export interface SnippetHooks {
  /** Rewrites the template first (e.g. moves `${KEY}` env values into env_vars), noting placeholders. */
  prepare?(template: ServerSpec, placeholders: Map<string, string>, notes: string[]): ServerSpec;
  /** The host's own text for a credential reference, and what the user must do. */
  reference?(key: string): { text: string; how: string } | undefined;
  finishEntry?(entry: HostEntry): HostEntry;
  finishDocument?(document: Record<string, unknown>): Record<string, unknown>;
}

/**
 * The snippet most hosts share: credentials become the host's env reference (or a placeholder),
 * ${PLUGIN_ROOT} the installed folder (or a placeholder), and a transport the host cannot speak
 * goes through `connectory run`.
 */
export function genericSnippet(
  adapter: HostAdapter,
  name: string,
  template: ServerSpec,
  ctx: SnippetContext,
  hooks: SnippetHooks = {},
): SnippetDocument {
  const notes: string[] = [];
  const placeholders = new Map<string, string>();
  let server = hooks.prepare ? hooks.prepare(template, placeholders, notes) : template;
  if (!speaks(adapter, template)) {
    server = launcherServer(ctx.launcher, name);
    notes.push(
      `${adapter.displayName} cannot run this server as written; the snippet launches it with \`connectory run ${name}\` (install the connector first, then credentials stay in Connectory)`,
    );
  } else {
    server = substitute(server, (key) => {
      if (key === "PLUGIN_ROOT") {
        if (ctx.pluginRoot !== undefined) return ctx.pluginRoot;
        placeholders.set(
          "PLUGIN_ROOT",
          "install the connector with `connectory install`; this is its folder",
        );
        return placeholder("PLUGIN_ROOT");
      }
      const own = hooks.reference?.(key);
      if (own !== undefined) {
        placeholders.set(key, own.how);
        return own.text;
      }
      if (adapter.envReference) {
        placeholders.set(key, `set the environment variable ${key} where ${adapter.displayName} runs`);
        return adapter.envReference(key);
      }
      placeholders.set(
        key,
        `replace ${placeholder(key)} with your value (${adapter.displayName} does not expand variables)`,
      );
      return placeholder(key);
    });
  }
  const entry = hooks.finishEntry
    ? hooks.finishEntry(adapter.toEntry(name, server))
    : adapter.toEntry(name, server);
  const nested = nest(adapter.document?.container ?? ["mcpServers"], { [name]: entry });
  const document = hooks.finishDocument ? hooks.finishDocument(nested) : nested;
  const deeplink = adapter.deeplink?.(name, entry, document);
  return {
    host: adapter.id,
    document,
    ...(deeplink === undefined ? {} : { deeplink }),
    placeholders: [...placeholders].map(([key, how]) => ({ key, how })),
    notes,
  };
}

/** Entry fields of a stdio server in the common `command/args/env` shape. */
export function stdioFields(server: StdioServer, withCwd: boolean): Record<string, unknown> {
  return {
    command: server.command,
    args: server.args ?? [],
    env: server.env,
    cwd: withCwd ? server.cwd : undefined,
  };
}
