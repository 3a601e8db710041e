import { fetchBundles } from "./fetch-bundles.js";
import type { Runner } from "../../src/core/launch/pick-launch.js";
import semver from "semver";
import { launchProblems } from "../../src/core/launch/launch-problems.js";
import { localizedError, localizedUsageError, say } from "../terminal/language.js";
import type { ReceivedConnectorDocument } from "../../src/core/api/documents.js";
import { resolveVersion, type Resolution } from "../../src/core/resolve-version.js";
import {
  collectCredentials,
  describeSources,
  parseConfigPairs,
  type CredentialSource,
  type EnvConsent,
} from "./collect-credentials.js";
import { commitVersion } from "./commit-version.js";
import { acceptLoaderEnv } from "./confirm-env.js";
import { acceptedBefore, acceptPermissions } from "./accept-permissions.js";
import { describePermissions } from "../../src/core/sandbox/permissions.js";
import { keepPermissionText, shownPermissions } from "../terminal/permission-text.js";
import { isRemote, type TokenSchema } from "../../src/core/types.js";
import { unchosenKeys } from "../../src/core/launch/unchosen-keys.js";
import { localMachine } from "../mcp/local-machine.js";
import type { CommandContext } from "../context.js";
import { readCredentials } from "../credentials/credentials-store.js";
import { fetchVersion, type FetchedVersion } from "./fetch-version.js";
import { connectorKey } from "../home/home.js";
import { NAME } from "../../src/core/names.js";
import { credentialsFixCommand, readInstalled, type InstalledEntry } from "../home/installed-store.js";
import { fetchConnector, openMarketplace } from "../registry/open-marketplace.js";
import { warn } from "../terminal/output.js";
import { canPrompt } from "../terminal/prompt.js";
import { serverLines, serverView, type ConnectorView } from "../terminal/connector-view.js";

export interface InstallRequest {
  /** `name`, `name@range`, `name@tag`. */
  spec: string;
  marketplace?: string;
  /** `--config KEY=VALUE` pairs as typed. */
  config: string[];
  /** `--config-from-env` / `--config-env KEY`: the only way a credential is read from the environment. */
  fromEnv?: EnvConsent | undefined;
  yes: boolean;
  /** `--accept-env`: the loader env keys of the package's servers are accepted (confirm-env.ts). */
  acceptEnv?: boolean;
  /** Download and unpack again even when the cache holds this version (repairs a tampered cache). */
  force?: boolean;
  /** `--prefer <runner>`: of a server's alternative launches, this runner's when it can run (mcp.json 2). */
  prefer?: Runner;
}

/** What an install did, as printed under --json. */
export interface InstallOutcome {
  name: string;
  marketplace: string;
  version: string;
  requested: string;
  integrity: string;
  /** `malformed`: installed, but its launch cannot be right as written upstream (see `malformed`). */
  status: "ready" | "needs-credentials" | "disabled" | "malformed";
  /** Why the launch cannot be right (src/core/launch/launch-problems.ts), when it cannot. */
  malformed?: string[];
  /** Required credentials still absent. */
  missing: string[];
  /** Where each stored credential came from: config, environment, prompt or stored (kept from before). */
  credentials: Record<string, CredentialSource>;
  /** The command that supplies them. */
  fix?: string;
  yanked: boolean;
  deprecated?: string;
  /** The version this replaced, when another one was installed. */
  previousVersion?: string;
  /** The cache folder already held these exact bytes: nothing was downloaded. */
  reused: boolean;
  servers: string[];
  /** The whole launch of each server, as `info` shows it (command line quoted, env, cwd, loader keys). */
  launch: ConnectorView["servers"];
  /** What its local servers may reach, in plain words (absent when it has none). */
  permissions?: string[];
}

/** Splits `name@range`; the name must be a valid connector name (it becomes a folder). */
export function parseSpec(spec: string): { name: string; range: string } {
  const at = spec.indexOf("@");
  const name = at === -1 ? spec : spec.slice(0, at);
  const range = at === -1 ? "" : spec.slice(at + 1).trim();
  if (!NAME.test(name)) {
    throw localizedUsageError(
      { key: "usage.not-a-name", params: { name: name.slice(0, 80) } },
      { key: "usage.not-a-name-install-hint" },
    );
  }
  if (at !== -1 && range === "")
    throw localizedUsageError(
      { key: "usage.no-version-after-at", params: { spec } },
      { key: "usage.no-version-after-at-hint" },
    );
  return { name, range };
}

