import { SOURCE_NAMES } from "../api/provenance.js";
import { inferCategory } from "./infer-categories.js";
import { validatePackage } from "../package/validate-package.js";
import { parseTemplate, PLUGIN_ROOT, serverFields } from "../templates.js";
import type { PackageFiles, PluginManifest, ServerSet, TokenProperty, TokenSchema } from "../types.js";
import { mapCategories } from "./naming.js";
import { usesVersion2 } from "../package/mcp-version.js";
import { note, type ConvertNote } from "./notes.js";
import type { Conversion, Draft } from "./types.js";

const MAX_DESCRIPTION = 300;
const MAX_DISPLAY_NAME = 100;
const MAX_KEYWORDS = 20;
const MAX_KEYWORD = 50;
const LICENSE = /^(?:SEE LICENSE IN \S.*|UNLICENSED|[A-Za-z0-9.+:() -]+)$/;
const encoder = new TextEncoder();
const json = (value: unknown): Uint8Array => encoder.encode(`${JSON.stringify(value, null, 2)}\n`);

/** One line of plain text: control characters and runs of white space become one space. */
function oneLine(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f\s]+/g, " ").trim();
}

/** Cut at a word boundary to at most max characters, ending in "…". */
function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

function httpUrl(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The shared half of every converter: limits and defaults of the package format applied with a note for each
 * change, credentials made strict-valid, README and provenance.json written, and the result checked by the
 * package validator in strict mode (a package that would fail is refused, never written).
 */
export function buildPackage(draft: Draft, notes: ConvertNote[]): Conversion {
  const manifest: PluginManifest = {
    name: draft.name,
    version: draft.version,
    description: description(draft, notes),
    publisher: draft.publisher,
  };
  if (draft.displayName !== undefined && oneLine(draft.displayName) !== "") {
    const shown = oneLine(draft.displayName);
    manifest.displayName = clip(shown, MAX_DISPLAY_NAME);
    if (shown.length > MAX_DISPLAY_NAME)
      notes.push(
        note("convert.display-name.truncated", "", `the title was cut to ${MAX_DISPLAY_NAME} characters`),
      );
  }
  if (draft.license !== undefined) {
    if (LICENSE.test(draft.license) && draft.license.length <= 200) manifest.license = draft.license;
    else
      notes.push(
        note(
          "convert.field.dropped",
          "/license",
          `license ${JSON.stringify(draft.license)} is not an SPDX expression: left out`,
        ),
      );
  }
  for (const field of ["homepage", "repository"] as const) {
    const value = draft[field];
    if (value === undefined) continue;
    if (httpUrl(value)) manifest[field] = value;
    else
      notes.push(
        note("convert.url.dropped", "", `${field} ${JSON.stringify(value)} is not an http(s) URL: left out`),
      );
  }
  if (draft.listingOnly) manifest.listingOnly = draft.listingOnly;
  const { categories, keywords, unmapped } = mapCategories(draft.tags);
  // No upstream category that maps (the official registry has none): one read from the entry's words.
  manifest.categories =
    categories.length > 0
      ? categories
      : [inferCategory(`${draft.name} ${draft.displayName ?? ""} ${draft.description ?? ""}`)];
  if (unmapped.length > 0)
    notes.push(
      note(
        "convert.category.keyword",
        "",
        `no category of ours fits ${unmapped.join(", ")}: kept as keywords`,
      ),
    );
  // The upstream name's last part, not the whole of it: a namespace (`io.github.<owner>/…`) in the keywords
  // made every official entry match `github` (issue 32). provenance.json keeps the whole name.
  const tail = draft.provenance.upstreamName.split("/").pop() ?? "";
  manifest.keywords = keywordList([...(tail !== draft.name ? [tail] : []), ...keywords], notes);
  if (manifest.keywords.length === 0) delete manifest.keywords;

  const schema = credentials(draft, notes);
  const files: PackageFiles = new Map(draft.files ?? []);
  files.set("plugin.json", json(manifest));
  // mcp.json 2 only when a server needs it, so every other conversion stays readable by older versions.
  const v2 = Object.values(draft.servers).some((server) => usesVersion2(server));
  files.set(
    "mcp.json",
    json(v2 ? { schemaVersion: 2, mcpServers: draft.servers } : { mcpServers: draft.servers }),
  );
  if (schema) files.set("token-schema.json", json(schema));
  files.set("README.md", encoder.encode(draft.readme ?? readme(draft, manifest)));
  files.set("provenance.json", json(draft.provenance));

  const report = validatePackage(files, { strict: true });
  if (!report.ok) {
    const failing = report.problems.filter(
      (p) => p.severity === "error" || p.code !== "template.secret-in-url",
    );
    return {
      ok: false,
      code: "convert.refused.invalid-package",
      message: `the converted package would not pass validate --strict: ${failing
        .slice(0, 3)
        .map((p) => `${p.code} (${p.file}${p.path ? ` ${p.path}` : ""}): ${p.message}`)
        .join("; ")}`,
      notes,
      upstreamName: draft.provenance.upstreamName,
      problems: report.problems,
    };
  }
  return {
    ok: true,
    name: manifest.name,
    version: manifest.version,
    files,
    notes,
    provenance: draft.provenance,
  };
}

function description(draft: Draft, notes: ConvertNote[]): string {
  const text = oneLine(draft.description ?? "");
  if (text === "") {
    notes.push(
      note(
        "convert.description.missing",
        "/description",
        "no description upstream: one was written from the name",
      ),
    );
    // Plain words, no namespace: `io.github.acme/x` here made every such entry match `github` (issue 32).
    const title = draft.displayName ? oneLine(draft.displayName) : draft.name;
    return `${title}: an MCP server from ${SOURCE_NAMES[draft.provenance.format]}.`.slice(0, MAX_DESCRIPTION);
  }
  if (text !== (draft.description ?? "").trim())
    notes.push(
      note(
        "convert.description.cleaned",
        "/description",
        "line breaks and control characters in the description became spaces",
      ),
    );
  if (text.length > MAX_DESCRIPTION) {
    notes.push(
      note(
        "convert.description.truncated",
        "/description",
        `the description (${text.length} characters) was cut to ${MAX_DESCRIPTION}; README.md has all of it`,
      ),
    );
  }
  return clip(text, MAX_DESCRIPTION);
}

function keywordList(candidates: string[], notes: ConvertNote[]): string[] {
  const kept: string[] = [];
  const dropped: string[] = [];
  for (const raw of candidates) {
    const word = oneLine(raw);
    if (word === "" || kept.includes(word)) continue;
    if (word.length > MAX_KEYWORD || kept.length >= MAX_KEYWORDS) dropped.push(word);
    else kept.push(word);
  }
  if (dropped.length > 0)
    notes.push(
      note(
        "convert.keywords.dropped",
        "",
        `keywords over the limits (20, each ≤ 50 characters) left out: ${dropped.join(", ")}`,
      ),
    );
  return kept;
}

/** token-schema.json from the draft: only keys a server uses, and every used optional key given what strict needs. */
function credentials(draft: Draft, notes: ConvertNote[]): TokenSchema | undefined {
  const used = templateKeys(draft.servers);
  const properties: Record<string, TokenProperty> = {};
  const required = new Set(draft.required.filter((k) => used.has(k)));
  for (const [key, original] of Object.entries(draft.credentials)) {
    if (!used.has(key)) {
      notes.push(
        note("convert.credential.dropped", "", `${key} is declared upstream but no server uses it: left out`),
      );
      continue;
    }
    const property = { ...original };
    if (property.secret === true && property.default !== undefined) {
      delete property.default;
      notes.push(
        note(
          "convert.credential.required",
          "",
          `${key} is secret: its upstream default is not published, and a value is required`,
        ),
      );
      required.add(key);
    }
    if (!required.has(key) && property.default === undefined) {
      if (
        property.type === "string" &&
        property.secret !== true &&
        (property.minLength ?? 0) === 0 &&
        property.pattern === undefined &&
        property.enum === undefined
      ) {
        property.default = "";
      } else {
        required.add(key);
        notes.push(
          note(
            "convert.credential.required",
            "",
            `${key} is optional upstream with no default, which Connectory cannot render: it is required here`,
          ),
        );
      }
    }
    properties[key] = property;
  }
  for (const key of used) {
    if (!(key in properties)) {
      properties[key] = {
        type: "string",
        title: key,
        secret: /KEY|TOKEN|SECRET|PASSWORD|CREDENTIAL/.test(key),
      };
      required.add(key);
    }
  }
  if (Object.keys(properties).length === 0) return undefined;
  const schema: TokenSchema = {
    $schema: "https://connectory.dev/schemas/token-schema.schema.json",
    type: "object",
    properties,
  };
  const list = [...required].sort();
  if (list.length > 0) schema.required = list;
  return schema;
}

function readme(draft: Draft, manifest: PluginManifest): string {
  const title = manifest.displayName ?? manifest.name;
  const body =
    (draft.longDescription ?? draft.description ?? manifest.description).trim() || manifest.description;
  const from = {
    "server-json": "the official MCP Registry (server.json)",
    "claude-plugin": "a Claude Code plugin",
    mcpb: "an MCP Bundle (manifest.json)",
    "docker-catalog": "the Docker MCP catalog (server.yaml)",
    "mcp-json": "an MCP client configuration (.mcp.json)",
  }[draft.provenance.format];
  const lines = [`# ${title}`, "", body, "", `Converted from ${from}: \`${draft.provenance.upstreamName}\`.`];
  if (manifest.repository) lines.push("", `Source: ${manifest.repository}`);
  if (manifest.listingOnly)
    lines.push("", `Listed only: Connectory cannot install it. ${manifest.listingOnly.reason}`);
  return `${lines.join("\n")}\n`;
}

/** Every `${KEY}` the servers use, without PLUGIN_ROOT. */
function templateKeys(servers: ServerSet): Set<string> {
  const keys = new Set<string>();
  for (const server of Object.values(servers))
    for (const field of serverFields(server)) {
      const parsed = parseTemplate(field.value);
      if ("parts" in parsed)
        for (const p of parsed.parts) if ("key" in p && p.key !== PLUGIN_ROOT) keys.add(p.key);
    }
  return keys;
}
