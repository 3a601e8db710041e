import { validateSkills } from "../package/skills.js";
import type { PackageFiles } from "../types.js";
import { buildPackage } from "./build-package.js";
import { fromHostPackage } from "./from-host-package.js";
import { claudeServers, serversOf } from "./claude-servers.js";
import { CredentialSet } from "./inputs.js";
import { connectorName, toConnectorName, version } from "./naming.js";
import { note, type ConvertNote } from "./notes.js";
import { refuse, type Conversion, type ConvertOptions, type Draft, nameRefusal } from "./types.js";
import { parseForeignJson } from "../json-depth.js";
import { isObject } from "../json-guards.js";

type Json = Record<string, unknown>;
const str = (v: unknown): string | undefined => (typeof v === "string" ? v : undefined);
const decoder = new TextDecoder("utf-8", { fatal: true });
/** Claude Code parts that have no place in a connector. */
const COMPONENTS = ["commands", "agents", "hooks", "lspServers", "outputStyles", "monitors"];

function parse(files: PackageFiles, path: string): { value?: unknown; error?: string } {
  const bytes = files.get(path);
  if (!bytes) return {};
  try {
    return { value: parseForeignJson(decoder.decode(bytes)) };
  } catch (e) {
    return { error: `${path} is not valid JSON: ${(e as Error).message}` };
  }
}

/** The marketplace's own context: its name and owner, used when a plugin names no author. */
export interface MarketplaceContext {
  name?: string;
  owner?: string;
}

/**
 * A Claude Code plugin → connector: its MCP servers (`.mcp.json` in either shape, or `mcpServers` in plugin.json
 * or in the marketplace entry), userConfig, and its skills. files are the plugin folder's files by relative path;
 * entry is its marketplace.json entry when there is one. Server code the servers run from `${CLAUDE_PLUGIN_ROOT}`
 * is copied in; commands, agents, hooks and LSP servers are reported, not carried.
 */
export function fromClaudePlugin(
  files: PackageFiles,
  entry: Json | undefined,
  options: ConvertOptions & { marketplace?: MarketplaceContext } = {},
): Conversion {
  // A plugin a Connectory registry made (its host package) is the connector itself: read back as it was.
  const own = fromHostPackage(files);
  if (own) return own;
  const notes: ConvertNote[] = [];
  const manifestFile = parse(files, ".claude-plugin/plugin.json");
  if (manifestFile.error)
    return refuse("convert.refused.not-json", manifestFile.error, notes, str(entry?.["name"]));
  const manifest = isObject(manifestFile.value) ? manifestFile.value : {};
  const upstreamName = str(manifest["name"]) ?? str(entry?.["name"]);
  if (!upstreamName)
    return refuse(
      "convert.refused.shape",
      "the plugin has no name (in .claude-plugin/plugin.json or its marketplace entry)",
    );
  const field = (key: string): unknown => manifest[key] ?? entry?.[key];
  const name = connectorName(upstreamName, notes);
  if (!name) return nameRefusal(upstreamName, notes);

  const credentials = new CredentialSet(notes);
  const userConfig = isObject(field("userConfig")) ? (field("userConfig") as Json) : {};
  const raw = rawServers(files, manifest, entry, notes);
  if ("error" in raw) return refuse("convert.refused.not-json", raw.error, notes, upstreamName);
  const { servers, usesRoot } = claudeServers(raw.servers, userConfig, credentials, notes);
  const skillFiles = skills(files, notes);
  const hasServers = Object.keys(servers).length > 0;
  if (!hasServers && skillFiles.size === 0)
    return refuse(
      "convert.refused.not-a-connector",
      `the plugin "${upstreamName}" has no MCP server and no skill${presentComponents(files, manifest, entry).length > 0 ? ` (only ${presentComponents(files, manifest, entry).join(", ")})` : ""}: there is nothing a connector can carry`,
      notes,
      upstreamName,
    );
  if (!hasServers)
    notes.push(
      note("convert.skills-only", "", "the plugin has skills and no MCP server: a skills-only connector"),
    );
  for (const part of presentComponents(files, manifest, entry))
    notes.push(
      note(
        "convert.plugin.component-dropped",
        "",
        `the plugin's ${part} are Claude Code features a connector does not carry`,
      ),
    );

  const packaged: PackageFiles = new Map(skillFiles);
  if (usesRoot) {
    // The servers run code from the plugin folder: the folder comes along, minus Claude Code's own files.
    for (const [path, bytes] of files) {
      if (
        path.startsWith(".claude-plugin/") ||
        path === ".mcp.json" ||
        path === "README.md" ||
        path.startsWith(".git/")
      )
        continue;
      if (COMPONENTS.some((c) => path.startsWith(`${c}/`)) || path.startsWith("skills/")) continue;
      packaged.set(path, bytes);
    }
  }
  const author = isObject(field("author")) ? str((field("author") as Json)["name"]) : str(field("author"));
  const readme = files.get("README.md");
  const tags = [
    str(field("category")),
    ...(Array.isArray(field("tags")) ? (field("tags") as unknown[]) : []),
    ...(Array.isArray(field("keywords")) ? (field("keywords") as unknown[]) : []),
  ].filter((t): t is string => typeof t === "string");
  const extra: Json = {};
  for (const key of ["author", "source", "strict", "userConfig", ...COMPONENTS])
    if (field(key) !== undefined) extra[key] = field(key);
  const draft: Draft = {
    name,
    version: version(str(field("version")), notes),
    publisher:
      options.publisher ??
      (author ? toConnectorName(author) : undefined) ??
      (options.marketplace?.owner ? toConnectorName(options.marketplace.owner) : undefined) ??
      "claude-plugins",
    tags,
    servers,
    credentials: credentials.properties,
    required: credentials.required,
    files: packaged,
    provenance: {
      format: "claude-plugin",
      upstreamName,
      ...(str(field("version")) ? { upstreamVersion: str(field("version"))! } : {}),
      ...(options.origin ? { origin: options.origin } : {}),
      ...(options.marketplace?.name
        ? { extra: { ...extra, marketplace: options.marketplace.name } }
        : { extra }),
    },
  };
  const description = str(field("description"));
  if (description) draft.description = description;
  if (str(field("displayName"))) draft.displayName = str(field("displayName"))!;
  const homepage = str(field("homepage"));
  const repository = isObject(field("repository"))
    ? str((field("repository") as Json)["url"])
    : str(field("repository"));
  if (homepage) draft.homepage = homepage;
  if (repository) draft.repository = repository;
  if (str(field("license"))) draft.license = str(field("license"))!;
  if (readme) {
    try {
      draft.readme = decoder.decode(readme);
    } catch {
      notes.push(
        note(
          "convert.plugin.file-dropped",
          "/README.md",
          "README.md is not UTF-8: a README was written from the description",
        ),
      );
    }
  }
  return buildPackage(draft, notes);
}

