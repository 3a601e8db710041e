import fs from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { chooseLanguage, CLI_MESSAGES } from "../../cli/terminal/language.js";
import { LANGUAGES } from "../../src/core/text/language.js";
import { cli, ROOT } from "../helpers/cli.js";
import { tempDir } from "../helpers/tmp.js";

const TABLE_FILES = new Set(
  [
    "messages-en.ts",
    "messages-en-setup.ts",
    "messages-en-diagnose.ts",
    "messages-en-project.ts",
    "messages-en-operate.ts",
    "messages-en-publish.ts",
    "messages-en-rare.ts",
    "messages-en-oauth.ts",
    "messages-en-local.ts",
    "messages-en-registry.ts",
    "messages-en-serve.ts",
    "messages-en-usage.ts",
    "messages-en-detail.ts",
    "messages-zh-cn.ts",
    "messages-zh-cn-setup.ts",
    "messages-zh-cn-diagnose.ts",
    "messages-zh-cn-project.ts",
    "messages-zh-cn-operate.ts",
    "messages-zh-cn-publish.ts",
    "messages-zh-cn-rare.ts",
    "messages-zh-cn-oauth.ts",
    "messages-zh-cn-local.ts",
    "messages-zh-cn-registry.ts",
    "messages-zh-cn-serve.ts",
    "messages-zh-cn-usage.ts",
    "messages-zh-cn-detail.ts",
  ].map((f) => `cli/terminal/${f}`),
);
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

async function cliSources(): Promise<string> {
  const out: string[] = [];
  // The core names a few keys in its errors' `localized` (never the words): src/core counts too.
  for (const dir of ["cli", "src/core"])
    for (const entry of await fs.readdir(path.join(ROOT, dir), { withFileTypes: true, recursive: true })) {
      const rel = path.relative(ROOT, path.join(entry.parentPath, entry.name));
      if (entry.isFile() && rel.endsWith(".ts") && !TABLE_FILES.has(rel))
        out.push(await fs.readFile(path.join(ROOT, rel), "utf8"));
    }
  return out.join("\n");
}

describe("the CLI's message tables", () => {
  const en = CLI_MESSAGES.en;

  it.each(LANGUAGES)("%s has every key, none empty, with the English placeholders", (lang) => {
    const table = CLI_MESSAGES[lang];
    expect(Object.keys(table).sort()).toEqual(Object.keys(en).sort());
    for (const [key, text] of Object.entries(table)) {
      expect(text.trim(), key).not.toBe("");
      expect(placeholders(text), key).toEqual(placeholders(en[key as keyof typeof en]));
    }
  });

  it("is translated: Chinese text in every Chinese message", () => {
    const untranslated = Object.entries(CLI_MESSAGES["zh-CN"]).filter(([, t]) => !/\p{Script=Han}/u.test(t));
    expect(untranslated.map(([k]) => k)).toEqual([]);
  });

  it("has no unused key: each is named in the CLI's code (verbs' help is in help-zh-cn.ts)", async () => {
    const code = await cliSources();
    expect(Object.keys(en).filter((key) => !code.includes(`"${key}"`))).toEqual([]);
  });
});

describe("chooseLanguage", () => {
  it.each([
    [undefined, { LANG: "zh_CN.UTF-8" }, "zh-CN"],
    [undefined, { LANG: "zh_CN.UTF-8", LC_ALL: "C" }, "en"],
    [undefined, { LANG: "en_US.UTF-8", LC_MESSAGES: "zh_CN.UTF-8" }, "zh-CN"],
    [undefined, { LC_ALL: "", LANG: "zh_TW.UTF-8" }, "zh-CN"],
    [undefined, { LANG: "fr_FR.UTF-8" }, "en"],
    [undefined, {}, "en"],
    ["zh-CN", { LANG: "en_US.UTF-8" }, "zh-CN"],
    ["en", { LC_ALL: "zh_CN.UTF-8" }, "en"],
    ["zh", {}, "zh-CN"],
  ] as const)("--lang %s with %j → %s", (flag, env, lang) => {
    expect(chooseLanguage(flag, env)).toBe(lang);
  });
});

