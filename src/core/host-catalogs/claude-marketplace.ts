import type { ConnectorDocument } from "../api/documents.js";
import { usageError } from "../errors.js";
import { NAME } from "../names.js";

/** The registry's npm endpoint (the Claude Code marketplace's plugin source): `<publicUrl>/npm/`. */
export function npmRegistryUrl(publicUrl: string): string {
  return `${publicUrl}/npm/`;
}

/** Names Claude Code keeps for Anthropic's own marketplaces; a registry may not call itself one of them. */
const RESERVED =
  /^(claude-plugins-official|claude-code-marketplace|claude-code-plugins|anthropic-.*|agent-skills|claude-.*-official)$/;

/** MARKETPLACE_NAME: kebab-case and not one Claude Code reserves; a usage error names the rule. */
export function checkMarketplaceName(name: string): string {
  if (!NAME.test(name) || RESERVED.test(name))
    throw usageError(
      `MARKETPLACE_NAME must be kebab-case (a-z, 0-9, -) and not a name Claude Code reserves, got "${name.slice(0, 64)}"`,
      "e.g. MARKETPLACE_NAME=acme-connectors",
    );
  return name;
}

/** What a marketplace lists about each connector: its document (the latest non-yanked version wins). */
export interface MarketplaceInput {
  name: string;
  publicUrl: string;
  connectors: readonly ConnectorDocument[];
}

/** The version a marketplace entry installs: `latest`, unless it is yanked; undefined when none may be installed. */
export function installableVersion(doc: ConnectorDocument): string | undefined {
  const latest = doc.distTags["latest"];
  if (latest && doc.versions[latest] && !doc.versions[latest].yanked) return latest;
  const open = Object.values(doc.versions).filter((v) => !v.yanked);
  return open.at(-1)?.version;
}

/**
 * `GET /.claude-plugin/marketplace.json`: one entry per connector, each an `npm` source on this registry.
 * A marketplace read by URL cannot use relative sources (Claude Code fetches only this file), and npm is
 * the source the real `claude` fetches with its own client: `npm view` + `npm pack` against `registry`.
 */
export function claudeMarketplace(input: MarketplaceInput): Record<string, unknown> {
  const registry = npmRegistryUrl(input.publicUrl);
  const plugins = [];
  for (const doc of input.connectors) {
    const version = installableVersion(doc);
    if (!version) continue;
    plugins.push({
      name: doc.name,
      description: doc.description,
      version,
      author: { name: doc.publisher },
      homepage: doc.homepage ?? `${input.publicUrl}/c/${doc.name}`,
      ...(doc.repository ? { repository: doc.repository } : {}),
      ...(doc.license ? { license: doc.license } : {}),
      ...(doc.categories[0] ? { category: doc.categories[0] } : {}),
      keywords: doc.keywords,
      tags: doc.categories,
      source: { source: "npm", package: doc.name, version, registry },
    });
  }
  return {
    name: input.name,
    owner: { name: input.name, url: input.publicUrl },
    metadata: { description: `MCP connectors of ${input.publicUrl}`, version: "1" },
    plugins,
  };
}
