import type { QualityItem } from "./types.js";
import type { ShownVersion } from "./input.js";
import { item } from "./item.js";

/** A README counts as "of substance" from this many words of prose (headings, code and links aside). */
export const README_MIN_WORDS = 60;

/** The package group: what the shown version's files declare (docs/quality.md, "package"). */
export function packageItems(shown: ShownVersion | undefined): QualityItem[] {
  const c = shown?.content;
  const m = c?.manifest;
  const none = "there is no published version that is not yanked";
  const words = c?.readme !== undefined ? proseWords(c.readme) : 0;
  const credentials = Object.entries(c?.tokenSchema?.properties ?? {});
  const undocumented = credentials.filter(([, p]) => !p.description?.trim()).map(([k]) => k);
  const warnings = shown?.warnings;
  const skillWarnings = (warnings ?? []).filter((w) => w.startsWith("skill"));
  const perms = m?.permissions;
  return [
    item("package.readme", 8, words >= README_MIN_WORDS, {
      pass: `README.md has ${words} words of prose`,
      fail: !c
        ? none
        : c.readme === undefined
          ? "the package has no README.md"
          : `README.md has ${words} words of prose (fewer than ${README_MIN_WORDS})`,
      fix: "write a README.md that says what the connector does, what it needs and an example",
    }),
    item("package.license", 4, Boolean(m?.license), {
      pass: `license ${m?.license}`,
      fail: c ? "plugin.json declares no license" : none,
      fix: 'set "license" in plugin.json (an SPDX id such as "MIT")',
    }),
    item("package.source", 4, Boolean(m?.repository || m?.homepage), {
      pass: m?.repository ? `repository ${m.repository}` : `homepage ${m?.homepage}`,
      fail: c ? "plugin.json names neither a repository nor a homepage" : none,
      fix: 'set "repository" (or "homepage") in plugin.json',
    }),
    item("package.icon", 2, Boolean(c?.icon), {
      pass: `icon ${c?.icon?.path}`,
      fail: c ? "the package has no icon" : none,
      fix: 'add icon.png (or set "icon" in plugin.json)',
    }),
    item("package.credentials", 4, Boolean(c) && undocumented.length === 0, {
      pass:
        credentials.length === 0
          ? "needs no credentials"
          : `all ${credentials.length} credential(s) have a description`,
      fail: c ? `token-schema.json: no description for ${undocumented.slice(0, 5).join(", ")}` : none,
      fix: 'give every property of token-schema.json a "description" saying where to get it',
    }),
    item("package.skills", 3, (c?.skills.length ?? 0) > 0 && skillWarnings.length === 0, {
      pass: `${c?.skills.length} skill(s)`,
      fail: !c
        ? none
        : c.skills.length === 0
          ? "the package has no skills"
          : `the skills have ${skillWarnings.length} validation warning(s)`,
      fix: "add a skills/<name>/SKILL.md that shows an agent how to use the tools (`connectory validate`)",
    }),
    item("package.tools", 5, (shown?.toolCount ?? 0) > 0, {
      pass: `${shown?.toolCount} tool(s) reported`,
      fail: !c
        ? none
        : shown?.toolCount === undefined
          ? "no tools were reported for this version"
          : "the tools report lists no tools",
      fix: "publish with `connectory publish --with-tools`, so people see the tools before installing",
    }),
    item("package.categories", 3, (m?.categories?.length ?? 0) > 0, {
      pass: `categories ${m?.categories?.join(", ")}`,
      fail: c ? "plugin.json declares no categories" : none,
      fix: 'set "categories" in plugin.json (see docs/package-format.md)',
    }),
    item("package.warnings", 4, warnings !== undefined && warnings.length === 0, {
      pass: "validation found no warnings",
      fail: !c
        ? none
        : warnings === undefined
          ? "published before validation warnings were kept: publish a new version"
          : `validation found ${warnings.length} warning(s): ${[...new Set(warnings)].slice(0, 3).join(", ")}`,
      fix: "run `connectory validate <dir>`, fix every warning, publish again",
    }),
    item("package.permissions", 3, perms !== undefined, {
      pass: "plugin.json declares the permissions of its local servers",
      fail: c ? "plugin.json declares no permissions (its servers may reach anything)" : none,
      fix: 'declare "permissions" in plugin.json (network hosts, paths; see docs/package-format.md)',
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
