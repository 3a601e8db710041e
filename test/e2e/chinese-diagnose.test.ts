import fs from "node:fs/promises";
import path from "node:path";
import { expect, it } from "vitest";
import { CLI_MESSAGES } from "../../cli/terminal/language.js";
import { PROBLEM_WORDS_ZH_CN } from "../../cli/terminal/problem-words-zh-cn.js";
import { englishPieces, inBothLanguages, recorder } from "../helpers/bilingual.js";
import { cli, ROOT } from "../helpers/cli.js";
import { buildHome, simpleConnector } from "../helpers/home.js";
import { tempDir } from "../helpers/tmp.js";

// Issue 32 #11: what diagnoses speaks Chinese under LANG=zh_CN.UTF-8: why a server is inactive
// (config --explain, list, doctor), doctor's rows and notes, and validate's problems; the real CLI
// in-process on real homes. --json is the same document in both languages (English, codes).

const ENGLISH = englishPieces(["why.", "doctor.", "hosts.", "skills."]);

/** A home with an inactive server of each common kind: untrusted, disabled, missing credentials, shadowed. */
async function diagnosedHome(): Promise<string> {
  const home = await tempDir();
  await buildHome(home, [
    simpleConnector("locked", ["locked"], { secret: "LOCKED_KEY" }),
    simpleConnector("sleepy", ["sleepy"], { enabled: false }),
    simpleConnector("twin", ["mine"]),
  ]);
  const r = await cli(["mcp", "add", "mine", "--", "node", "x.js"], { home });
  expect(r.code, r.stderr).toBe(0);
  return home;
}

async function diagnoseSession(lang: string): Promise<string[]> {
  const home = await diagnosedHome();
  const { outputs, step } = recorder((argv) => cli(argv, { home, env: { LANG: lang, COLUMNS: "200" } }));
  await step(["config", "--explain"]);
  await step(["doctor"], 1);
  await step(["inspect", "sleepy"], 1);
  const bad = path.join(home, "bad");
  await fs.mkdir(bad);
  await fs.writeFile(
    path.join(bad, "plugin.json"),
    JSON.stringify({ name: "Bad Name", version: "x", foo: 1 }),
  );
  await step(["validate", bad], 1);
  return outputs;
}

it("config --explain, doctor, inspect and validate say in Chinese what is wrong", async () => {
  const { english, outputs } = await inBothLanguages(diagnoseSession, ENGLISH, 5);
  expect(english).toContain("hand-written servers run only once trusted");
  expect(english).toContain("the connector sleepy@default is disabled");

  const [explain, doctor, inspect, validate] = outputs as [string, string, string, string];
  expect(explain).toContain("手写的服务器须经信任才会运行：检查它，然后运行 `connectory trust mine`");
  expect(explain).toContain("连接器 sleepy@default 已停用：运行 `connectory enable sleepy`");
  expect(explain).toMatch(/手写的服务器“mine”同名，以它为准/);
  expect(doctor).toContain("缺少 LOCKED_KEY");
  expect(doctor).toMatch(/沙箱：(bubblewrap 可用|没有安装 bubblewrap|.* 无法在这里创建沙箱)/);
  expect(doctor).toContain("凭据：存放在");
  expect(doctor).not.toContain("host exports: not checked");
  expect(inspect).toContain("没有生效的服务器");
  expect(validate).toContain("name 无效：须为 1–64 个小写字母");
  expect(validate).toContain("缺少 mcp.json");
  expect(validate).toContain("原文：");
});

it("doctor --json, config --explain --json and validate --json are the English documents in Chinese", async () => {
  const home = await diagnosedHome();
  const bad = path.join(home, "bad");
  await fs.mkdir(bad);
  await fs.writeFile(path.join(bad, "plugin.json"), "{}");
  for (const argv of [
    ["doctor"],
    ["config", "--explain"],
    ["list"],
    ["validate", bad],
    ["inspect", "sleepy"],
  ]) {
    const zh = await cli([...argv, "--json"], { home, env: { LANG: "zh_CN.UTF-8" } });
    const en = await cli([...argv, "--json"], { home, env: { LANG: "en_US.UTF-8" } });
    expect(zh.code, argv.join(" ")).toBe(en.code);
    expect(zh.stdout, argv.join(" ")).toBe(en.stdout);
    expect(zh.stdout, argv.join(" ")).not.toMatch(/\p{Script=Han}/u);
  }
  const doctor = JSON.parse((await cli(["doctor", "--json", "--lang", "zh-CN"], { home })).stdout) as {
    notes: string[];
    servers: Array<{ problems: string[] }>;
  };
  expect(doctor.notes).toContain(CLI_MESSAGES.en["doctor.not-exported"]);
  expect(doctor.servers[0]!.problems[0]).toBe(
    "missing credentials LOCKED_KEY: run `connectory credentials set locked`",
  );
});

it("every Chinese problem word is Chinese", () => {
  for (const [code, text] of Object.entries({ ...PROBLEM_WORDS_ZH_CN.EXACT, ...PROBLEM_WORDS_ZH_CN.KIND }))
    expect(text, code).toMatch(/\p{Script=Han}/u);
});

it("sandbox off, on and all in Chinese", async () => {
  const session = async (lang: string) => {
    const home = await diagnosedHome();
    const { outputs, step } = recorder((argv) => cli(argv, { home, env: { LANG: lang } }));
    await step(["sandbox", "off", "locked"]);
    await step(["sandbox", "on", "locked"]);
    await step(["sandbox", "off", "ghost"], 1);
    await step(["sandbox", "all", "on"]);
    await step(["sandbox", "all", "maybe"], 2);
    await step(["sandbox", "all", "off"]);
    return outputs;
  };
  const { outputs } = await inBothLanguages(session, englishPieces(["sandbox."]), 4);
  expect(outputs[0]).toContain("locked@default 现在不用沙箱运行");
  expect(outputs[1]).toContain("locked@default 重新在沙箱中运行（它没有声明权限：不受限制）");
  expect(outputs[2]).toContain("没有名为“ghost”的已安装连接器或手写服务器");
  expect(outputs[3]).toContain("现在每个手写的 stdio 服务器都在沙箱中运行");
  expect(outputs[4]).toContain("应为 on 或 off");
  expect(outputs[5]).toContain("重新不受限制地运行 (mine)");
});

it("pack in Chinese: its result and a refused package", async () => {
  const session = async (lang: string) => {
    const home = await tempDir();
    const bad = path.join(home, "bad");
    await fs.mkdir(bad);
    await fs.writeFile(path.join(bad, "plugin.json"), "{}");
    const { outputs, step } = recorder((argv) => cli(argv, { home, cwd: home, env: { LANG: lang } }));
    await step(["pack", path.join(ROOT, "plugins-sample/weather")]);
    await step(["pack", bad], 1);
    return outputs;
  };
  const { outputs } = await inBothLanguages(session, englishPieces(["pack."]), 1);
  expect(outputs[0]).toMatch(/已打包 weather@[\d.]+（\d+ 个文件）/);
  expect(outputs[1]).toContain("不是有效的连接器包");
  expect(outputs[1]).toContain("缺少 mcp.json");
});
