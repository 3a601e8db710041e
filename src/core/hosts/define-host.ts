import { isRemote, type ServerSpec } from "../types.js";
import { base64, compact, remoteKind, stdioFields } from "./shared.js";
import type { ConfigFiles, HostAdapter, HostEntry, SkillFolders } from "./types.js";

// The building blocks most hosts are made of: the `mcpServers` JSON document, the common entry spellings,
// the `${VAR}` / `${env:VAR}` references and the `?name=&config=` install links. A host that is only
// these is one `defineHost` call (src/core/hosts/<host>.ts) plus its row in index.ts.

/** The same file below the home folder (user scope) and the project folder (project scope). */
export function homeAndProject(...segments: [string, ...string[]]): ConfigFiles {
  return { user: [["home", ...segments]], project: [segments] };
}

/** A JSON config file the host also reads with the `.jsonc` extension: `<stem>.json`, then `<stem>.jsonc`. */
export function jsonOrJsonc<const P extends readonly unknown[]>(
  ...pathToStem: [...P, string]
): [...P, string][] {
  const stem = pathToStem.at(-1) as string;
  const folder = pathToStem.slice(0, -1) as unknown as P;
  return [
    [...folder, `${stem}.json`],
    [...folder, `${stem}.jsonc`],
  ];
}

/** Skills in `<folder>/skills` below the home folder and the project folder (`confirmed`: see SkillFolders). */
export function skillsBelow(folder: string, confirmed: boolean): SkillFolders {
  return { user: [folder, "skills"], project: [folder, "skills"], confirmed };
}

/** The shared folder of the Agent Skills client guide, read by Codex, Cursor, VS Code, Gemini CLI, goose, OpenCode. */
export const AGENT_SKILLS: SkillFolders = {
  user: [".agents", "skills"],
  project: [".agents", "skills"],
  confirmed: true,
};

/** Remote transports a host speaks natively. */
export const SPEAKS = {
  both: { streamableHttp: true, sse: true },
  streamable: { streamableHttp: true, sse: false },
  sse: { streamableHttp: false, sse: true },
  stdioOnly: { streamableHttp: false, sse: false },
} as const;

/** How a config value refers to an environment variable. */
export const ENV_REFERENCE = {
  dollar: (key: string) => `\${${key}}`,
  env: (key: string) => `\${env:${key}}`,
} as const;

/** How a host spells an entry where it differs from `{ command, args, env }` / `{ url, headers }`. */
export interface EntryShape {
  /** The `type` of a remote entry, by kind (a string: always that). Absent: no `type`. */
  remoteType?: string | { streamable: string; sse: string };
  /** The field holding a remote URL, by kind (a string: always that; default `url`). */
  urlField?: string | { streamable: string; sse: string };
  /** The `type` of a stdio entry (e.g. "stdio"). */
  stdioType?: string;
  /** The entry carries its own `name` (Cherry Studio). */
  named?: boolean;
  /** The host speaks stdio only: a remote server reaching toEntry is a bug. */
  stdioOnly?: string;
}

/** The common entry, spelled as `shape` says; `cwd` is written only for hosts that honour it. */
export function shapedEntry(shape: EntryShape, cwd: boolean): HostAdapter<string>["toEntry"] {
  const pick = (v: string | { streamable: string; sse: string } | undefined, server: ServerSpec) =>
    typeof v === "object" ? v[remoteKind(server) === "sse" ? "sse" : "streamable"] : v;
  return (name: string, server: ServerSpec): HostEntry => {
    const own = shape.named ? { name } : {};
    if (isRemote(server)) {
      if (shape.stdioOnly) throw new Error(shape.stdioOnly);
      const type = pick(shape.remoteType, server);
      const url = pick(shape.urlField, server) ?? "url";
      return compact({ ...own, type, [url]: server.url, headers: server.headers });
    }
    return compact({ ...own, type: shape.stdioType, ...stdioFields(server, cwd) });
  };
}

/** What a host declares; everything but its id, name, files and transports has the common default. */
export type HostSpec<Id extends string> = Omit<HostAdapter<Id>, "toEntry" | "document" | "cwd"> & {
  /** Default: `mcpServers` in a JSON file. `null`: import only, no file (Cherry Studio). */
  document?: HostAdapter<string>["document"] | null;
  /** Default false. */
  cwd?: boolean;
  shape?: EntryShape;
  toEntry?: HostAdapter<string>["toEntry"];
};

/** A host adapter from its declaration and the common building blocks. */
export function defineHost<const Id extends string>(spec: HostSpec<Id>): HostAdapter<Id> {
  const { shape, document, cwd = false, toEntry, ...rest } = spec;
  return {
    ...rest,
    ...(document === null ? {} : { document: document ?? { format: "json", container: ["mcpServers"] } }),
    cwd,
    toEntry: toEntry ?? shapedEntry(shape ?? {}, cwd),
  };
}

/**
 * The `<base>?name=<name>&config=<config>` install link several hosts share; `encode` turns the entry's
 * JSON into the config parameter (before URL-encoding).
 */
export function configLink(
  base: string,
  encode: (json: string) => string = base64,
): NonNullable<HostAdapter<string>["deeplink"]> {
  return (name, entry) =>
    `${base}name=${encodeURIComponent(name)}&config=${encodeURIComponent(encode(JSON.stringify(entry)))}`;
}
