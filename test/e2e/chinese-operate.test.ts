import { afterAll, beforeAll, expect, it } from "vitest";
import { englishPieces, inBothLanguages, recorder } from "../helpers/bilingual.js";
import { cli } from "../helpers/cli.js";
import { buildHome, simpleConnector } from "../helpers/home.js";
import { createTestRegistry, packPackage, type TestRegistry } from "../helpers/registry.js";
import { tempDir } from "../helpers/tmp.js";

// Issue 32 #11: profile, guard, login, logout, yank and unyank speak Chinese under LANG=zh_CN.UTF-8 (the
// real CLI in-process, a real home and a real registry); the same session in English prints the English
// sentences, so the check can fail. --json stays English.

let reg: TestRegistry;
let token: string;
beforeAll(async () => {
  reg = await createTestRegistry();
  token = await reg.token("acme");
  for (const version of ["1.0.0", "1.1.0"])
    expect((await reg.publish(await packPackage({ name: "widget", version }), token, "widget")).status).toBe(
      201,
    );
});
afterAll(() => reg.close());

const fetchApp = ((input: Request | string | URL, init?: RequestInit) =>
  reg.app.request(input, init)) as typeof fetch;

const ENGLISH = englishPieces([
  "profile.",
  "guard.",
  "login.",
  "logout.",
  "yank.",
  "unyank.",
  "tools.default",
]);

async function operateSession(lang: string): Promise<string[]> {
  const home = await tempDir();
  await buildHome(home, [simpleConnector("notes", ["notes"])]);
  const env = { LANG: lang, CONNECTORY_REGISTRY: reg.publicUrl };
  const { outputs, step } = recorder((argv) => cli(argv, { home, env, fetch: fetchApp }));
  await step(["profile", "create", "work", "notes"]);
  await step(["profile", "create", "work"], 1);
  await step(["profile", "create", "default"], 2);
  await step(["profile", "add", "work", "ghost"], 1);
  await step(["profile", "remove", "work", "ghost"], 1);
  await step(["profile", "show", "work"]);
  await step(["profile", "list"]);
  await step(["profile", "show", "nobody"], 1);
  await step(["guard", "notes", "block", "--kind", "injection"]);
  await step(["guard", "notes", "warn", "--profile", "work"]);
  await step(["guard", "notes", "block", "--profile", "default"], 2);
  await step(["guard", "ghost", "mask"], 1);
  await step(["tools", "deny", "notes", "x", "--profile", "default"], 2);
  await step(["login", "default", "--token", token]);
  await step(["yank", "widget@1.0.0"]);
  await step(["unyank", "widget@1.0.0"]);
  await step(["logout"]);
  await step(["logout"]);
  await step(["profile", "delete", "work"]);
  return outputs;
}

it("profile, guard, login, logout, yank and unyank in Chinese", async () => {
  const { english, outputs } = await inBothLanguages(operateSession, ENGLISH, 10);
  expect(english).toContain("Logged in to default");
  expect(outputs[1]).toContain("名为“work”的配置集已存在");
  expect(outputs[2]).toContain("配置集“default”就是所有生效的服务器");
  expect(outputs[3]).toContain('没有名为 "ghost" 的服务器或已安装的连接器');
  expect(outputs[5]).toContain("配置集 work：成员 notes");
  expect(outputs[5]).toContain("生效的服务器：notes");
  expect(outputs[6]).toMatch(/配置集 +成员/);
  expect(outputs[7]).toContain("没有名为“nobody”的配置集");
  expect(outputs[8]).toContain("notes 的防护模式：");
  expect(outputs[9]).toContain("notes（配置集 work）：");
  expect(outputs[13]).toContain("发布者为“acme”");
  expect(outputs[14]).toContain("已在 default 上撤回 widget@1.0.0");
  expect(outputs[15]).toContain("已在 default 上取消撤回 widget@1.0.0");
  expect(outputs[16]).toContain("已退出 default：它的令牌已删除");
  expect(outputs[17]).toContain("没有为 default 保存令牌");
  expect(outputs[18]).toContain("已删除配置集 work");
});

it("their --json is the English document", async () => {
  const home = await tempDir();
  await buildHome(home, [simpleConnector("notes", ["notes"])]);
  for (const argv of [
    ["profile", "create", "team", "notes"],
    ["profile", "show", "team"],
    ["guard", "notes", "warn"],
    ["profile", "show", "nobody"],
  ]) {
    const zh = await cli([...argv, "--json"], { home, env: { LANG: "zh_CN.UTF-8" } });
    expect(zh.stdout, argv.join(" ")).not.toMatch(/\p{Script=Han}/u);
  }
  const err = await cli(["profile", "show", "nobody", "--json", "--lang", "zh-CN"], { home });
  expect(JSON.parse(err.stdout).error.message).toBe('no profile named "nobody"');
});

