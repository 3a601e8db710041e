import {
  lockDisagreements,
  LOCKFILE_VERSION,
  type LockedConnector,
  type LockFile,
} from "../../src/core/project/lock.js";
import { satisfies } from "../../src/core/project/lock.js";
import { withLock } from "../../src/fs/lock.js";
import type { CommandContext } from "../context.js";
import { readCredentials } from "../credentials/credentials-store.js";
import { connectorKey } from "../home/home.js";
import { readInstalled } from "../home/installed-store.js";
import type { HostExportResult } from "../hosts/host-files.js";
import type { EnvConsent } from "../install/collect-credentials.js";
import type { InstallOutcome } from "../install/install-connector.js";
import { removeConnector } from "../install/remove-connector.js";
import {
  connectorDocument,
  checkLocked,
  installProjectConnector,
  type ProjectTarget,
} from "./install-project-connector.js";
import { projectConfig } from "./project-config.js";
import { requireProject, writeLock, writeManifest, type Project } from "./project-files.js";
import { projectServerNames, syncProjectHosts } from "./project-hosts.js";
import { applyProjectToolRules } from "./project-tool-rules.js";
import { applyProjectSettings, confirmProjectGrants } from "./project-settings.js";
import { wantedGrants } from "./project-grants.js";
import { homeMarketplace, projectMarketplaceUrl } from "./project-marketplace.js";
import { projectLock, readProjects, updateProjects } from "./project-record.js";
import { serverNameNotes } from "./server-name-notes.js";
import { localizedError } from "../terminal/language.js";
import { sayBoth } from "../terminal/language.js";

export interface SyncOptions {
  /** Fail, changing nothing, when the manifest and the lock disagree (CI). */
  frozen?: boolean;
  /** Resolve these connectors again within their ranges (`update`, `add`); "all" for every one. */
  relock?: readonly string[] | "all";
  /** Edits the manifest read under the project's lock (`add`, `remove`); written once installs succeeded. */
  edit?: (project: Project) => Promise<Project>;
  config?: readonly string[];
  fromEnv?: EnvConsent | undefined;
  acceptEnv?: boolean;
  /** Accept the permissions of newly resolved versions (a locked version's were accepted when locked). */
  yes?: boolean;
}

/** What one connector of the project came to. */
export interface SyncedConnector {
  name: string;
  marketplace: string;
  version: string;
  /** installed: written now; unchanged: this home already held exactly the locked version. */
  action: "installed" | "unchanged";
  status: InstallOutcome["status"];
  missing: string[];
  previousVersion?: string;
}

export interface SyncReport {
  project: string;
  connectors: SyncedConnector[];
  /** `<name>@<marketplace>` removed because the lock no longer lists them. */
  removed: string[];
  hosts: Array<Pick<HostExportResult, "file" | "changed" | "report">>;
  lockWritten: boolean;
  /** Servers whose tool rules were set from connectory.json's `tools`. */
  toolRules: string[];
  /** Guard entries (`<server>`, `<profile>/<server>`) set or removed from connectory.json's `guards`/`profiles`. */
  guards: string[];
  /** Profiles written or removed from connectory.json's `profiles`. */
  profiles: string[];
  /** Connectors (`<name>@<marketplace>`) whose project sandbox grants were set or removed. */
  grants: string[];
  notes: string[];
}

// The report's notes in the run's language (its `notes` are the English of --json).
const NOTES_TEXT = new WeakMap<SyncReport, string[]>();

/** A sync's notes as the text prints them: in the run's language. */
export function syncNotes(report: SyncReport): string[] {
  return NOTES_TEXT.get(report) ?? report.notes;
}

/**
 * Makes this home and the project folder match connectory.json and connectory.lock (docs/projects.md):
 * every check that can refuse (manifest, lock against manifest under --frozen, marketplaces, each
 * locked version's presence and integrity at the registry) runs before the first write; then it
 * installs exactly the locked versions (resolving only what the lock lacks or `relock` names), removes
 * what it had installed for the project and the lock no longer lists, writes the lock and the project
 * host files. Two syncs of one project in one home take turns.
 */
