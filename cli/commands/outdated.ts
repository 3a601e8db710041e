import semver from "semver";
import { ConnectoryError } from "../../src/core/errors.js";
import { resolveVersion } from "../../src/core/resolve-version.js";
import type { Command } from "../command.js";
import type { CommandContext } from "../context.js";
import { findInstalled, readInstalled, type InstalledEntry } from "../home/installed-store.js";
import { fetchConnector, openMarketplace } from "../registry/open-marketplace.js";
import { textTable } from "../terminal/text-table.js";

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

const command: Command = {
  usage: "outdated [<name>[@marketplace]] [--json]",
  description: `
Lists installed connectors (all, or the one named) that have newer versions, as npm outdated does:
CURRENT is installed, WANTED the newest version the recorded range allows (what \`connectory update\`
installs), LATEST the version the latest tag points at (beyond the range: \`connectory install
<name>@latest\`). Yanked versions are never offered. Exits 1 when any connector is outdated, or when a
marketplace could not be asked; 0 when everything is current. Needs no token.
--json prints { outdated: [{ name, marketplace, current, wanted, latest, requested }], failed: [{ name,
marketplace, error }] }.`,
  positionals: { max: 1 },
  async run(args, ctx) {
    const installed = await readInstalled(ctx.home);
    const ref = args.positionals[0];
    const targets = ref
      ? [findInstalled(installed, ref).entry]
      : Object.values(installed).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    const results = (await Promise.all(targets.map((e) => check(ctx, e)))).filter((r) => r !== null);
    const outdated = results.filter((r): r is Outdated => "current" in r);
    const failed = results.filter((r): r is Failed => "error" in r);
    const rows = outdated.map((o) => [o.name, o.current, o.wanted ?? "-", o.latest ?? "-", o.marketplace]);
    const lines = [
      ...(rows.length ? [textTable(["CONNECTOR", "CURRENT", "WANTED", "LATEST", "MARKETPLACE"], rows)] : []),
      ...failed.map((f) => `${f.name}@${f.marketplace}: could not check: ${f.error.message}`),
    ];
    const text =
      targets.length === 0
        ? "nothing is installed"
        : lines.length
          ? lines.join("\n")
          : `${targets.length === 1 ? "it is" : `all ${targets.length} are`} up to date`;
    return {
      data: { outdated, failed },
      text,
      exitCode: outdated.length > 0 || failed.length > 0 ? 1 : 0,
    };
  },
};
export default command;

/** One installed connector against its marketplace: outdated, current (null), or why it could not be asked. */
async function check(ctx: CommandContext, e: InstalledEntry): Promise<Outdated | Failed | null> {
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
