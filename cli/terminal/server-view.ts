import type { Origin } from "../../src/core/merge.js";
import { redactServer } from "../../src/core/merge/redact.js";
import { isRemote, type ServerSpec } from "../../src/core/types.js";
import { say } from "./language.js";

/** The server as it may be shown: secrets as `***` unless the user asked to see them. */
export function visibleServer(
  spec: ServerSpec,
  secretValues: readonly string[],
  showSecrets: boolean,
): ServerSpec {
  return showSecrets ? spec : redactServer(spec, secretValues);
}

/** One line saying what runs: `stdio node /x/index.js --flag` or `streamable-http https://…`. */
export function launchLine(spec: ServerSpec): string {
  if (isRemote(spec)) return `${spec.type} ${spec.url}`;
  return ["stdio", spec.command, ...(spec.args ?? [])].map(quote).join(" ");
}

/** Where a server comes from, short: `tushare@default 1.0.0` or `mcp.json (hand-written)`. */
export function originLabel(origin: Origin): string {
  if (origin.kind === "manual") return say("config.origin-manual");
  return `${origin.connector}@${origin.marketplace} ${origin.version}`;
}

function quote(word: string): string {
  return word === "" || /[\s"'\\$`]/.test(word) ? JSON.stringify(word) : word;
}
