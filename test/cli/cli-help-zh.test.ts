import { describe, expect, it } from "vitest";
import { COMMANDS } from "../../cli/commands.js";
import { createHash } from "node:crypto";
import { HELP_ZH_CN } from "../../cli/terminal/help-zh-cn.js";
import { DESCRIPTIONS_ZH_CN } from "../../cli/terminal/help-zh-cn-descriptions.js";
import { cli } from "../helpers/cli.js";
import { tempDir } from "../helpers/tmp.js";

// Issue 32 #11: `--help` in Simplified Chinese. The English is each verb's declaration; help-zh-cn.ts
// has a Chinese summary for every verb and a Chinese description for every option it declares, no more.

const VERBS = await Promise.all(
  Object.entries(COMMANDS).map(async ([name, entry]) => ({
    name,
    entry,
    command: (await entry.load()).default,
  })),
);
const han = /\p{Script=Han}/u;

describe("the Chinese help table", () => {
  it("has every verb, and no verb the CLI does not declare", () => {
    expect(Object.keys(HELP_ZH_CN).sort()).toEqual(VERBS.map((v) => v.name).sort());
  });

  it.each(VERBS.map((v) => [v.name, v] as const))(
    "%s: a Chinese summary and every option, no other",
    (_, v) => {
      const zh = HELP_ZH_CN[v.name]!;
      expect(zh.summary).toMatch(han);
      expect(Object.keys(zh.options ?? {}).sort()).toEqual(Object.keys(v.command.options ?? {}).sort());
      for (const [option, text] of Object.entries(zh.options ?? {})) expect(text, option).toMatch(han);
    },
  );
});

describe("connectory --help in Chinese", () => {
  it("lists every verb with its Chinese summary, no English summary left", async () => {
    const home = await tempDir();
    const en = await cli(["--help"], { home, env: { LANG: "en_US.UTF-8" } });
    const zh = await cli(["--help"], { home, env: { LANG: "zh_CN.UTF-8" } });
    expect(zh.code).toBe(0);
    for (const v of VERBS.filter((v) => !v.entry.hidden)) {
      expect(en.stdout).toContain(v.entry.summary); // the check can fail
      expect(zh.stdout, v.name).not.toContain(v.entry.summary);
      expect(zh.stdout).toContain(`${HELP_ZH_CN[v.name]!.summary}`);
    }
  });

  it("every verb's --help: the Chinese summary and options, none of the English ones", async () => {
    const home = await tempDir();
    for (const v of VERBS) {
      const argv = [...v.name.split(" "), "--help"];
      const zh = await cli([...argv, "--lang", "zh-CN"], { home });
      expect(zh.code, `${v.name}: ${zh.stderr}`).toBe(0);
      expect(zh.stdout.split("\n")[0], v.name).toBe(`${HELP_ZH_CN[v.name]!.summary}。`);
      expect(zh.stdout).toContain("用法：connectory ");
      for (const [option, o] of Object.entries(v.command.options ?? {})) {
        expect(zh.stdout, `${v.name} --${option}`).not.toContain(o.description);
        expect(zh.stdout).toContain(HELP_ZH_CN[v.name]!.options![option]!);
      }
      const en = await cli([...argv, "--lang", "en"], { home });
      expect(en.stdout.split("\n")[0]).toBe(`${v.entry.summary}.`);
    }
  });
});

describe("every verb's longer help in Chinese", () => {
  const sha = (text: string) => createHash("sha256").update(text.trim()).digest("hex").slice(0, 12);

  it("has every verb, each translation of the English the verb has now", () => {
    expect(Object.keys(DESCRIPTIONS_ZH_CN).sort()).toEqual(VERBS.map((v) => v.name).sort());
    for (const v of VERBS) {
      // A changed English description: translate it again, then update `of`.
      expect(DESCRIPTIONS_ZH_CN[v.name]!.of, v.name).toBe(sha(v.command.description ?? ""));
      expect(DESCRIPTIONS_ZH_CN[v.name]!.text).toMatch(han);
    }
  });

  it("shows it in every verb's --help instead of the English", async () => {
    const home = await tempDir();
    for (const v of VERBS) {
      const zh = await cli([...v.name.split(" "), "--help"], { home, env: { LANG: "zh_CN.UTF-8" } });
      expect(zh.stdout, v.name).toContain(DESCRIPTIONS_ZH_CN[v.name]!.text.trim());
      expect(zh.stdout, v.name).not.toContain((v.command.description ?? "").trim().split("\n")[0]);
    }
  });
});
