import { CATEGORIES, type Category } from "../types.js";
import { note, type ConvertNote } from "./notes.js";

const NAME = /^[a-z0-9]([a-z0-9-]{0,62}[a-z0-9])?$/;
const SEMVER =
  /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\+([0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*))?$/;
const KEY = /^[A-Z][A-Z0-9_]{0,63}$/;

/**
 * Our naming rule (1–64 of `a-z 0-9 -`, alphanumeric at both ends) from any upstream name, deterministically:
 * lower-case, every run of other characters becomes one `-`, hyphens trimmed at both ends, cut to 64.
 * Undefined when nothing is left.
 */
export function toConnectorName(upstream: string): string | undefined {
  const slug = upstream
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 64)
    .replace(/-+$/, "");
  return NAME.test(slug) ? slug : undefined;
}

/** A name, renamed with a note when it breaks the rule. */
export function connectorName(upstream: string, notes: ConvertNote[], path = "/name"): string | undefined {
  const name = toConnectorName(upstream);
  if (name !== undefined && name !== upstream)
    notes.push(
      note(
        "convert.name.renamed",
        path,
        `"${upstream}" breaks the naming rule (a-z, 0-9, "-"): named "${name}"`,
      ),
    );
  return name;
}

/**
 * A strict semver from an upstream version: semver stays; `v1.2.3` drops the `v`; `1`/`1.2` gain `.0`s;
 * dates (`2025-01-31`, `20250131`) become `2025.1.31`; anything else (`latest`, missing) becomes
 * `0.0.0-upstream.<cleaned text>` (or `0.0.0-upstream` with none), so it sorts below every real release.
 */
export function toVersion(upstream: string | undefined): string {
  const text = (upstream ?? "").trim();
  if (SEMVER.test(text)) return text;
  const v = text.replace(/^v(?=\d)/i, "");
  if (SEMVER.test(v)) return v;
  const date = /^(\d{4})-?(\d{2})-?(\d{2})$/.exec(v);
  if (date)
    return date
      .slice(1)
      .map((n) => String(Number(n)))
      .join(".");
  const short = /^(\d+)(?:\.(\d+))?$/.exec(v);
  if (short) return [short[1], short[2] ?? "0", "0"].map((n) => String(Number(n))).join(".");
  const cleaned = text
    .replace(/[^0-9A-Za-z]+/g, ".")
    .replace(/^\.+|\.+$/g, "")
    .split(".")
    .map((part) => (/^\d+$/.test(part) ? String(Number(part)) : part))
    .join(".")
    .slice(0, 100)
    .replace(/\.+$/, "");
  return cleaned === "" ? "0.0.0-upstream" : `0.0.0-upstream.${cleaned}`;
}

/** A version, with a note when it had to be mapped. */
export function version(upstream: string | undefined, notes: ConvertNote[], path = "/version"): string {
  const mapped = toVersion(upstream);
  if (mapped !== upstream)
    notes.push(
      note(
        "convert.version.mapped",
        path,
        upstream === undefined
          ? `no version upstream: versioned "${mapped}"`
          : `version "${upstream}" is not strict semver: versioned "${mapped}"`,
      ),
    );
  return mapped;
}

/**
 * Whether a converted version says nothing about order: what the converters write when the upstream has
 * no usable version (`0.0.0-upstream…`, `0.0.0-docker…`) and the official seed's placeholder (`…-seed`).
 * Any other version is the upstream's own release order, and an import keeps it.
 */
export function isPlaceholderVersion(mapped: string): boolean {
  const m = SEMVER.exec(mapped);
  if (!m) return true;
  const pre = m[4];
  if (pre === undefined) return false;
  return (m[1] === "0" && m[2] === "0" && m[3] === "0") || pre.split(".")[0] === "seed";
}

/** `0.0.<n>-<tag>.c<digest>`: the importer's own versions (see importVersion). */
const IMPORT_VERSION = /^0\.0\.([1-9]\d*)-([a-z]+)\.c([0-9a-f]{12})$/;