export async function syncProject(ctx: CommandContext, options: SyncOptions = {}): Promise<SyncReport> {
  const first = await requireProject(ctx.cwd);
  return withLock(projectLock(ctx.home, first.dir), async () => {
    const before = await requireProject(first.dir);
    const project = options.edit ? await options.edit(before) : before;
    const { manifest } = project;
    const lock = project.lock;
    if (options.frozen) refuseUnfrozen(project);
    const relock = options.relock ?? [];

    // Targets: the lock's entry where it still agrees with the manifest (and is not being relocked).
    const targets: ProjectTarget[] = [];
    for (const [name, wanted] of Object.entries(manifest.connectors)) {
      const locked = lock?.connectors[name];
      const keep =
        locked !== undefined &&
        relock !== "all" &&
        !relock.includes(name) &&
        locked.range === wanted.range &&
        locked.marketplace === wanted.marketplace &&
        satisfies(locked.version, wanted.range) &&
        (wanted.marketplace === "default" || manifest.marketplaces[wanted.marketplace] === locked.url);
      const url = keep ? locked.url : await projectMarketplaceUrl(ctx, manifest, wanted.marketplace);
      const market = await homeMarketplace(ctx, { project: wanted.marketplace, url });
      targets.push({ name, market, range: wanted.range, ...(keep ? { locked } : {}) });
    }
    const declared = Object.fromEntries(
      targets.map((t) => {
        const c = t.locked?.credentials;
        return [t.name, c ? [...c.required, ...c.optional] : undefined];
      }),
    );
    const config = projectConfig(options.config ?? [], declared);
    // A grant whose folder really is outside the project is refused here, before anything is written.
    const keys = Object.fromEntries(targets.map((t) => [t.name, connectorKey(t.name, t.market.name)]));
    const grants = await wantedGrants(project.dir, manifest, keys);

    // Which targets need the registry: not installed as locked, new, given credentials, or missing some
    // that this run can ask for or read.
    const installed = await readInstalled(ctx.home);
    const stored = (await readCredentials(ctx.home)).connectors;
    const canAsk = ctx.stdin.isTTY === true || options.fromEnv !== undefined;
    const work: ProjectTarget[] = [];
    const done: SyncedConnector[] = [];
    for (const t of targets) {
      const key = connectorKey(t.name, t.market.name);
      const have = installed[key];
      const missing = (t.locked?.credentials.required ?? []).filter((k) => stored[key]?.[k] === undefined);
      const current =
        t.locked && have && have.version === t.locked.version && have.integrity === t.locked.integrity;
      if (current && config[t.name] === undefined && (missing.length === 0 || !canAsk)) {
        done.push({
          name: t.name,
          marketplace: t.market.name,
          version: have.version,
          action: "unchanged",
          status: !have.enabled ? "disabled" : missing.length > 0 ? "needs-credentials" : "ready",
          missing,
        });
      } else work.push(t);
    }
    // Every refusal before the first write: a version gone or a lock whose integrity the registry disowns.
    const docs = await Promise.all(work.map((t) => connectorDocument(t)));
    work.forEach((t, i) => checkLocked(t, docs[i]!));

    const entries: Record<string, LockedConnector> = {};
    for (const t of targets) if (t.locked) entries[t.name] = t.locked;
    // Grants beyond what a locked connector declares: confirmed before anything is installed.
    const consent = { grants: grants.grants, keys, yes: options.yes === true };
    await confirmProjectGrants(ctx, project, { ...consent, entries });
    const fresh: string[] = [];
    for (const [i, t] of work.entries()) {
      const key = connectorKey(t.name, t.market.name);
      const { outcome, entry } = await installProjectConnector(ctx, t, docs[i]!, {
        config: config[t.name] ?? {},
        fromEnv: options.fromEnv,
        acceptEnv: options.acceptEnv === true,
        yes: options.yes === true,
      });
      if (!installed[key]) fresh.push(key);
      entries[t.name] = entry;
      done.push({
        name: t.name,
        marketplace: t.market.name,
        version: outcome.version,
        action: "installed",
        status: outcome.status,
        missing: outcome.missing,
        ...(outcome.previousVersion ? { previousVersion: outcome.previousVersion } : {}),
      });
    }
    const next: LockFile = {
      lockfileVersion: LOCKFILE_VERSION,
      connectors: entries,
      hosts: [...manifest.hosts],
    };

    // A connector resolved now: its grants confirmed once its permissions are known, before the lock.
    const resolved = Object.fromEntries(
      Object.entries(entries).filter(([name]) => !targets.some((t) => t.name === name && t.locked)),
    );
    await confirmProjectGrants(ctx, project, { ...consent, entries: resolved });
    const removed = await removeUnlisted(
      ctx,
      project.dir,
      new Set(targets.map((t) => connectorKey(t.name, t.market.name))),
      fresh,
    );
    await writeManifest(before, project);
    const lockWritten = options.frozen ? false : await writeLock(project, next);
    const hosts = await syncProjectHosts(ctx, project.dir, next, true, lock);
    // A host the manifest dropped: the project's entries leave its file (anything else stays).
    const dropped = (lock?.hosts ?? []).filter((h) => !next.hosts.includes(h));
    if (dropped.length > 0 && lock)
      hosts.push(
        ...(await syncProjectHosts(
          ctx,
          project.dir,
          { ...next, connectors: {}, hosts: dropped },
          true,
          lock,
        )),
      );
    const serverNames = projectServerNames(next).map((n) => n.name);
    const rules = await applyProjectToolRules(ctx.home, manifest, serverNames);
    const guardNotes = Object.keys(manifest.guards)
      .filter((s) => !serverNames.includes(s))
      .map((server) => sayBoth((t) => t("sync.note-guards", { server })));
    const settings = await applyProjectSettings(ctx, project, grants.grants);
    done.sort((a, b) => (a.name < b.name ? -1 : 1));
    const notes = [
      ...rules.notes,
      ...guardNotes,
      ...grants.notes,
      ...(await serverNameNotes(ctx.home, next, targets)),
    ];
    const report: SyncReport = {
      project: project.dir,
      connectors: done,
      removed,
      hosts: hosts.map((h) => ({ file: h.file, changed: h.changed, report: h.report })),
      lockWritten,
      toolRules: rules.changed,
      guards: settings.guards,
      profiles: settings.profiles,
      grants: settings.grants,
      notes: notes.map((n) => n.en),
    };
    NOTES_TEXT.set(
      report,
      notes.map((n) => n.text),
    );
    return report;
  });
}

