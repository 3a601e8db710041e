import { createHash } from "node:crypto";
import type { RegistryRepository } from "../../db/repository.js";
import type { ImportEntry } from "./import-sources.js";

// Which publisher an imported entry goes to (docs/deploy.md, "Publishers"): the one its source names when
// the import created it for the same upstream namespace; else one kept apart, named deterministically.

type Converted = Extract<ImportEntry["conversion"], { ok: true }>;

/**
 * The upstream namespace an entry's publisher stands for: `server-json:io.github.acme` (the reverse-DNS
 * part of its name), `claude-plugin:<marketplace>`, `docker-catalog`. A publisher the import created holds
 * one; an entry of another namespace that maps to the same publisher name is refused, not merged in.
 */
export function upstreamNamespace(conversion: Converted): string {
  const p = conversion.provenance;
  if (p.format === "claude-plugin") {
    const market = p.extra?.["marketplace"];
    return `claude-plugin:${typeof market === "string" ? market : ""}`;
  }
  if (p.format === "docker-catalog" || p.format === "mcp-json") return p.format;
  const slash = p.upstreamName.lastIndexOf("/");
  return `${p.format}:${slash > 0 ? p.upstreamName.slice(0, slash) : p.upstreamName}`;
}

/** The publisher-name suffix of a namespace's second home (`stripe-docker`), per source format. */
const APART: Record<string, string> = {
  "server-json": "registry",
  "claude-plugin": "claude",
  "docker-catalog": "docker",
  mcpb: "mcpb",
  "mcp-json": "mcp",
};

/**
 * The publisher an entry is imported as: the one its source names when the import may publish there;
 * when that one was imported for another namespace, `<publisher>-<format>` (the package rewritten to
 * name it); never a person's publisher.
 */
export async function importPublisher(
  repo: RegistryRepository,
  conversion: Converted,
  namespace: string,
): Promise<{ conversion: Converted; publisher: string } | { refused: string }> {
  const named = manifestOf(conversion.files).publisher as string;
  const refused = await publisherRefusal(repo, named, namespace);
  if (!refused) return { conversion, publisher: named };
  if (refused.person) return { refused: refused.reason };
  let apart = `${named}-${APART[conversion.provenance.format] ?? "import"}`.slice(0, 64).replace(/-+$/, "");
  const again = await publisherRefusal(repo, apart, namespace);
  if (again) {
    // A third namespace with the same publisher name: one named after the namespace itself, deterministic.
    apart = hashedName(apart, namespace);
    const third = await publisherRefusal(repo, apart, namespace);
    if (third) return { refused: `${refused.reason}; and ${again.reason}; and ${third.reason}` };
  }
  const files = new Map(conversion.files);
  files.set(
    "plugin.json",
    new TextEncoder().encode(
      `${JSON.stringify({ ...manifestOf(conversion.files), publisher: apart }, null, 2)}\n`,
    ),
  );
  return { conversion: { ...conversion, files }, publisher: apart };
}

/**
 * Why the import may not publish as `publisher`, or undefined: only into a publisher the import created
 * for this very namespace and that nobody claimed. A person's publisher (verified or not) never gets an
 * imported version, its badge or a `latest` its installs would update to.
 */
export async function publisherRefusal(
  repo: RegistryRepository,
  publisher: string,
  namespace: string,
): Promise<{ reason: string; person: boolean } | undefined> {
  const record = await repo.findPublisher(publisher);
  if (!record) return undefined;
  if (!record.unclaimed)
    return {
      person: true,
      reason: `the publisher "${publisher}" belongs to a person${record.verifiedDomains.length > 0 ? " (verified)" : ""}: the import adds nothing to it`,
    };
  // A publisher imported before namespaces were recorded (null) keeps taking its own entries.
  if (record.upstreamNamespace !== null && record.upstreamNamespace !== namespace)
    return {
      person: false,
      reason: `the publisher "${publisher}" was imported from ${record.upstreamNamespace}, not ${namespace}: an import adds only to the namespace it created it for`,
    };
  return undefined;
}

const decoder = new TextDecoder();
export const manifestOf = (files: Map<string, Uint8Array>) =>
  JSON.parse(decoder.decode(files.get("plugin.json"))) as Record<string, unknown>;

/** `<prefixed>-<6 hex of sha256(upstream name)>`, within the 64-character name limit. */
export function hashedName(prefixed: string, upstreamName: string): string {
  const hash = createHash("sha256").update(upstreamName).digest("hex").slice(0, 6);
  return `${prefixed.slice(0, 57).replace(/-+$/, "")}-${hash}`;
}
