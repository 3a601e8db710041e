import path from "node:path";
import { HOSTS, type HostId } from "../../src/core/hosts/index.js";
import type { HostPath, PathBase } from "../../src/core/hosts/types.js";

export type HostScope = "user" | "project";

/** The world a host path depends on; passed in so every OS layout is testable anywhere. */
export interface PathWorld {
  platform: NodeJS.Platform;
  env: Record<string, string | undefined>;
  /** The user's home folder (os.homedir()). */
  homedir: string;
  /** The project folder for `--scope project`. */
  cwd: string;
}

/**
 * Candidate config files of a host for a scope, most preferred first (Claude Desktop on Windows has
 * two: the MSIX-virtualized one and the classic %APPDATA% one), from the adapter's `configFiles`.
 * Empty: the host has no such file.
 */
export function hostPathCandidates(host: HostId, scope: HostScope, w: PathWorld): string[] {
  const p = w.platform === "win32" ? path.win32 : path.posix;
  const files = HOSTS[host].configFiles;
  if (scope === "project") return (files.project ?? []).map((segments) => p.join(w.cwd, ...segments));
  const user = (w.platform === "win32" ? files.userOnWindows : undefined) ?? files.user ?? [];
  return user.map((file) => resolveHostPath(file, w));
}

/** A path of an adapter's `configFiles` on this machine (see `PathBase`). */
function resolveHostPath([base, ...segments]: HostPath, w: PathWorld): string {
  const p = w.platform === "win32" ? path.win32 : path.posix;
  const env = (name: string) => (w.env[name] && w.env[name] !== "" ? w.env[name] : undefined);
  const folder = (b: PathBase): string => {
    switch (b) {
      case "home":
        return w.homedir;
      case "config":
        return env("XDG_CONFIG_HOME") ?? p.join(w.homedir, ".config");
      case "appData":
        return env("APPDATA") ?? p.join(w.homedir, "AppData", "Roaming");
      case "localAppData":
        return env("LOCALAPPDATA") ?? p.join(w.homedir, "AppData", "Local");
      case "app":
        // Electron apps (Claude Desktop, VS Code) keep their data in the OS's per-app folder.
        if (w.platform === "win32") return folder("appData");
        if (w.platform === "darwin") return p.join(w.homedir, "Library", "Application Support");
        return folder("config");
      default:
        return env(b.env) ?? resolveHostPath(b.else, w);
    }
  };
  return p.join(folder(base), ...segments);
}

/**
 * Picks the file to edit: the first candidate whose file exists, else the first whose folder
 * exists (the app is installed), else the first. `exists` is injected to keep this testable.
 */
export function chooseHostPath(
  candidates: readonly string[],
  exists: (p: string) => boolean,
): string | undefined {
  return (
    candidates.find((c) => exists(c)) ?? candidates.find((c) => exists(path.dirname(c))) ?? candidates[0]
  );
}
