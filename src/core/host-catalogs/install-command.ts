import type { VersionContent } from "../api/documents.js";
import type { HostId } from "../hosts/index.js";
import { isRemote } from "../types.js";
import { npmTarballUrl } from "./npm-packument.js";

/** A host's own one-line install of a connector version (its plugin or extension), with what to know. */
export interface NativeInstall {
  command: string;
  notes: string[];
}

/** The Codex marketplace inside each host package (`.agents/plugins/marketplace.json`): one per connector. */
export function codexMarketplaceName(name: string): string {
  return `connectory-${name}`;
}

/**
 * The one-line native install of name@version for the hosts that install plugins or extensions
 * (docs/hosts.md, "Native installs"); undefined for the others, which take the config snippet.
 */
export function nativeInstall(
  host: HostId,
  input: {
    name: string;
    version: string;
    publicUrl: string;
    marketplace: string;
    content: Pick<VersionContent, "manifest" | "mcp">;
  },
): NativeInstall | undefined {
  const { name, version, publicUrl } = input;
  const tarball = npmTarballUrl(publicUrl, name, version);
  const fetchInto = (dir: string) =>
    `mkdir -p ${dir} && curl -fsSL ${tarball} | tar xz -C ${dir} --strip-components=1`;
  let command: string;
  if (host === "claude-code")
    command = `claude plugin marketplace add ${publicUrl}/.claude-plugin/marketplace.json && claude plugin install ${name}@${input.marketplace}`;
  else if (host === "codex")
    command = `${fetchInto(`~/.codex/connectory/${name}`)} && codex plugin marketplace add ~/.codex/connectory/${name} && codex plugin add ${name}@${codexMarketplaceName(name)}`;
  else if (host === "gemini-cli") {
    const dir = `"\${TMPDIR:-/tmp}/${name}-${version}"`;
    command = `${fetchInto(dir)} && gemini extensions install ${dir}`;
  } else if (host === "cursor") command = fetchInto(`~/.cursor/plugins/local/${name}`);
  else return undefined;
  const notes: string[] = [];
  const local = Object.values(input.content.mcp.mcpServers).some((s) => !isRemote(s));
  if (input.content.manifest.permissions && local)
    notes.push(
      `${name} declares sandbox permissions; installed this way its local servers run in that sandbox through \`connectory run\` when connectory is on PATH; where it is not, they run unconfined (the host does not sandbox them; a line on the server's stderr says so). Install connectory (or the connector with \`connectory install ${name}\`) to keep them sandboxed.`,
    );
  if (host === "claude-code" && publicUrl.startsWith("http:"))
    notes.push(
      "Claude Code fetches npm plugins only from an https registry or your default npm registry (`npm config set registry " +
        `${publicUrl}/npm/\`).`,
    );
  if (host === "cursor")
    notes.push("Cursor's local plugin folder is documented by third parties only (unconfirmed).");
  return { command, notes };
}
