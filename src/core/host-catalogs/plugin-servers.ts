import { claudeCode } from "../hosts/claude-code.js";
import { geminiCli } from "../hosts/gemini-cli.js";
import { substitute } from "../hosts/shared.js";
import type { HostEntry } from "../hosts/types.js";
import { PLUGIN_ROOT } from "../templates.js";
import type { ServerSet, TokenSchema } from "../types.js";
import { sandboxWrapped, type WrapperRefs } from "./sandbox-wrapper.js";

/**
 * What decides a server's launch besides its spec: whether the version declares sandbox permissions (its
 * stdio servers then launch through `connectory run --package` when it is on PATH: sandbox-wrapper.ts),
 * and the token schema whose keys that launch needs.
 */
export interface ServerContext {
  sandboxed?: boolean;
  tokenSchema?: TokenSchema | undefined;
}

function hostServers(
  servers: ServerSet,
  context: ServerContext,
  refs: WrapperRefs,
  toEntry: (name: string, server: ServerSet[string]) => HostEntry,
): Record<string, HostEntry> {
  const keys = Object.keys(context.tokenSchema?.properties ?? {});
  const out: Record<string, HostEntry> = {};
  for (const [name, server] of Object.entries(servers)) {
    const filled = substitute(server, (key) => (key === PLUGIN_ROOT ? refs.root : refs.credential(key)));
    out[name] = toEntry(name, context.sandboxed ? sandboxWrapped(name, filled, keys, refs) : filled);
  }
  return out;
}

/**
 * A connector's servers as a Claude Code plugin's `.mcp.json` servers (also read by Cursor plugins):
 * `${KEY}` → `${user_config.KEY}` (the host asks for it at install, a sensitive one goes to its
 * keychain), `${PLUGIN_ROOT}` → `${CLAUDE_PLUGIN_ROOT}`.
 */
export function pluginServers(servers: ServerSet, context: ServerContext = {}): Record<string, HostEntry> {
  const refs = { root: "${CLAUDE_PLUGIN_ROOT}", credential: (key: string) => `\${user_config.${key}}` };
  return hostServers(servers, context, refs, (name, s) => claudeCode.toEntry(name, s));
}

/**
 * The servers of a Codex plugin (Codex reads the Agent Plugins MCP file, which names the plugin folder
 * `${PLUGIN_ROOT}` and takes no `${user_config.…}`): credentials stay `${KEY}`, from the environment.
 */
export function codexServers(servers: ServerSet, context: ServerContext = {}): Record<string, HostEntry> {
  const refs = { root: "${PLUGIN_ROOT}", credential: (key: string) => `\${${key}}` };
  return hostServers(servers, context, refs, (name, s) => claudeCode.toEntry(name, s));
}

/**
 * The servers of a Gemini CLI extension: `${KEY}` stays `${KEY}` (the extension's `settings[]` put each
 * credential in the environment under its key), `${PLUGIN_ROOT}` → `${extensionPath}`.
 */
export function extensionServers(servers: ServerSet, context: ServerContext = {}): Record<string, HostEntry> {
  const refs = { root: "${extensionPath}", credential: (key: string) => `\${${key}}` };
  return hostServers(servers, context, refs, (name, s) => geminiCli.toEntry(name, s));
}
