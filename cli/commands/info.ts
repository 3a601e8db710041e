import { ConnectoryError } from "../../src/core/errors.js";
import { resolveVersion } from "../../src/core/resolve-version.js";
import type { ReceivedConnectorDocument } from "../../src/core/api/documents.js";
import { readCachedPackageFull } from "../install/cached-package.js";
import type { Command } from "../command.js";
import {
  renderView,
  versionList,
  viewFromPackage,
  viewFromVersionDocument,
  type ConnectorView,
} from "../terminal/connector-view.js";
import type { CommandContext } from "../context.js";
import { cacheDir, connectorKey } from "../home/home.js";
import { parseSpec } from "../install/install-connector.js";
import { fetchConnector, openMarketplace } from "../registry/open-marketplace.js";
import { readInstalled, type InstalledEntry } from "../home/installed-store.js";
import { status } from "../terminal/output.js";
import { printable } from "../terminal/printable.js";
import { qualityLines, stabilityLines } from "../../src/core/quality/read-quality.js";

const command: Command = {
  usage: "info <name>[@version|@range|@tag] [--marketplace m] [--server-json]",
  description: `
Shows a connector: its versions (yanked and deprecated ones marked), tags, servers and transports, the
credentials it needs (title, description, secret or not), its skills, the registry's live check (latest
status, latency, when, uptime over 7 and 30 days), and its quality score with the checklist behind it (what passed, what did not and how to raise it; docs/quality.md). Without a version, the one
\`latest\` resolves to. When the registry is unreachable, an installed connector is shown from the
plugins cache (the command says so on stderr).

--server-json prints the version's entries in the official MCP Registry format instead (one server.json
per server, as GET /v1/connectors/:name/:version/server.json serves them; the registry generates them).`,
  options: {
    marketplace: {
      type: "string",
      short: "m",
      value: "name",
      description: "the marketplace to ask (default: the default marketplace)",
    },
    "server-json": {
      type: "boolean",
      description: "print the version's official MCP Registry entries (server.json)",
    },
  },
  positionals: { min: 1, max: 1 },
  async run(args, ctx) {
    const { name, range } = parseSpec(args.positionals[0] as string);
    const m = args.values.marketplace;
    const { marketplace, client } = await openMarketplace(ctx, typeof m === "string" ? m : undefined);
    const installed = (await readInstalled(ctx.home))[connectorKey(name, marketplace)];
    let doc: ReceivedConnectorDocument;
    try {
      doc = await fetchConnector(client, name, marketplace);
    } catch (error) {
      if (installed && error instanceof ConnectoryError && error.code === "registry.unreachable") {
        return fromCache(ctx, installed, range, error.message);
      }
      throw error;
    }
    const resolution = resolveVersion(doc, range === "" ? "latest" : range);
    if (args.values["server-json"] === true) {
      const entries = await client.serverJson(name, resolution.version);
      return { data: entries, text: JSON.stringify(entries, null, 2) };
    }
    const view = viewFromVersionDocument(await client.version(name, resolution.version));
    return result({ view, doc, installed, marketplace, source: "registry", now: ctx.now() });
  },
};
export default command;

async function fromCache(ctx: CommandContext, installed: InstalledEntry, range: string, why: string) {
  if (range !== "" && range !== installed.version) {
    throw new ConnectoryError(
      "info.offline",
      `${why}; only the installed ${installed.name}@${installed.version} can be shown offline`,
      {
        hint: `run \`connectory info ${installed.name}\` for the installed version, or try again when the registry is back`,
      },
    );
  }
  const dir = cacheDir(ctx.home, installed.marketplace, installed.name, installed.version);
  const pkg = await readCachedPackageFull(dir, `${installed.name}@${installed.version}`);
  status(ctx, `${why}; showing ${installed.name}@${installed.version} from cache`);
  return result({
    view: viewFromPackage(pkg),
    doc: undefined,
    installed,
    marketplace: installed.marketplace,
    source: "cache",
    now: ctx.now(),
  });
}

function result(r: {
  view: ConnectorView;
  doc: ReceivedConnectorDocument | undefined;
  installed: InstalledEntry | undefined;
  marketplace: string;
  source: "registry" | "cache";
  now: Date;
}) {
  const installed = r.installed && {
    version: r.installed.version,
    enabled: r.installed.enabled,
    requested: r.installed.requested,
  };
  const entry = r.doc?.versions[r.view.version];
  const marks = {
    ...(entry?.malicious ? { malicious: entry.malicious } : {}),
    ...(entry?.yanked ? { yanked: true } : {}),
    ...(entry?.deprecated ? { deprecated: entry.deprecated } : {}),
  };
  const data = {
    ...r.view,
    ...marks,
    marketplace: r.marketplace,
    source: r.source,
    ...(r.doc ? { distTags: r.doc.distTags, versions: versionList(r.doc) } : {}),
    ...(r.doc?.quality ? { quality: r.doc.quality } : {}),
    ...(r.doc?.checks ? { checks: r.doc.checks } : {}),
    installed: installed ?? null,
  };
  let text = renderView(r.view, r.doc);
  if (r.doc?.checks) text += `\n\n${printable(stabilityLines(r.doc.checks, r.now).join("\n"))}`;
  if (r.doc?.quality) text += `\n\n${printable(qualityLines(r.doc.quality).join("\n"))}`;
  if (marks.malicious)
    text += `\n\nthis version was confirmed MALICIOUS by the registry's operators: install refuses it`;
  if (marks.yanked) text += `\n\nthis version is yanked: ranges and tags skip it`;
  if (marks.deprecated) text += `\n\nthis version is deprecated: ${marks.deprecated}`;
  if (installed)
    text += `\n\ninstalled: ${installed.version}${installed.enabled ? "" : " (disabled)"} from ${r.marketplace}`;
  return { data, text };
}
