import path from "node:path";
import type { HostId } from "../../src/core/hosts/types.js";

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

/** Claude Desktop's MSIX package folder name (the default Windows install since 2026). */
export const CLAUDE_MSIX_PACKAGE = "Claude_pzs8sxrjxfjjc";

/**
 * Candidate config files of a host for a scope, most preferred first (Claude Desktop on Windows has
 * two: the MSIX-virtualized one and the classic %APPDATA% one). Empty: the host has no such file.
 */
export function hostPathCandidates(host: HostId, scope: HostScope, w: PathWorld): string[] {
  const p = w.platform === "win32" ? path.win32 : path.posix;
  const env = (name: string) => (w.env[name] && w.env[name] !== "" ? w.env[name] : undefined);
  const appData = env("APPDATA") ?? p.join(w.homedir, "AppData", "Roaming");
  const localAppData = env("LOCALAPPDATA") ?? p.join(w.homedir, "AppData", "Local");
  const xdg = env("XDG_CONFIG_HOME") ?? p.join(w.homedir, ".config");
  // Electron apps (Claude Desktop, VS Code) keep their data in the OS's per-app folder.
  const appDir = (name: string) =>
    w.platform === "win32"
      ? p.join(appData, name)
      : w.platform === "darwin"
        ? p.join(w.homedir, "Library", "Application Support", name)
        : p.join(xdg, name);
  const vscodeUser = p.join(appDir("Code"), "User");
  const project = (...parts: string[]) => (scope === "project" ? [p.join(w.cwd, ...parts)] : []);
  const user = (...files: string[]) => (scope === "user" ? files : []);

  switch (host) {
    case "claude-desktop": {
      const file = "claude_desktop_config.json";
      if (w.platform !== "win32") return user(p.join(appDir("Claude"), file));
      const msix = p.join(
        localAppData,
        "Packages",
        CLAUDE_MSIX_PACKAGE,
        "LocalCache",
        "Roaming",
        "Claude",
        file,
      );
      return user(msix, p.join(appData, "Claude", file));
    }
    case "claude-code":
      return [
        ...user(p.join(env("CLAUDE_CONFIG_DIR") ?? w.homedir, ".claude.json")),
        ...project(".mcp.json"),
      ];
    case "cursor":
      return [...user(p.join(w.homedir, ".cursor", "mcp.json")), ...project(".cursor", "mcp.json")];
    case "vscode":
      return [...user(p.join(vscodeUser, "mcp.json")), ...project(".vscode", "mcp.json")];
    case "windsurf":
      return user(p.join(w.homedir, ".codeium", "windsurf", "mcp_config.json"));
    case "cline":
      return user(
        p.join(vscodeUser, "globalStorage", "saoudrizwan.claude-dev", "settings", "cline_mcp_settings.json"),
      );
    case "roo-code":
      return [
        ...user(
          p.join(vscodeUser, "globalStorage", "rooveterinaryinc.roo-cline", "settings", "mcp_settings.json"),
        ),
        ...project(".roo", "mcp.json"),
      ];
    case "zed": {
      const dir = w.platform === "win32" ? p.join(appData, "Zed") : p.join(xdg, "zed");
      return [...user(p.join(dir, "settings.json")), ...project(".zed", "settings.json")];
    }
    case "codex":
      return [
        ...user(p.join(env("CODEX_HOME") ?? p.join(w.homedir, ".codex"), "config.toml")),
        ...project(".codex", "config.toml"),
      ];
    case "gemini-cli":
      return [...user(p.join(w.homedir, ".gemini", "settings.json")), ...project(".gemini", "settings.json")];
    case "goose": {
      const dir = w.platform === "win32" ? p.join(appData, "Block", "goose", "config") : p.join(xdg, "goose");
      return user(p.join(dir, "config.yaml"));
    }
    case "cherry-studio":
      return [];
    case "workbuddy":
      return [...user(p.join(w.homedir, ".workbuddy", "mcp.json")), ...project(".workbuddy", "mcp.json")];
    case "qoder":
      return user(p.join(appDir("Qoder"), "SharedClientCache", "mcp.json"));
    case "trae":
      return [...user(p.join(appDir("Trae"), "User", "mcp.json")), ...project(".trae", "mcp.json")];
    case "kiro":
      return [
        ...user(p.join(w.homedir, ".kiro", "settings", "mcp.json")),
        ...project(".kiro", "settings", "mcp.json"),
      ];
    case "lm-studio":
      return user(p.join(w.homedir, ".lmstudio", "mcp.json"));
    case "opencode": {
      // OpenCode reads $XDG_CONFIG_HOME/opencode (~/.config/opencode) on every OS.
      const dir = p.join(env("XDG_CONFIG_HOME") ?? p.join(w.homedir, ".config"), "opencode");
      return [
        ...user(p.join(dir, "opencode.json"), p.join(dir, "opencode.jsonc")),
        ...project("opencode.json"),
        ...project("opencode.jsonc"),
      ];
    }
    case "warp":
      return [...user(p.join(w.homedir, ".warp", ".mcp.json")), ...project(".warp", ".mcp.json")];
    case "amp": {
      const dir = w.platform === "win32" ? p.join(w.homedir, ".config", "amp") : p.join(xdg, "amp");
      return [
        ...user(p.join(dir, "settings.json"), p.join(dir, "settings.jsonc")),
        ...project(".amp", "settings.json"),
      ];
    }
    case "junie":
      return [
        ...user(p.join(w.homedir, ".junie", "mcp", "mcp.json")),
        ...project(".junie", "mcp", "mcp.json"),
      ];
  }
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
