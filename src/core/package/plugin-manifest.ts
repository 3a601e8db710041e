import semver from "semver";
import type { ErrorObject } from "ajv/dist/2020.js";
import { CATEGORIES, type PluginManifest, type Problem } from "../types.js";
import { PLUGIN_SCHEMA_ID, schemasAjv } from "./ajv.js";
import { checkManifestI18n } from "./i18n.js";
import { mixedScriptProblem } from "./mixed-script-problem.js";
import { ajvProblems, error, type AjvMapping } from "./problems.js";
import { isObject } from "../json-guards.js";

const FILE = "plugin.json";

const shown = (e: ErrorObject): string => {
  const value = JSON.stringify(e.data);
  return value === undefined ? "" : ` (got ${value.length > 60 ? `${value.slice(0, 57)}…` : value})`;
};

const MAPPING: AjvMapping = {
  file: FILE,
  prefix: "manifest",
  // `/categories/2` is about `categories`, `/engines/connectory` about `engines.connectory`, and
  // `/i18n/zh-CN/description` about `i18n.description` (one code whatever the language).
  fieldOf: (path) =>
    (path[0] === "i18n" ? path.filter((_, i) => i !== 1) : path).filter((s) => !/^\d+$/.test(s)).join("."),
  unknownKeys: "warning",
  messages: {
    "manifest.root.type": () => "plugin.json must be a JSON object",
    "manifest.key.unknown": (e) =>
      `unknown key "${String(e.params["additionalProperty"])}" in plugin.json: remove it or check its spelling`,
    "manifest.name.invalid": (e) =>
      `name${shown(e)} must be 1–64 lower-case letters, digits and hyphens, starting and ending with a letter or digit, e.g. "tushare"`,
    "manifest.publisher.invalid": (e) =>
      `publisher${shown(e)} must be 1–64 lower-case letters, digits and hyphens, like a connector name`,
    "manifest.version.invalid": (e) =>
      `version${shown(e)} must be a strict semantic version like 1.0.0 or 1.2.0-beta.1 (no leading "v", no spaces)`,
    "manifest.description.too-long": (e) =>
      `description is ${String(e.data).length} characters; shorten it to at most 300 (put details in README.md)`,
    "manifest.description.too-short": () =>
      "description must not be empty: say in a sentence what the connector does",
    "manifest.categories.unknown": (e) => `unknown category${shown(e)}: use one of ${CATEGORIES.join(", ")}`,
    "manifest.license.invalid": (e) =>
      `license${shown(e)} must be an SPDX expression such as MIT or (MIT OR Apache-2.0), or "SEE LICENSE IN <file>"`,
    "manifest.homepage.invalid": (e) => `homepage${shown(e)} must be an http(s) URL`,
    "manifest.repository.invalid": (e) => `repository${shown(e)} must be an http(s) URL`,
    "manifest.permissions.network.invalid": (e) =>
      `permissions.network host${shown(e)} must be a host name such as api.example.com (optionally *. first, :port last)`,
    "manifest.permissions.filesystem.access.unknown": (e) =>
      `permissions.filesystem access${shown(e)} must be "read" or "read-write"`,
    "manifest.i18n.key.invalid": (e) =>
      `i18n language ${JSON.stringify(e.params["propertyName"])} is not a language tag: write e.g. "zh-CN", "zh-TW", "ja" or "pt-BR"`,
    "manifest.i18n.displayName.too-long": () => "a translated displayName has at most 100 characters",
    "manifest.i18n.description.too-long": (e) =>
      `a translated description is ${String(e.data).length} characters; shorten it to at most 300 (put details in the translated README)`,
    "manifest.i18n.readme.invalid": (e) =>
      `i18n readme${shown(e)} must be the path of a .md file inside the package, e.g. "README.zh-CN.md"`,
    "manifest.listingOnly.reason.too-long": () =>
      "listingOnly.reason has at most 500 characters: say why it cannot be installed and what to do instead",
    "manifest.icon.invalid": (e) =>
      `icon${shown(e)} must be the path of a .png or .svg file inside the package`,
  },
};

/** Check a parsed plugin.json against schemas/plugin.schema.json and the rules a schema cannot say. */
export function validateManifest(json: unknown): { manifest?: PluginManifest; problems: Problem[] } {
  const validate = schemasAjv().getSchema(PLUGIN_SCHEMA_ID);
  if (!validate) throw new Error("plugin.schema.json is not registered");
  validate(json);
  const problems = ajvProblems(validate.errors, MAPPING);
  if (!isObject(json)) return { problems };

  const range = isObject(json["engines"]) ? json["engines"]["connectory"] : undefined;
  if (typeof range === "string" && semver.validRange(range) === null) {
    problems.push(
      error(
        "manifest.engines.connectory.invalid",
        FILE,
        "/engines/connectory",
        `engines.connectory ${JSON.stringify(range)} is not a semver range; write e.g. ">=0.1.0"`,
      ),
    );
  }
  const icon = json["icon"];
  if (typeof icon === "string" && (icon.startsWith("/") || icon.split(/[\\/]/).includes(".."))) {
    problems.push(
      error(
        "manifest.icon.path",
        FILE,
        "/icon",
        `icon ${JSON.stringify(icon)} must be a relative path inside the package`,
      ),
    );
  }

  const listing = isObject(json["listingOnly"]) ? json["listingOnly"]["reason"] : undefined;
  // eslint-disable-next-line no-control-regex
  if (typeof listing === "string" && /[\u0000-\u001f\u007f]/.test(listing))
    problems.push(
      error(
        "manifest.listingOnly.reason.control",
        FILE,
        "/listingOnly/reason",
        "listingOnly.reason contains a control character (a line break, tab or escape); write it on one line",
      ),
    );

  problems.push(...checkManifestI18n(json["i18n"]));
  // A display name in one script (UTS #39 §5): a Cyrillic о inside a Latin name is a look-alike.
  const mixed = mixedScriptProblem(json["displayName"], {
    code: "manifest.displayName.mixed-script",
    file: FILE,
    path: "/displayName",
    label: "displayName",
  });
  if (mixed) problems.push(mixed);

  // Shown in terminals and stored as text: no control characters (escape sequences would reach users'
  // terminals, and PostgreSQL refuses U+0000 in text, which made such a publish a 500).
  for (const field of ["description", "displayName"] as const) {
    const value = json[field];
    // eslint-disable-next-line no-control-regex
    if (typeof value === "string" && /[\u0000-\u001f\u007f]/.test(value)) {
      problems.push(
        error(
          `manifest.${field}.control`,
          FILE,
          `/${field}`,
          `${field} contains a control character (a line break, tab or escape); write it on one line of plain text`,
        ),
      );
    }
  }

  // The manifest is usable for display when its required fields have the right types.
  const usable = ["name", "version", "description", "publisher"].every((k) => typeof json[k] === "string");
  if (!usable) return { problems };
  // Keep only well-formed known fields, so callers showing a failed package never see wrong types.
  const broken = new Set(problems.filter((p) => p.severity === "error").map((p) => p.path.split("/")[1]));
  const manifest = Object.fromEntries(
    Object.entries(json).filter(([k]) => KNOWN_KEYS.has(k) && !broken.has(k)),
  ) as unknown as PluginManifest;
  return { manifest, problems };
}

const KNOWN_KEYS = new Set([
  "name",
  "version",
  "description",
  "publisher",
  "displayName",
  "license",
  "homepage",
  "repository",
  "keywords",
  "categories",
  "icon",
  "defaultEnabled",
  "engines",
  "permissions",
  "i18n",
  "listingOnly",
]);
