import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { englishPieces, inBothLanguages, recorder } from "../helpers/bilingual.js";
import { tempDir } from "../helpers/tmp.js";
import { machine, projectWorld, type ProjectWorld } from "../cli/project/project-fixtures.js";

// Issue 32 #11: a project's verbs (init, add, remove, sync, sync --check, sync --frozen) and their errors
// speak Chinese under LANG=zh_CN.UTF-8: a real registry in-process, real project folders and homes. The
// same session in English prints the English sentences, so the check can fail; --json stays English.

let world: ProjectWorld;
beforeAll(async () => {
  world = await projectWorld();
  await world.publish("alpha", "1.0.0", { secret: true });
  await world.publish("beta", "1.0.0");
});
afterAll(() => world.reg.close());

const ENGLISH = englishPieces(["project.", "sync."]);

/** A newcomer's project session: the errors before init, init, add, sync, check, remove. */
async function projectSession(lang: string): Promise<string[]> {
  const m = await machine(world);
  const dir = await tempDir("connectory-project-");
  const { outputs, step } = recorder((argv) => m.runEnv({ LANG: lang }, dir, ...argv));
  await step(["add", "beta"], 1); // no connectory.json yet
  await step(["init", "--host", "claude-desktop"], 1); // no project file for that host
  await step(["init", "--host", "vscode"]);
  await step(["init"], 1); // exists
  await step(["sync", "--frozen"], 1); // no lock yet
  await step(["add", "beta"]);
  await step(["add", "alpha", "--config", "API_KEY=k"]);
  await step(["add", "gamma", "--marketplace", "nowhere"], 1);
  await step(["sync"]);
  await step(["sync", "--check"]);
  await step(["remove", "nothing"], 2);
  await step(["remove", "beta"]);
  return outputs;
}

it("init, add, remove and sync in Chinese, with their errors", async () => {
  const { english, outputs } = await inBothLanguages(projectSession, ENGLISH, 8);
  expect(english).toContain("wrote connectory.json (0 connectors, hosts vscode)");

  expect(outputs[0]).toContain("错误：");
  expect(outputs[0]).toContain("中没有 connectory.json");
  expect(outputs[0]).toContain("先在项目文件夹中运行 `connectory init`");
  expect(outputs[1]).toContain("claude-desktop 没有项目范围的配置文件");
  expect(outputs[2]).toContain("已写入 connectory.json（0 个连接器，主机 vscode）");
  expect(outputs[2]).toContain("下一步：connectory add <名称>");
  expect(outputs[3]).toContain("已存在；没有改动它");
  expect(outputs[4]).toContain("--frozen 不做任何改动");
  expect(outputs[5]).toMatch(/已把 beta@\^1\.0\.0 加入 connectory\.json（锁定为 1\.0\.0）/);
  expect(outputs[5]).toMatch(/已安装 beta@1\.0\.0（ready）/);
  expect(outputs[5]).toContain("已写入 connectory.lock");
  expect(outputs[7]).toContain("没有名为“nowhere”的市场");
  expect(outputs[8]).toMatch(/未改变 alpha@1\.0\.0（ready）/);
  expect(outputs[9]).toContain("本机与 connectory.lock 一致");
  expect(outputs[10]).toContain("nothing 不在 connectory.json 中");
  expect(outputs[11]).toContain("已从 connectory.json 中移除 beta");
});

it("their --json is the English document in Chinese too", async () => {
  for (const lang of ["en_US.UTF-8", "zh_CN.UTF-8"]) {
    const m = await machine(world);
    const dir = await tempDir("connectory-project-");
    const run = (...argv: string[]) => m.runEnv({ LANG: lang }, dir, ...argv);
    const none = JSON.parse((await run("sync", "--json")).stdout) as { error: { message: string } };
    expect(none.error.message).toBe(`${dir} has no connectory.json`);
    expect((await run("init", "--json")).code).toBe(0);
    const added = JSON.parse((await run("add", "beta", "--json")).stdout) as { name: string; range: string };
    expect(added).toMatchObject({ name: "beta", range: "^1.0.0" });
    const check = JSON.parse((await run("sync", "--check", "--json")).stdout) as { drift: string[] };
    expect(check.drift).toEqual([]);
    await expect(fs.access(path.join(dir, "connectory.lock"))).resolves.toBeUndefined();
  }
});

it("sync's notes on the project's settings in Chinese, English in --json", async () => {
  for (const [lang, words] of [
    [
      "en_US.UTF-8",
      'connectory.json has guard modes for "ghost", which no connector of the project provides',
    ],
    ["zh_CN.UTF-8", "connectory.json 中有“ghost”的防护模式，而项目中没有连接器提供它"],
  ] as const) {
    const m = await machine(world);
    const dir = await tempDir("connectory-project-");
    const run = (...argv: string[]) => m.runEnv({ LANG: lang }, dir, ...argv);
    expect((await run("init")).code).toBe(0);
    const file = path.join(dir, "connectory.json");
    const manifest = JSON.parse(await fs.readFile(file, "utf8"));
    await fs.writeFile(file, JSON.stringify({ ...manifest, guards: { ghost: "block" } }));
    const text = await run("sync");
    expect(text.code, text.stderr).toBe(0);
    expect(text.stderr).toContain(words);
    const json = JSON.parse((await run("sync", "--json")).stdout) as { notes: string[] };
    expect(json.notes).toEqual([
      'connectory.json has guard modes for "ghost", which no connector of the project provides',
    ]);
  }
});