describe("a run in Chinese", () => {
  it("speaks Chinese in text, and --json is byte for byte the English document", async () => {
    const home = await tempDir();
    const zh = await cli(["list"], { home, env: { LANG: "zh_CN.UTF-8" } });
    expect(zh.code).toBe(0);
    expect(zh.stdout).toContain("尚未安装任何连接器");
    const english = await cli(["list"], { home });
    expect(english.stdout).toContain("No connectors installed");
    for (const argv of [["list"], ["config"], ["config", "--explain"]]) {
      const a = await cli([...argv, "--json"], { home, env: { LANG: "zh_CN.UTF-8" } });
      const b = await cli([...argv, "--json", "--lang", "en"], { home });
      expect(a.stdout).toBe(b.stdout);
      expect(a.code).toBe(b.code);
    }
  });

  it("translates errors and hints on stderr, keeps them English in --json, and the code as it is", async () => {
    const home = await tempDir();
    const zh = await cli(["--lang", "zh-CN", "frobnicate"], { home });
    expect(zh.code).toBe(2);
    expect(zh.stderr).toBe("错误：未知命令“frobnicate”\n  运行 `connectory --help` 查看所有命令\n");
    const json = await cli(["frobnicate", "--json", "--lang=zh-CN"], { home });
    expect(JSON.parse(json.stdout)).toEqual({
      error: {
        code: "usage",
        message: 'unknown command "frobnicate"',
        hint: "run `connectory --help` to see the commands",
      },
    });
    const offline = await cli(["search", "股票"], {
      home,
      env: { LANG: "zh_CN.UTF-8", CONNECTORY_REGISTRY: "http://127.0.0.1:9" },
    });
    expect(offline.code).toBe(1);
    expect(offline.stderr).toContain("错误：无法连接位于 http://127.0.0.1:9 的注册表");
    expect(offline.stderr).toContain("请检查网络或注册表是否在运行");
    const missing = await cli(["uninstall", "nothing-here"], { home, env: { LC_ALL: "zh_CN.UTF-8" } });
    expect(missing.stderr).toContain("错误：没有名为“nothing-here”的已安装连接器");
    expect(missing.stderr).toContain("运行 `connectory list` 查看已安装的内容");
  });

  it("prints help in Chinese, and refuses a language it does not speak", async () => {
    const home = await tempDir();
    const help = await cli(["--help"], { home, env: { LANG: "zh_CN.UTF-8" } });
    expect(help.stdout).toContain("用法：connectory <命令> [选项]");
    expect(help.stdout).toMatch(/search\s+在市场中搜索连接器/);
    const verb = await cli(["list", "--help", "--lang", "zh-CN"], { home });
    expect(verb.stdout).toContain("选项：");
    expect(verb.stdout).toContain("--lang <lang>");
    for (const bad of ["xx", "", "zh-CN\u001b[31m", "x".repeat(500)]) {
      const refused = await cli(["list", "--lang", bad], { home });
      expect(refused.code).toBe(2);
      expect(refused.stderr).toMatch(
        /^error: --lang .* is not a language connectory speaks\n  use one of: en, zh-CN\n$/,
      );
      expect(refused.stderr).not.toContain("\u001b");
    }
  });
});

describe("info and install speak Chinese (issue 32 #11)", () => {
  // Every fixed word of their text output, in English: none is left in the Chinese text.
  const ENGLISH =
    /^(servers|credentials|skills|versions|tags|permissions \(its local servers\)):|^ {2}(none needed|status:|servers:|to finish:)|\b(required|optional|secret)\b\)|^installed |sha512 verified|not checked by the registry/m;

  it("prints info and install in Simplified Chinese, with the same --json as in English", async () => {
    const { createTestRegistry, publishSamples } = await import("../helpers/registry.js");
    const reg = await createTestRegistry();
    try {
      await publishSamples(reg);
      const fetchFn = ((input: string | URL | Request, init?: RequestInit) =>
        reg.app.request(
          typeof input === "string" ? input : input instanceof URL ? input.href : input.url,
          init,
        )) as typeof fetch;
      const run = async (argv: string[], lang: string) =>
        cli([...argv, "--lang", lang], {
          home: await tempDir(),
          env: { CONNECTORY_REGISTRY: reg.publicUrl },
          fetch: fetchFn,
        });
      const en = await run(["info", "tushare"], "en");
      expect(en.stdout).toMatch(ENGLISH); // the pattern finds the English words
      const zh = await run(["info", "tushare"], "zh-CN");
      expect(zh.code, zh.stderr).toBe(0);
      expect(zh.stdout).not.toMatch(ENGLISH);
      for (const word of [
        "服务器：",
        "凭据：",
        "TUSHARE_TOKEN — Tushare token （必填，机密）",
        "版本：",
        "技能：",
      ])
        expect(zh.stdout).toContain(word);
      // The package's own description in Chinese (plugin.json i18n), in the text only.
      expect(zh.stdout.split("\n")[1]).toMatch(/\p{Script=Han}/u);

      const installed = await run(["install", "tushare", "--yes"], "zh-CN");
      expect(installed.code, installed.stderr).toBe(0);
      expect(installed.stdout).toMatch(/^已安装 tushare@1\.0\.0，来自 default，sha512 已校验$/m);
      expect(installed.stdout).toContain("状态：needs-credentials（缺少 TUSHARE_TOKEN）");
      expect(installed.stdout).toContain("完成安装：connectory credentials set tushare");
      expect(installed.stdout).not.toMatch(ENGLISH);

      // --json is the same document in both languages.
      const jsonEn = JSON.parse((await run(["info", "tushare", "--json"], "en")).stdout);
      const jsonZh = JSON.parse((await run(["info", "tushare", "--json"], "zh-CN")).stdout);
      expect(jsonZh).toEqual(jsonEn);
    } finally {
      await reg.close();
    }
  });
});
