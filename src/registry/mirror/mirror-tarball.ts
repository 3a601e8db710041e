import type { ImportProvenance } from "../../core/api/documents.js";
import { isConnectoryError } from "../../core/errors.js";
import { isObject } from "../../core/json-guards.js";
import { serverJsonProblem } from "../../core/official/validate-server-json.js";
import { CONNECTORY_META } from "../../core/official/types.js";
import type { PublicKeyEntry } from "../../core/signing/keys.js";
import { verifyUpstreamVersion } from "../../core/signing/verify-upstream.js";
import type { RegistryRepository } from "../../db/repository.js";
import { computeIntegrity } from "../../package/integrity.js";
import { readTarball } from "../../package/read-tarball.js";
import type { ImportOutcome } from "../import/import-run.js";
import { publisherRefusal } from "../import/import-publishers.js";
import { upstreamActive, upstreamStatus, type UpstreamStatus } from "../import/import-sources.js";
import { applyUpstreamStatus, restoreUpstreamStatus } from "../import/import-status.js";
import type { ImportActors } from "../import/import-actors.js";
import { storedVersion } from "../import/import-lookup.js";
import type { Registry } from "../registry.js";

// One entry of another Connectory registry, mirrored as the very tarball it serves (its `_meta` names the
// connector, version and integrity): the bytes arrive identical, with the same integrity, and are stored
// only when the upstream's signed statement names them and a trusted upstream key signed it.

/** An item of a Connectory registry's /v0.1 listing: what its `_meta["dev.connectory/connector"]` says. */
export interface ConnectoryItem {
  server: Record<string, unknown>;
  connector: string;
  version: string;
  integrity: string;
  status?: UpstreamStatus;
  /** The upstream says it is active: a yank or deprecation copied earlier is undone. */
  active?: true;
}

const MAX_TARBALL = 64 * 1024 * 1024;
const CONNECTOR_NAME = /^[a-z0-9]([a-z0-9-]{0,62}[a-z0-9])?$/;

/** The Connectory data of a listing item, when it has the tarball's name, version and integrity. */
export function connectoryItem(item: unknown): ConnectoryItem | undefined {
  if (!isObject(item) || !isObject(item["server"]) || !isObject(item["_meta"])) return undefined;
  const meta = item["_meta"][CONNECTORY_META];
  if (!isObject(meta)) return undefined;
  const { connector, version, integrity, tarball } = meta;
  if (typeof connector !== "string" || !CONNECTOR_NAME.test(connector)) return undefined;
  if (typeof version !== "string" || typeof integrity !== "string" || typeof tarball !== "string")
    return undefined;
  const status = upstreamStatus(item, item["server"]);
  return {
    server: item["server"],
    connector,
    version,
    integrity,
    ...(status ? { status } : !status && upstreamActive(item) ? { active: true as const } : {}),
  };
}

export interface MirrorContext {
  registry: Registry;
  repo: RegistryRepository;
  /** The upstream's base URL (registryRoot). */
  root: string;
  fetch: typeof fetch;
  /** The upstream keys this mirror trusts (trustedUpstreamKeys). */
  keys: PublicKeyEntry[];
  actors: ImportActors;
  now: () => Date;
}

/**
 * Mirrors one item: stores its tarball (verified), or finds it stored, then yanks, deprecates, unyanks or
 * undeprecates as upstream did.
 */
