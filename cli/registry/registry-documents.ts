import { readCheckStatus, readQuality, readStability } from "../../src/core/quality/read-quality.js";
import type { ConnectoryError } from "../../src/core/errors.js";
import { localizedError } from "../terminal/language.js";
import type {
  ImportProvenance,
  LocalizedListing,
  ReceivedDist,
  ReceivedConnectorDocument,
  ReceivedListItem,
  ReceivedVersionDocument,
  ReceivedVersionSummary,
} from "../../src/core/api/documents.js";
import { readToolsListing } from "../../src/core/tools/read-report.js";
import { readBuildProvenance } from "../../src/core/oidc/provenance.js";
import { isObject } from "../../src/core/json-guards.js";

// The registry's JSON documents (typed in src/core/api/documents.ts) checked at run time into their
// `Received*` views: the installer trusts only what passes here, tolerates fields other registries and
// mirrors leave out, and drops a field of the wrong type rather than pass it on.

/**
 * A response that is not what docs/http-api.md describes: `why` is the check's English words, or
 * `not-json` (a sentence of the tables).
 */
export function invalid(url: string, why: string | { notJson: true }): ConnectoryError {
  return localizedError(
    "registry.response.invalid",
    typeof why === "string"
      ? { key: "registry.answer-invalid", params: { url, why } }
      : { key: "registry.answer-not-json", params: { url } },
    { key: "registry.answer-invalid-hint" },
  );
}

const optString = (v: unknown) => (typeof v === "string" ? v : undefined);

