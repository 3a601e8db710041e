import { ConnectoryError } from "../errors.js";
import { isRemote, type ServerSpec } from "../types.js";
import { amp } from "./amp.js";
import { cherryStudio } from "./cherry-studio.js";
import { claudeCode } from "./claude-code.js";
import { claudeDesktop } from "./claude-desktop.js";
import { cline } from "./cline.js";
import { codex } from "./codex.js";
import { cursor } from "./cursor.js";
import { geminiCli } from "./gemini-cli.js";
import { goose } from "./goose.js";
import { junie } from "./junie.js";
import { kiro } from "./kiro.js";
import { lmStudio } from "./lm-studio.js";
import { opencode } from "./opencode.js";
import { qoder } from "./qoder.js";
import { rooCode } from "./roo-code.js";
import { launcherServer, speaks } from "./shared.js";
import type { ExportMode, HostAdapter, HostEntry, Launcher } from "./types.js";
import { trae } from "./trae.js";
import { vscode } from "./vscode.js";
import { warp } from "./warp.js";
import { windsurf } from "./windsurf.js";
import { workbuddy } from "./workbuddy.js";
import { zed } from "./zed.js";

/**
 * The host table: every adapter, in the order hosts are listed everywhere (help, errors, web tabs).
 * A host is its adapter file plus its row here; the ids, the CLI's paths and completions and the skills
 * folders are read from it (test/core/hosts/host-table.test.ts).
 */
export const HOST_TABLE = [
  claudeDesktop,
  claudeCode,
  cursor,
  vscode,
  windsurf,
  cline,
  rooCode,
  zed,
  codex,
  geminiCli,
  cherryStudio,
  goose,
  workbuddy,
  qoder,
  trae,
  kiro,
  lmStudio,
  opencode,
  warp,
  amp,
  junie,
] as const;

/** Every MCP host Connectory can hand servers to. */
export type HostId = (typeof HOST_TABLE)[number]["id"];

/** The host ids, in table order. */
export const HOST_IDS: readonly HostId[] = HOST_TABLE.map((adapter) => adapter.id);

/** Every adapter by host id. */
export const HOSTS = Object.fromEntries(HOST_TABLE.map((adapter) => [adapter.id, adapter])) as Record<
  HostId,
  HostAdapter
>;

/** True when a name is a known host id. */
export function isHostId(name: string): name is HostId {
  return (HOST_IDS as readonly string[]).includes(name);
}

/** The adapter for a host name, or a usage error listing the known hosts. */
export function getHost(name: string): HostAdapter {
  if (isHostId(name)) return HOSTS[name];
  // The CLI words it in the run's language from these keys (the core names them, never the words).
  throw new ConnectoryError("host.unknown", `unknown host "${name}"`, {
    usage: true,
    hint: `known hosts: ${HOST_IDS.join(", ")}`,
    localized: {
      message: { key: "hosts.unknown", params: { name } },
      hint: { key: "hosts.known", params: { hosts: HOST_IDS.join(", ") } },
    },
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
  /** The servers that go through `connectory run` in inline mode, and why (the notes, by code). */
  routed: Array<{ server: string; why: "sandboxed" | "host-cannot-run" }>;
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
  const routed: ExportEntries["routed"] = [];
  for (const { name, server, secret, sandboxed } of servers) {
    if (mode === "launcher") {
      entries[name] = adapter.toEntry(name, launcherServer(launcher, name));
    } else if (sandboxed && !isRemote(server)) {
      // Written as is, the host would start it unconfined: its permissions would not hold.
      entries[name] = adapter.toEntry(name, launcherServer(launcher, name));
      notes.push(`${name}: it runs sandboxed to its permissions, so it goes through \`connectory run\``);
      routed.push({ server: name, why: "sandboxed" });
    } else if (!speaks(adapter, server)) {
      entries[name] = adapter.toEntry(name, launcherServer(launcher, name));
      notes.push(
        `${name}: ${adapter.displayName} cannot run it as written, so it goes through \`connectory run\``,
      );
      routed.push({ server: name, why: "host-cannot-run" });
    } else {
      entries[name] = adapter.toEntry(name, server);
      if (secret) secretsWritten.push(name);
    }
  }
  return { entries, secretsWritten, notes, routed };
}
