import { compareInstalled, nameConnectorServers, type ProvidedServer } from "./merge/naming.js";
import { sensitiveValues } from "./merge/redact.js";
import { changedParts, fingerprintSpec, type SpecFingerprint } from "./merge/spec-hash.js";
import { type AcceptedPermissions, type Permissions, type SandboxRequest } from "./sandbox/permissions.js";
import { explainConnectorServer, key } from "./merge/connector-server.js";
import { renderServers, type RenderResult } from "./templates.js";
import { isRemote, type Credentials, type ServerSet, type ServerSpec, type TokenSchema } from "./types.js";

export type ServerStatus =
  "active" | "disabled" | "untrusted" | "needs-credentials" | "needs-consent" | "shadowed";

/**
 * Why a server is inactive, as a code with its facts: the CLI words it in the run's language
 * (cli/terminal/inactive-reason.ts), and in English for --json's `reason`. No prose here.
 */
export type InactiveWhy =
  /** The connector is disabled (`connectory enable <ref>`). */
  | { code: "connector-disabled"; connector: string; ref: string }
  /** Its package's templates cannot be rendered (a rule newer than the package). */
  | { code: "render-failed"; problem: string }
  /** Its sandbox block cannot be made (`problem` says why); a publisher or a credential fixes it. */
  | { code: "sandbox-invalid"; problem: string; ref: string }
  /** Its version declares permissions beyond those accepted at install. */
  | { code: "needs-consent"; connector: string; version: string; ref: string; marketplace: string }
  /** A connector's required credentials are not set. */
  | { code: "needs-credentials"; missing: string[]; ref: string }
  /** A hand-written server's imported credentials are gone from credentials.json. */
  | { code: "manual-credentials-missing"; missing: string[]; server: string }
  /** A hand-written server never trusted. */
  | { code: "untrusted"; server: string }
  /** A hand-written server edited since it was trusted; `parts` are the changed parts (empty: unknown). */
  | { code: "changed-since-trusted"; server: string; parts: string[] }
  /** A connector server whose name a hand-written server of `file` holds. */
  | { code: "shadowed-by-manual"; server: string; file: string }
  /** A connector server whose name an earlier-installed connector (`owner`) holds. */
  | { code: "shadowed-by-connector"; server: string; owner: string };

/** A server written by hand in $CONNECTORY_HOME/mcp.json, with what trust.json holds for it. */
export interface ManualServer {
  name: string;
  spec: ServerSpec;
  /** The fingerprint recorded by `connectory trust`, if any. */
  trust?: Partial<SpecFingerprint>;
  /**
   * credentials.json `servers[name]` (secrets `connectory import` moved out of a host file): when
   * present, the spec's `${KEY}` templates are rendered from them, every value treated as secret.
   */
  credentials?: Credentials;
  /** Its mcp.json `permissions` block: a stdio server with one runs sandboxed to exactly that. */
  permissions?: Permissions;
}

/** An installed connector: its cached package and the user's state for it. */
export interface ConnectorInput {
  name: string;
  marketplace: string;
  version: string;
  enabled: boolean;
  /** installed.json `installedAt`: the first-installed connector keeps a contested server name. */
  installedAt?: string;
  /** The cached package's mcp.json, templates unrendered. */
  servers: ServerSet;
  tokenSchema?: TokenSchema;
  credentials: Credentials;
  /** The installed version folder (`${PLUGIN_ROOT}`). */
  pluginRoot: string;
  /** The cached mcp.json the servers came from. */
  file: string;
  /** plugin.json `permissions`: the connector's local servers run sandboxed to them. */
  permissions?: Permissions;
  /** installed.json `permissions`: what the user accepted (absent: installed before consent was recorded). */
  acceptedPermissions?: AcceptedPermissions;
}

export interface Origin {
  kind: "manual" | "connector";
  file: string;
  connector?: string;
  marketplace?: string;
  version?: string;
}

/** One server of one source, with why it is (in)active. Secrets inside `server` are NOT redacted here. */
export interface ExplainedServer {
  name: string;
  status: ServerStatus;
  /** Why it is inactive (absent when active). */
  why?: InactiveWhy;
  origin: Origin;
  /** Rendered when it could be; a connector server missing credentials shows its unrendered template. */
  server: ServerSpec;
  /** needs-credentials: the keys to set. */
  missing?: string[];
  /** The server's name inside its own source (differs from `name` when renamed on a clash). */
  sourceName: string;
  /** The sandbox its stdio servers run in: declared permissions (paths filled but `${HOME}`). */
  sandbox?: SandboxRequest;
}

export interface MergeResult {
  /** Hand-written servers in file order, then connectors by `<name>@<marketplace>`, each in package order. */
  servers: ExplainedServer[];
  /** The effective set: active servers, rendered. */
  active: ServerSet;
  /** Every value to print as `***` (rendered secrets, URLs holding one, secret-looking hand-written values). */
  secretValues: string[];
}

