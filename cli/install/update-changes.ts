import type { InstallablePackage } from "./cached-package.js";
import { credentialKeys } from "../../src/core/sandbox/grant-paths.js";
import type { Credentials, ServerSpec } from "../../src/core/types.js";
import { say } from "../terminal/language.js";

/** What an update changes in one server's launch spec (templates unrendered: no secrets). */
export interface ServerChange {
  server: string;
  change: "added" | "removed" | "changed";
  fields: Array<{ field: string; before?: unknown; after?: unknown }>;
}

/** Everything an update changes that a user should see before it applies. */
export interface UpdateChanges {
  servers: ServerChange[];
  /** Required credentials the new version needs that are not stored. */
  newCredentials: string[];
  /** Optional credentials the new version adds. */
  newOptional: string[];
  /** Credentials the new version no longer declares (dropped from the store). */
  droppedCredentials: string[];
  /** Credentials a sandbox grant path uses whose default changed: a permission change (grant-paths.ts). */
  grantDefaults: Array<{ key: string; before?: unknown; after?: unknown }>;
  /** A launch spec was added or changed, new credentials are required, or a grant's default changed: ask. */
  needsConsent: boolean;
}

const LAUNCH_FIELDS = ["type", "command", "args", "env", "cwd", "url", "headers"] as const;

/** Compares the installed package with the new one; `before` is undefined when the cache is gone. */
export function diffPackages(
  before: InstallablePackage | undefined,
  after: InstallablePackage,
  stored: Credentials | undefined,
): UpdateChanges {
  const servers: ServerChange[] = [];
  const old = before?.servers ?? {};
  for (const [name, spec] of Object.entries(after.servers)) {
    const prev = old[name];
    if (!prev) {
      servers.push({
        server: name,
        change: "added",
        fields: launchFields(spec).map(([field, v]) => ({ field, after: v })),
      });
      continue;
    }
    const fields = LAUNCH_FIELDS.filter(
      (f) => JSON.stringify(field(prev, f)) !== JSON.stringify(field(spec, f)),
    ).map((f) => ({
      field: f,
      before: field(prev, f),
      after: field(spec, f),
    }));
    if (fields.length) servers.push({ server: name, change: "changed", fields });
  }
  for (const name of Object.keys(old)) {
    if (!Object.hasOwn(after.servers, name)) servers.push({ server: name, change: "removed", fields: [] });
  }
  const have = new Set(Object.keys(stored ?? {}));
  const oldKeys = new Set(Object.keys(before?.tokenSchema?.properties ?? {}));
  const newKeys = Object.keys(after.tokenSchema?.properties ?? {});
  const required = new Set(after.tokenSchema?.required ?? []);
  const newCredentials = newKeys.filter(
    (k) => required.has(k) && !have.has(k) && after.tokenSchema?.properties[k]?.default === undefined,
  );
  const newOptional = newKeys.filter((k) => !required.has(k) && !oldKeys.has(k));
  const droppedCredentials = [...have].filter((k) => !newKeys.includes(k)).sort();
  const launchChanged = servers.some((s) => s.change !== "removed");
  const grantKeys = new Set(
    (after.manifest.permissions?.filesystem ?? []).flatMap((g) => credentialKeys(g.path)),
  );
  const grantDefaults = [...grantKeys]
    .map((key) => ({
      key,
      before: before?.tokenSchema?.properties[key]?.default,
      after: after.tokenSchema?.properties[key]?.default,
    }))
    .filter((d) => before !== undefined && JSON.stringify(d.before) !== JSON.stringify(d.after));
  return {
    servers,
    newCredentials,
    newOptional,
    droppedCredentials,
    grantDefaults,
    needsConsent: launchChanged || newCredentials.length > 0 || grantDefaults.length > 0,
  };
}

/** Human lines describing the changes (indented under the connector's heading). */
export function describeChanges(c: UpdateChanges): string[] {
  const lines: string[] = [];
  const show = (v: unknown) =>
    v === undefined ? say("update.none") : typeof v === "string" ? v : JSON.stringify(v);
  for (const s of c.servers) {
    lines.push(say("update.server-change", { server: s.server, change: s.change }));
    for (const f of s.fields) {
      if (s.change === "added") lines.push(`    ${f.field}: ${show(f.after)}`);
      else lines.push(`    ${f.field}: ${show(f.before)} → ${show(f.after)}`);
    }
  }
  if (c.newCredentials.length) lines.push(say("update.new-required", { keys: c.newCredentials.join(", ") }));
  if (c.newOptional.length) lines.push(say("update.new-optional", { keys: c.newOptional.join(", ") }));
  for (const d of c.grantDefaults)
    lines.push(say("update.grant-default", { key: d.key, before: show(d.before), after: show(d.after) }));
  if (c.droppedCredentials.length)
    lines.push(say("update.dropped", { keys: c.droppedCredentials.join(", ") }));
  if (lines.length === 0) lines.push(say("update.no-change"));
  return lines;
}

function field(spec: ServerSpec, name: (typeof LAUNCH_FIELDS)[number]): unknown {
  const value = (spec as unknown as Record<string, unknown>)[name];
  if (name === "type" && value === undefined && "command" in spec) return "stdio";
  return value;
}

function launchFields(spec: ServerSpec): Array<[string, unknown]> {
  return LAUNCH_FIELDS.map((f) => [f, field(spec, f)] as [string, unknown]).filter(
    ([, v]) => v !== undefined,
  );
}