/**
 * The version an import publishes for an entry whose upstream version is a placeholder:
 * `0.0.<n>-<tag>.c<digest>`, where `<tag>` names the source (`seed`, `docker`, `upstream`), `<digest>` is
 * the first 12 hex digits of the package content's digest (without its version), and `<n>` counts the
 * contents imported under that tag: 1 for the first, one more than the highest stored for a new content,
 * and the stored version again for a content already imported. So a catalog snapshot imported twice, or
 * into another registry, gives the same versions; a changed entry sorts above the one before (and above
 * the older `0.0.0-docker.g<commit>`, `0.0.1-seed` and `0.0.0-upstream` versions); the upstream's commit
 * or text stays in the provenance.
 */
export function importVersion(mapped: string, digest: string, stored: readonly string[]): string {
  const tag = /^[^-]+-([a-z]+)/.exec(mapped)?.[1] ?? "upstream";
  const short = digest.slice(0, 12);
  let highest = 0;
  for (const v of stored) {
    const m = IMPORT_VERSION.exec(v);
    if (!m || m[2] !== tag) continue;
    if (m[3] === short) return v;
    highest = Math.max(highest, Number(m[1]));
  }
  return `0.0.${highest + 1}-${tag}.c${short}`;
}

/** A credential key (`^[A-Z][A-Z0-9_]*$`, not PLUGIN_ROOT) from an env name, option or config key. */
export function toCredentialKey(upstream: string): string | undefined {
  let key = upstream
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, "_")
    .replace(/^[_0-9]+|_+$/g, "")
    .slice(0, 64)
    .replace(/_+$/, "");
  if (key === "PLUGIN_ROOT") key = "UPSTREAM_PLUGIN_ROOT";
  return KEY.test(key) ? key : undefined;
}

/** Upstream categories and tags that mean one of ours; lower-cased, with `-`/`_`/spaces folded. */
const CATEGORY_ALIASES: Record<string, Category> = {
  "ai-ml": "ai",
  ml: "ai",
  llm: "ai",
  "machine-learning": "ai",
  browser: "browser-automation",
  "web-scraping": "browser-automation",
  scraping: "browser-automation",
  automation: "browser-automation",
  devops: "cloud",
  infrastructure: "cloud",
  "cost-management": "cloud",
  kubernetes: "cloud",
  aws: "cloud",
  azure: "cloud",
  messaging: "communication",
  chat: "communication",
  email: "communication",
  analytics: "data-analysis",
  "data-analytics": "data-analysis",
  "data-visualization": "data-analysis",
  monitoring: "data-analysis",
  database: "databases",
  sql: "databases",
  development: "developer-tools",
  devtools: "developer-tools",
  code: "developer-tools",
  tools: "developer-tools",
  testing: "developer-tools",
  "code-intelligence": "developer-tools",
  github: "developer-tools",
  file: "files",
  filesystem: "files",
  storage: "files",
  fintech: "finance",
  payments: "finance",
  blockchain: "finance",
  commerce: "finance",
  ecommerce: "finance",
  crypto: "finance",
  documentation: "knowledge",
  learning: "knowledge",
  memory: "knowledge",
  geospatial: "maps",
  travel: "maps",
  location: "maps",
  video: "media",
  design: "media",
  image: "media",
  audio: "media",
  news: "media",
  crm: "productivity",
  business: "productivity",
  integration: "productivity",
  "project-management": "productivity",
  web: "search",
  "web-search": "search",
  "api-security": "security",
};

/** Map upstream categories/tags onto CATEGORIES; the rest become keywords. */
export function mapCategories(upstream: readonly string[]): {
  categories: Category[];
  keywords: string[];
  unmapped: string[];
} {
  const categories: Category[] = [];
  const keywords: string[] = [];
  const unmapped: string[] = [];
  for (const raw of upstream) {
    const folded = raw
      .trim()
      .toLowerCase()
      .replace(/[\s_/]+/g, "-");
    if (folded === "") continue;
    const category = (CATEGORIES as readonly string[]).includes(folded)
      ? (folded as Category)
      : CATEGORY_ALIASES[folded];
    if (category && category !== "other") {
      if (!categories.includes(category)) categories.push(category);
    } else unmapped.push(raw.trim());
    // The upstream word stays searchable even when it mapped.
    if (!keywords.includes(raw.trim())) keywords.push(raw.trim());
  }
  return { categories, keywords, unmapped };
}
