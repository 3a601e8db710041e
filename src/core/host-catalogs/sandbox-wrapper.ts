import { isRemote, type ServerSpec, type StdioServer } from "../types.js";

/**
 * The launch a host package gives a stdio server whose version declares sandbox permissions: a POSIX
 * `sh -c` wrapper that runs `connectory run --package <plugin root> <server>` (the server in its declared
 * sandbox) when `connectory` is on PATH, and otherwise the original command, unconfined, with a line on
 * stderr saying so. The script is constant: the plugin root, the server's name and its command reach it
 * as arguments ($1, $2, then "$@"), never interpolated into the script, so no value is read as shell.
 */
export const SANDBOX_SCRIPT = [
  'if command -v connectory >/dev/null 2>&1; then exec connectory run --package "$1" "$2"; fi',
  "printf 'connectory: %s runs unconfined: its declared sandbox needs connectory on PATH (docs/hosts.md)\\n' \"$2\" >&2",
  "shift 2",
  'exec "$@"',
].join("\n");

/** `$0` of the wrapper: what `ps` and the shell's own messages call it. */
export const SANDBOX_SCRIPT_NAME = "connectory-sandbox";

/** The environment variable a credential reaches `run --package` through (a key may be PATH or HOME). */
export function credentialVariable(key: string): string {
  return `CONNECTORY_CREDENTIAL_${key}`;
}

/** How one host names things in its plugin's server entries. */
export interface WrapperRefs {
  /** The plugin root as the host fills it: `${CLAUDE_PLUGIN_ROOT}`, `${PLUGIN_ROOT}`, `${extensionPath}`. */
  root: string;
  /** A credential as the host fills it: `${user_config.KEY}` or `${KEY}`. */
  credential: (key: string) => string;
}

/**
 * A server (templates already in the host's words) launched through the sandbox wrapper; `keys` are the
 * token-schema's (each passed as CONNECTORY_CREDENTIAL_<KEY>, since `run --package` renders the
 * connector's own mcp.json and permissions from them). A remote server, a local HTTP one or an MCPB
 * launch (not a stdio command) is returned as it is: only `connectory run` can start those anyway.
 */
export function sandboxWrapped(
  name: string,
  server: ServerSpec,
  keys: readonly string[],
  refs: WrapperRefs,
): ServerSpec {
  if (isRemote(server) || server.transport !== undefined || server.command === "") return server;
  const env: Record<string, string> = { ...(server.env ?? {}) };
  for (const key of keys) env[credentialVariable(key)] = refs.credential(key);
  const out: StdioServer = {
    command: "sh",
    args: [
      "-c",
      SANDBOX_SCRIPT,
      SANDBOX_SCRIPT_NAME,
      refs.root,
      name,
      server.command,
      ...(server.args ?? []),
    ],
  };
  if (server.type) out.type = server.type;
  if (Object.keys(env).length > 0) out.env = env;
  if (server.cwd !== undefined) out.cwd = server.cwd;
  return out;
}
