import { describe, expect, it } from "vitest";
import { exportedSkillName } from "../../../src/core/hosts/exported-skill-name.js";
import { exportNameProblem, renameSkill } from "../../../src/core/hosts/skill-name.js";

describe("exported skill names", () => {
  it.each([
    ["tushare", "daily-quotes", "tushare-daily-quotes"],
    ["weather", "weather-briefing", "weather-briefing"],
    ["tushare", "tushare", "tushare"],
    ["weather", "weatherly", "weather-weatherly"],
  ])("%s + %s → %s", (connector, skill, expected) => {
    expect(exportedSkillName(connector, skill)).toBe(expected);
  });

  it("names what a host would refuse", () => {
    expect(exportNameProblem("a".repeat(65))).toContain("longer than the 64");
    expect(exportNameProblem("a--b")).toContain("name rule");
    expect(exportNameProblem("a-b")).toBeUndefined();
  });
});

describe("renameSkill", () => {
  it("rewrites only the name line, keeping quotes' neighbours, CRLF and the body", () => {
    const text =
      '---\r\nname: "quotes" # the name\r\ndescription: Quotes.\r\nname_note: keep\r\n---\r\nname: body\r\n';
    const out = renameSkill(text, "tushare-quotes");
    expect(out.text).toBe(
      "---\r\nname: tushare-quotes\r\ndescription: Quotes.\r\nname_note: keep\r\n---\r\nname: body\r\n",
    );
  });

  it("refuses what validate refuses after the rename", () => {
    expect(renameSkill("---\ndescription: d\n---\n", "x").problems?.[0]?.code).toBe("skill.name.missing");
    expect(renameSkill("# no front matter\n", "x").problems?.[0]?.code).toBe("skill.front-matter.missing");
    expect(
      renameSkill(`---\nname: x\ndescription: ${"d".repeat(1025)}\n---\n`, "x").problems?.[0]?.code,
    ).toBe("skill.description.too-long");
  });
});
