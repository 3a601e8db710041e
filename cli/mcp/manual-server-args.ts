/** `mcp add`'s flags, and the server, sandbox block and warnings they make (cli/commands/mcp.ts). */
import {
  cliLanguage,
  localizedErrorBoth,
  localizedUsageError,
  sayEnglish,
  type Said,
} from "../terminal/language.js";
import { permissionProblem } from "../sandbox/permission-problem.js";
import { problemsWhy } from "../terminal/core-error-text.js";
import { existsSync } from "node:fs";
import path from "node:path";
import { ConnectoryError } from "../../src/core/errors.js";
import { parseServerSet } from "../../src/core/package/mcp-config.js";
import { type RemoteTransport, type ServerSpec } from "../../src/core/types.js";
import { type Permissions } from "../../src/core/sandbox/permissions.js";
import { parsePermissionBlock } from "../../src/core/sandbox/permission-block.js";
import { stringList, type CommandArgs, type OptionSpec } from "../command.js";
import { findOnPath } from "../../src/fs/find-on-path.js";

const TRANSPORTS: RemoteTransport[] = ["http", "sse", "streamable-http"];

/** The flags of `mcp add`, declared once: the command and the helpers below read them typed. */
export const MCP_ADD_OPTIONS = {
  url: { type: "string", value: "url", description: "a remote server's URL (instead of -- <command>)" },
  header: {
    type: "string",
    multiple: true,
    value: "Name: value",
    description: "an HTTP header sent to a --url server",
  },
  transport: {
    type: "string",
    value: "http|sse",
    complete: ["http", "sse"],
    description: "a --url server's transport (default http, streamable HTTP)",
  },
  env: {
    type: "string",
    multiple: true,
    value: "KEY=VALUE",
    description: "an environment variable of a command server",
  },
  "allow-net": {
    type: "string",
    multiple: true,
    value: "host",
    description:
      "sandbox it; it may connect to this host (api.example.com, *.example.com, host:port, or any)",
  },
  "allow-read": {
    type: "string",
    multiple: true,
    value: "path",
    description: "sandbox it; it may read this folder or file",
  },
  "allow-write": {
    type: "string",
    multiple: true,
    value: "path",
    description: "sandbox it; it may read and write this folder or file",
  },
  "no-network": {
    type: "boolean",
    description: "sandbox it with no network (and no files but those allowed)",
  },
  force: { type: "boolean", description: "replace a server of the same name" },
  trust: { type: "boolean", description: "trust it now, so it is active at once" },
} as const satisfies OptionSpec;

/** Builds the server from the flags; a contradictory or malformed combination is a usage error. */
export function specFromArgs(name: string, args: CommandArgs<typeof MCP_ADD_OPTIONS>): ServerSpec {
  const url = args.values.url;
  const headers = stringList(args.values.header);
  const env = stringList(args.values.env);
  const transport = args.values.transport;
  const hasCommand = args.rest.length > 0;
  if ((url !== undefined) === hasCommand) {
    throw localizedUsageError({ key: "usage.mcp-url-or-command" }, { key: "usage.mcp-add-help" });
  }
  let spec: ServerSpec;
  if (url !== undefined) {
    if (env.length > 0) throw localizedUsageError({ key: "usage.mcp-env-url" });
    if (transport !== undefined && !TRANSPORTS.includes(transport as RemoteTransport)) {
      throw localizedUsageError({
        key: "usage.mcp-transport",
        params: { transports: TRANSPORTS.join(", ") },
      });
    }
    if (!/^https?:\/\/[^\s]+$/i.test(url) || !URL.canParse(url)) {
      throw localizedUsageError({ key: "usage.mcp-url" });
    }
    spec = {
      type: (transport as RemoteTransport | undefined) ?? "http",
      url,
      ...(headers.length > 0 ? { headers: pairs(headers, ":", "--header", "Name: value") } : {}),
    };
  } else {
    if (headers.length > 0 || transport !== undefined) {
      throw localizedUsageError({ key: "usage.mcp-header-command" });
    }
    const [commandName, ...rest] = args.rest as [string, ...string[]];
    spec = {
      command: commandName,
      ...(rest.length > 0 ? { args: rest } : {}),
      ...(env.length > 0 ? { env: pairs(env, "=", "--env", "KEY=value") } : {}),
    };
  }
  // The same rules as a package's mcp.json (server name, fields), so `config` can read it back. What
  // breaks them came from the arguments: a usage error (exit 2) that says how to type them.
  try {
    parseServerSet({ mcpServers: { [name]: spec } }, "the new server");
  } catch (error) {
    if (!(error instanceof ConnectoryError)) throw error;
    // The validator's own words (English; its problems are printed in the run's language).
    throw new ConnectoryError(error.code, error.message, {
      usage: true,
      ...(error.problems ? { problems: error.problems } : {}),
      hint: sayEnglish("mcp-add.fix-arguments"),
      localized: {
        ...error.localized,
        // In Chinese: the first problem's kind (the problems are listed below it); English keeps the message.
        ...(cliLanguage() === "en"
          ? {}
          : { message: { key: "mcp-add.invalid", params: { why: problemsWhy(error).text } } }),
        hint: { key: "mcp-add.fix-arguments" },
      },
    });
  }
  return spec;
}