/** Checks the parts of a connector document the installer relies on; everything else passes through. */
export function normalizeConnector(name: string, body: unknown): ReceivedConnectorDocument {
  const where = `connector document of ${name}`;
  if (!isObject(body) || !isObject(body.versions)) throw invalid(where, "no `versions` object");
  const versions: Record<string, ReceivedVersionSummary> = {};
  for (const [key, raw] of Object.entries(body.versions)) {
    if (!isObject(raw) || !isObject(raw.dist)) throw invalid(where, `version ${key} has no \`dist\``);
    const { tarball, integrity, sha256, size } = raw.dist;
    if (typeof tarball !== "string" || !/^https?:\/\//i.test(tarball))
      throw invalid(where, `version ${key}: dist.tarball must be an absolute http(s) URL`);
    if (typeof integrity !== "string" || !integrity.startsWith("sha512-"))
      throw invalid(where, `version ${key}: dist.integrity must be "sha512-…"`);
    const deprecated = raw.deprecated;
    versions[key] = {
      version: key,
      yanked: raw.yanked === true,
      ...(typeof raw.malicious === "string" && raw.malicious !== "" ? { malicious: raw.malicious } : {}),
      ...(typeof raw.publishedAt === "string" ? { publishedAt: raw.publishedAt } : {}),
      ...(typeof deprecated === "string" && deprecated !== "" ? { deprecated } : {}),
      ...(deprecated === true ? { deprecated: "deprecated" } : {}),
      dist: {
        tarball,
        integrity,
        ...(typeof sha256 === "string" ? { sha256 } : {}),
        ...(typeof size === "number" ? { size } : {}),
        ...signedParts(raw.dist),
      },
    };
  }
  const distTags: Record<string, string> = {};
  const rawTags = body.distTags ?? body["dist-tags"];
  if (isObject(rawTags))
    for (const [t, v] of Object.entries(rawTags)) if (typeof v === "string") distTags[t] = v;
  const doc: ReceivedConnectorDocument = { name: optString(body.name) ?? name, distTags, versions };
  for (const key of TEXT_FIELDS) {
    const value = optString(body[key]);
    if (value !== undefined) doc[key] = value;
  }
  if (Array.isArray(body.keywords)) doc.keywords = strings(body.keywords);
  if (Array.isArray(body.categories)) doc.categories = strings(body.categories);
  if (typeof body.downloads === "number") doc.downloads = body.downloads;
  const quality = readQuality(body.quality);
  if (quality) doc.quality = quality;
  const checks = readStability(body.checks);
  if (checks) doc.checks = checks;
  return doc;
}

// The optional text fields of a connector document, kept when they are strings.
const TEXT_FIELDS = [
  "displayName",
  "description",
  "publisher",
  "license",
  "homepage",
  "repository",
  "createdAt",
  "updatedAt",
] as const;
const strings = (list: unknown[]) => list.filter((v): v is string => typeof v === "string");

/** Reads a version document whatever the registry calls its parts (`manifest`/`plugin`, `mcp`/`mcpJson`, …). */
export function normalizeVersionDocument(
  name: string,
  version: string,
  body: unknown,
): ReceivedVersionDocument {
  if (!isObject(body)) throw invalid(`version document of ${name}@${version}`, "not an object");
  const manifest = isObject(body.manifest) ? body.manifest : isObject(body.plugin) ? body.plugin : {};
  const skills = Array.isArray(body.skills)
    ? body.skills.filter(isObject).map((s) => ({
        name: optString(s.name) ?? "?",
        description: optString(s.description) ?? "",
      }))
    : [];
  const dist = receivedDist(body.dist);
  const deprecated = optString(body.deprecated);
  const malicious = optString(body.malicious);
  const readme = optString(body.readme);
  const tools = readToolsListing(body.tools);
  const built = readBuildProvenance(body.buildProvenance);
  const imported = isObject(body.provenance) ? body.provenance : undefined;
  const provenance =
    imported && typeof imported.format === "string" && typeof imported.fetchedAt === "string"
      ? { format: imported.format as ImportProvenance["format"], fetchedAt: imported.fetchedAt }
      : undefined;
  return {
    name: optString(body.name) ?? optString(manifest.name) ?? name,
    version: optString(body.version) ?? optString(manifest.version) ?? version,
    manifest,
    mcp: body.mcp ?? body.mcpJson ?? body["mcp.json"] ?? body.servers ?? {},
    tokenSchema: body.tokenSchema ?? body["token-schema.json"] ?? body.tokenSchemaJson,
    skills,
    ...(readme !== undefined ? { readme } : {}),
    ...(body.yanked === true ? { yanked: true } : {}),
    ...(deprecated !== undefined ? { deprecated } : {}),
    ...(malicious ? { malicious } : {}),
    ...(dist ? { dist } : {}),
    ...(tools && tools.items.length > 0 ? { tools } : {}),
    ...(built ? { buildProvenance: built } : {}),
    ...(body.toolSnapshot !== undefined ? { toolSnapshot: body.toolSnapshot } : {}),
    ...(provenance ? { provenance } : {}),
  };
}

/** `dist` when its tarball URL and integrity are there (other fields kept when they are numbers/strings). */
function receivedDist(raw: unknown): ReceivedVersionSummary["dist"] | undefined {
  if (!isObject(raw) || typeof raw.tarball !== "string" || typeof raw.integrity !== "string")
    return undefined;
  return {
    tarball: raw.tarball,
    integrity: raw.integrity,
    ...(typeof raw.sha256 === "string" ? { sha256: raw.sha256 } : {}),
    ...(typeof raw.size === "number" ? { size: raw.size } : {}),
    ...signedParts(raw),
  };
}

/**
 * The registry's statement, signatures and log position, passed on as received: cli/verify/ checks their
 * shape and every field before anything is trusted (docs/security.md, "Verifying what you install").
 */
function signedParts(dist: Record<string, unknown>): Pick<ReceivedDist, "statement" | "signatures" | "log"> {
  return {
    ...(dist.statement !== undefined ? { statement: dist.statement as ReceivedDist["statement"] } : {}),
    ...(dist.signatures !== undefined ? { signatures: dist.signatures as ReceivedDist["signatures"] } : {}),
    ...(dist.log !== undefined ? { log: dist.log as ReceivedDist["log"] } : {}),
  };
}

/** The hits of a search page (`items`, or what other registries call the list). */
export function normalizeHits(body: unknown): ReceivedListItem[] {
  const list = Array.isArray(body)
    ? body
    : isObject(body)
      ? ([body.items, body.connectors, body.results, body.data].find(Array.isArray) ?? [])
      : [];
  return list.filter(isObject).map((h) => {
    const tags = isObject(h.distTags) ? h.distTags : {};
    const version = optString(h.version) ?? optString(h.latestVersion) ?? optString(tags.latest);
    const displayName = optString(h.displayName);
    const publisher = optString(h.publisher);
    const checkStatus = readCheckStatus(h.checkStatus);
    const i18n = readListingI18n(h.i18n);
    return {
      name: optString(h.name) ?? "?",
      description: optString(h.description) ?? "",
      categories: Array.isArray(h.categories) ? strings(h.categories) : [],
      ...(displayName !== undefined ? { displayName } : {}),
      ...(version !== undefined ? { version } : {}),
      ...(publisher !== undefined ? { publisher } : {}),
      ...(typeof h.downloads === "number" ? { downloads: h.downloads } : {}),
      ...(typeof h.quality === "number" && h.quality >= 0 && h.quality <= 100 ? { quality: h.quality } : {}),
      ...(checkStatus ? { checkStatus } : {}),
      ...(i18n ? { i18n } : {}),
    };
  });
}

/**
 * A hit's translations (`i18n`, docs/http-api.md) as the registry sent them, kept only in their documented
 * shape: a few language tags, each with a text displayName and description; anything else is dropped.
 */
function readListingI18n(raw: unknown): LocalizedListing | undefined {
  if (!isObject(raw)) return undefined;
  const out: LocalizedListing = {};
  for (const [tag, entry] of Object.entries(raw).slice(0, 16)) {
    if (!isObject(entry) || !/^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8}){0,3}$/.test(tag)) continue;
    const displayName = optString(entry.displayName);
    const description = optString(entry.description);
    if (displayName === undefined && description === undefined) continue;
    out[tag] = {
      ...(displayName !== undefined ? { displayName: displayName.slice(0, 200) } : {}),
      ...(description !== undefined ? { description: description.slice(0, 2000) } : {}),
    };
  }
  return Object.keys(out).length > 0 ? out : undefined;
}
