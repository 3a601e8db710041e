import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { cli, ROOT } from "../helpers/cli.js";
import { createTestRegistry, packPackage, type TestRegistry } from "../helpers/registry.js";
import { tempDir } from "../helpers/tmp.js";
import { englishPieces, inBothLanguages, recorder } from "../helpers/bilingual.js";

// Issue 32, continued from chinese-verbs.test.ts: gateway status, logs, validate, trust and the errors of
// whoami speak Chinese under LANG=zh_CN.UTF-8 (the real CLI in-process, real files, a real registry);
// the same sessions in English print the English sentences, so each check can fail.

let reg: TestRegistry;
let token: string;
beforeAll(async () => {
  reg = await createTestRegistry();
  token = await reg.token("acme");
  expect(
    (await reg.publish(await packPackage({ name: "widget", version: "1.0.0" }), token, "widget")).status,
  ).toBe(201);
});
afterAll(() => reg.close());

const fetchApp = ((input: Request | string | URL, init?: RequestInit) =>
  reg.app.request(input, init)) as typeof fetch;

const ENGLISH = englishPieces(["gateway.", "logs.", "validate.", "trust."]);
/** whoami's: its 401 carries the registry's own words ("… is not valid"), which stay as it sent them. */
const WHOAMI_ENGLISH = englishPieces(["token.", "publish-api.", "marketplace.unknown"]);

/** A gateway's state file, as a running gateway keeps it (this test's own pid: alive). */
async function writeGatewayState(home: string): Promise<void> {
  await fs.mkdir(path.join(home, "gateway"), { recursive: true });
  const state = {
    pid: process.pid,
    startedAt: "2026-05-01T10:00:00.000Z",
    updatedAt: "2026-05-01T10:05:00.000Z",
    profile: "default",
    url: "http://127.0.0.1:4123/mcp",
    client: { name: "cursor", version: "1.2.0" },
    servers: {
      notes: { state: "running", pid: 4242, restarts: 0 },
      weather: { state: "crashed", restarts: 2, lastError: "exited with code 1" },
    },
  };
  await fs.writeFile(path.join(home, "gateway", `${process.pid}.json`), JSON.stringify(state));
}

/** Two lines of the audit log, as `run` and `gateway` write them. */
async function writeAuditLog(home: string): Promise<void> {
  const entry = (tool: string, outcome: string) => ({
    time: "2026-05-01T10:01:00.000Z",
    via: "gateway",
    client: { name: "cursor", version: "1.2.0" },
    profile: null,
    server: "notes",
    tool,
    arguments: [],
    durationMs: 12,
    outcome,
  });
  await fs.mkdir(path.join(home, "logs"), { recursive: true });
  const lines = [entry("search", "ok"), entry("write", "refused")].map((e) => JSON.stringify(e) + "\n");
  await fs.writeFile(path.join(home, "logs", "audit.jsonl"), lines.join(""));
}

/** gateway status and logs, before and after there is something to show; validate, good and bad. */
async function statusSession(lang: string): Promise<string[]> {
  const home = await tempDir();
  const { outputs, step } = recorder((argv) => cli(argv, { home, env: { LANG: lang, COLUMNS: "200" } }));
  await step(["gateway", "status"]);
  await step(["logs"]);
  await writeGatewayState(home);
  await writeAuditLog(home);
  await step(["gateway", "status"]);
  await step(["logs"]);
  await step(["logs", "--server", "nobody"]);
  await step(["logs", "--since", "yesterday"], 2);
  await step(["validate", path.join(ROOT, "plugins-sample/weather")]);
  const bad = path.join(home, "bad");
  await fs.mkdir(bad);
  await fs.writeFile(path.join(bad, "plugin.json"), "{}");
  await step(["validate", bad], 1);
  return outputs;
}

