import type { TokenProperty, TokenSchema } from "../types.js";

// One owner of the token-schema → host-settings mapping: Claude Code/Codex/Cursor `userConfig` and Gemini
// `settings[]` are both read from here, so a credential is described the same way in every host.

/** One `userConfig` option of a Claude Code plugin (`.claude-plugin/plugin.json`). */
export interface UserConfigOption {
  type: "string" | "number" | "boolean";
  title: string;
  description: string;
  /** Claude Code keeps a sensitive value in the system keychain, never in settings.json. */
  sensitive: boolean;
  required: boolean;
  default?: string | number | boolean;
}

/** One `settings[]` entry of a Gemini CLI extension (`gemini-extension.json`). */
export interface GeminiSetting {
  name: string;
  description: string;
  envVar: string;
  sensitive: boolean;
}

const kind = (p: TokenProperty): UserConfigOption["type"] =>
  p.type === "boolean" ? "boolean" : p.type === "number" || p.type === "integer" ? "number" : "string";

/** The token schema as Claude Code's `userConfig`: secrets are `sensitive`, required stays required. */
export function userConfigOf(schema: TokenSchema | undefined): Record<string, UserConfigOption> {
  const required = new Set(schema?.required ?? []);
  const out: Record<string, UserConfigOption> = {};
  for (const [key, p] of Object.entries(schema?.properties ?? {})) {
    out[key] = {
      type: kind(p),
      title: p.title ?? key,
      description: p.description ?? p.title ?? key,
      sensitive: p.secret === true,
      required: required.has(key) && p.default === undefined,
      ...(p.default !== undefined ? { default: p.default } : {}),
    };
  }
  return out;
}

/** The token schema as Gemini CLI extension `settings[]`: each credential is the environment variable of its key. */
export function geminiSettingsOf(schema: TokenSchema | undefined): GeminiSetting[] {
  return Object.entries(schema?.properties ?? {}).map(([key, p]) => ({
    name: p.title ?? key,
    description: p.description ?? p.title ?? key,
    envVar: key,
    sensitive: p.secret === true,
  }));
}
