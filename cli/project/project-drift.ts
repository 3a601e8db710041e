import { lockDisagreements } from "../../src/core/project/lock.js";
import type { CommandContext } from "../context.js";
import { readCredentials } from "../credentials/credentials-store.js";
import { connectorKey } from "../home/home.js";
import { readInstalled } from "../home/installed-store.js";
import type { Project } from "./project-files.js";
import { syncProjectHosts } from "./project-hosts.js";
import { findHomeMarketplace } from "./project-marketplace.js";
import { readProjects } from "./project-record.js";
import { toolRulesDrift } from "./project-tool-rules.js";
import { grantsDrift, wantedGrants } from "./project-grants.js";
import { guardsDrift } from "./project-guards.js";
import { profilesDrift } from "./project-profiles.js";

/** How far this machine is from a project's lock: what `sync --check` and `doctor` report. */
export interface ProjectDrift {
  project: string;
  /** Each way the machine or the lock differs from what `sync` would make; empty: in sync. */
  drift: string[];
  /** Connectors installed as locked but missing required credentials (sync asks for them). */
  needsCredentials: Array<{ name: string; missing: string[] }>;
}

/**
 * Compares this home and the project folder with the lock, offline and without writing: the manifest
 * against the lock, each locked connector's installed version and integrity, what the project's
 * syncs installed that the lock no longer lists, and each project host file against what sync writes.
 */
export async function projectDrift(
  ctx: Pick<CommandContext, "home" | "env" | "now">,
  project: Project,
): Promise<ProjectDrift> {
  const lock = project.lock;
  const out: ProjectDrift = { project: project.dir, drift: [], needsCredentials: [] };
  if (!lock) {
    out.drift.push("there is no connectory.lock yet: run `connectory sync`");
    return out;
  }
  out.drift.push(...lockDisagreements(project.manifest, lock).map((d) => d.message));
  const installed = await readInstalled(ctx.home);
  const stored = (await readCredentials(ctx.home)).connectors;
  const wanted = new Set<string>();
  const keys: Record<string, string> = {};
  for (const [name, locked] of Object.entries(lock.connectors).sort(([a], [b]) => (a < b ? -1 : 1))) {
    const market = await findHomeMarketplace(ctx, { project: locked.marketplace, url: locked.url });
    if (!market) {
      out.drift.push(`${name}: its marketplace ${locked.marketplace} (${locked.url}) is not one of yours`);
      continue;
    }
    const key = connectorKey(name, market);
    wanted.add(key);
    keys[name] = key;
    const have = installed[key];
    if (!have) out.drift.push(`${name}@${locked.version} is not installed`);
    else if (have.version !== locked.version)
      out.drift.push(`${name} is at ${have.version} here; the lock pins ${locked.version}`);
    else if (have.integrity !== locked.integrity)
      out.drift.push(`${name}@${have.version} installed here is not the lock's bytes (integrity differs)`);
    else {
      const missing = locked.credentials.required.filter((k) => stored[key]?.[k] === undefined);
      if (missing.length > 0) out.needsCredentials.push({ name, missing });
    }
  }
  const record = (await readProjects(ctx.home))[project.dir];
  const mine = record?.connectors ?? [];
  for (const key of mine)
    if (!wanted.has(key) && installed[key])
      out.drift.push(`${key} was installed for the project and the lock no longer lists it`);
  for (const server of await toolRulesDrift(ctx.home, project.manifest))
    out.drift.push(`the tool rules of ${server} are not connectory.json's`);
  const guards = await guardsDrift(ctx.home, project.manifest, record?.guards ?? []);
  for (const key of guards.differ) out.drift.push(`the guard modes of ${key} are not connectory.json's`);
  for (const key of guards.stale)
    out.drift.push(
      `the guard modes of ${key} were set for the project and connectory.json no longer has them`,
    );
  const profiles = await profilesDrift(ctx.home, project.manifest, record?.profiles ?? []);
  for (const name of profiles.differ) out.drift.push(`the profile ${name} is not connectory.json's`);
  for (const name of profiles.stale)
    out.drift.push(`the profile ${name} was written for the project and connectory.json no longer has it`);
  const grants = await wantedGrants(project.dir, project.manifest, keys);
  for (const key of await grantsDrift(ctx.home, project.dir, grants.grants))
    out.drift.push(`the sandbox grants of ${key} are not connectory.json's`);
  for (const h of await syncProjectHosts(ctx, project.dir, lock, false))
    if (h.changed) out.drift.push(`${h.file} is not what the lock gives`);
  return out;
}
