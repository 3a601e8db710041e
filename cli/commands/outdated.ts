import semver from "semver";
import { saveTrust } from "../verify/marketplace-keys.js";
import { verifyRelease } from "../verify/verify-release.js";
import { ConnectoryError } from "../../src/core/errors.js";
import { resolveVersion } from "../../src/core/resolve-version.js";
import { defineCommand } from "../command.js";
import type { CommandContext } from "../context.js";
import { findInstalled, readInstalled, type InstalledEntry } from "../home/installed-store.js";
import { fetchConnector, openMarketplace } from "../registry/open-marketplace.js";
import { say } from "../terminal/language.js";
import { textTable } from "../terminal/text-table.js";
import { findProject, type Project } from "../project/project-files.js";
import { findHomeMarketplace } from "../project/project-marketplace.js";

interface Outdated {
  name: string;
  marketplace: string;
  current: string;
  /** The newest version the recorded range allows: what `connectory update` would install. */
  wanted: string | null;
  latest: string | null;
  requested: string;
}
type Failed = { name: string; marketplace: string; error: { code: string; message: string } };

const command = defineCommand({
  usage: "outdated [<name>[@marketplace]] [--json]",
  description: `
Lists installed connectors (all, or the one named) that have newer versions, as npm outdated does:
CURRENT is installed, WANTED the newest version the recorded range allows (what \`connectory update\`
installs), LATEST the version the latest tag points at (beyond the range: \`connectory install
<name>@latest\`). Yanked versions are never offered. Exits 1 when any connector is outdated, or when a
marketplace could not be asked or offers a version its signature does not cover (install.signature.*, in
failed); 0 when everything is current. Needs no token.
--json prints { outdated: [{ name, marketplace, current, wanted, latest, requested }], failed: [{ name,
marketplace, error }] }.
In a project folder (connectory.json, docs/projects.md) it checks the project's locked connectors:
CURRENT is the locked version, WANTED the newest the manifest's range allows (what \`connectory update\`
there locks), and --json adds "project": the folder.`,
  positionals: { max: 1, complete: ["connector"] },
  async run(args, ctx) {
    const ref = args.positionals[0];
    const project = await findProject(ctx.cwd);
    if (project?.lock && (ref === undefined || Object.hasOwn(project.manifest.connectors, ref)))
      return report(ctx, await lockedTargets(ctx, project, ref), { project: project.dir });
    const installed = await readInstalled(ctx.home);
    const targets = ref
      ? [findInstalled(installed, ref).entry]
      : Object.values(installed).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    return report(ctx, targets, {});
  },
});
export default command;

type Target = Pick<InstalledEntry, "name" | "marketplace" | "version" | "requested">;

/** A project's locked connectors as targets: the lock's version against the manifest's range. */
async function lockedTargets(
  ctx: CommandContext,
  project: Project,
  ref: string | undefined,
): Promise<Target[]> {
  const out: Target[] = [];
  for (const [name, locked] of Object.entries(project.lock?.connectors ?? {}).sort(([a], [b]) =>
    a < b ? -1 : 1,
  )) {
    if (ref !== undefined && name !== ref) continue;
    const marketplace =
      (await findHomeMarketplace(ctx, { project: locked.marketplace, url: locked.url })) ??
      locked.marketplace;
    out.push({
      name,
      marketplace,
      version: locked.version,
      requested: project.manifest.connectors[name]?.range ?? locked.range,
    });
  }
  return out;
}

const HEADERS = [
  "outdated.h-connector",
  "outdated.h-current",
  "outdated.h-wanted",
  "outdated.h-latest",
  "outdated.h-marketplace",
] as const;

async function report(ctx: CommandContext, targets: Target[], extra: Record<string, unknown>) {
  const results = (await Promise.all(targets.map((e) => check(ctx, e)))).filter((r) => r !== null);
  const outdated = results.filter((r): r is Outdated => "current" in r);
  const failed = results.filter((r): r is Failed => "error" in r);
  const rows = outdated.map((o) => [o.name, o.current, o.wanted ?? "-", o.latest ?? "-", o.marketplace]);
  const lines = [
    ...(rows.length
      ? [
          textTable(
            HEADERS.map((h) => say(h)),
            rows,
          ),
        ]
      : []),
    ...failed.map((f) =>
      say("outdated.failed", { ref: `${f.name}@${f.marketplace}`, message: f.error.message }),
    ),
  ];
  const text =
    targets.length === 0
      ? say("outdated.nothing")
      : lines.length
        ? lines.join("\n")
        : targets.length === 1
          ? say("outdated.current-one")
          : say("outdated.current-all", { n: targets.length });
  return {
    data: { ...extra, outdated, failed },
    text,
    exitCode: outdated.length > 0 || failed.length > 0 ? 1 : 0,
  };
}

/** One installed connector against its marketplace: outdated, current (null), or why it could not be asked. */
async function check(
  ctx: CommandContext,
  e: Pick<InstalledEntry, "name" | "marketplace" | "version" | "requested">,
): Promise<Outdated | Failed | null> {
  try {
    const { client } = await openMarketplace(ctx, e.marketplace);
    const doc = await fetchConnector(client, e.name, e.marketplace);
    let wanted: string | null = null;
    try {
      wanted = resolveVersion(doc, e.requested).version;
    } catch {
      // Nothing matches the recorded range any more (all yanked): only LATEST can be offered.
    }
    const tag = doc.distTags.latest;
    const latest = tag !== undefined && semver.valid(tag) && !doc.versions[tag]?.yanked ? tag : null;
    const newer = (v: string | null) => v !== null && semver.gt(v, e.version);
    if (!newer(wanted) && !newer(latest)) return null;
    // What is offered must be what the registry signed: a forged newer version is an error, not an offer.
    for (const v of new Set([wanted, latest].filter((x): x is string => newer(x)))) {
      const dist = doc.versions[v]!.dist;
      const { trust } = await verifyRelease(
        ctx,
        client,
        e.marketplace,
        dist,
        { name: e.name, version: v, integrity: dist.integrity },
        { log: false },
      );
      await saveTrust(ctx.home, e.marketplace, trust);
    }
    return {
      name: e.name,
      marketplace: e.marketplace,
      current: e.version,
      wanted,
      latest,
      requested: e.requested,
    };
  } catch (error) {
    if (!(error instanceof ConnectoryError)) throw error;
    return { name: e.name, marketplace: e.marketplace, error: { code: error.code, message: error.message } };
  }
}
