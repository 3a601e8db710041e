import { isRemote, type ServerSpec } from "../types.js";

const RUNNERS = new Set(["npx", "uvx", "bunx", "pnpx", "pipx", "docker"]);

/** What identifies a launch: a remote server's origin and path, or the package a runner starts. */
export function launchIdentity(spec: ServerSpec): string | undefined {
  if (isRemote(spec)) {
    if (!URL.canParse(spec.url.replace(/\$\{[^}]*\}/g, "x"))) return undefined;
    const url = new URL(spec.url.replace(/\$\{[^}]*\}/g, "x"));
    return `url:${url.host}${url.pathname.replace(/\/+$/, "")}`.toLowerCase();
  }
  const command = spec.command
    .split(/[\\/]/)
    .pop()!
    .replace(/\.(exe|cmd)$/i, "");
  if (!RUNNERS.has(command)) return undefined;
  const args = (spec.args ?? []).filter((a) => a !== "run" && a !== "dlx");
  const target = args.find((a) => !a.startsWith("-"));
  if (!target || target.includes("${")) return undefined;
  // `@scope/pkg@1.2.3` and `pkg@latest` name the same package as `@scope/pkg` and `pkg`.
  const at = target.lastIndexOf("@");
  const pkg = at > 0 ? target.slice(0, at) : target;
  return `${command === "docker" ? "image" : "pkg"}:${pkg.replace(/:[^/]*$/, "")}`.toLowerCase();
}

/** True when an imported server launches what a connector's server template does. */
export function launchMatches(imported: ServerSpec, template: ServerSpec): boolean {
  const a = launchIdentity(imported);
  return a !== undefined && a === launchIdentity(template);
}
