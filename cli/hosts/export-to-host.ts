/** The one place `config export` is done: options checked, entries built, host file and skills written. */
import { existsSync } from "node:fs";
import path from "node:path";
import { exportEntries, getHost, type ExportServer, type HostId } from "../../src/core/hosts/index.js";
import type { ExportMode, HostAdapter, Launcher } from "../../src/core/hosts/types.js";
import { gatewayEntryName, gatewayServer } from "../../src/core/hosts/gateway-entry.js";
import { DEFAULT_PROFILE, checkProfileName, profileServers } from "../home/profiles-store.js";
import type { EntryReport } from "../../src/core/hosts/ownership.js";
import type { ServerSpec } from "../../src/core/types.js";
import type { CommandResult } from "../command.js";
import { defaultHome, type CommandContext } from "../context.js";
import { loadEffectiveConfig } from "../home/effective-config.js";
import { pathWorld, readExports } from "./host-exports.js";
import { planHostExport, scopeLauncher, writeHostExport } from "./host-files.js";
import { findOnPath } from "../../src/fs/find-on-path.js";
import { extensionExport } from "./extension-export.js";
import { chooseHostPath, hostPathCandidates, type HostScope } from "./host-paths.js";
import { readImported } from "./import-state.js";
import { exportSkills, skillsSummary, type SkillsExport } from "./skill-export.js";
import { profileConnectors } from "./skill-sources.js";
import { status, warn } from "../terminal/output.js";
import { localizedError, localizedUsageError, say } from "../terminal/language.js";
import type { CliMessageKey } from "../terminal/messages-en.js";

/** What `config export` was asked for (its flags, parsed). */
export interface HostExportRequest {
  host: string;
  scope?: string;
  mode?: string;
  file?: string;
  profile?: string;
  write?: boolean;
  gateway?: boolean;
  noSkills?: boolean;
  replaceImported?: boolean;
  allowSecretsInProject?: boolean;
  asExtension?: boolean;
}

/**
 * `config export`: the effective server set (or a profile's, or one gateway entry) written into, or
 * diffed against, an MCP host's config file, with the skills that go with it.
 */
export async function exportToHost(ctx: CommandContext, request: HostExportRequest): Promise<CommandResult> {
  const adapter = getHost(request.host);
  const given = request.file !== undefined && request.file !== "" ? request.file : undefined;
  // A file named with --file keeps the scope it was exported with (a project file stays portable).
  const recorded =
    given && request.scope === undefined ? await recordedScope(ctx, adapter.id, given) : undefined;
  const scope = recorded ?? (oneOf(request.scope, ["user", "project"], "--scope") as HostScope);
  const mode = oneOf(request.mode, ["launcher", "inline"], "--mode") as ExportMode;
  const gateway = request.gateway === true;
  if (gateway && mode === "inline")
    throw localizedUsageError({ key: "export.gateway-inline" }, { key: "export.gateway-inline-hint" });
  const named = request.profile;
  if (named !== undefined) checkProfileName(named);
  const profile = named === DEFAULT_PROFILE ? undefined : named;
  const file = resolveFile(ctx, adapter.id, scope, given);

  const config = await loadEffectiveConfig(ctx.home);
  const all = config.servers.filter((s) => s.status === "active");
  const chosen = await profileServers(ctx.home, config, profile ?? DEFAULT_PROFILE);
  // A profile's export carries only its connectors' skills (a skills-only connector it names too).
  const narrowed =
    profile !== undefined ? profileConnectors(config, chosen.servers, chosen.missing) : undefined;
  for (const m of chosen.missing.filter((x) => !narrowed?.skillsOnly.includes(x)))
    warn(ctx, say("export.profile-missing", { profile: profile ?? "", name: m }));
  const active = chosen.servers;
  const servers: ExportServer[] = active.map((s) => ({
    name: s.name,
    server: s.server,
    secret: holdsSecret(s.server, config.secretValues),
    ...(s.sandbox ? { sandboxed: true } : {}),
  }));
  const launcher = scopeLauncher(scope, ctx.env, ctx.home, defaultHome({}));
  const { entries, secretsWritten, notes, routed } = gateway
    ? gatewayEntries(adapter, launcher, profile)
    : exportEntries(adapter, servers, mode, launcher);
  if (scope === "project" && secretsWritten.length > 0 && request.allowSecretsInProject !== true) {
    throw localizedError(
      "host.export.project-secrets",
      { key: "export.project-secrets", params: { servers: secretsWritten.join(", "), file } },
      { key: "export.project-secrets-hint" },
    );
  }
  if (request.asExtension === true)
    return extensionExport(ctx, {
      adapter,
      entries,
      mode,
      given,
      profile,
      servers,
      write: request.write === true,
    });
  const input = {
    home: ctx.home,
    adapter,
    file,
    desired: entries,
    secretValues: config.secretValues,
    private: secretsWritten.length > 0,
    scope,
    mode,
    ...(gateway ? { gateway: true } : {}),
    ...(profile !== undefined ? { profile } : {}),
    now: ctx.now(),
    ...(request.replaceImported === true ? { adopt: await readImported(ctx.home, file) } : {}),
  };
  const write = request.write === true;
  const skillJob = {
    ...ctx,
    host: adapter.id,
    scope,
    config,
    now: input.now,
    ...(narrowed ? { only: narrowed.connectors } : {}),
  };
  // Planned first: a damaged skills.json stops the export before the host file is touched.
  let skills = request.noSkills === true ? undefined : await exportSkills({ ...skillJob, write: false });
  const result = write ? await writeHostExport(input) : await planHostExport(input);
  if (skills && write) skills = await exportSkills({ ...skillJob, write: true });

  // Said from the tables by why each server goes through `connectory run` (--json keeps `notes`).
  for (const r of routed)
    warn(
      ctx,
      say(r.why === "sandboxed" ? "export.routed-sandboxed" : "export.routed-host", {
        server: r.server,
        host: adapter.displayName,
      }),
    );
  const launches = gateway || (mode === "launcher" ? servers.length > 0 : notes.length > 0);
  if (scope === "project" && launches && findOnPath(launcher.command, ctx.env) === undefined) {
    status(ctx, say("export.not-on-path", { file: path.basename(file), command: launcher.command }));
  }
  if (secretsWritten.length > 0) {
    warn(ctx, say("export.inline-secrets", { servers: secretsWritten.join(", "), file }));
  }
  const inactive = config.servers.length - all.length;
  if (inactive > 0 && !gateway) warn(ctx, say("export.inactive", { n: inactive }));

  const data = {
    host: adapter.id,
    scope,
    mode,
    gateway,
    profile: profile ?? null,
    ...result,
    notes,
    secretsWritten,
    skills: skills ?? null,
  };
  let text = summary(adapter.displayName, scope, result, write, skills);
  if (gateway)
    text += `\n${
      active.length === 0
        ? say("export.gateway-serves-none")
        : say("export.gateway-serves", { servers: active.map((s) => s.name).join(", ") })
    }`;
  return { data, text };
}

