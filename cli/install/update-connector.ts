import { fetchBundles } from "./fetch-bundles.js";
import semver from "semver";
import { ConnectoryError } from "../../src/core/errors.js";
import { resolveVersion } from "../../src/core/resolve-version.js";
import { provenanceDowngrade, statementHasProvenance } from "../../src/core/signing/trust-downgrade.js";
import type { ReceivedConnectorDocument } from "../../src/core/api/documents.js";
import { warn } from "../terminal/output.js";
import { readCachedPackage } from "./cached-package.js";
import { collectCredentials, type EnvConsent } from "./collect-credentials.js";
import { commitVersion } from "./commit-version.js";
import type { CommandContext } from "../context.js";
import { readCredentials } from "../credentials/credentials-store.js";
import { acceptLoaderEnv } from "./confirm-env.js";
import { acceptedBefore, acceptPermissions } from "./accept-permissions.js";
import { fetchVersion } from "./fetch-version.js";
import { cacheDir, connectorKey } from "../home/home.js";
import { outcome, refFor, warnResolution, type InstallOutcome } from "./install-connector.js";
import { fetchConnector, openMarketplace } from "../registry/open-marketplace.js";
import type { InstalledEntry } from "../home/installed-store.js";
import { printable } from "../terminal/printable.js";
import { canPrompt, prompt } from "../terminal/prompt.js";
import { describeChanges, diffPackages, type UpdateChanges } from "./update-changes.js";
import { localizedError, say } from "../terminal/language.js";

/** What updating one installed connector came to. */
export type UpdateResult =
  | { kind: "updated"; outcome: InstallOutcome; changes: UpdateChanges }
  | { kind: "current"; name: string; marketplace: string; version: string; note?: string }
  | { kind: "declined"; name: string; marketplace: string; from: string; to: string; changes: UpdateChanges };

/**
 * Updates one installed connector to the newest version its stored `requested` range allows (never
 * downgrading), keeping its credentials. A changed launch spec or new required credentials need consent:
 * a prompt on a TTY, `--yes` otherwise — without either it refuses, naming the command to run.
 */
