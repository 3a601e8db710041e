import type { Manifest } from "../../src/core/project/manifest.js";
import type { ToolRules } from "../../src/core/tools/tool-rules.js";
import { readToolRules, updateServerRules } from "../home/tool-rules-store.js";
import { sayBoth, type SaidBoth } from "../terminal/language.js";

/** The rules as tool-rules.json keeps them: lists present only when non-empty. */
function normal(rules: { allow?: string[]; deny?: string[] } | undefined): ToolRules | undefined {
  const out: ToolRules = {};
  if (rules?.allow?.length) out.allow = [...rules.allow];
  if (rules?.deny?.length) out.deny = [...rules.deny];
  return out.allow || out.deny ? out : undefined;
}

const same = (a: ToolRules | undefined, b: ToolRules | undefined) =>
  JSON.stringify(normal(a) ?? null) === JSON.stringify(normal(b) ?? null);

/**
 * The servers whose tool rules in this home differ from the manifest's `tools` (what `sync` sets and
 * `sync --check` reports). Only the servers the manifest names: other rules are each user's own.
 */
export async function toolRulesDrift(home: string, manifest: Manifest): Promise<string[]> {
  const { servers } = await readToolRules(home);
  return Object.keys(manifest.tools).filter(
    (server) => !same(Object.hasOwn(servers, server) ? servers[server] : undefined, manifest.tools[server]),
  );
}

/**
 * Sets the manifest's tool rules in this home (as `tools allow|deny` would, replacing that server's
 * own rules: the team's agreement wins for the project's servers). Returns the servers changed and a
 * note for each rule that names no server of the project.
 */
export async function applyProjectToolRules(
  home: string,
  manifest: Manifest,
  projectServers: readonly string[],
): Promise<{ changed: string[]; notes: SaidBoth[] }> {
  const notes = Object.keys(manifest.tools)
    .filter((s) => !projectServers.includes(s))
    .map((server) => sayBoth((t) => t("sync.note-tool-rules", { server })));
  const changed = await toolRulesDrift(home, manifest);
  for (const server of changed) await updateServerRules(home, server, () => normal(manifest.tools[server]));
  return { changed, notes };
}