export async function mirrorTarball(ctx: MirrorContext, item: ConnectoryItem): Promise<ImportOutcome> {
  const entry = typeof item.server["name"] === "string" ? item.server["name"] : item.connector;
  const { connector: name, version } = item;
  const at = `/v1/connectors/${encodeURIComponent(name)}/${encodeURIComponent(version)}`;
  const refused = (code: string, reason: string): ImportOutcome => ({
    entry,
    status: "refused",
    name,
    version,
    code,
    reason,
  });
  const namespace = `mirror:${ctx.root}`;
  const doc = await storedVersion(ctx.registry, name, version);
  if (doc) {
    if (doc.dist.integrity !== item.integrity)
      return refused("import.version.changed", `${name}@${version} is stored here with other bytes`);
    const restore = item.active === true && (doc.yanked === true || doc.deprecated !== undefined);
    if (!item.status && !restore) return { entry, status: "unchanged", name, version };
    const why = await publisherRefusal(ctx.repo, doc.publisher, namespace);
    if (why) return refused("import.publisher.taken", why.reason);
    const actor = () => ctx.actors.actorFor(doc.publisher, namespace);
    if (!item.status) {
      // Unyanked or undeprecated upstream: so here too.
      const restored = await restoreUpstreamStatus(ctx.registry, actor, { name, version });
      return { entry, status: restored ?? "unchanged", name, version };
    }
    const applied = await applyUpstreamStatus(
      ctx.registry,
      actor,
      { name, version, upstreamName: entry },
      item.status,
    );
    return { entry, status: applied ?? "unchanged", name, version };
  }
  if (item.status?.status === "deleted")
    return refused("import.upstream.deleted", `${entry} ${version} is deleted upstream: not mirrored`);

  // The tarball and its signed statement, from the upstream's own API (never a URL an entry names).
  const dist = await readJson(ctx, `${ctx.root}${at}`);
  const bytes = await readBytes(ctx, `${ctx.root}${at}/tarball`);
  const digest = computeIntegrity(bytes);
  if (digest.integrity !== item.integrity)
    return refused(
      "mirror.integrity",
      `the tarball of ${name}@${version} does not match the upstream's integrity`,
    );
  const d = isObject(dist) && isObject(dist["dist"]) ? dist["dist"] : {};
  const signed = verifyUpstreamVersion(ctx.keys, {
    name,
    version,
    ...digest,
    statement: d["statement"],
    signatures: d["signatures"],
  });
  if ("problem" in signed) return refused("mirror.signature", `${name}@${version}: ${signed.problem}`);

  const manifest = JSON.parse(new TextDecoder().decode((await readTarball(bytes)).get("plugin.json"))) as {
    publisher?: unknown;
  };
  const publisher = typeof manifest.publisher === "string" ? manifest.publisher : "";
  const why = await publisherRefusal(ctx.repo, publisher, namespace);
  if (why) return refused("import.publisher.taken", why.reason);
  const provenance: ImportProvenance = {
    format: "server-json",
    upstreamName: entry,
    ...(typeof item.server["version"] === "string" ? { upstreamVersion: item.server["version"] } : {}),
    origin: ctx.root,
    fetchedAt: ctx.now().toISOString(),
    upstreamSignature: signed,
  };
  const owner = await ctx.actors.actorFor(publisher, namespace);
  try {
    await ctx.registry.publish({
      name,
      publisher: owner,
      bytes,
      provenance,
      ...(serverJsonProblem(item.server) === undefined ? { serverJson: JSON.stringify(item.server) } : {}),
    });
  } catch (error) {
    if (!isConnectoryError(error) || error.status >= 500) throw error;
    if (error.code === "publish.version.exists" || error.code === "db.conflict")
      return { entry, status: "unchanged", name, version }; // another pass or import stored it meanwhile
    return refused(error.code, error.message);
  }
  if (item.status) {
    const actor = () => ctx.actors.actorFor(publisher, namespace);
    await applyUpstreamStatus(ctx.registry, actor, { name, version, upstreamName: entry }, item.status);
  }
  return { entry, status: "imported", name, version };
}

async function readJson(ctx: MirrorContext, url: string): Promise<unknown> {
  const res = await ctx.fetch(url);
  if (!res.ok) throw new Error(`GET ${url}: HTTP ${res.status}`);
  return res.json();
}

async function readBytes(ctx: MirrorContext, url: string): Promise<Uint8Array> {
  const res = await ctx.fetch(url);
  if (!res.ok) throw new Error(`GET ${url}: HTTP ${res.status}`);
  const length = Number(res.headers.get("content-length") ?? "0");
  if (length > MAX_TARBALL) throw new Error(`GET ${url}: over ${MAX_TARBALL} bytes`);
  const bytes = new Uint8Array(await res.arrayBuffer());
  if (bytes.byteLength > MAX_TARBALL) throw new Error(`GET ${url}: over ${MAX_TARBALL} bytes`);
  return bytes;
}