it("gateway status, logs and validate in Chinese", async () => {
  const { english, outputs } = await inBothLanguages(statusSession, ENGLISH, 6);
  expect(english).toContain("no gateway is running");
  expect(english).toMatch(/✓ weather@[\d.]+ is valid \(0 errors, 0 warnings\)/);

  expect(outputs[0]).toContain("没有正在运行的网关");
  expect(outputs[1]).toContain("没有记录任何工具调用");
  expect(
    outputs[2]!
      .split("\n")[0]!
      .trim()
      .split(/\s{2,}/),
  ).toEqual(["网关", "客户端", "服务器", "状态", "进程号", "重启次数", "最近错误"]);
  expect(outputs[2]).toMatch(/weather +已崩溃 +- +2 +exited with code 1/);
  expect(outputs[2]).toContain("网关 " + process.pid + " 服务于 http://127.0.0.1:4123/mcp");
  expect(outputs[3]!.split("\n")[0]!.trim().split(/\s+/)).toEqual([
    "时间",
    "客户端",
    "服务器",
    "工具",
    "结果",
    "耗时",
  ]);
  expect(outputs[3]).toMatch(/notes +write +refused +12 ms/);
  expect(outputs[4]).toContain("没有符合条件的工具调用记录");
  expect(outputs[5]).toContain("--since 必须是日期");
  expect(outputs[6]).toMatch(/✓ weather@[\d.]+ 有效（0 个错误，0 个警告）/);
  expect(outputs[7]).toContain("错误：");
  expect(outputs[7]).toMatch(/✗ 该包 无效：\d+ 个错误，0 个警告/);
});

it("gateway status and logs --json stay as they were in Chinese", async () => {
  const home = await tempDir();
  await writeGatewayState(home);
  await writeAuditLog(home);
  for (const argv of [
    ["gateway", "status", "--json"],
    ["logs", "--json"],
    ["logs", "--since", "x", "--json"],
  ]) {
    const zh = await cli(argv, { home, env: { LANG: "zh_CN.UTF-8" } });
    const en = await cli(argv, { home });
    expect(zh.stdout).toBe(en.stdout);
    expect(zh.code).toBe(en.code);
  }
  const states = JSON.parse((await cli(["gateway", "status", "--json"], { home })).stdout) as {
    gateways: Array<{ servers: Record<string, { state: string }> }>;
  };
  expect(states.gateways[0]!.servers.weather!.state).toBe("crashed");
});

/** trust and untrust of a hand-written server, and trust's error. */
async function trustSession(lang: string): Promise<string[]> {
  const home = await tempDir();
  const { outputs, step } = recorder((argv) => cli(argv, { home, env: { LANG: lang } }));
  await step(["mcp", "add", "local", "--", "node", "--version"], 0, false);
  await step(["trust", "local"]);
  await step(["trust", "nope"], 1);
  await step(["untrust", "local"]);
  await step(["untrust", "local"]);
  return outputs;
}

it("trust, untrust and trust's error in Chinese", async () => {
  const { english, outputs } = await inBothLanguages(trustSession, ENGLISH, 3);
  expect(english).toContain('Trusted "local": ');
  expect(outputs[0]).toContain("已信任“local”：");
  expect(outputs[0]).toContain("对其启动配置的任何修改都需要重新运行 `connectory trust local`");
  expect(outputs[1]).toContain("错误：没有名为“nope”的服务器");
  expect(outputs[1]).toContain("`connectory config --explain` 按这里要用的名称列出每个服务器");
  expect(outputs[2]).toContain("“local”不再受信任");
  expect(outputs[3]).toContain("“local”本来就未受信任");
});

const BAD_TOKEN = "cx_" + "f00d".repeat(12);

