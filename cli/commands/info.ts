import { downgradeIn } from "../../src/core/signing/trust-downgrade.js";
import { ConnectoryError } from "../../src/core/errors.js";
import { resolveVersion } from "../../src/core/resolve-version.js";
import { cliLanguage, errorText, say, sayEnglish } from "../terminal/language.js";
import { sourceName } from "../../src/core/api/provenance.js";
import type { ReceivedConnectorDocument } from "../../src/core/api/documents.js";
import { readCachedPackageFull } from "../install/cached-package.js";
import { defineCommand, marketplaceOption } from "../command.js";
import { versionList, viewFromPackage, type ConnectorView } from "../terminal/connector-view.js";
import { viewFromVersionDocument } from "../terminal/version-document-view.js";
import { localText, renderView } from "../terminal/connector-text.js";
import type { CommandContext } from "../context.js";
import { cacheDir, connectorKey } from "../home/home.js";
import { parseSpec } from "../install/install-connector.js";
import { fetchConnector, openMarketplace } from "../registry/open-marketplace.js";
import { readInstalled, type InstalledEntry } from "../home/installed-store.js";
import { status } from "../terminal/output.js";
import { printable } from "../terminal/printable.js";
import { qualityLines, qualitySummary, stabilityLines } from "../../src/core/quality/quality-lines.js";
import type { BuildProvenance } from "../../src/core/oidc/provenance.js";

const command = defineCommand({
  usage: "info <name>[@version|@range|@tag] [--marketplace m] [--quality] [--server-json]",
  description: `
Shows a connector: its versions (yanked and deprecated ones marked), tags, servers and transports, the
credentials it needs (title, description, secret or not), its skills, the registry's live check (latest
status, latency, when, uptime over 7 and 30 days), and its quality score in one line with what would raise it
most. --quality prints the checklist behind the score instead of the connector (what passed, what did not
and how to raise it; docs/quality.md). Without a version, the one
\`latest\` resolves to. When the registry is unreachable, an installed connector is shown from the
plugins cache (the command says so on stderr).

--server-json prints the version's entries in the official MCP Registry format instead (one server.json
per server, as GET /v1/connectors/:name/:version/server.json serves them; the registry generates them).`,
  options: {
    ...marketplaceOption("the marketplace to ask (default: the default marketplace)"),
    "server-json": {
      type: "boolean",
      description: "print the version's official MCP Registry entries (server.json)",
    },
    quality: {
      type: "boolean",
      description: "print the quality checklist (every item, its points and how to raise it)",
    },
  },
  positionals: { min: 1, max: 1 },
  async run(args, ctx) {
    const { name, range } = parseSpec(args.positionals[0] as string);
    const m = args.values.marketplace;
    const { marketplace, client } = await openMarketplace(ctx, m);
    const installed = (await readInstalled(ctx.home))[connectorKey(name, marketplace)];
    let doc: ReceivedConnectorDocument;
    try {
      doc = await fetchConnector(client, name, marketplace);
    } catch (error) {
      if (installed && error instanceof ConnectoryError && error.code === "registry.unreachable") {
        return fromCache(ctx, installed, range, error);
      }
      throw error;
    }
    const resolution = resolveVersion(doc, range === "" ? "latest" : range);
    if (args.values["server-json"] === true) {
      const entries = await client.serverJson(name, resolution.version);
      return { data: entries, text: JSON.stringify(entries, null, 2) };
    }
    const versionDoc = await client.version(name, resolution.version);
    const view = viewFromVersionDocument(versionDoc);
    const built = versionDoc.buildProvenance;
    const local = localText(versionDoc.manifest.i18n);
    const p = versionDoc.provenance;
    const importedFrom = p && {
      catalog: sourceName(p.format, cliLanguage()),
      fetchedAt: p.fetchedAt,
    };
    const shown = result({
      view,
      doc,
      installed,
      marketplace,
      source: "registry",
      now: ctx.now(),
      built,
      local,
      importedFrom,
    });
    if (args.values.quality === true) {
      const lines = doc.quality ? qualityLines(doc.quality, cliLanguage()) : [say("info.no-quality")];
      return { data: shown.data, text: printable(lines.join("\n")) };
    }
    return shown;
  },
});
export default command;

async function fromCache(
  ctx: CommandContext,
  installed: InstalledEntry,
  range: string,
  unreachable: ConnectoryError,
) {
  const ref = `${installed.name}@${installed.version}`;
  // The registry error's words: English in the error (--json), the run's language when printed.
  const why = errorText(unreachable).message;
  if (range !== "" && range !== installed.version) {
    const hint = { key: "info.offline-hint", params: { name: installed.name } } as const;
    throw new ConnectoryError("info.offline", sayEnglish("info.offline", { why: unreachable.message, ref }), {
      hint: sayEnglish(hint.key, hint.params),
      localized: { message: { key: "info.offline", params: { why, ref } }, hint },
    });
  }
  const dir = cacheDir(ctx.home, installed.marketplace, installed.name, installed.version);
  const pkg = await readCachedPackageFull(dir, `${installed.name}@${installed.version}`);
  status(ctx, say("info.from-cache", { why, ref }));
  return result({
    view: viewFromPackage(pkg),
    local: localText(pkg.manifest.i18n),
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
  /** Where a trusted publish built this version (the registry verified the CI token and signed it). */
  built?: BuildProvenance | undefined;
  /** The package's own words in the run's language (text only: --json keeps the package's). */
  local?: { displayName?: string; description?: string };
  /** Where an imported version came from, for the tools line. */
  importedFrom?: { catalog: string; fetchedAt: string } | undefined;
}) {
  const installed = r.installed && {
    version: r.installed.version,
    enabled: r.installed.enabled,
    requested: r.installed.requested,
  };
  const entry = r.doc?.versions[r.view.version];
  // A version without build provenance after versions with it (src/core/signing/trust-downgrade.ts).
  const downgradeFrom = r.doc ? downgradeIn(Object.values(r.doc.versions), r.view.version) : undefined;
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
    ...(r.built ? { buildProvenance: r.built } : {}),
    ...(downgradeFrom ? { trustDowngrade: { from: downgradeFrom } } : {}),
    installed: installed ?? null,
  };
  let text = renderView(r.view, r.doc, r.local, r.importedFrom);
  if (r.built)
    text += `\n\n${printable(
      say("info.built", {
        repository: r.built.repository,
        sha: r.built.sha.slice(0, 12),
        workflow: r.built.workflow,
        ref: r.built.ref,
        runUrl: r.built.runUrl,
      }),
    )}`;
  if (downgradeFrom)
    text += `\n\n${printable(say("info.trust-downgrade", { version: r.view.version, from: downgradeFrom }))}`;
  if (r.doc?.checks)
    text += `\n\n${printable(stabilityLines(r.doc.checks, r.now, cliLanguage()).join("\n"))}`;
  if (r.doc?.quality)
    text += `\n\n${printable(qualitySummary(r.doc.quality, cliLanguage()))} ${say("info.checklist", { name: r.view.name })}`;
  if (marks.malicious) text += `\n\n${say("info.malicious")}`;
  if (marks.yanked) text += `\n\n${say("info.yanked")}`;
  if (marks.deprecated) text += `\n\n${printable(say("info.deprecated", { message: marks.deprecated }))}`;
  if (installed)
    text += `\n\n${say(installed.enabled ? "info.installed" : "info.installed-disabled", { version: installed.version, marketplace: r.marketplace })}`;
  return { data, text };
}
