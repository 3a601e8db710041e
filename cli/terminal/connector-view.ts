import { describePermissions, type Permissions } from "../../src/core/sandbox/permissions.js";
import { validateServerSet } from "../../src/core/package/mcp-config.js";
import { validateTokenSchema } from "../../src/core/package/token-schema.js";
import { listVersions, sortedVersions } from "../../src/core/resolve-version.js";
import type { ReceivedConnectorDocument, ReceivedVersionDocument } from "../../src/core/api/documents.js";
import { isRemote, type ServerSet, type ServerSpec, type TokenSchema } from "../../src/core/types.js";
import type { ConnectorPackage } from "../../src/core/package/validate-package.js";
import type { ToolsListing } from "../../src/core/tools/read-report.js";
import { loaderEnvOf } from "../../src/core/launch/loader-env.js";
import { quoteArg, quoteAssignment, quoteCommand, visibleText } from "../../src/core/launch/quote-arg.js";
import { printable } from "./printable.js";
import { truncate } from "../../src/core/text/truncate.js";
import { flagLine, flagSkills, flagTools, type TextFlag } from "../../src/core/tools/tool-flags.js";

/** What `info` shows about one version of a connector (templates unrendered: no secret can appear). */
export interface ConnectorView {
  name: string;
  version: string;
  displayName?: string;
  description: string;
  publisher?: string;
  license?: string;
  homepage?: string;
  categories: string[];
  /** What its local servers may reach, in plain words (["unrestricted: …"] when it declares nothing). */
  permissions: string[];
  servers: Array<{
    name: string;
    transport: string;
    command?: string;
    args?: string[];
    /** The command line quoted as a shell reads it: what runs, unambiguously (src/core/launch). */
    commandLine?: string;
    cwd?: string;
    /** Every env key and its value as the package declares it (templates stay templates). */
    env?: Record<string, string>;
    /** Env keys that change how code is loaded, and why: `install` asks consent for them. */
    loaderEnv?: Array<{ key: string; why: string }>;
    url?: string;
    headers?: string[];
    /** The remote server signs in with OAuth (`connectory auth <server>`). */
    oauth?: true;
  }>;
  credentials: Array<{
    key: string;
    title?: string;
    description?: string;
    type: string;
    secret: boolean;
    required: boolean;
  }>;
  skills: Array<{ name: string; description: string }>;
  /** Instruction-like content in its tools and skills (src/core/text/instruction-flags.ts). */
  flags: TextFlag[];
  /**
   * The tools the publisher reported (registry only: a package does not list its tools). The registry
   * keeps them as the publisher's word; it does not run the servers.
   */
  tools?: {
    reportedBy?: string;
    reportedAt?: string;
    items: Array<{ name: string; server?: string; title?: string; description?: string }>;
  };
}

/** The view of a version document from the registry. */
export function viewFromVersionDocument(doc: ReceivedVersionDocument): ConnectorView {
  const schema = doc.tokenSchema === undefined ? undefined : validateTokenSchema(doc.tokenSchema).schema;
  const m = doc.manifest;
  const str = (v: unknown) => (typeof v === "string" ? v : undefined);
  return build({
    name: doc.name,
    version: doc.version,
    manifest: {
      displayName: str(m.displayName),
      description: str(m.description) ?? "",
      publisher: str(m.publisher),
      license: str(m.license),
      homepage: str(m.homepage),
      categories: Array.isArray(m.categories)
        ? m.categories.filter((c): c is string => typeof c === "string")
        : [],
      // Validated at publish; anything but an object is treated as "none declared".
      permissions:
        typeof m.permissions === "object" && m.permissions !== null && !Array.isArray(m.permissions)
          ? (m.permissions as Permissions)
          : undefined,
    },
    servers: validateServerSet(doc.mcp).servers,
    schema,
    skills: doc.skills,
    tools: doc.tools,
  });
}

/** The view of a package read from the cache. */
export function viewFromPackage(pkg: ConnectorPackage): ConnectorView {
  const m = pkg.manifest;
  return build({
    name: m.name,
    version: m.version,
    manifest: { ...m, categories: m.categories ?? [] },
    servers: pkg.servers,
    schema: pkg.tokenSchema,
    skills: pkg.skills.map((s) => ({ name: s.name, description: s.description })),
    skillBodies: pkg.skills,
  });
}