/** `--frozen`: no lock, or a lock that disagrees with the manifest, fails before anything changes. */
export function refuseUnfrozen(project: Project): void {
  if (!project.lock)
    throw localizedError(
      "project.lock.missing",
      { key: "project.lock-missing", params: { file: project.lockFile } },
      { key: "project.lock-missing-hint" },
    );
  const problems = lockDisagreements(project.manifest, project.lock);
  if (problems.length > 0)
    throw localizedError(
      "project.lock.frozen",
      { key: "project.lock-frozen", params: { problems: problems.map((p) => p.message).join("; ") } },
      { key: "project.lock-frozen-hint" },
    );
}

/**
 * Removes the connectors this project's syncs installed that it no longer wants, unless another
 * project still records them; records what it now installed. Returns the removed keys.
 */
async function removeUnlisted(
  ctx: CommandContext,
  dir: string,
  wanted: Set<string>,
  fresh: string[],
): Promise<string[]> {
  const all = await readProjects(ctx.home);
  const mine = all[dir]?.connectors ?? [];
  const others = new Set(Object.entries(all).flatMap(([d, p]) => (d === dir ? [] : p.connectors)));
  const installed = await readInstalled(ctx.home);
  const removed: string[] = [];
  for (const key of mine) {
    if (wanted.has(key) || others.has(key)) continue;
    const entry = installed[key];
    if (entry) await removeConnector(ctx.home, key, entry);
    removed.push(key);
  }
  const kept = [...new Set([...mine.filter((k) => wanted.has(k)), ...fresh])].sort();
  if (kept.join() !== [...mine].sort().join() || removed.length > 0)
    await updateProjects(ctx.home, (file) => {
      const out = { ...file };
      const rest = { ...out[dir], connectors: kept };
      if (kept.length > 0 || rest.guards?.length || rest.profiles?.length) out[dir] = rest;
      else delete out[dir];
      return out;
    });
  return removed.sort();
}