/** whoami's errors: no token, an unknown marketplace, a token the registry refuses, no registry. */
async function whoamiSession(lang: string): Promise<string[]> {
  const home = await tempDir();
  let env: Record<string, string> = { CONNECTORY_REGISTRY: reg.publicUrl };
  const { outputs, step } = recorder((argv) =>
    cli(argv, { home, env: { ...env, LANG: lang }, fetch: fetchApp }),
  );
  await step(["whoami"], 1);
  await step(["whoami", "--marketplace", "nowhere"], 1);
  env = { CONNECTORY_REGISTRY: reg.publicUrl, CONNECTORY_TOKEN: BAD_TOKEN };
  await step(["whoami"], 1);
  env = { CONNECTORY_REGISTRY: "http://127.0.0.1:9", CONNECTORY_TOKEN: BAD_TOKEN };
  const offline = recorder((argv) => cli(argv, { home, env: { ...env, LANG: lang } }));
  await offline.step(["whoami"], 1);
  return [...outputs, ...offline.outputs];
}

it("whoami's errors in Chinese, English in --json, no token printed", async () => {
  const { english, outputs, all } = await inBothLanguages(whoamiSession, WHOAMI_ENGLISH, 3);
  expect(english).toContain('no publish token for marketplace "default"');
  expect(all).not.toContain(BAD_TOKEN);
  expect(outputs[0]).toContain("错误：市场“default”没有发布令牌");
  expect(outputs[0]).toContain("运行 `connectory login default --token <token>`（或设置 CONNECTORY_TOKEN）");
  expect(outputs[1]).toContain("没有名为“nowhere”的市场");
  expect(outputs[2]).toContain("请重新登录：`connectory login <marketplace> --token <token>`");
  expect(outputs[3]).toContain("无法连接位于 http://127.0.0.1:9 的注册表");

  const json = await cli(["whoami", "--json"], {
    home: await tempDir(),
    env: { LANG: "zh_CN.UTF-8", CONNECTORY_REGISTRY: reg.publicUrl },
    fetch: fetchApp,
  });
  expect(JSON.parse(json.stdout)).toEqual({
    error: {
      code: "publish.token.missing",
      message: 'no publish token for marketplace "default"',
      hint: "run `connectory login default --token <token>` (or set CONNECTORY_TOKEN)",
    },
  });
  const me = await cli(["whoami"], {
    home: await tempDir(),
    env: { LANG: "zh_CN.UTF-8", CONNECTORY_REGISTRY: reg.publicUrl, CONNECTORY_TOKEN: token },
    fetch: fetchApp,
  });
  expect(me.stdout.trim()).toBe("acme");
});

/** config export of hand-written servers: a dry run, a write, nothing to do, a gateway entry, its errors. */
async function exportSession(lang: string): Promise<string[]> {
  const home = await tempDir();
  const { outputs, step } = recorder((argv) => cli(argv, { home, env: { LANG: lang } }));
  await step(["mcp", "add", "local", "--trust", "--", "node", "--version"], 0, false);
  await step(["mcp", "add", "other", "--", "node", "--version"], 0, false);
  const to = ["config", "export", "--host", "cursor", "--file", "cursor.json"];
  await step(to);
  await step([...to, "--write"]);
  await step([...to, "--write"]);
  await step(["config", "export", "--host", "cursor", "--file", "gw.json", "--gateway"]);
  await step([...to, "--mode", "nope"], 2);
  await step([...to, "--gateway", "--mode", "inline"], 2);
  return outputs;
}

it("config export's summary, notes and errors in Chinese", async () => {
  const { english, outputs } = await inBothLanguages(exportSession, englishPieces(["export."]), 4);
  expect(english).toContain("Run again with --write to apply.");
  expect(outputs[0]).toMatch(/\+ 添加 +local/);
  expect(outputs[0]).toContain("加上 --write 再运行一次以应用。");
  expect(outputs[0]).toContain("1 个服务器未生效，没有导出");
  expect(outputs[1]).toMatch(/已写入 .*cursor\.json/);
  expect(outputs[2]).toMatch(/= 未变 +local/);
  expect(outputs[2]).toContain("没有变化。");
  expect(outputs[3]).toContain("网关提供 local（每次启动时，提供当时生效的服务器）。");
  expect(outputs[4]).toContain("--mode 必须是以下之一：launcher, inline");
  expect(outputs[5]).toContain("--gateway 写入的是启动器条目：它不接受 --mode inline");
});

