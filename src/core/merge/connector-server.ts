import type { ConnectorInput, ExplainedServer, Origin } from "../merge.js";
import {
  reachesFurther,
  renderPermissions,
  type Permissions,
  type SandboxRequest,
} from "../sandbox/permissions.js";
import { consentView } from "../sandbox/grant-paths.js";
import { renderServers, type RenderResult } from "../templates.js";
import { isRemote, type Credentials, type ServerSpec, type TokenSchema } from "../types.js";

// One connector server of the effective set (merge.ts): rendered from the connector's credentials, with its
// sandbox, consent and trust state, and why it will not run (a code: the CLI words it).

/** One connector server as the effective set shows it: rendered, sandboxed, and why it would not run. */
export function explainConnectorServer(
  c: ConnectorInput,
  server: string,
  spec: ServerSpec,
  name: string,
  secrets: Set<string>,
): ExplainedServer {
  const origin: Origin = {
    kind: "connector",
    file: c.file,
    connector: c.name,
    marketplace: c.marketplace,
    version: c.version,
  };
  const base = {
    name,
    sourceName: server,
    origin,
    ...(c.permissions ? { sandbox: connectorSandbox(c, withDefaults(c.tokenSchema, c.credentials)) } : {}),
  };
  const credentials = withDefaults(c.tokenSchema, c.credentials);
  const secretNames = secretKeys(c.tokenSchema);
  const ref = c.marketplace === "default" ? c.name : key(c);

  for (const v of secretStrings(c.tokenSchema, credentials)) secrets.add(v);

  const required = (c.tokenSchema?.required ?? []).filter((k) => credentials[k] === undefined).sort();
  let rendered: RenderResult;
  try {
    rendered =
      required.length > 0
        ? { status: "needs-credentials", missing: required }
        : renderServers({ [server]: spec }, credentials, c.pluginRoot, secretNames);
  } catch (error) {
    // A template the validator rejects (a package older than a rule): report it, never run it half-made.
    const message = error instanceof Error ? error.message : String(error);
    return {
      ...base,
      status: "disabled",
      server: spec,
      why: { code: "render-failed", problem: message },
    };
  }
  let out: ExplainedServer;
  if (rendered.status === "ok") {
    const renderedSpec = rendered.servers[server] ?? spec;
    const found = [...rendered.secretValues, ...secretStrings(c.tokenSchema, credentials)];
    for (const v of found) secrets.add(v);
    // A URL that carries a secret is a secret as a whole (docs/package-format.md).
    if (isRemote(renderedSpec) && found.some((v) => v !== "" && renderedSpec.url.includes(v))) {
      secrets.add(renderedSpec.url);
    }
    out = { ...base, status: "active", server: renderedSpec };
  } else {
    out = {
      ...base,
      status: "needs-credentials",
      server: spec,
      missing: rendered.missing,
      why: { code: "needs-credentials", missing: rendered.missing, ref },
    };
  }
  const view = consentViewOf(c);
  if (!isRemote(spec) && "invalid" in view) {
    out.status = "disabled";
    out.why = { code: "sandbox-invalid", problem: view.invalid, ref };
  } else if (
    !isRemote(spec) &&
    c.acceptedPermissions !== undefined &&
    reachesFurther(c.acceptedPermissions, "view" in view ? view.view : undefined)
  ) {
    out.status = "needs-consent";
    out.why = {
      code: "needs-consent",
      connector: c.name,
      version: c.version,
      ref,
      marketplace: c.marketplace,
    };
  }
  if (!c.enabled) {
    out.status = "disabled";
    out.why = { code: "connector-disabled", connector: key(c), ref };
  }
  return out;
}

/** What the user consents to for a connector (credential defaults filled, cleaned), or why it has none. */
export function consentViewOf(c: ConnectorInput): { view: Permissions | undefined } | { invalid: string } {
  if (!c.permissions) return { view: undefined };
  try {
    return { view: consentView(c.permissions, c.tokenSchema) };
  } catch (error) {
    return { invalid: (error as Error).message };
  }
}

/** A connector's sandbox: its permissions with credentials and PLUGIN_ROOT filled (HOME at launch). */
export function connectorSandbox(c: ConnectorInput, credentials: Credentials): SandboxRequest {
  const values: Record<string, string> = { PLUGIN_ROOT: c.pluginRoot, HOME: "${HOME}" };
  for (const [k, v] of Object.entries(credentials)) values[k] = String(v);
  let permissions = c.permissions as Permissions;
  try {
    permissions = renderPermissions(permissions, values);
  } catch {
    // A credential still missing: the server is needs-credentials, and the sandbox refuses it anyway.
  }
  return { permissions, pluginRoot: c.pluginRoot, connector: key(c) };
}

/** Stored values with the schema's defaults filled in (defaults may be newer than the stored values). */
export function withDefaults(schema: TokenSchema | undefined, values: Credentials): Credentials {
  const out: Credentials = {};
  for (const [k, p] of Object.entries(schema?.properties ?? {})) {
    const v = values[k] ?? p.default;
    if (v !== undefined) out[k] = v;
  }
  return out;
}

// Local rather than from credentials.ts: that module compiles ajv on import, and `connectory config`
// must stay fast without it.
export function secretKeys(schema: TokenSchema | undefined): string[] {
  return Object.entries(schema?.properties ?? {})
    .filter(([, p]) => p.secret === true)
    .map(([k]) => k);
}

export function secretStrings(schema: TokenSchema | undefined, values: Credentials): string[] {
  return secretKeys(schema)
    .map((k) => values[k])
    .filter((v): v is string | number | boolean => v !== undefined)
    .map(String);
}

/** `name@marketplace`: how a connector is named in messages. */
export function key(c: { name: string; marketplace: string }): string {
  return `${c.name}@${c.marketplace}`;
}
