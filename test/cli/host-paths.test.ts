import { describe, expect, it } from "vitest";
import { chooseHostPath, hostPathCandidates, type PathWorld } from "../../cli/hosts/host-paths.js";
import type { HostId } from "../../src/core/hosts/index.js";

const mac: PathWorld = { platform: "darwin", env: {}, homedir: "/Users/me", cwd: "/Users/me/app" };
const linux: PathWorld = { platform: "linux", env: {}, homedir: "/home/me", cwd: "/home/me/app" };
const win: PathWorld = {
  platform: "win32",
  env: { APPDATA: "C:\\Users\\me\\AppData\\Roaming", LOCALAPPDATA: "C:\\Users\\me\\AppData\\Local" },
  homedir: "C:\\Users\\me",
  cwd: "C:\\src\\app",
};

const USER: Array<[HostId, string, string, string[]]> = [
  [
    "claude-desktop",
    "/Users/me/Library/Application Support/Claude/claude_desktop_config.json",
    "/home/me/.config/Claude/claude_desktop_config.json",
    [
      "C:\\Users\\me\\AppData\\Local\\Packages\\Claude_pzs8sxrjxfjjc\\LocalCache\\Roaming\\Claude\\claude_desktop_config.json",
      "C:\\Users\\me\\AppData\\Roaming\\Claude\\claude_desktop_config.json",
    ],
  ],
  ["claude-code", "/Users/me/.claude.json", "/home/me/.claude.json", ["C:\\Users\\me\\.claude.json"]],
  ["cursor", "/Users/me/.cursor/mcp.json", "/home/me/.cursor/mcp.json", ["C:\\Users\\me\\.cursor\\mcp.json"]],
  [
    "vscode",
    "/Users/me/Library/Application Support/Code/User/mcp.json",
    "/home/me/.config/Code/User/mcp.json",
    ["C:\\Users\\me\\AppData\\Roaming\\Code\\User\\mcp.json"],
  ],
  [
    "windsurf",
    "/Users/me/.codeium/windsurf/mcp_config.json",
    "/home/me/.codeium/windsurf/mcp_config.json",
    ["C:\\Users\\me\\.codeium\\windsurf\\mcp_config.json"],
  ],
  [
    "cline",
    "/Users/me/Library/Application Support/Code/User/globalStorage/saoudrizwan.claude-dev/settings/cline_mcp_settings.json",
    "/home/me/.config/Code/User/globalStorage/saoudrizwan.claude-dev/settings/cline_mcp_settings.json",
    [
      "C:\\Users\\me\\AppData\\Roaming\\Code\\User\\globalStorage\\saoudrizwan.claude-dev\\settings\\cline_mcp_settings.json",
    ],
  ],
  [
    "roo-code",
    "/Users/me/Library/Application Support/Code/User/globalStorage/rooveterinaryinc.roo-cline/settings/mcp_settings.json",
    "/home/me/.config/Code/User/globalStorage/rooveterinaryinc.roo-cline/settings/mcp_settings.json",
    [
      "C:\\Users\\me\\AppData\\Roaming\\Code\\User\\globalStorage\\rooveterinaryinc.roo-cline\\settings\\mcp_settings.json",
    ],
  ],
  [
    "zed",
    "/Users/me/.config/zed/settings.json",
    "/home/me/.config/zed/settings.json",
    ["C:\\Users\\me\\AppData\\Roaming\\Zed\\settings.json"],
  ],
  [
    "codex",
    "/Users/me/.codex/config.toml",
    "/home/me/.codex/config.toml",
    ["C:\\Users\\me\\.codex\\config.toml"],
  ],
  [
    "gemini-cli",
    "/Users/me/.gemini/settings.json",
    "/home/me/.gemini/settings.json",
    ["C:\\Users\\me\\.gemini\\settings.json"],
  ],
  [
    "goose",
    "/Users/me/.config/goose/config.yaml",
    "/home/me/.config/goose/config.yaml",
    ["C:\\Users\\me\\AppData\\Roaming\\Block\\goose\\config\\config.yaml"],
  ],
  ["cherry-studio", "", "", []],
];

describe("hostPathCandidates (user scope)", () => {
  it.each(USER)("%s on macOS, Linux and Windows", (host, macPath, linuxPath, winPaths) => {
    expect(hostPathCandidates(host, "user", mac)).toEqual(macPath ? [macPath] : []);
    expect(hostPathCandidates(host, "user", linux)).toEqual(linuxPath ? [linuxPath] : []);
    expect(hostPathCandidates(host, "user", win)).toEqual(winPaths);
  });
});