function rawServers(
  files: PackageFiles,
  manifest: Json,
  entry: Json | undefined,
  notes: ConvertNote[],
): { servers: Json } | { error: string } {
  const declared = manifest["mcpServers"] ?? entry?.["mcpServers"];
  if (isObject(declared)) return { servers: serversOf(declared) };
  const path = typeof declared === "string" ? declared.replace(/^\.\//, "") : ".mcp.json";
  if (Array.isArray(declared))
    notes.push(
      note("convert.field.dropped", "/mcpServers", "a list of MCP config files: only .mcp.json is read"),
    );
  const file = parse(files, path);
  if (file.error) return { error: file.error };
  return { servers: serversOf(file.value) };
}

/** The plugin's skills (skills/<name>/…), each kept only when it is a valid skill. */
function skills(files: PackageFiles, notes: ConvertNote[]): PackageFiles {
  const byFolder = new Map<string, PackageFiles>();
  for (const [path, bytes] of files) {
    const m = /^skills\/([^/]+)\/.+/.exec(path);
    if (!m) continue;
    const folder = byFolder.get(m[1]!) ?? new Map<string, Uint8Array>();
    folder.set(path, bytes);
    byFolder.set(m[1]!, folder);
  }
  const kept: PackageFiles = new Map();
  for (const [original, originalFiles] of byFolder) {
    let folder = original;
    let folderFiles = originalFiles;
    let problems = validateSkills(folderFiles).problems.filter((p) => p.severity === "error");
    // Claude Code knows a skill by its front-matter name; ours must equal the folder, so the folder is renamed.
    const named =
      problems.length === 1 && problems[0]!.code === "skill.name.mismatch"
        ? frontMatterName(folderFiles.get(`skills/${folder}/SKILL.md`))
        : undefined;
    if (named && !byFolder.has(named)) {
      folder = named;
      folderFiles = new Map(
        [...originalFiles].map(([path, bytes]) => [
          `skills/${named}/${path.slice(`skills/${original}/`.length)}`,
          bytes,
        ]),
      );
      problems = validateSkills(folderFiles).problems.filter((p) => p.severity === "error");
      if (problems.length === 0)
        notes.push(
          note(
            "convert.plugin.skill-renamed",
            `/skills/${original}`,
            `skill folder ${original} is named ${named}, as its SKILL.md says`,
          ),
        );
    }
    if (problems.length > 0) {
      notes.push(
        note(
          "convert.plugin.skill-dropped",
          `/skills/${folder}`,
          `skill ${folder} is left out: ${problems[0]!.message}`,
        ),
      );
      continue;
    }
    for (const [path, bytes] of folderFiles) kept.set(path, bytes);
  }
  return kept;
}

function frontMatterName(bytes: Uint8Array | undefined): string | undefined {
  if (!bytes) return undefined;
  const m = /^---\r?\n[\s\S]*?^name:[ \t]*["']?([a-z0-9-]{1,64})["']?[ \t]*$/m.exec(
    new TextDecoder().decode(bytes),
  );
  return m?.[1];
}

function presentComponents(files: PackageFiles, manifest: Json, entry: Json | undefined): string[] {
  return COMPONENTS.filter(
    (c) =>
      manifest[c] !== undefined ||
      entry?.[c] !== undefined ||
      [...files.keys()].some((p) => p.startsWith(`${c}/`)),
  );
}