interface Parts {
  name: string;
  version: string;
  manifest: {
    displayName?: string | undefined;
    description: string;
    publisher?: string | undefined;
    license?: string | undefined;
    homepage?: string | undefined;
    categories: string[];
    permissions?: Permissions | undefined;
  };
  servers: ServerSet;
  schema: TokenSchema | undefined;
  skills: Array<{ name: string; description: string }>;
  /** Whole skills (a cached package has their bodies; a registry document only names them). */
  skillBodies?: Array<{ name: string; description: string; body: string }>;
  tools?: ToolsListing | undefined;
}

function build(p: Parts): ConnectorView {
  const required = new Set(p.schema?.required ?? []);
  const optional = <K extends string, V>(key: K, value: V | undefined) =>
    (value === undefined ? {} : { [key]: value }) as { [k in K]?: V };
  return {
    name: p.name,
    version: p.version,
    ...optional("displayName", p.manifest.displayName),
    description: p.manifest.description,
    ...optional("publisher", p.manifest.publisher),
    ...optional("license", p.manifest.license),
    ...optional("homepage", p.manifest.homepage),
    categories: p.manifest.categories,
    permissions: describePermissions(p.manifest.permissions),
    servers: Object.entries(p.servers).map(([name, s]) => serverView(name, s)),
    credentials: Object.entries(p.schema?.properties ?? {}).map(([key, prop]) => ({
      key,
      ...optional("title", prop.title),
      ...optional("description", prop.description),
      type: prop.type,
      secret: prop.secret === true,
      required: required.has(key),
    })),
    skills: p.skills,
    flags: [...flagTools(p.tools?.items ?? []), ...flagSkills(p.skillBodies ?? p.skills)],
    ...(p.tools ? { tools: toolsView(p.tools) } : {}),
  };
}

// The summary only: input schemas can be large; `connectory inspect` shows them from the server itself.
function toolsView(listing: ToolsListing): NonNullable<ConnectorView["tools"]> {
  return {
    ...(listing.reportedBy !== undefined ? { reportedBy: listing.reportedBy } : {}),
    ...(listing.reportedAt !== undefined ? { reportedAt: listing.reportedAt } : {}),
    items: listing.items.map(({ name, server, title, description }) => ({
      name,
      ...(server !== undefined ? { server } : {}),
      ...(title !== undefined ? { title } : {}),
      ...(description !== undefined ? { description } : {}),
    })),
  };
}

/** One server of a view: transport, the quoted command line, cwd, env and its loader keys, or URL. */
export function serverView(name: string, s: ServerSpec): ConnectorView["servers"][number] {
  if (isRemote(s)) {
    const headers = Object.keys(s.headers ?? {});
    return {
      name,
      transport: s.type,
      url: s.url,
      ...(headers.length ? { headers } : {}),
      ...(s.oauth ? { oauth: true as const } : {}),
    };
  }
  const loaderEnv = loaderEnvOf(s.env);
  return {
    name,
    transport: "stdio",
    command: s.command,
    ...(s.args?.length ? { args: s.args } : {}),
    commandLine: quoteCommand(s.command, s.args),
    ...(s.cwd !== undefined ? { cwd: s.cwd } : {}),
    ...(s.env && Object.keys(s.env).length ? { env: s.env } : {}),
    ...(loaderEnv.length ? { loaderEnv } : {}),
  };
}

/**
 * The whole launch of a server (issue 12): the command line quoted as a shell reads it, cwd, every env
 * key with its value, loader keys marked with why. A remote server: its URL and header names.
 */
export function serverLines(s: ConnectorView["servers"][number]): string[] {
  if (s.url !== undefined) {
    const headers = s.headers ? `  (headers: ${s.headers.map(visibleText).join(", ")})` : "";
    const oauth = s.oauth ? `  signs in with OAuth (connectory auth ${quoteArg(s.name)})` : "";
    return [`${quoteArg(s.name)}  ${s.transport}  ${visibleText(s.url)}${headers}${oauth}`];
  }
  const lines = [`${quoteArg(s.name)}  stdio  ${s.commandLine ?? quoteCommand(s.command ?? "", s.args)}`];
  if (s.cwd !== undefined) lines.push(`  cwd ${quoteArg(s.cwd)}`);
  const loader = new Map((s.loaderEnv ?? []).map((e) => [e.key, e.why]));
  for (const [key, value] of Object.entries(s.env ?? {})) {
    const why = loader.get(key);
    lines.push(`  env ${quoteAssignment(key, value)}${why ? `  ⚠ ${why}` : ""}`);
  }
  if (loader.size > 0) {
    lines.push(
      `  ⚠ installing asks you to accept ${[...loader.keys()].map(quoteArg).join(", ")} (--accept-env)`,
    );
  }
  return lines;
}

