import { isRemote } from "../types.js";
import type { QualityItem } from "./types.js";
import type { ShownVersion } from "./input.js";
import { item, notApplicable } from "./item.js";
import { phrase } from "./words.js";

/** A README counts as "of substance" from this many words of prose (headings, code and links aside). */
export const README_MIN_WORDS = 60;

/**
 * The package group: what the shown version's files declare (docs/quality.md, "package"). `checkedTools`
 * is what the registry's latest live check listed, so a missing report does not read as "no tools".
 */
export function packageItems(shown: ShownVersion | undefined, checkedTools?: number): QualityItem[] {
  const c = shown?.content;
  const m = c?.manifest;
  const none = phrase("none");
  const words = c?.readme !== undefined ? proseWords(c.readme) : 0;
  const credentials = Object.entries(c?.tokenSchema?.properties ?? {});
  const undocumented = credentials.filter(([, p]) => !p.description?.trim()).map(([k]) => k);
  const warnings = shown?.warnings;
  const skillWarnings = (warnings ?? []).filter((w) => w.startsWith("skill"));
  const perms = m?.permissions;
  const servers = Object.values(c?.mcp.mcpServers ?? {});
  // Without a shown version nothing is known: the items fail as before.
  const hasServers = !c || servers.length > 0;
  const hasLocal = !c || servers.some((s) => !isRemote(s));
  return [
    item("package.readme", 8, words >= README_MIN_WORDS, {
      pass: phrase("readme.pass", { words }),
      fail: !c
        ? none
        : c.readme === undefined
          ? phrase("readme.missing")
          : phrase("readme.short", { words, min: README_MIN_WORDS }),
      fix: phrase("readme.fix"),
    }),
    item("package.license", 4, Boolean(m?.license), {
      pass: phrase("license.pass", { license: m?.license ?? "" }),
      fail: c ? phrase("license.fail") : none,
      fix: phrase("license.fix"),
    }),
    item("package.source", 4, Boolean(m?.repository || m?.homepage), {
      pass: m?.repository
        ? phrase("source.repository", { url: m.repository })
        : phrase("source.homepage", { url: m?.homepage ?? "" }),
      fail: c ? phrase("source.fail") : none,
      fix: phrase("source.fix"),
    }),
    item("package.icon", 2, Boolean(c?.icon), {
      pass: phrase("icon.pass", { path: c?.icon?.path ?? "" }),
      fail: c ? phrase("icon.fail") : none,
      fix: phrase("icon.fix"),
    }),
    item("package.credentials", 4, Boolean(c) && undocumented.length === 0, {
      pass:
        credentials.length === 0
          ? phrase("credentials.none")
          : phrase("credentials.pass", { count: credentials.length }),
      fail: c ? phrase("credentials.fail", { keys: undocumented.slice(0, 5).join(", ") }) : none,
      fix: phrase("credentials.fix"),
    }),
    item("package.skills", 3, (c?.skills.length ?? 0) > 0 && skillWarnings.length === 0, {
      pass: phrase("skills.pass", { count: c?.skills.length ?? 0 }),
      fail: !c
        ? none
        : c.skills.length === 0
          ? phrase("skills.none")
          : phrase("skills.warnings", { count: skillWarnings.length }),
      fix: phrase("skills.fix"),
    }),
    !hasServers
      ? notApplicable("package.tools", 5, phrase("tools.skills-only"))
      : item("package.tools", 5, (shown?.toolCount ?? 0) > 0, {
          pass: phrase("tools.pass", { count: shown?.toolCount ?? 0 }),
          fail: !c
            ? none
            : shown?.toolCount === undefined
              ? checkedTools
                ? phrase("tools.unreported-checked", { count: checkedTools })
                : phrase("tools.unreported")
              : phrase("tools.empty"),
          fix: phrase("tools.fix"),
        }),
    item("package.categories", 3, (m?.categories?.length ?? 0) > 0, {
      pass: phrase("categories.pass", { categories: m?.categories?.join(", ") ?? "" }),
      fail: c ? phrase("categories.fail") : none,
      fix: phrase("categories.fix"),
    }),
    item("package.warnings", 4, warnings !== undefined && warnings.length === 0, {
      pass: phrase("warnings.pass"),
      fail: !c
        ? none
        : warnings === undefined
          ? phrase("warnings.unknown")
          : phrase("warnings.fail", {
              count: warnings.length,
              warnings: [...new Set(warnings)].slice(0, 3).join(", "),
            }),
      fix: phrase("warnings.fix"),
    }),
    !hasLocal
      ? notApplicable("package.permissions", 3, phrase("permissions.remote-only"))
      : item("package.permissions", 3, perms !== undefined, {
          pass: phrase("permissions.pass"),
          fail: c ? phrase("permissions.fail") : none,
          fix: phrase("permissions.fix"),
        }),
  ];
}

/** Words of prose in markdown: fenced code, inline code, link targets, HTML tags and headings left out. */
export function proseWords(markdown: string): number {
  const prose = markdown
    .slice(0, 200_000)
    .replace(/```[\s\S]*?(```|$)/g, " ")
    .replace(/`[^`\n]*`/g, " ")
    .replace(/\]\([^)\n]*\)/g, "]")
    .replace(/<[^>\n]*>/g, " ")
    .replace(/^\s{0,3}#{1,6}\s.*$/gm, " ");
  return (prose.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? []).length;
}
