import { describePermissions, type Permissions } from "../../src/core/sandbox/permissions.js";
import { keepPermissionText } from "./permission-text.js";
import { sortedVersions } from "../../src/core/resolve-version.js";
import type { ReceivedConnectorDocument } from "../../src/core/api/documents.js";
import { isRemote, type ServerSet, type ServerSpec, type TokenSchema } from "../../src/core/types.js";
import type { ConnectorPackage } from "../../src/core/package/validate-package.js";
import type { ToolsListing } from "../../src/core/tools/read-report.js";
import { loaderEnvOf } from "../../src/core/launch/loader-env.js";
import { quoteArg, quoteAssignment, quoteCommand, visibleText } from "../../src/core/launch/quote-arg.js";
import { flagSkills, flagTools, type TextFlag } from "../../src/core/tools/tool-flags.js";
import { say } from "./language.js";

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

/** The view of a package read from the cache. */
export function viewFromPackage(pkg: ConnectorPackage): ConnectorView {
  const m = pkg.manifest;
  return buildView({
    name: m.name,
    version: m.version,
    manifest: { ...m, categories: m.categories ?? [] },
    servers: pkg.servers,
    schema: pkg.tokenSchema,
    skills: pkg.skills.map((s) => ({ name: s.name, description: s.description })),
    skillBodies: pkg.skills,
  });
}

/** What a view is built from (a cached package here; a registry document: version-document-view.ts). */
export interface ViewParts {
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

/** The view of `p`, its permission lines in the run's language. */
export function buildView(p: ViewParts): ConnectorView {
  // The text output's permission lines are in the run's language; the view (--json) keeps English.
  return keepPermissionText(viewOf(p), p.manifest.permissions);
}

function viewOf(p: ViewParts): ConnectorView {
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
    const headers = s.headers
      ? `  ${say("info.headers", { headers: s.headers.map(visibleText).join(", ") })}`
      : "";
    const oauth = s.oauth ? `  ${say("info.oauth", { server: quoteArg(s.name) })}` : "";
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
    lines.push(`  ⚠ ${say("info.accept-env", { keys: [...loader.keys()].map(quoteArg).join(", ") })}`);
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