/** Warns about a yanked pin or a deprecated version: installing goes on. */
export function warnResolution(ctx: CommandContext, name: string, r: Resolution): void {
  if (r.yanked) warn(ctx, say("install.yanked-pinned", { name, version: r.version }));
  if (r.deprecated !== undefined)
    warn(ctx, say("install.deprecated", { name, version: r.version, message: r.deprecated }));
}

/**
 * A version an operator confirmed malicious (it is yanked, so only an exact pin reaches it) is refused
 * with `install.malicious`; --force installs it anyway, with a warning.
 */
export function refuseMalicious(
  ctx: CommandContext,
  doc: ReceivedConnectorDocument,
  name: string,
  version: string,
  force: boolean,
): void {
  const marked = doc.versions[version]?.malicious;
  if (marked === undefined) return;
  if (!force) {
    throw localizedError(
      "install.malicious",
      { key: "install.malicious", params: { name, version, marked: marked.slice(0, 40) } },
      { key: "install.malicious-hint", params: { name } },
    );
  }
  warn(ctx, say("install.malicious-forced", { name, version }));
}

/** How commands name an installed connector: `name`, or `name@marketplace` when the bare name is ambiguous. */
export async function refFor(home: string, entry: InstalledEntry): Promise<string> {
  const same = Object.values(await readInstalled(home)).filter((e) => e.name === entry.name);
  return same.length > 1 ? connectorKey(entry.name, entry.marketplace) : entry.name;
}

/**
 * The whole install (docs/cli.md): resolve, fetch and verify, collect credentials (prompting only on a TTY
 * without --yes), then commit. Everything that can fail runs before the first write.
 */
export async function installConnector(ctx: CommandContext, req: InstallRequest): Promise<InstallOutcome> {
  const { name, range } = parseSpec(req.spec);
  const given = parseConfigPairs(req.config);
  const { marketplace, client } = await openMarketplace(ctx, req.marketplace);
  const doc = await fetchConnector(client, name, marketplace);
  const resolution = resolveVersion(doc, range);
  refuseMalicious(ctx, doc, name, resolution.version, req.force === true);
  warnResolution(ctx, name, resolution);

  const key = connectorKey(name, marketplace);
  const installed = (await readInstalled(ctx.home))[key];
  const fetched = await fetchVersion(ctx, client, { name, marketplace, resolution }, installed, {
    force: req.force === true,
  });
  await acceptLoaderEnv(ctx, {
    label: name,
    servers: fetched.pkg.servers,
    accepted: req.acceptEnv === true,
    interactive: canPrompt(ctx) && !req.yes,
    retry: `connectory install ${req.spec}${req.marketplace ? ` --marketplace ${req.marketplace}` : ""}`,
  });
  const retry = `connectory install ${req.spec}${req.marketplace ? ` --marketplace ${req.marketplace}` : ""}`;
  const collected = await collectCredentials(ctx, {
    schema: chosenSchema(ctx.home, fetched.pkg, req.prefer),
    label: name,
    given,
    fromEnv: req.fromEnv,
    existing: (await readCredentials(ctx.home)).connectors[key],
    interactive: canPrompt(ctx) && !req.yes,
    // Nothing is installed yet, so `credentials set` would not find it: the install itself is the retry.
    retry: `${retry} --config KEY=VALUE`,
  });
  // Asked once the credentials are known, so a folder the user chose shows as itself.
  const permissions = await acceptPermissions(ctx, {
    label: name,
    servers: fetched.pkg.servers,
    declared: fetched.pkg.manifest.permissions,
    tokenSchema: fetched.pkg.tokenSchema,
    accepted: await acceptedBefore(ctx.home, installed),
    yes: req.yes,
    interactive: canPrompt(ctx),
    retry,
    values: collected.values,
  });
  // A connector with only prereleases (every import without a release) follows `latest`: a caret on a
  // prerelease would never leave its x.y.z.
  const bare = semver.prerelease(resolution.version) === null ? `^${resolution.version}` : "latest";
  const requested = range === "" ? bare : range;
  // MCPB launches (mcp.json 2): their bundles are verified and unpacked before the version is committed.
  await fetchBundles(ctx.home, fetched.pkg.servers, ctx.fetch);
  const entry = await commitVersion(ctx, fetched, {
    requested,
    yanked: resolution.yanked,
    credentials: collected.values,
    permissions,
    ...(req.prefer !== undefined ? { prefer: req.prefer } : {}),
  });
  return outcome(fetched, entry, resolution, collected, installed, await refFor(ctx.home, entry));
}

