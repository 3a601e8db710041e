import type { ProjectDrift } from "./project-drift.js";
import type { SyncReport } from "./sync-project.js";

/** The lines `sync`, `add`, `remove` and project `update` print for a sync. */
export function syncText(r: SyncReport): string {
  const lines: string[] = [];
  for (const c of r.connectors) {
    const was = c.previousVersion ? ` (was ${c.previousVersion})` : "";
    const state = c.status === "needs-credentials" ? `needs-credentials: ${c.missing.join(", ")}` : c.status;
    lines.push(
      `${c.action === "installed" ? "installed" : "unchanged"} ${c.name}@${c.version}${was} (${state})`,
    );
  }
  if (r.connectors.length === 0) lines.push("the project lists no connectors");
  for (const key of r.removed) lines.push(`removed ${key} (the lock no longer lists it)`);
  for (const h of r.hosts) lines.push(h.changed ? `wrote ${h.file}` : `${h.file} unchanged`);
  for (const h of r.hosts)
    for (const e of h.report.filter((e) => e.action === "user-edited" || e.action === "not-ours"))
      lines.push(`  ${h.file}: "${e.name}" is not the project's entry: left alone`);
  if (r.lockWritten) lines.push("wrote connectory.lock");
  for (const server of r.toolRules) lines.push(`set the tool rules of ${server} from connectory.json`);
  for (const key of r.guards) lines.push(`set the guard modes of ${key} from connectory.json`);
  for (const name of r.profiles) lines.push(`set the profile ${name} from connectory.json`);
  for (const key of r.grants) lines.push(`set the sandbox grants of ${key} from connectory.json`);
  const missing = r.connectors.filter((c) => c.status === "needs-credentials");
  if (missing.length > 0)
    lines.push(
      `to finish: connectory sync ${missing.flatMap((c) => c.missing.map((k) => `--config ${c.name}.${k}=…`)).join(" ")} (or run it on a terminal to be asked)`,
    );
  return lines.join("\n");
}

/** The lines of `sync --check`. */
export function driftText(d: ProjectDrift): string {
  const lines = d.drift.map((x) => `drift: ${x}`);
  for (const n of d.needsCredentials) lines.push(`${n.name} needs ${n.missing.join(", ")}`);
  lines.push(
    d.drift.length === 0 ? "this machine matches connectory.lock" : "run `connectory sync` to match the lock",
  );
  return lines.join("\n");
}
