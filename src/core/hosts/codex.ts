import { AGENT_SKILLS } from "./define-host.js";
import { isRemote, type ServerSpec } from "../types.js";
import { compact, genericSnippet, placeholder, stdioFields } from "./shared.js";
import type { HostAdapter, HostEntry } from "./types.js";

const WHOLE = /^\$\{([A-Z][A-Z0-9_]*)\}$/;
const BEARER = /^Bearer \$\{([A-Z][A-Z0-9_]*)\}$/;

/**
 * Codex: `[mcp_servers.<name>]` in ~/.codex/config.toml. It expands no `${}`; secrets are read from
 * its environment by name: `env_vars` (stdio), `bearer_token_env_var`, `env_http_headers` (HTTP).
 * Remote is streamable HTTP only, so SSE servers go through `connectory run`.
 */
export const codex: HostAdapter<"codex"> = {
  id: "codex",
  displayName: "Codex",
  configFiles: {
    user: [[{ env: "CODEX_HOME", else: ["home", ".codex"] }, "config.toml"]],
    project: [[".codex", "config.toml"]],
  },
  skills: AGENT_SKILLS,
  document: { format: "toml", container: ["mcp_servers"] },
  remote: { streamableHttp: true, sse: false },
  cwd: true,
  toEntry(_name, server) {
    if (isRemote(server)) return compact({ url: server.url, http_headers: server.headers });
    return compact(stdioFields(server, true));
  },
  snippet(name, template, ctx) {
    const extra: HostEntry = {};
    return genericSnippet(this, name, template, ctx, {
      prepare(t: ServerSpec, placeholders) {
        if (isRemote(t)) {
          const headers: Record<string, string> = {};
          const envHeaders: Record<string, string> = {};
          for (const [header, value] of Object.entries(t.headers ?? {})) {
            const bearer = header.toLowerCase() === "authorization" ? BEARER.exec(value) : null;
            const whole = WHOLE.exec(value);
            if (bearer?.[1] && !extra.bearer_token_env_var) {
              extra.bearer_token_env_var = bearer[1];
              placeholders.set(bearer[1], `set the environment variable ${bearer[1]} where Codex runs`);
            } else if (whole?.[1] && whole[1] !== "PLUGIN_ROOT") {
              envHeaders[header] = whole[1];
              placeholders.set(whole[1], `set the environment variable ${whole[1]} where Codex runs`);
            } else headers[header] = value;
          }
          if (Object.keys(envHeaders).length > 0) extra.env_http_headers = envHeaders;
          return { ...t, headers };
        }
        const env: Record<string, string> = {};
        const forwarded: string[] = [];
        for (const [key, value] of Object.entries(t.env ?? {})) {
          const whole = WHOLE.exec(value);
          if (whole?.[1] === key && key !== "PLUGIN_ROOT") {
            forwarded.push(key);
            placeholders.set(key, `set the environment variable ${key} where Codex runs`);
          } else env[key] = value;
        }
        if (forwarded.length > 0) extra.env_vars = forwarded;
        return { ...t, env };
      },
      reference: (key) =>
        key === "PLUGIN_ROOT"
          ? undefined
          : {
              text: placeholder(key),
              how: `replace ${placeholder(key)} with your value (Codex expands no variables here)`,
            },
      finishEntry: (entry) => ({ ...entry, ...extra }),
    });
  },
};