/** The one entry of a gateway export: `connectory gateway [--profile p]` through the launcher. */
function gatewayEntries(adapter: HostAdapter, launcher: Launcher, profile: string | undefined) {
  const name = gatewayEntryName(profile);
  return {
    entries: { [name]: adapter.toEntry(name, gatewayServer(launcher, profile)) },
    secretsWritten: [] as string[],
    notes: [] as string[],
    routed: [],
  };
}

function oneOf(value: unknown, allowed: string[], flag: string): string {
  if (value === undefined) return allowed[0] as string;
  if (typeof value === "string" && allowed.includes(value)) return value;
  throw localizedUsageError({ key: "export.one-of", params: { flag, values: allowed.join(", ") } });
}

/**
 * The scope of the export that last wrote `file` (hosts.json), else "project" when the file is the
 * host's project file of this folder; undefined leaves the default (user).
 */
async function recordedScope(
  ctx: CommandContext,
  host: HostId,
  file: string,
): Promise<HostScope | undefined> {
  const absolute = path.resolve(ctx.cwd, file);
  const { exports } = await readExports(ctx);
  const record = exports?.find((e) => e.file === absolute && e.host === host);
  if (record) return record.scope;
  return hostPathCandidates(host, "project", pathWorld(ctx)).includes(absolute) ? "project" : undefined;
}

/** The host file: --file, else the host's path for this OS and scope. */
function resolveFile(ctx: CommandContext, host: HostId, scope: HostScope, file: string | undefined): string {
  if (file !== undefined) return path.resolve(ctx.cwd, file);
  const candidates = hostPathCandidates(host, scope, pathWorld(ctx));
  const chosen = chooseHostPath(candidates, existsSync);
  if (!chosen) {
    throw localizedError(
      "host.scope.unsupported",
      { key: "export.no-scope-file", params: { host, scope } },
      { key: host === "cherry-studio" ? "export.cherry-studio-hint" : "export.no-scope-file-hint" },
      { usage: true },
    );
  }
  return chosen;
}

/** True when any string of the rendered server contains a secret value. */
function holdsSecret(server: ServerSpec, secrets: readonly string[]): boolean {
  const text = JSON.stringify(server);
  return secrets.some((s) => s !== "" && text.includes(JSON.stringify(s).slice(1, -1)));
}

const LABEL: Record<EntryReport["action"], CliMessageKey> = {
  add: "export.add",
  update: "export.update",
  unchanged: "export.unchanged",
  remove: "export.remove",
  "user-edited": "export.user-edited",
  "not-ours": "export.not-ours",
};

function summary(
  host: string,
  scope: string,
  result: Awaited<ReturnType<typeof planHostExport>>,
  write: boolean,
  skills: SkillsExport | undefined,
): string {
  const lines = [`${host} (${scope}): ${result.file}`];
  if (result.diff !== "") lines.push("", result.diff.trimEnd(), "");
  for (const r of result.report) lines.push(`  ${say(LABEL[r.action])}  ${r.name}`);
  if (result.report.length === 0) lines.push(say("export.no-servers"));
  if (skills) lines.push(...skillsSummary(skills));
  if (!result.changed && !skills?.changed) lines.push(say("export.no-changes"));
  else if (!write) lines.push(say("export.run-again"));
  if (write && result.changed)
    lines.push(
      result.backup
        ? say("export.wrote-backup", { file: result.file, backup: result.backup })
        : say("export.wrote", { file: result.file }),
    );
  if (write && skills?.changed) lines.push(say("export.skills-updated", { dir: skills.dir }));
  return lines.join("\n");
}