/** config --explain and doctor over hand-written servers: one trusted (it fails its handshake), one not. */
async function explainSession(lang: string): Promise<string[]> {
  const home = await tempDir();
  const { outputs, step } = recorder((argv) => cli(argv, { home, env: { LANG: lang, COLUMNS: "200" } }));
  await step(["mcp", "add", "local", "--trust", "--", "node", "--version"], 0, false);
  await step(["mcp", "add", "other", "--", "node", "--version"], 0, false);
  await step(["tools", "limit", "local/search", "10/min"], 0, false);
  await step(["config", "--explain"]);
  await step(["doctor"], 1);
  return outputs;
}

it("config --explain's origins and guards, doctor's table and guard lines in Chinese", async () => {
  const pieces = englishPieces(["doctor.h-", "doctor.guards", "config.controls", "config.profile-limits"]);
  const { english, outputs } = await inBothLanguages(explainSession, pieces, 2);
  expect(english).toContain("mcp.json (hand-written)");
  expect(english).toMatch(/^SERVER +STARTS +HANDSHAKE +TOOLS +PINS +CREDENTIALS/m);
  expect(outputs[0]).toMatch(/local +active +mcp\.json（手写）/);
  expect(outputs[0]).not.toContain("(hand-written)");
  expect(outputs[0]).toContain("防护与调用限制（connectory guard、connectory tools limit）：");
  expect(outputs[0]).toMatch(/ {2}local：secrets=\S+ .*；限制 search 10\/min/);
  expect(outputs[1]).toMatch(/^服务器 +启动 +握手 +工具 +固定 +凭据/m);
  expect(outputs[1]).toMatch(/local 的防护：secrets=/);
});

/** A home with widget installed, and a runner that finds the registry down. */
async function offlineHome(lang: string) {
  const home = await tempDir();
  const install = await cli(["install", "widget", "--yes"], {
    home,
    env: { CONNECTORY_REGISTRY: reg.publicUrl },
    fetch: fetchApp,
  });
  expect(install.code).toBe(0);
  return (argv: string[]) =>
    cli(argv, { home, env: { CONNECTORY_REGISTRY: "http://127.0.0.1:9", LANG: lang } });
}

/** info with the registry down: the installed version from the cache, and another version refused. */
async function offlineSession(lang: string): Promise<string[]> {
  const { outputs, step } = recorder(await offlineHome(lang));
  await step(["info", "widget"]);
  await step(["info", "widget@2.0.0"], 1);
  return outputs;
}

it("info's offline sentences in Chinese; --json's error stays English", async () => {
  const pieces = englishPieces(["info.offline", "info.from-cache"]);
  const { english, outputs } = await inBothLanguages(offlineSession, pieces, 1);
  expect(english).toContain("registry unreachable at http://127.0.0.1:9; showing widget@1.0.0 from cache");
  expect(outputs[0]).toContain("无法连接位于 http://127.0.0.1:9 的注册表；正在显示缓存中的 widget@1.0.0");
  expect(outputs[1]).toContain(
    "错误：无法连接位于 http://127.0.0.1:9 的注册表；离线时只能显示已安装的 widget@1.0.0",
  );
  expect(outputs[1]).toContain("运行 `connectory info widget` 查看已安装的版本");
  const json = await (await offlineHome("zh_CN.UTF-8"))(["info", "widget@2.0.0", "--json"]);
  expect(JSON.parse(json.stdout)).toEqual({
    error: {
      code: "info.offline",
      message:
        "registry unreachable at http://127.0.0.1:9; only the installed widget@1.0.0 can be shown offline",
      hint: "run `connectory info widget` for the installed version, or try again when the registry is back",
    },
  });
});