/**
 * The token schema an install asks by: a credential only launches this machine will not use read (mcp.json 2
 * alternatives; `--prefer` picks) is not required. MCPB launches count as runnable: their bundles are
 * fetched by this install.
 */
export function chosenSchema(
  home: string,
  pkg: FetchedVersion["pkg"],
  prefer: Runner | undefined,
): TokenSchema | undefined {
  const schema = pkg.tokenSchema;
  if (!schema?.required || !Object.values(pkg.servers).some((s) => s.alternatives !== undefined))
    return schema;
  const machine = { ...localMachine(home), hasBundle: () => true };
  const skipped = unchosenKeys(pkg.servers, machine, prefer);
  return skipped.size === 0
    ? schema
    : { ...schema, required: schema.required.filter((k) => !skipped.has(k)) };
}

/** Builds the outcome document of an install or an update. */
export function outcome(
  fetched: FetchedVersion,
  entry: InstalledEntry,
  resolution: Resolution,
  collected: { missing: string[]; sources: Record<string, CredentialSource> },
  before: InstalledEntry | undefined,
  ref: string,
): InstallOutcome {
  const { missing } = collected;
  const problems = launchProblems(fetched.pkg.servers);
  const status = !entry.enabled
    ? "disabled"
    : missing.length > 0
      ? "needs-credentials"
      : problems.length > 0
        ? "malformed"
        : "ready";
  const outcome: InstallOutcome = {
    name: entry.name,
    marketplace: entry.marketplace,
    version: entry.version,
    requested: entry.requested,
    integrity: entry.integrity,
    status,
    ...(problems.length > 0 ? { malformed: problems } : {}),
    missing,
    credentials: collected.sources,
    ...(missing.length > 0 ? { fix: credentialsFixCommand(ref, missing) } : {}),
    yanked: resolution.yanked,
    ...(resolution.deprecated !== undefined ? { deprecated: resolution.deprecated } : {}),
    ...(before && before.version !== entry.version ? { previousVersion: before.version } : {}),
    reused: fetched.contents === undefined,
    servers: Object.keys(fetched.pkg.servers),
    launch: Object.entries(fetched.pkg.servers).map(([server, spec]) => serverView(server, spec)),
    ...(Object.values(fetched.pkg.servers).some((s) => !isRemote(s))
      ? { permissions: describePermissions(fetched.pkg.manifest.permissions) }
      : {}),
  };
  // The text output's permission lines are in the run's language; the outcome (--json) keeps English.
  return keepPermissionText(outcome, fetched.pkg.manifest.permissions);
}

/** Human lines for an install outcome. */
export function describeOutcome(o: InstallOutcome, verb: "installed" | "updated" = "installed"): string {
  const ref = { name: o.name, version: o.version, marketplace: o.marketplace };
  const lines = [
    o.previousVersion
      ? say(verb === "updated" ? "install.updated-from" : "install.installed-from", {
          ...ref,
          previous: o.previousVersion,
        })
      : say(verb === "updated" ? "install.updated" : "install.installed", ref),
  ];
  if (o.servers.length) lines.push(`  ${say("install.servers", { servers: o.servers.join(", ") })}`);
  else lines.push(`  ${say("install.skills-only")}`);
  for (const s of o.launch ?? []) lines.push(...serverLines(s).map((line) => `    ${line}`));
  for (const problem of o.malformed ?? []) lines.push(`  ${say("install.malformed", { problem })}`);
  if (o.permissions) {
    const permissions = shownPermissions(o, o.permissions).join("; ");
    lines.push(`  ${say("install.permissions", { permissions })}`);
  }
  const sources = describeSources(o.credentials);
  if (sources) lines.push(`  ${say("install.credentials", { sources })}`);
  if (o.status === "needs-credentials") {
    lines.push(`  ${say("install.needs-credentials", { keys: o.missing.join(", ") })}`);
    lines.push(`  ${say("install.to-finish", { fix: o.fix ?? "" })}`);
  } else lines.push(`  ${say("install.status", { status: o.status })}`);
  return lines.join("\n");
}
