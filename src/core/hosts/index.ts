import { launchesOf } from "../launch/launches.js";
import { ConnectoryError } from "../errors.js";
import { isRemote, type ServerSpec } from "../types.js";
import { cherryStudio } from "./cherry-studio.js";
import { claudeCode } from "./claude-code.js";
import { claudeDesktop } from "./claude-desktop.js";
import { cline } from "./cline.js";
import { codex } from "./codex.js";
import { cursor } from "./cursor.js";
import { geminiCli } from "./gemini-cli.js";
import { goose } from "./goose.js";
import { rooCode } from "./roo-code.js";
import { genericSnippet, launcherServer, speaks } from "./shared.js";
import {
  HOST_IDS,
  type ExportMode,
  type HostAdapter,
  type HostEntry,
  type HostId,
  type Launcher,
  type Snippet,
  type SnippetContext,
} from "./types.js";
import { vscode } from "./vscode.js";
import { windsurf } from "./windsurf.js";
import { zed } from "./zed.js";
import { amp } from "./amp.js";
import { junie } from "./junie.js";
import { kiro } from "./kiro.js";
import { lmStudio } from "./lm-studio.js";
import { opencode } from "./opencode.js";
import { qoder } from "./qoder.js";
import { trae } from "./trae.js";
import { warp } from "./warp.js";
import { workbuddy } from "./workbuddy.js";

/** Every adapter by host id. */
export const HOSTS: Record<HostId, HostAdapter> = {
  "claude-desktop": claudeDesktop,
  "claude-code": claudeCode,
  cursor,
  vscode,
  windsurf,
  cline,
  "roo-code": rooCode,
  zed,
  codex,
  "gemini-cli": geminiCli,
  "cherry-studio": cherryStudio,
  goose,
  workbuddy,
  qoder,
  trae,
  kiro,
  "lm-studio": lmStudio,
  opencode,
  warp,
  amp,
  junie,
};

/** The adapter for a host name, or a usage error listing the known hosts. */
export function getHost(name: string): HostAdapter {
  if ((HOST_IDS as readonly string[]).includes(name)) return HOSTS[name as HostId];
  throw new ConnectoryError("host.unknown", `unknown host "${name}"`, {
    usage: true,
    hint: `known hosts: ${HOST_IDS.join(", ")}`,
  });
}

/** One server of the effective set, as `config export` hands it over. */
export interface ExportServer {
  name: string;
  /** Rendered: real values, possibly secrets. */
  server: ServerSpec;
  /** True when the rendered server holds a secret value. */
  secret: boolean;
  /** It runs in a sandbox (declared permissions): only `connectory run` can start it so. */
  sandboxed?: boolean;
}

/** The entries `config export` owns in a host file, and what the user should know about them. */
export interface ExportEntries {
  entries: Record<string, HostEntry>;
  /** Servers whose secrets are written into the host file (inline mode). */
  secretsWritten: string[];
  notes: string[];
}

/**
 * The host entries for a server set. Launcher mode: every server runs as `connectory run <name>`,
 * so no secret enters the file. Inline mode: rendered values, except what the host cannot speak
 * (e.g. remote servers in Claude Desktop), which still goes through the launcher.
 */
export function exportEntries(
  adapter: HostAdapter,
  servers: readonly ExportServer[],
  mode: ExportMode,
  launcher: Launcher,
): ExportEntries {
  const entries: Record<string, HostEntry> = {};
  const secretsWritten: string[] = [];
  const notes: string[] = [];
  for (const { name, server, secret, sandboxed } of servers) {
    if (mode === "launcher") {
      entries[name] = adapter.toEntry(name, launcherServer(launcher, name));
    } else if (sandboxed && !isRemote(server)) {
      // Written as is, the host would start it unconfined: its permissions would not hold.
      entries[name] = adapter.toEntry(name, launcherServer(launcher, name));
      notes.push(`${name}: it runs sandboxed to its permissions, so it goes through \`connectory run\``);
    } else if (!speaks(adapter, server)) {
      entries[name] = adapter.toEntry(name, launcherServer(launcher, name));
      notes.push(
        `${name}: ${adapter.displayName} cannot run it as written, so it goes through \`connectory run\``,
      );
    } else {
      entries[name] = adapter.toEntry(name, server);
      if (secret) secretsWritten.push(name);
    }
  }
  return { entries, secretsWritten, notes };
}

/** A pasteable snippet (plus deeplink where the host has one) for one server template; never holds a secret value. */
export function hostSnippet(
  adapter: HostAdapter,
  name: string,
  template: ServerSpec,
  ctx: SnippetContext,
): Snippet {
  // mcp.json 2 alternatives: a snippet knows the host, not the machine, so it takes the first launch the
  // host runs as written (else the first, through `connectory run`).
  const launches = launchesOf(template);
  const chosen = (launches.find((l) => speaks(adapter, l as ServerSpec)) ?? launches[0]!) as ServerSpec;
  return adapter.snippet ? adapter.snippet(name, chosen, ctx) : genericSnippet(adapter, name, chosen, ctx);
}