it("install's key pin, update, credentials' invalid values and run's next step in Chinese", async () => {
  const { createTestRegistry: create, publishSamples } = await import("../helpers/registry.js");
  const samples = await create();
  try {
    await publishSamples(samples);
    const fetchSamples = ((input: Request | string | URL, init?: RequestInit) =>
      samples.app.request(input, init)) as typeof fetch;
    const session = async (lang: string) => {
      const home = await tempDir();
      const env = { LANG: lang, CONNECTORY_REGISTRY: samples.publicUrl };
      const { outputs, step } = recorder((argv) => cli(argv, { home, env, fetch: fetchSamples }));
      await step(["install", "tushare"]);
      await step(["credentials", "set", "tushare", "TUSHARE_TOKEN=not-a-token"], 1);
      await step(["update"]);
      await step(["mcp", "add", "mine", "--", "node", "--version"], 0, false);
      await step(["run", "mine"], 1);
      await step(["install", "tushare@9"], 1);
      await step(["install", "filesystem", "--config", "ALLOWED_DIR=/tmp"], 1);
      return outputs;
    };
    const pieces = englishPieces([
      "install.pinned-key",
      "credentials.invalid",
      "update.",
      "run.next-",
      "version.",
      "permissions.not-accepted",
    ]);
    const { english, outputs } = await inBothLanguages(session, pieces, 4);
    expect(english).toContain("tushare is up to date (1.0.0)");
    expect(outputs[0]).toContain("已固定市场 default 的签名密钥（首次使用即信任）");
    expect(outputs[1]).toContain("tushare 的凭据无效；没有保存任何内容");
    expect(outputs[1]).toContain("credentials /TUSHARE_TOKEN: 格式不符合要求");
    expect(outputs[2]).toContain("tushare 已是最新（1.0.0）");
    expect(outputs[3]).toContain("检查它，然后：connectory trust mine");
    expect(outputs[4]).toContain("tushare 没有匹配“9”的版本");
    expect(outputs[4]).toContain("可用的版本：1.0.0");
    expect(outputs[5]).toContain("没有接受 filesystem 的权限；没有做任何改动");
  } finally {
    await samples.close();
  }
});

it("auth's status and refusals in Chinese", async () => {
  const session = async (lang: string) => {
    const home = await tempDir();
    await buildHome(home, [simpleConnector("notes", ["notes"])]);
    const { outputs, step } = recorder((argv) => cli(argv, { home, env: { LANG: lang } }));
    await step(["auth", "--status"]);
    await step(["auth"], 2);
    await step(["auth", "notes"], 1);
    await step(["auth", "ghost"], 1);
    await step(["auth", "ghost", "--status", "--logout"], 2);
    return outputs;
  };
  const { outputs } = await inBothLanguages(session, englishPieces(["auth."]), 3);
  expect(outputs[0]).toContain("没有服务器用 OAuth 登录。");
  expect(outputs[1]).toContain("请指定要登录的服务器");
  expect(outputs[2]).toContain("服务器“notes”在本地运行；只有远程服务器用 OAuth 登录");
  expect(outputs[3]).toContain("没有名为“ghost”的服务器或连接器用 OAuth 登录");
  expect(outputs[4]).toContain("--status 和 --logout 不能同时使用");
});

it("a publisher's verbs in Chinese: dist-tag, deprecate, report, trusted-publisher", async () => {
  const session = async (lang: string) => {
    const home = await tempDir();
    const env = { LANG: lang, CONNECTORY_REGISTRY: reg.publicUrl, CONNECTORY_TOKEN: token };
    const { outputs, step } = recorder((argv) => cli(argv, { home, env, fetch: fetchApp }));
    await step(["dist-tag", "add", "widget@1.0.0", "stable"]);
    await step(["dist-tag", "rm", "widget", "stable"]);
    await step(["deprecate", "widget@1.0.0", "use 1.1.0"]);
    await step(["deprecate", "widget@1.0.0", ""]);
    await step(["trusted-publisher", "list", "widget"]);
    return outputs;
  };
  const pieces = englishPieces(["dist-tag.", "deprecate.", "undeprecate.", "trusted."]);
  const { outputs } = await inBothLanguages(session, pieces, 1);
  expect(outputs[0]).toContain("stable 指向 widget@1.0.0（default）");
  expect(outputs[1]).toContain("已删除 widget 的 dist-tag stable（default）");
  expect(outputs[2]).toContain("已在 default 上弃用 widget 的 1 个版本：1.0.0");
  expect(outputs[3]).toContain("已在 default 上取消弃用 widget 的 1 个版本：1.0.0");
  expect(outputs[4]).toContain("widget 没有可信发布者");
});
