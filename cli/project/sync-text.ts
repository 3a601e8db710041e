import type { ProjectDrift } from "./project-drift.js";
import type { SyncReport } from "./sync-project.js";
import { say } from "../terminal/language.js";

/** The lines `sync`, `add`, `remove` and project `update` print for a sync. */
export function syncText(r: SyncReport): string {
  const lines: string[] = [];
  for (const c of r.connectors) {
    const params = {
      name: c.name,
      version: c.version,
      was: c.previousVersion ? say("sync.was", { version: c.previousVersion }) : "",
      state: c.status === "needs-credentials" ? `needs-credentials: ${c.missing.join(", ")}` : c.status,
    };
    lines.push(say(c.action === "installed" ? "sync.installed" : "sync.unchanged", params));
  }
  if (r.connectors.length === 0) lines.push(say("sync.none"));
  for (const key of r.removed) lines.push(say("sync.removed", { key }));
  for (const h of r.hosts)
    lines.push(
      h.changed ? say("sync.wrote", { file: h.file }) : say("sync.file-unchanged", { file: h.file }),
    );
  for (const h of r.hosts)
    for (const e of h.report.filter((e) => e.action === "user-edited" || e.action === "not-ours"))
      lines.push(say("sync.not-ours", { file: h.file, name: e.name }));
  if (r.lockWritten) lines.push(say("sync.wrote-lock"));
  for (const server of r.toolRules) lines.push(say("sync.tool-rules", { server }));
  for (const key of r.guards) lines.push(say("sync.guards", { key }));
  for (const name of r.profiles) lines.push(say("sync.profile", { name }));
  for (const key of r.grants) lines.push(say("sync.grants", { key }));
  const missing = r.connectors.filter((c) => c.status === "needs-credentials");
  if (missing.length > 0) {
    const flags = missing.flatMap((c) => c.missing.map((k) => `--config ${c.name}.${k}=…`)).join(" ");
    lines.push(say("sync.to-finish", { flags }));
  }
  return lines.join("\n");
}

/** The lines of `sync --check`. */
export function driftText(d: ProjectDrift): string {
  const lines = d.drift.map((drift) => say("sync.drift", { drift }));
  for (const n of d.needsCredentials)
    lines.push(say("project.needs", { name: n.name, keys: n.missing.join(", ") }));
  lines.push(d.drift.length === 0 ? say("sync.matches") : say("sync.run-sync"));
  return lines.join("\n");
}