export async function updateConnector(
  ctx: CommandContext,
  entry: InstalledEntry,
  options: { yes: boolean; acceptEnv?: boolean; fromEnv?: EnvConsent | undefined; allowDowngrade?: boolean },
): Promise<UpdateResult> {
  const { name, marketplace } = entry;
  const ref = await refFor(ctx.home, entry);
  const { client } = await openMarketplace(ctx, marketplace);
  const doc = await fetchConnector(client, name, marketplace);
  const yankedNote = doc.versions[entry.version]?.yanked ? `${entry.version} is yanked` : undefined;
  const stay = (note: string | undefined) => ({
    kind: "current" as const,
    name,
    marketplace,
    version: entry.version,
    ...(note ? { note } : {}),
  });
  let resolution;
  try {
    resolution = resolveVersion(doc, entry.requested);
  } catch (error) {
    if (!(error instanceof ConnectoryError) || error.code !== "version.not-found") throw error;
    return stay(`${yankedNote ?? "it is no longer listed"}, and no other version matches ${entry.requested}`);
  }
  // A hand-edited record may hold anything; treat an unreadable version as older than every release.
  const current = semver.valid(entry.version) ?? "0.0.0-0";
  if (semver.lt(resolution.version, current)) {
    // Never downgrade silently: the user chooses to move back.
    return stay(
      `${yankedNote ?? `${entry.version} is no longer listed`}; the newest matching is ${resolution.version}: connectory install ${name}@${resolution.version}`,
    );
  }
  if (resolution.version === entry.version) {
    const latest = doc.distTags.latest;
    const newer =
      latest && semver.valid(latest) && semver.gt(latest, current) && !doc.versions[latest]?.yanked;
    return stay(
      newer
        ? `${latest} is available outside ${entry.requested}: connectory install ${name}@${latest}`
        : yankedNote,
    );
  }
  warnResolution(ctx, name, resolution);
  refuseDowngrade(ctx, doc, entry, resolution.version, options.allowDowngrade === true);

  const fetched = await fetchVersion(ctx, client, { name, marketplace, resolution }, entry);
  const oldDir = cacheDir(ctx.home, marketplace, name, entry.version);
  const before = await readCachedPackage(oldDir, `${name}@${entry.version}`).catch(() => undefined);
  const stored = (await readCredentials(ctx.home)).connectors[connectorKey(name, marketplace)];
  const changes = diffPackages(before, fetched.pkg, stored);
  const interactive = canPrompt(ctx) && !options.yes;
  // Loader env keys the installed version did not set need their own consent (confirm-env.ts).
  await acceptLoaderEnv(ctx, {
    label: ref,
    servers: fetched.pkg.servers,
    accepted: options.acceptEnv === true,
    interactive,
    retry: `connectory update ${ref}`,
    ...(before ? { known: before.servers } : {}),
  });
  // Permissions that reach further than accepted are asked for again; until then this version stays.
  const permissions = await acceptPermissions(ctx, {
    label: ref,
    servers: fetched.pkg.servers,
    declared: fetched.pkg.manifest.permissions,
    tokenSchema: fetched.pkg.tokenSchema,
    accepted: await acceptedBefore(ctx.home, entry),
    yes: options.yes,
    interactive: canPrompt(ctx),
    retry: `connectory update ${ref}`,
    ...(stored ? { values: stored } : {}),
  });
  if (changes.needsConsent && !options.yes) {
    const heading = say("update.changes-heading", { ref, from: entry.version, to: fetched.version });
    ctx.stderr.write(printable([heading, ...describeChanges(changes), ""].join("\n")));
    if (!interactive) {
      throw localizedError(
        "update.consent-required",
        { key: "update.consent-required", params: { ref, version: fetched.version } },
        { key: "update.consent-required-hint", params: { ref } },
      );
    }
    const answer = (
      await prompt(ctx, { message: say("update.apply-prompt", { ref, version: fetched.version }) })
    ).trim();
    if (!/^y(es)?$/i.test(answer)) {
      return { kind: "declined", name, marketplace, from: entry.version, to: fetched.version, changes };
    }
  }
  // "Keeps credentials": with --config-from-env, a stored value still wins over an environment
  // variable of the same name; a key named with --config-env replaces it. `update` (all connectors)
  // applies a named key to the connectors that declare it.
  const declared = Object.keys(fetched.pkg.tokenSchema?.properties ?? {});
  const fromEnv =
    options.fromEnv === "all"
      ? declared.filter((k) => !Object.hasOwn(stored ?? {}, k) && (ctx.env[k] ?? "") !== "")
      : (options.fromEnv ?? []).filter((k) => declared.includes(k));
  const collected = await collectCredentials(ctx, {
    schema: fetched.pkg.tokenSchema,
    label: name,
    given: {},
    fromEnv,
    ...(stored ? { existing: stored } : {}),
    interactive,
  });
  await fetchBundles(ctx.home, fetched.pkg.servers, ctx.fetch);
  const written = await commitVersion(ctx, fetched, {
    requested: entry.requested,
    yanked: resolution.yanked,
    credentials: collected.values,
    permissions,
  });
  return {
    kind: "updated",
    outcome: outcome(fetched, written, resolution, collected, entry, ref),
    changes,
  };
}

/**
 * The trust-downgrade rule (src/core/signing/trust-downgrade.ts): earlier versions with build provenance
 * (in the connector document, or verified when the installed one was installed) and none on `target`.
 */
export function refuseDowngrade(
  ctx: CommandContext,
  doc: ReceivedConnectorDocument,
  entry: InstalledEntry,
  target: string,
  allowed: boolean,
): void {
  const facts = Object.values(doc.versions).map((v) => ({
    version: v.version,
    provenance:
      statementHasProvenance(v.dist.statement) ||
      (v.version === entry.version && statementHasProvenance(entry.signed?.statement)),
  }));
  const from = provenanceDowngrade(facts, target);
  if (from === undefined) return;
  const params = { name: entry.name, version: target, from };
  if (allowed) return warn(ctx, say("update.downgrade-allowed", params));
  throw localizedError(
    "update.trust.downgrade",
    { key: "update.downgrade", params },
    { key: "update.downgrade-hint", params: { name: entry.name } },
  );
}
