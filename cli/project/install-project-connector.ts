import { localizedError } from "../terminal/language.js";
import { canonical } from "../../src/core/hosts/document.js";
import type { LockedConnector } from "../../src/core/project/lock.js";
import { resolveVersion } from "../../src/core/resolve-version.js";
import type { ReceivedConnectorDocument } from "../../src/core/api/documents.js";
import type { CommandContext } from "../context.js";
import { readCredentials } from "../credentials/credentials-store.js";
import { connectorKey } from "../home/home.js";
import { readInstalled } from "../home/installed-store.js";
import { acceptedBefore, acceptPermissions, permissionsRecord } from "../install/accept-permissions.js";
import { collectCredentials, type EnvConsent } from "../install/collect-credentials.js";
import { commitVersion } from "../install/commit-version.js";
import { acceptLoaderEnv } from "../install/confirm-env.js";
import { fetchVersion } from "../install/fetch-version.js";
import {
  outcome,
  refFor,
  refuseMalicious,
  warnResolution,
  type InstallOutcome,
} from "../install/install-connector.js";
import { fetchConnector } from "../registry/open-marketplace.js";
import { refuseDowngrade } from "../install/update-connector.js";
import { canPrompt } from "../terminal/prompt.js";
import { lockEntry } from "./lock-entry.js";
import type { HomeMarketplace } from "./project-marketplace.js";

/** One connector to install for a project: a version resolved from a range, or the lock's exact one. */
export interface ProjectTarget {
  name: string;
  market: HomeMarketplace;
  /** The manifest range (recorded in the lock). */
  range: string;
  /** The lock's entry: install exactly it, refusing a registry that serves other bytes. */
  locked?: LockedConnector;
}

export interface ProjectInstallOptions {
  config: Record<string, string>;
  fromEnv?: EnvConsent | undefined;
  acceptEnv: boolean;
  /** Accept permissions without asking (add/update with --yes). */
  yes: boolean;
}

/** The connector document, fetched once per target (sync checks every target before it installs any). */
export async function connectorDocument(t: ProjectTarget): Promise<ReceivedConnectorDocument> {
  return fetchConnector(t.market.client, t.name, t.market.name);
}

/**
 * Checks a locked version against the registry's document before anything is written: the version must
 * still be there (`project.lock.gone`) and the registry's integrity must be the lock's
 * (`project.lock.integrity`, a tampered lock or a registry serving other bytes).
 */
export function checkLocked(t: ProjectTarget, doc: ReceivedConnectorDocument): void {
  const locked = t.locked;
  if (!locked) return;
  const served = doc.versions[locked.version];
  if (!served)
    throw localizedError(
      "project.lock.gone",
      { key: "project.lock-gone", params: { name: t.name, version: locked.version, url: t.market.url } },
      { key: "project.lock-gone-hint", params: { name: t.name } },
    );
  if (served.dist.integrity !== locked.integrity)
    throw localizedError(
      "project.lock.integrity",
      { key: "project.lock-integrity", params: { name: t.name, version: locked.version, url: t.market.url } },
      {
        key: "project.lock-integrity-hint",
        params: { lock: locked.integrity.slice(0, 24), registry: served.dist.integrity.slice(0, 24) },
      },
    );
}

/**
 * Installs one project connector with the install pipeline (fetch and verify, loader env, credentials,
 * permissions, commit) and returns its outcome and lock entry. A locked version's permissions must be
 * the ones the lock records (they were accepted when it was locked; anything else is a changed lock,
 * `project.lock.permissions`); they are shown, not asked again.
 */
export async function installProjectConnector(
  ctx: CommandContext,
  t: ProjectTarget,
  doc: ReceivedConnectorDocument,
  options: ProjectInstallOptions,
): Promise<{ outcome: InstallOutcome; entry: LockedConnector }> {
  checkLocked(t, doc);
  const resolution = resolveVersion(doc, t.locked?.version ?? t.range);
  refuseMalicious(ctx, doc, t.name, resolution.version, false);
  warnResolution(ctx, t.name, resolution);
  const key = connectorKey(t.name, t.market.name);
  const installed = (await readInstalled(ctx.home))[key];
  // Relocking moves a connector as `update` does: a version without the build provenance its
  // predecessors had is refused (the lock's own versions were reviewed when they were locked).
  if (!t.locked && installed) refuseDowngrade(ctx, doc, installed, resolution.version, false);
  const fetched = await fetchVersion(
    ctx,
    t.market.client,
    { name: t.name, marketplace: t.market.name, resolution },
    installed,
  );
  const retry = "connectory sync";
  const interactive = canPrompt(ctx);
  await acceptLoaderEnv(ctx, {
    label: t.name,
    servers: fetched.pkg.servers,
    accepted: options.acceptEnv,
    interactive,
    retry: `${retry} --accept-env`,
  });
  const collected = await collectCredentials(ctx, {
    schema: fetched.pkg.tokenSchema,
    label: t.name,
    given: options.config,
    // `--config-env KEY` names keys across the project: each connector takes those it declares.
    fromEnv: Array.isArray(options.fromEnv)
      ? options.fromEnv.filter((k) => Object.hasOwn(fetched.pkg.tokenSchema?.properties ?? {}, k))
      : options.fromEnv,
    existing: (await readCredentials(ctx.home)).connectors[key],
    interactive,
    retry: `${retry} --config ${t.name}.KEY=VALUE`,
  });
  const record = permissionsRecord(fetched.pkg.manifest.permissions, fetched.pkg.tokenSchema);
  if (t.locked && canonical(record) !== canonical(t.locked.permissions))
    throw localizedError(
      "project.lock.permissions",
      { key: "project.lock-permissions", params: { name: t.name, version: resolution.version } },
      { key: "project.lock-permissions-hint" },
    );
  const permissions = await acceptPermissions(ctx, {
    label: t.name,
    servers: fetched.pkg.servers,
    declared: fetched.pkg.manifest.permissions,
    tokenSchema: fetched.pkg.tokenSchema,
    accepted: await acceptedBefore(ctx.home, installed),
    yes: options.yes || t.locked !== undefined,
    interactive,
    retry: `connectory add ${t.name}@${t.range}`,
    values: collected.values,
  });
  const entry = await commitVersion(ctx, fetched, {
    // Exact: `connectory update` outside the project must not move what the lock pins.
    requested: resolution.version,
    yanked: resolution.yanked,
    credentials: collected.values,
    permissions,
  });
  return {
    outcome: outcome(fetched, entry, resolution, collected, installed, await refFor(ctx.home, entry)),
    entry: lockEntry(
      fetched,
      { marketplace: t.market.project, url: t.market.url, range: t.range },
      permissions,
    ),
  };
}
