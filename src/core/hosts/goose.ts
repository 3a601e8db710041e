import { AGENT_SKILLS } from "./define-host.js";
import { isRemote, type ServerSpec } from "../types.js";
import { genericSnippet, remoteKind } from "./shared.js";
import type { HostAdapter, HostEntry } from "./types.js";

const WHOLE = /^\$\{([A-Z][A-Z0-9_]*)\}$/;

/**
 * goose: the `extensions` map in config.yaml; stdio `cmd/args/envs`, remote `type: streamable_http`
 * with `uri`. `env_keys` names values goose reads from its secret store or environment.
 */
export const goose: HostAdapter<"goose"> = {
  id: "goose",
  displayName: "goose",
  configFiles: {
    user: [["config", "goose", "config.yaml"]],
    userOnWindows: [["appData", "Block", "goose", "config", "config.yaml"]],
  },
  skills: AGENT_SKILLS,
  document: { format: "yaml", container: ["extensions"] },
  remote: { streamableHttp: true, sse: false },
  cwd: false,
  toEntry(name, server) {
    // Every field goose's own writer emits, so older goose versions that require them parse it too.
    const common = { enabled: true, name, description: "", envs: {}, env_keys: [] as string[], timeout: 300 };
    if (isRemote(server) && remoteKind(server) === "streamable") {
      return { ...common, type: "streamable_http", uri: server.url, headers: { ...(server.headers ?? {}) } };
    }
    if (isRemote(server)) throw new Error("goose does not speak SSE");
    return {
      ...common,
      type: "stdio",
      cmd: server.command,
      args: server.args ?? [],
      envs: { ...(server.env ?? {}) },
    };
  },
  snippet(name, template, ctx) {
    const envKeys: string[] = [];
    return genericSnippet(this, name, template, ctx, {
      prepare(t: ServerSpec, placeholders) {
        if (isRemote(t)) return t;
        const env: Record<string, string> = {};
        for (const [key, value] of Object.entries(t.env ?? {})) {
          if (WHOLE.exec(value)?.[1] === key && key !== "PLUGIN_ROOT") {
            envKeys.push(key);
            placeholders.set(
              key,
              `goose asks for ${key} when the extension is added (or reads it from the environment)`,
            );
          } else env[key] = value;
        }
        return { ...t, env };
      },
      finishEntry: (entry: HostEntry) => ({ ...entry, env_keys: envKeys }),
    });
  },
  deeplink(name, entry) {
    const q: Array<[string, string]> = [];
    if (entry.type === "stdio") {
      q.push(["cmd", String(entry.cmd)]);
      for (const arg of entry.args as string[]) q.push(["arg", arg]);
    } else {
      q.push(["url", String(entry.uri)], ["type", "streamable_http"]);
    }
    q.push(["id", name], ["name", name], ["description", String(entry.description || name)]);
    for (const key of entry.env_keys as string[]) q.push(["env", `${key}=${key}`]);
    return `goose://extension?${q.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join("&")}`;
  },
};
