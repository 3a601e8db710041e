import { usageError } from "../../src/core/errors.js";
import { getHost, hostSnippet } from "../../src/core/hosts/index.js";
import { type CredentialRef, type Snippet } from "../../src/core/hosts/types.js";
import type { Command } from "../command.js";
import { defaultHome } from "../context.js";
import { readCachedServers } from "../home/effective-config.js";
import { defaultLauncher } from "../hosts/host-files.js";
import { findInstalled, readInstalled } from "../home/installed-store.js";

const command: Command = {
  usage: "config copy <name>[@marketplace] --host <host>",
  description: `
Prints one installed connector's servers as a snippet for a host, plus its one-click install link
where the host has one (cursor, vscode, cherry-studio, goose). Credentials appear as the host's own
secret reference (\${input:…} for VS Code, \${env:…} for Cursor/Windsurf/Roo Code, \${VAR} for Claude
Code and Gemini CLI, env_vars / bearer_token_env_var / env_http_headers for Codex, env_keys for goose)
or as a <KEY> placeholder: a stored secret is never printed.`,
  options: {
    host: {
      type: "string",
      value: "host",
      description: "the MCP host to print the snippet for (required), e.g. cursor, vscode",
    },
  },
  positionals: { min: 1, max: 1 },
  async run(args, ctx) {
    if (typeof args.values.host !== "string")
      throw usageError("--host is required", "e.g. connectory config copy weather --host cursor");
    const adapter = getHost(args.values.host);
    const { key, entry } = findInstalled(await readInstalled(ctx.home), args.positionals[0] as string);
    const cached = await readCachedServers(ctx.home, entry);
    const credentials: CredentialRef[] = Object.entries(cached.tokenSchema?.properties ?? {}).map(
      ([k, p]) => ({
        key: k,
        secret: p.secret === true,
        ...(p.title ? { title: p.title } : {}),
        ...(p.description ? { description: p.description } : {}),
      }),
    );
    const launcher = defaultLauncher(ctx.env, ctx.home, defaultHome({}));
    const snippets = Object.entries(cached.servers).map(([name, template]) => ({
      server: name,
      ...hostSnippet(adapter, name, template, {
        server: name,
        credentials,
        pluginRoot: cached.pluginRoot,
        launcher,
      }),
    }));
    return {
      data: { connector: key, host: adapter.id, snippets },
      text: snippets.map((s) => snippetText(s.server, adapter.displayName, s)).join("\n"),
    };
  },
};
export default command;

/** The human form: the fragment, then the link and what the user still has to fill in. */
export function snippetText(server: string, host: string, snippet: Snippet): string {
  const lines = [`# ${server} for ${host}`, snippet.text.trimEnd()];
  if (snippet.deeplink) lines.push("", `Install link: ${snippet.deeplink}`);
  for (const p of snippet.placeholders) lines.push(`  ${p.key}: ${p.how}`);
  for (const n of snippet.notes) lines.push(`  note: ${n}`);
  return lines.join("\n") + "\n";
}