/** Merges hand-written servers with installed connectors into the effective server set (docs/cli.md). */
export function mergeServers(input: {
  manual: ManualServer[];
  manualFile: string;
  connectors: ConnectorInput[];
  /** sandbox.json `all`: hand-written stdio servers without a block run with no network and no home. */
  sandboxAll?: boolean;
}): MergeResult {
  const secrets = new Set<string>();
  const servers: ExplainedServer[] = input.manual.map((m) =>
    explainManual(m, input.manualFile, secrets, input.sandboxAll === true),
  );
  const manualNames = new Set(input.manual.map((m) => m.name));

  const connectors = [...input.connectors].sort((a, b) => compare(key(a), key(b)));
  const provided: Array<ProvidedServer & { input: ConnectorInput; spec: ServerSpec }> = [];
  for (const c of connectors) {
    for (const [server, spec] of Object.entries(c.servers)) {
      const installedAt = c.installedAt !== undefined ? { installedAt: c.installedAt } : {};
      provided.push({
        connector: c.name,
        marketplace: c.marketplace,
        server,
        ...installedAt,
        input: c,
        spec,
      });
    }
  }
  const names = nameConnectorServers(provided);
  const explained = provided.map((p, i) =>
    explainConnectorServer(p.input, p.server, p.spec, names[i] as string, secrets),
  );
  // A name still shared after the naming rules belongs to the first-installed server (so a later
  // install never takes it over); the others are shadowed. Stable sort: package order within a connector.
  const installOrder = provided.map((_, i) => i).sort((i, j) => compareProvided(provided, i, j));
  const taken = new Map<string, string>();
  for (const i of installOrder) {
    const e = explained[i] as ExplainedServer;
    const owner = taken.get(e.name);
    if (e.status !== "disabled" && manualNames.has(e.name)) {
      e.status = "shadowed";
      e.why = { code: "shadowed-by-manual", server: e.name, file: input.manualFile };
    } else if (e.status !== "disabled" && owner !== undefined) {
      e.status = "shadowed";
      e.why = { code: "shadowed-by-connector", server: e.name, owner };
    }
    if (owner === undefined) taken.set(e.name, key((provided[i] as (typeof provided)[number]).input));
  }
  servers.push(...explained);

  const active: ServerSet = {};
  for (const s of servers) if (s.status === "active") active[s.name] = s.server;
  return { servers, active, secretValues: [...secrets].filter((v) => v !== "") };
}

/** The sandbox of a hand-written server: its block, or (sandboxing all) no network and no files. */
function manualSandbox(m: ManualServer, all: boolean): SandboxRequest | undefined {
  if (isRemote(m.spec)) return undefined;
  if (m.permissions) return { permissions: m.permissions, connector: m.name, scriptFolders: true };
  return all ? { permissions: { network: "none" }, connector: m.name, scriptFolders: true } : undefined;
}

function explainManual(
  m: ManualServer,
  file: string,
  secrets: Set<string>,
  sandboxAll: boolean,
): ExplainedServer {
  const rendered = m.credentials ? renderManual(m.name, m.spec, m.credentials) : undefined;
  const server = rendered?.status === "ok" ? (rendered.servers[m.name] ?? m.spec) : m.spec;
  for (const v of sensitiveValues(server)) secrets.add(v);
  if (rendered?.status === "ok") for (const v of rendered.secretValues) secrets.add(v);
  const sandbox = manualSandbox(m, sandboxAll);
  const base = {
    name: m.name,
    sourceName: m.name,
    origin: { kind: "manual" as const, file },
    server,
    ...(sandbox ? { sandbox } : {}),
  };
  if (rendered?.status === "needs-credentials") {
    return {
      ...base,
      status: "needs-credentials",
      missing: rendered.missing,
      why: { code: "manual-credentials-missing", missing: rendered.missing, server: m.name },
    };
  }
  // Trust covers the spec as written (templates, not the secrets they stand for).
  const current = fingerprintSpec(m.spec, m.permissions);
  if (m.trust?.sha256 === current.sha256) return { ...base, status: "active" };
  if (m.trust === undefined) {
    return {
      ...base,
      status: "untrusted",
      why: { code: "untrusted", server: m.name },
    };
  }
  return {
    ...base,
    status: "untrusted",
    why: { code: "changed-since-trusted", server: m.name, parts: changedParts(m.trust, current) },
  };
}

function compareProvided(provided: readonly ProvidedServer[], i: number, j: number): number {
  return compareInstalled(provided[i] as ProvidedServer, provided[j] as ProvidedServer);
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A hand-written server's `${KEY}` templates rendered from its stored credentials; undefined on a bad template. */
function renderManual(name: string, spec: ServerSpec, credentials: Credentials): RenderResult | undefined {
  try {
    return renderServers({ [name]: spec }, credentials, "");
  } catch {
    return undefined; // not templates Connectory wrote: the spec runs as written
  }
}