// Hosts with several candidate files per OS (opencode.json / opencode.jsonc …), every OS as a list.
const MORE: Array<[HostId, string[], string[], string[]]> = [
  [
    "workbuddy",
    ["/Users/me/.workbuddy/mcp.json"],
    ["/home/me/.workbuddy/mcp.json"],
    ["C:\\Users\\me\\.workbuddy\\mcp.json"],
  ],
  [
    "qoder",
    ["/Users/me/Library/Application Support/Qoder/SharedClientCache/mcp.json"],
    ["/home/me/.config/Qoder/SharedClientCache/mcp.json"],
    ["C:\\Users\\me\\AppData\\Roaming\\Qoder\\SharedClientCache\\mcp.json"],
  ],
  [
    "trae",
    ["/Users/me/Library/Application Support/Trae/User/mcp.json"],
    ["/home/me/.config/Trae/User/mcp.json"],
    ["C:\\Users\\me\\AppData\\Roaming\\Trae\\User\\mcp.json"],
  ],
  [
    "kiro",
    ["/Users/me/.kiro/settings/mcp.json"],
    ["/home/me/.kiro/settings/mcp.json"],
    ["C:\\Users\\me\\.kiro\\settings\\mcp.json"],
  ],
  [
    "lm-studio",
    ["/Users/me/.lmstudio/mcp.json"],
    ["/home/me/.lmstudio/mcp.json"],
    ["C:\\Users\\me\\.lmstudio\\mcp.json"],
  ],
  [
    "opencode",
    ["/Users/me/.config/opencode/opencode.json", "/Users/me/.config/opencode/opencode.jsonc"],
    ["/home/me/.config/opencode/opencode.json", "/home/me/.config/opencode/opencode.jsonc"],
    ["C:\\Users\\me\\.config\\opencode\\opencode.json", "C:\\Users\\me\\.config\\opencode\\opencode.jsonc"],
  ],
  ["warp", ["/Users/me/.warp/.mcp.json"], ["/home/me/.warp/.mcp.json"], ["C:\\Users\\me\\.warp\\.mcp.json"]],
  [
    "amp",
    ["/Users/me/.config/amp/settings.json", "/Users/me/.config/amp/settings.jsonc"],
    ["/home/me/.config/amp/settings.json", "/home/me/.config/amp/settings.jsonc"],
    ["C:\\Users\\me\\.config\\amp\\settings.json", "C:\\Users\\me\\.config\\amp\\settings.jsonc"],
  ],
  [
    "junie",
    ["/Users/me/.junie/mcp/mcp.json"],
    ["/home/me/.junie/mcp/mcp.json"],
    ["C:\\Users\\me\\.junie\\mcp\\mcp.json"],
  ],
];

describe("hostPathCandidates (user scope, newer hosts)", () => {
  it.each(MORE)("%s on macOS, Linux and Windows", (host, macPaths, linuxPaths, winPaths) => {
    expect(hostPathCandidates(host, "user", mac)).toEqual(macPaths);
    expect(hostPathCandidates(host, "user", linux)).toEqual(linuxPaths);
    expect(hostPathCandidates(host, "user", win)).toEqual(winPaths);
  });
});

describe("hostPathCandidates (project scope)", () => {
  it.each([
    ["claude-code", "/home/me/app/.mcp.json"],
    ["cursor", "/home/me/app/.cursor/mcp.json"],
    ["vscode", "/home/me/app/.vscode/mcp.json"],
    ["roo-code", "/home/me/app/.roo/mcp.json"],
    ["zed", "/home/me/app/.zed/settings.json"],
    ["codex", "/home/me/app/.codex/config.toml"],
    ["gemini-cli", "/home/me/app/.gemini/settings.json"],
    ["workbuddy", "/home/me/app/.workbuddy/mcp.json"],
    ["trae", "/home/me/app/.trae/mcp.json"],
    ["kiro", "/home/me/app/.kiro/settings/mcp.json"],
    ["warp", "/home/me/app/.warp/.mcp.json"],
    ["amp", "/home/me/app/.amp/settings.json"],
    ["junie", "/home/me/app/.junie/mcp/mcp.json"],
  ] as Array<[HostId, string]>)("%s", (host, file) => {
    expect(hostPathCandidates(host, "project", linux)).toEqual([file]);
  });

  it("opencode: opencode.json, then opencode.jsonc, at the project root", () => {
    expect(hostPathCandidates("opencode", "project", linux)).toEqual([
      "/home/me/app/opencode.json",
      "/home/me/app/opencode.jsonc",
    ]);
  });

  it.each([
    "claude-desktop",
    "windsurf",
    "cline",
    "goose",
    "cherry-studio",
    "qoder",
    "lm-studio",
  ] as HostId[])("%s has none", (host) => {
    expect(hostPathCandidates(host, "project", linux)).toEqual([]);
  });
});

describe("environment overrides", () => {
  it("honours XDG_CONFIG_HOME, CODEX_HOME, CLAUDE_CONFIG_DIR and Windows defaults", () => {
    const xdg = {
      ...linux,
      env: { XDG_CONFIG_HOME: "/xdg", CODEX_HOME: "/codex", CLAUDE_CONFIG_DIR: "/claude" },
    };
    expect(hostPathCandidates("zed", "user", xdg)).toEqual(["/xdg/zed/settings.json"]);
    expect(hostPathCandidates("goose", "user", xdg)).toEqual(["/xdg/goose/config.yaml"]);
    expect(hostPathCandidates("codex", "user", xdg)).toEqual(["/codex/config.toml"]);
    expect(hostPathCandidates("opencode", "user", xdg)[0]).toBe("/xdg/opencode/opencode.json");
    expect(hostPathCandidates("amp", "user", xdg)[0]).toBe("/xdg/amp/settings.json");
    expect(hostPathCandidates("claude-code", "user", xdg)).toEqual(["/claude/.claude.json"]);
    expect(hostPathCandidates("vscode", "user", { ...win, env: {} })).toEqual([
      "C:\\Users\\me\\AppData\\Roaming\\Code\\User\\mcp.json",
    ]);
  });
});

describe("chooseHostPath", () => {
  const candidates = ["/msix/Claude/config.json", "/roaming/Claude/config.json"];
  it("prefers an existing file, then an existing folder, then the first", () => {
    expect(chooseHostPath(candidates, (p) => p === "/roaming/Claude/config.json")).toBe(
      "/roaming/Claude/config.json",
    );
    expect(chooseHostPath(candidates, (p) => p === "/roaming/Claude")).toBe("/roaming/Claude/config.json");
    expect(chooseHostPath(candidates, () => false)).toBe("/msix/Claude/config.json");
    expect(chooseHostPath([], () => true)).toBeUndefined();
  });
});