/** Every version of a connector document with its marks, newest first (for --json). */
export function versionList(doc: ReceivedConnectorDocument) {
  return sortedVersions(doc).map((v) => {
    const e = doc.versions[v];
    return {
      version: v,
      yanked: e?.yanked === true,
      ...(e?.deprecated !== undefined ? { deprecated: e.deprecated } : {}),
      ...(e?.publishedAt !== undefined ? { publishedAt: e.publishedAt } : {}),
      tags: Object.entries(doc.distTags)
        .filter(([, t]) => t === v)
        .map(([t]) => t),
    };
  });
}

/** The human page of `info`. */
export function renderView(view: ConnectorView, doc: ReceivedConnectorDocument | undefined): string {
  const title = view.displayName ? `${view.displayName} (${view.name})` : view.name;
  // The publisher next to the name (issue 12): a look-alike by someone else is told apart by who made it.
  const by = view.publisher ? ` by ${view.publisher}` : "";
  const lines = [`${title} ${view.version}${by}`, `  ${view.description}`];
  const meta = [
    view.publisher && `publisher: ${view.publisher}`,
    view.license && `license: ${view.license}`,
    view.categories.length > 0 && `categories: ${view.categories.join(", ")}`,
  ].filter(Boolean);
  if (meta.length) lines.push(`  ${meta.join(" · ")}`);
  if (view.homepage) lines.push(`  ${view.homepage}`);
  if (doc) {
    const tags = Object.entries(doc.distTags).map(([t, v]) => `${t}: ${v}`);
    lines.push("", `versions: ${listVersions(doc)}`);
    if (tags.length) lines.push(`tags: ${tags.join(", ")}`);
  }
  lines.push("", "servers:");
  for (const s of view.servers) lines.push(...serverLines(s).map((line) => `  ${line}`));
  // Only local servers are sandboxed: for a remote-only connector the permissions say nothing.
  if (view.servers.some((s) => s.transport === "stdio")) {
    lines.push("", "permissions (its local servers):");
    for (const p of view.permissions) lines.push(`  ${p}`);
  }
  lines.push("", "credentials:");
  if (view.credentials.length === 0) lines.push("  none needed");
  for (const c of view.credentials) {
    const marks = [c.required ? "required" : "optional", c.secret ? "secret" : undefined]
      .filter(Boolean)
      .join(", ");
    lines.push(`  ${c.key}${c.title ? ` — ${c.title}` : ""} (${marks})`);
    if (c.description) lines.push(`      ${c.description}`);
  }
  if (view.skills.length) {
    lines.push("", "skills:");
    for (const s of view.skills) lines.push(`  ${s.name} — ${oneLine(s.description)}`);
  }
  if (view.tools) lines.push("", ...toolLines(view.tools, view.servers.length > 1));
  if (view.flags.length) {
    lines.push(
      "",
      `FLAGS (${view.flags.length}): instruction-like content a model would read; review it first:`,
    );
    for (const f of view.flags) lines.push(`  ${flagLine(f)}`);
  }
  return printable(lines.join("\n"));
}

const MAX_TOOL_LINE = 160;

/** One line of at most MAX_TOOL_LINE characters, saying how many more there are: a padded payload shows. */
function oneLine(text: string): string {
  return truncate(text.replace(/\s+/g, " ").trim(), MAX_TOOL_LINE);
}

function toolLines(tools: NonNullable<ConnectorView["tools"]>, manyServers: boolean): string[] {
  const by = tools.reportedBy ? `reported by the ${tools.reportedBy}` : "reported";
  const when = tools.reportedAt ? ` on ${tools.reportedAt.slice(0, 10)}` : "";
  // One line each: a description could otherwise forge lines of this page.
  const lines = [`tools (${tools.items.length}, ${by}${when}; not checked by the registry):`];
  for (const t of tools.items) {
    const server = manyServers && t.server ? `  [${t.server}]` : "";
    lines.push(`  ${t.name}${t.title ? ` — ${oneLine(t.title)}` : ""}${server}`);
    if (t.description) lines.push(`      ${oneLine(t.description)}`);
  }
  return lines;
}
