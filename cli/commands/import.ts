import { existsSync } from "node:fs";
import path from "node:path";
import { getHost, type HostId } from "../../src/core/hosts/index.js";
import { sensitiveValues } from "../../src/core/merge/redact.js";
import { fingerprintSpec } from "../../src/core/merge/spec-hash.js";
import type { ServerSpec } from "../../src/core/types.js";
import { defineCommand } from "../command.js";
import type { CommandContext } from "../context.js";
import { readCredentials, updateCredentials } from "../credentials/credentials-store.js";
import { editManualServersMany, readManualServers } from "../home/manual-servers.js";
import { updateTrust } from "../home/trust-store.js";
import { planImport, readHostEntries, type ImportItem } from "../hosts/host-import.js";
import { chooseHostPath, hostPathCandidates, type HostScope } from "../hosts/host-paths.js";
import { readOwned } from "../hosts/host-state.js";
import { recordImported } from "../hosts/import-state.js";
import { findConnectorMatches, type ConnectorMatch } from "../hosts/marketplace-match.js";
import { userHome } from "../hosts/skill-paths.js";
import { canPrompt, prompt } from "../terminal/prompt.js";
import { launchLine, visibleServer } from "../terminal/server-view.js";
import { localizedError, localizedUsageError, say, type SaidBoth } from "../terminal/language.js";

const command = defineCommand({
  usage: "import --from <host> [--file <path>] [--scope user|project] [--dry-run] [--trust]",
  description: `
Copies the servers you already have in an MCP host's config file into Connectory's mcp.json (edited in
place, comments kept, the previous file backed up), so one set serves every host.
  connectory import --from cursor --dry-run
  connectory import --from claude-desktop

Secrets written inline in the host file (env and header values named like credentials, credential-like
URL query parameters, the value of flags like --api-key) move to credentials.json (servers.<name>),
and the imported entry references them as \${KEY}; no secret is printed. A file that does not parse is
reported with its line and column, and nothing is imported.

Imported servers are untrusted (inactive) until you trust them: on a terminal, import shows each exact
launch and asks; --trust trusts them all (scripts); otherwise \`connectory trust <server>\` later.
A server that launches what a connector of the default marketplace provides is reported, with the
\`connectory install\` that replaces it.

An existing mcp.json server of the same name is left alone (reported); a server imported before is
unchanged. Afterwards, \`connectory config export --host <host> --replace-imported --write\` replaces the
imported inline entries of that host file with \`connectory run\` entries (backed up), so the secrets
leave the host file.`,
  options: {
    from: {
      type: "string",
      value: "host",
      description: "the MCP host whose config to read (required), e.g. cursor",
    },
    file: {
      type: "string",
      value: "path",
      description: "read this file instead of the host's path for the scope",
    },
    scope: {
      type: "string",
      value: "user|project",
      complete: ["user", "project"],
      description: "the host's user file or this folder's project file (default user)",
    },
    "dry-run": { type: "boolean", description: "print the plan and write nothing" },
    trust: {
      type: "boolean",
      description: "trust every imported server (default: ask on a terminal, else untrusted)",
    },
  },
  positionals: { max: 0 },
  async run(args, ctx) {
    if (args.values.from === undefined)
      throw localizedUsageError({ key: "usage.import-from" }, { key: "usage.import-from-hint" });
    const adapter = getHost(args.values.from);
    const scope = args.values.scope ?? "user";
    if (scope !== "user" && scope !== "project") throw localizedUsageError({ key: "usage.import-scope" });
    const file = hostFile(ctx, adapter.id, scope, args.values.file);
    const dryRun = args.values["dry-run"] === true;

    // Everything is read (and must parse) before anything is written.
    const read = await readHostEntries(adapter, file);
    const manual = await readManualServers(ctx.home);
    const stored = (await readCredentials(ctx.home)).servers;
    const owned = new Set(Object.keys(await readOwned(ctx.home, file)));
    const items = await planImport(adapter, read, manual.servers, stored, owned);
    const adding = items.filter((i) => i.action === "add");
    const { matches, note } = await findConnectorMatches(
      ctx,
      Object.fromEntries(adding.map((i) => [i.name, i.server!])),
    );

    let backup: string | undefined;
    const trusted: string[] = [];
    if (!dryRun) {
      const withSecrets = items.filter(
        (i) => (i.action === "add" || i.action === "update-secrets") && Object.keys(i.secrets).length > 0,
      );
      if (withSecrets.length > 0) {
        await updateCredentials(ctx.home, (f) => ({
          ...f,
          servers: { ...f.servers, ...Object.fromEntries(withSecrets.map((i) => [i.name, i.secrets])) },
        }));
      }
      const written = await editManualServersMany(ctx.home, ctx.now(), (doc) =>
        // Re-checked under the lock: a server added meanwhile is not overwritten.
        adding
          .filter((i) => !Object.hasOwn(doc.servers, i.name))
          .map((i) => ({ name: i.name, value: i.server })),
      );
      backup = written.backup;
      for (const item of adding) {
        if (await confirmTrust(ctx, item, args.values.trust === true)) trusted.push(item.name);
      }
      if (trusted.length > 0) {
        const at = ctx.now().toISOString();
        await updateTrust(ctx.home, (t) => ({
          servers: {
            ...t.servers,
            ...Object.fromEntries(
              trusted.map((n) => [
                n,
                { ...fingerprintSpec(adding.find((i) => i.name === n)!.server!), trustedAt: at },
              ]),
            ),
          },
        }));
      }
      const imported = items.filter((i) => ["add", "unchanged", "update-secrets"].includes(i.action));
      await recordImported(
        ctx.home,
        adapter.id,
        file,
        Object.fromEntries(imported.map((i) => [i.name, { sha256: i.entryHash! }])),
        ctx.now(),
      );
    }

    const servers = items.map((i) => ({
      name: i.name,
      action: i.action,
      ...(i.reason ? { reason: i.reason.en } : {}),
      ...(i.server ? { server: shown(i.server) } : {}),
      secretKeys: Object.keys(i.secrets),
      trusted: trusted.includes(i.name),
      ...(matches[i.name] ? { match: matches[i.name] } : {}),
      notes: i.notes.map((n) => n.en),
    }));
    const notes = note ? [note] : [];
    const data = {
      host: adapter.id,
      file,
      dryRun,
      servers,
      ...(backup ? { backup } : {}),
      notes: notes.map((n) => n.en),
    };
    return { data, text: summary(adapter.id, file, items, matches, trusted, dryRun, notes, backup) };
  },
});
export default command;

