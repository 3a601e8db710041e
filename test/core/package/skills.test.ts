import { describe, expect, it } from "vitest";
import { validateSkills } from "../../../src/core/package/skills.js";
import { bytes, found } from "./fixtures.js";

const skillFiles = (entries: Record<string, string | Uint8Array>) =>
  new Map(Object.entries(entries).map(([k, v]) => [k, typeof v === "string" ? bytes(v) : v]));
const md = (front: string, body = "# Body\n") => `---\n${front}\n---\n${body}`;

describe("validateSkills", () => {
  it("reads name, description and body of each skill, CRLF too", () => {
    const { skills, problems } = validateSkills(
      skillFiles({
        "skills/a/SKILL.md": md("name: a\ndescription: Does A."),
        "skills/b/SKILL.md":
          "---\r\nname: b\r\ndescription: >\r\n  Does B,\r\n  folded.\r\nlicense: MIT\r\n---\r\nbody b",
        "skills/b/scripts/run.sh": "#!/bin/sh\n",
      }),
    );
    expect(problems).toEqual([]);
    expect(skills).toEqual([
      { name: "a", description: "Does A.", path: "skills/a/SKILL.md", body: "# Body\n" },
      { name: "b", description: "Does B, folded.\n", path: "skills/b/SKILL.md", body: "body b" },
    ]);
  });

  it("finds no skills in a package without skills/", () => {
    expect(validateSkills(skillFiles({ "README.md": "x" }))).toEqual({ skills: [], problems: [] });
  });

  it.each([
    ["no front matter", "# Just markdown\n", "skill.front-matter.missing skills/x/SKILL.md"],
    [
      "an unclosed front matter",
      "---\nname: x\ndescription: d\n# body",
      "skill.front-matter.missing skills/x/SKILL.md",
    ],
    [
      "a name differing from its folder",
      md("name: y\ndescription: d"),
      "skill.name.mismatch skills/x/SKILL.md/name",
    ],
    ["a name of another type", md("name: 7\ndescription: d"), "skill.name.mismatch skills/x/SKILL.md/name"],
    ["no name", md("description: d"), "skill.name.missing skills/x/SKILL.md/name"],
    ["no description", md("name: x"), "skill.description.missing skills/x/SKILL.md/description"],
    [
      "an empty description",
      md("name: x\ndescription: '  '"),
      "skill.description.missing skills/x/SKILL.md/description",
    ],
    [
      "a too-long description",
      md(`name: x\ndescription: ${"d".repeat(1025)}`),
      "skill.description.too-long skills/x/SKILL.md/description",
    ],
    ["invalid YAML", md("name: x\ndescription: [unclosed"), "skill.front-matter.invalid skills/x/SKILL.md"],
    [
      "duplicate YAML keys",
      md("name: x\nname: x\ndescription: d"),
      "skill.front-matter.invalid skills/x/SKILL.md",
    ],
    ["front matter that is a list", md("- name\n- x"), "skill.front-matter.invalid skills/x/SKILL.md"],
    ["empty front matter", "---\n---\nbody", "skill.front-matter.invalid skills/x/SKILL.md"],
  ])("reports %s", (_, text, expected) => {
    const { skills, problems } = validateSkills(skillFiles({ "skills/x/SKILL.md": text }));
    expect(found(problems)).toEqual([expected]);
    expect(skills).toEqual([]);
  });

  it("says which YAML line is wrong", () => {
    const { problems } = validateSkills(
      skillFiles({ "skills/x/SKILL.md": md("name: x\ndescription: d\n  bad: : indent") }),
    );
    expect(problems[0]!.message).toMatch(/not valid YAML \(line \d+\)/);
  });

  it("shows the front matter to add when it is missing", () => {
    const { problems } = validateSkills(skillFiles({ "skills/daily/SKILL.md": "# Daily" }));
    expect(problems[0]!.message).toContain("name: daily\ndescription:");
  });

  it("survives a YAML alias bomb", () => {
    const bomb = [
      "a: &a [x, x, x, x, x, x, x, x, x]",
      ...Array.from({ length: 9 }, (_, i) => {
        const prev = i === 0 ? "a" : `l${i - 1}`;
        return `l${i}: &l${i} [*${prev}, *${prev}, *${prev}, *${prev}, *${prev}, *${prev}, *${prev}, *${prev}, *${prev}]`;
      }),
      "name: x",
      "description: d",
    ].join("\n");
    const { problems } = validateSkills(skillFiles({ "skills/x/SKILL.md": md(bomb) }));
    expect(found(problems)).toEqual(["skill.front-matter.invalid skills/x/SKILL.md"]);
  });

  it.each([
    ["a folder without SKILL.md", { "skills/x/notes.md": "n" }, "skill.file.missing skills/x/SKILL.md"],
    [
      "a bad folder name",
      { "skills/Daily_Quotes/SKILL.md": md("name: Daily_Quotes\ndescription: d") },
      "skill.name.invalid skills/Daily_Quotes/SKILL.md",
    ],
    [
      "a double hyphen (Agent Skills spec)",
      { "skills/daily--quotes/SKILL.md": md("name: daily--quotes\ndescription: d") },
      "skill.name.invalid skills/daily--quotes/SKILL.md",
    ],
    [
      "a leading hyphen",
      { "skills/-daily/SKILL.md": md("name: -daily\ndescription: d") },
      "skill.name.invalid skills/-daily/SKILL.md",
    ],
    [
      "a name of 65 characters",
      { [`skills/${"a".repeat(65)}/SKILL.md`]: md(`name: ${"a".repeat(65)}\ndescription: d`) },
      `skill.name.invalid skills/${"a".repeat(65)}/SKILL.md`,
    ],
    [
      "a SKILL.md that is not UTF-8",
      { "skills/x/SKILL.md": new Uint8Array([0xff]) },
      "skill.encoding.invalid skills/x/SKILL.md",
    ],
  ])("reports %s", (_, entries, expected) => {
    expect(found(validateSkills(skillFiles(entries)).problems)).toEqual([expected]);
  });

  it("accepts the longest name and description the spec allows", () => {
    const name = "a-" + "b".repeat(62);
    const { skills, problems } = validateSkills(
      skillFiles({ [`skills/${name}/SKILL.md`]: md(`name: ${name}\ndescription: ${"d".repeat(1024)}`) }),
    );
    expect(problems).toEqual([]);
    expect(skills.map((s) => s.name)).toEqual([name]);
  });

  it("warns on a file directly under skills/", () => {
    const { problems } = validateSkills(skillFiles({ "skills/README.md": "x" }));
    expect(found(problems)).toEqual(["skill.path.invalid skills/README.md"]);
    expect(problems[0]!.severity).toBe("warning");
  });
});