// Arguments that name a file the server needs: a script by its extension, or anything written as a path.
const SCRIPT = /\.(?:[cm]?[jt]s|py|rb|sh|php|pl|jar|lua|exs?)$/i;
const PATH_LIKE = /^(?:\.{1,2}[\\/]|[\\/]|~[\\/]|[A-Za-z]:[\\/])/;

/**
 * Why the new server would not start here, as warnings (it is still added: the file may be created
 * later, or exist on the machine that runs it): a command that is neither on PATH nor a file, a script
 * or path argument that does not exist. A `~` is not expanded when a host starts the server.
 */
export function launchWarnings(
  spec: ServerSpec,
  cwd: string,
  env: Record<string, string | undefined>,
): Said[] {
  if (!("command" in spec) || typeof spec.command !== "string") return [];
  const out: Said[] = [];
  const command = spec.command;
  if (!command.includes("${")) {
    if (/[\\/]/.test(command)) {
      if (!existsSync(path.resolve(cwd, command)))
        out.push({ key: "mcp.warn-no-command", params: { command: JSON.stringify(command), cwd } });
    } else if (findOnPath(command, env) === undefined) {
      out.push({ key: "mcp.warn-not-on-path", params: { command: JSON.stringify(command) } });
    }
  }
  for (const arg of spec.args ?? []) {
    if (arg.startsWith("-") || arg.includes("${") || !(SCRIPT.test(arg) || PATH_LIKE.test(arg))) continue;
    if (/^~[\\/]/.test(arg)) {
      out.push({ key: "mcp.warn-tilde", params: { arg: JSON.stringify(arg) } });
    } else if (!existsSync(path.resolve(cwd, arg))) {
      out.push({ key: "mcp.warn-no-file", params: { arg: JSON.stringify(arg), cwd } });
    }
  }
  return out;
}

function pairs(list: string[], separator: string, flag: string, example: string): Record<string, string> {
  const out: Record<string, string> = {};
  list.forEach((item, index) => {
    const at = item.indexOf(separator);
    const key = at === -1 ? "" : item.slice(0, at).trim();
    // Never echo the item: it may be a credential typed without its name.
    if (key === "" || /\s/.test(key))
      throw localizedUsageError({ key: "usage.pair-not", params: { flag, n: index + 1, example } });
    if (Object.hasOwn(out, key))
      throw localizedUsageError({ key: "usage.pair-twice", params: { flag, key } });
    // HTTP ignores whitespace around a header value; an env value is kept exactly as typed.
    const value = item.slice(at + 1);
    out[key] = separator === ":" ? value.trim() : value;
  });
  return out;
}

/**
 * The `permissions` block the --allow-* / --no-network flags describe, or undefined when none is given.
 * Paths are made absolute against the working folder; the block is checked as mcp.json's would be.
 */
export function permissionsFromArgs(
  args: CommandArgs<typeof MCP_ADD_OPTIONS>,
  cwd: string,
  remote: boolean,
): Permissions | undefined {
  const hosts = stringList(args.values["allow-net"]);
  const read = stringList(args.values["allow-read"]);
  const write = stringList(args.values["allow-write"]);
  const none = args.values["no-network"] === true;
  if (hosts.length + read.length + write.length === 0 && !none) return undefined;
  if (remote) throw localizedUsageError({ key: "usage.mcp-sandbox-url" });
  if (none && hosts.length > 0) throw localizedUsageError({ key: "usage.mcp-net-both" });
  if (hosts.includes("any") && hosts.length > 1) throw localizedUsageError({ key: "usage.mcp-net-any" });
  const absolute = (p: string) => (p.startsWith("${") ? p : path.resolve(cwd, p));
  const block = {
    network: hosts.length === 0 ? "none" : hosts.includes("any") ? "any" : hosts,
    ...(read.length + write.length > 0
      ? {
          filesystem: [
            ...read.map((p) => ({ path: absolute(p), access: "read" })),
            ...write.map((p) => ({ path: absolute(p), access: "read-write" })),
          ],
        }
      : {}),
  };
  const parsed = parsePermissionBlock(block);
  if ("invalid" in parsed) {
    const why = permissionProblem(parsed.problem);
    const flagWords = (text: string) => text.replace(/^permissions\./, "");
    throw localizedErrorBoth(
      "usage",
      { key: "usage.mcp-permissions", params: { why: { en: flagWords(why.en), text: flagWords(why.text) } } },
      { key: "usage.mcp-add-see-help" },
      { usage: true },
    );
  }
  return parsed.permissions;
}

/** A granted path that does not exist here: the sandbox would refuse to start the server. */
export function grantWarnings(permissions: Permissions | undefined): Said[] {
  return (permissions?.filesystem ?? [])
    .filter((g) => !g.path.includes("${") && !existsSync(g.path))
    .map((g) => ({ key: "mcp.warn-no-grant", params: { path: JSON.stringify(g.path) } }));
}