/** The host file to read: --file, else the host's path for this OS and scope. */
function hostFile(ctx: CommandContext, host: HostId, scope: HostScope, file: string | undefined): string {
  if (file !== undefined && file !== "") return path.resolve(ctx.cwd, file);
  const candidates = hostPathCandidates(host, scope, {
    platform: process.platform,
    env: ctx.env,
    homedir: userHome(ctx.env),
    cwd: ctx.cwd,
  });
  const chosen = chooseHostPath(candidates, existsSync);
  if (!chosen)
    throw localizedError(
      "import.scope.unsupported",
      { key: "import.no-scope-file", params: { host, scope } },
      { key: "import.no-scope-file-hint" },
      { usage: true },
    );
  return chosen;
}

/** A server as shown: its templates (never the secrets they stand for), other secret-looking values as ***. */
function shown(server: ServerSpec): ServerSpec {
  return visibleServer(
    server,
    sensitiveValues(server).filter((v) => !/^\$\{[A-Z0-9_]+\}$/.test(v)),
    false,
  );
}

/** --trust, or a yes on the terminal after seeing the exact launch; never without either. */
async function confirmTrust(ctx: CommandContext, item: ImportItem, all: boolean): Promise<boolean> {
  if (all) return true;
  if (!canPrompt(ctx) || ctx.json) return false;
  const env = Object.keys((item.server as { env?: object }).env ?? {});
  const answer = await prompt(ctx, {
    message: say("import.trust-prompt", {
      name: item.name,
      launch: launchLine(shown(item.server!)),
      env: env.length ? say("import.trust-env", { keys: env.join(", ") }) : "",
    }),
  });
  return /^y(es)?$/i.test(answer.trim());
}

const LABEL = {
  add: "import.add",
  unchanged: "import.unchanged",
  "update-secrets": "import.update-secrets",
  exists: "import.exists",
  skip: "import.skip",
} as const satisfies Record<ImportItem["action"], string>;

function summary(
  host: string,
  file: string,
  items: ImportItem[],
  matches: Record<string, ConnectorMatch>,
  trusted: string[],
  dryRun: boolean,
  notes: SaidBoth[],
  backup: string | undefined,
): string {
  const lines = [say(dryRun ? "import.would" : "import.done", { host, file })];
  if (items.length === 0) lines.push(say("import.empty"));
  for (const i of items) {
    const what = i.server ? launchLine(shown(i.server)) : "";
    lines.push(
      `  ${say(LABEL[i.action])}  ${i.name}${i.reason ? `: ${i.reason.text}` : what ? `  ${what}` : ""}`,
    );
    const keys = Object.keys(i.secrets);
    if (keys.length > 0 && i.action !== "exists")
      lines.push(say(dryRun ? "import.secrets-would" : "import.secrets-moved", { keys: keys.join(", ") }));
    for (const note of i.notes) lines.push(say("import.item-note", { note: note.text }));
    const m = matches[i.name];
    if (m)
      lines.push(say("import.match", { connector: m.connector, marketplace: m.marketplace, server: i.name }));
  }
  for (const note of notes) lines.push(say("import.note", { note: note.text }));
  if (backup) lines.push(say("import.backup", { backup }));
  const added = items.filter((i) => i.action === "add").map((i) => i.name);
  const untrusted = added.filter((n) => !trusted.includes(n));
  if (!dryRun && untrusted.length > 0)
    lines.push(
      say("import.untrusted", { commands: untrusted.map((n) => `connectory trust ${n}`).join("; ") }),
    );
  if (!dryRun && added.length > 0) lines.push(say("import.replace", { file, host }));
  if (dryRun) lines.push(say("import.dry-run"));
  return lines.join("\n");
}
