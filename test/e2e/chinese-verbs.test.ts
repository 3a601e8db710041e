import { afterAll, beforeAll, expect, it } from "vitest";
import { cli } from "../helpers/cli.js";
import { createTestRegistry, packDir, packPackage, type TestRegistry } from "../helpers/registry.js";
import path from "node:path";
import { buildHome } from "../helpers/home.js";
import { tempDir } from "../helpers/tmp.js";
import { toolsConnector, writeTools } from "../cli/inspect-fixtures.js";
import { englishPieces, inBothLanguages, recorder } from "../helpers/bilingual.js";

// Issue 32: the verbs a newcomer meets after install (uninstall, outdated, enable/disable and the notes
// they print about host files) speak Chinese under LANG=zh_CN.UTF-8: the real CLI in-process against a
// real registry, each output checked for Chinese and for none of the English sentences of its messages.
// The same runs in English print those sentences, so the check can fail.

let reg: TestRegistry;
let token: string;
beforeAll(async () => {
  reg = await createTestRegistry();
  token = await reg.token("acme");
  for (const name of ["widget", "gadget"])
    expect((await reg.publish(await packPackage({ name, version: "1.0.0" }), token, name)).status).toBe(201);
  const samples = await reg.token("connectory-samples");
  for (const name of ["tushare", "weather"])
    expect((await reg.publish(await packDir(name), samples, name)).status).toBe(201);
});
afterAll(() => reg.close());

const fetchApp = ((input: Request | string | URL, init?: RequestInit) =>
  reg.app.request(input, init)) as typeof fetch;

async function home(lang: string) {
  const h = await tempDir();
  return (argv: string[]) =>
    cli(argv, { home: h, env: { CONNECTORY_REGISTRY: reg.publicUrl, LANG: lang }, fetch: fetchApp });
}

const PREFIXES = [
  "uninstall.",
  "outdated.",
  "toggle.",
  "exports.",
  "skills.",
  "marketplace.",
  "credentials.",
  "mcp.",
  "tools.",
];
/** The English pieces between the placeholders of these verbs' messages: words that say something. */
const ENGLISH = englishPieces(PREFIXES);
const leftovers = (text: string) => ENGLISH.filter((piece) => text.includes(piece));

/** The session of a newcomer: install two, export to a host file, outdated, disable, enable, uninstall. */
async function session(lang: string): Promise<string[]> {
  const { outputs, step } = recorder(await home(lang));
  await step(["outdated"]);
  // Set-up, not checked here: install is in chinese-mode.test.ts, config export in chinese-status-verbs.test.ts.
  for (const name of ["widget", "gadget"]) await step(["install", name, "--yes"], 0, false);
  await step(["config", "export", "--host", "cursor", "--file", "cursor.json", "--write"], 0, false);
  await step(["outdated"]);
  await step(["outdated", "widget"]);
  await step(["disable", "widget"]);
  await step(["disable", "widget"]);
  await step(["enable", "widget"]);
  await step(["enable", "widget"]);
  await step(["uninstall", "gadget"]);
  return outputs;
}

it("uninstall, outdated, enable, disable and their host-file notes in Chinese, none of the English left", async () => {
  expect(ENGLISH.length).toBeGreaterThan(15);
  const { english, outputs, all } = await inBothLanguages(session, ENGLISH, 5);
  expect(english).toContain("all 2 are up to date");
  expect(english).toContain("uninstalled gadget@1.0.0 (from default)");

  expect(outputs[0]).toContain("尚未安装任何连接器");
  expect(all).toContain("全部 2 个都已是最新");
  expect(all).toContain("它已是最新");
  expect(all).toContain("已停用 widget@default");
  expect(all).toContain("widget@default 本来就已停用");
  expect(all).toContain("已启用 widget@default");
  expect(all).toContain("已卸载 gadget@1.0.0（来自 default）");
  expect(all).toMatch(/cursor\.json（cursor，user 范围） 仍列出 gadget；更新它：connectory config export/);
});

it("outdated's table has Chinese headers; --json stays as it was", async () => {
  const run = await home("zh_CN.UTF-8");
  expect((await run(["install", "widget", "--yes"])).code).toBe(0);
  await reg.publish(await packPackage({ name: "widget", version: "1.1.0" }), token, "widget");
  const out = await run(["outdated"]);
  expect(out.code).toBe(1);
  expect(out.stdout.split("\n")[0]!.trim().split(/\s+/)).toEqual(["连接器", "当前", "想要", "最新", "市场"]);
  expect(leftovers(out.stdout + out.stderr)).toEqual([]);
  const json = JSON.parse((await run(["outdated", "--json"])).stdout) as {
    outdated: Array<{ wanted: string }>;
  };
  expect(json.outdated[0]!.wanted).toBe("1.1.0");
});

/** marketplace add, list, remove and their errors; each run's exit code as expected. */
async function marketplaceSession(lang: string): Promise<string[]> {
  const { outputs, step } = recorder(await home(lang));
  await step(["marketplace", "add", "acme", reg.publicUrl], 0);
  await step(["marketplace", "add", "acme", reg.publicUrl], 0);
  await step(["marketplace", "add", "acme", "https://elsewhere.example"], 1);
  await step(["marketplace", "add", "Bad Name", reg.publicUrl], 2);
  await step(["marketplace", "add", "other", "not a url"], 2);
  await step(["marketplace", "add", "other", "ftp://x.example"], 2);
  await step(["marketplace", "add", "other", "https://u:p@x.example"], 2);
  await step(["marketplace", "add", "other", "https://x.example/?q=1"], 2);
  await step(["marketplace", "add", "other", reg.publicUrl, "--key", "nope"], 2);
  await step(["install", "widget", "--yes"], 0);
  await step(["marketplace", "list"], 0);
  await step(["marketplace", "remove", "nowhere"], 1);
  await step(["marketplace", "remove", "default"], 1);
  await step(["marketplace", "remove", "default", "--force"], 0);
  await step(["marketplace", "remove", "acme"], 0);
  await step(["marketplace", "list"], 0);
  return outputs;
}

it("marketplace add, list, remove and their errors in Chinese; --json errors stay English", async () => {
  const { english, outputs, all } = await inBothLanguages(marketplaceSession, ENGLISH, 12, [9]);
  expect(english).toContain("added marketplace acme → ");
  expect(english).toContain("* default marketplace");

  expect(outputs[0]).toContain("已添加市场 acme → ");
  expect(outputs[1]).toContain("市场 acme 已指向 ");
  expect(outputs[3]).toContain("“Bad Name”不是合法的市场名称");
  expect(all).toContain("* 默认市场");
  expect(all).toContain("没有名为“nowhere”的市场");
  expect(all).toContain("有 1 个连接器从 default 安装：widget");
  expect(all).toContain("已移除市场 default；acme 现在是默认市场");
  expect(outputs.at(-1)).toContain("没有市场");

  const json = await (await home("zh_CN.UTF-8"))(["marketplace", "remove", "nowhere", "--json"]);
  const error = (JSON.parse(json.stdout) as { error: { code: string; message: string } }).error;
  expect(error).toMatchObject({ code: "marketplace.unknown", message: 'no marketplace named "nowhere"' });
});

const SECRET = "5ec2e7".repeat(9) + "ab";

/** credentials set, show and unset, and their errors. */
async function credentialsSession(lang: string): Promise<string[]> {
  const { outputs, step } = recorder(await home(lang));
  for (const name of ["tushare", "weather", "widget"]) await step(["install", name, "--yes"], 0, false);
  await step(["credentials", "show", "tushare"], 0);
  await step(["credentials", "set", "tushare"], 2);
  await step(["credentials", "set", "tushare", `TUSHARE_TOKEN=${SECRET}`], 0);
  await step(["credentials", "show", "tushare"], 0);
  await step(["credentials", "show", "weather"], 0);
  await step(["credentials", "show", "widget"], 0);
  await step(["credentials", "set", "widget", "X=1"], 1);
  await step(["disable", "weather"], 0);
  await step(["credentials", "set", "weather", "WEATHER_UNITS=imperial"], 0);
  await step(["credentials", "unset", "tushare", "NOPE"], 1);
  await step(["credentials", "unset", "tushare", "TUSHARE_TOKEN"], 0);
  await step(["credentials", "unset", "tushare"], 0);
  return outputs;
}

it("credentials set, show, unset and their errors in Chinese; secrets never printed", async () => {
  const { english, outputs, all } = await inBothLanguages(credentialsSession, ENGLISH, 10);
  expect(english).toContain("Saved 1 credential for tushare@default: TUSHARE_TOKEN (given)");

  expect(all).not.toContain(SECRET);
  expect(outputs[0]).toContain("缺少：TUSHARE_TOKEN。设置它们：connectory credentials set tushare");
  expect(outputs[0]!.split("\n")[2]!.trim().split(/\s+/)).toEqual(["键", "值", "类型"]);
  expect(outputs[1]).toContain("没有给出任何值");
  expect(outputs[2]).toContain("已为 tushare@default 保存 1 项凭据：TUSHARE_TOKEN (参数给出)");
  expect(outputs[3]).toMatch(/TUSHARE_TOKEN +\*\*\* +必填，机密/);
  expect(outputs[4]).toMatch(/WEATHER_UNITS +（默认 metric） +可选/);
  expect(outputs[5]).toContain("widget@default 不需要凭据。");
  expect(outputs[8]).toContain("就绪，但已停用：connectory enable weather");
  expect(outputs.at(-1)).toContain("tushare@default 没有已保存的凭据");
});

/** mcp add, list, remove and their errors. */
async function mcpSession(lang: string): Promise<string[]> {
  const { outputs, step } = recorder(await home(lang));
  await step(["mcp", "list"], 0);
  await step(["mcp", "add", "local", "--", "node", "--version"], 0);
  await step(["mcp", "add", "local", "--", "node", "--version"], 1);
  await step(["mcp", "add", "mine", "--trust", "--no-network", "--", "node", "--version"], 0);
  await step(["mcp", "list"], 0);
  await step(["mcp", "remove", "nope"], 1);
  await step(["mcp", "remove", "local"], 0);
  // Launch and grant warnings, and the SANDBOX cells of a host list, a whole network and none.
  await step(
    ["mcp", "add", "web", "--allow-net", "example.com", "--allow-read", "./missing", "--", "./nope", "x.py"],
    0,
  );
  await step(["mcp", "add", "wide", "--allow-net", "any", "--", "node", "--version"], 0);
  await step(["mcp", "list"], 0);
  return outputs;
}

it("mcp add, list, remove and their errors in Chinese", async () => {
  const { english, outputs } = await inBothLanguages(mcpSession, ENGLISH, 6);
  expect(english).toContain('Added "local" to ');

  expect(outputs[0]).toContain("中没有手写的服务器");
  expect(outputs[1]).toContain("在你信任它之前保持未生效：connectory trust local");
  expect(outputs[2]).toContain("中已有名为“local”的服务器");
  expect(outputs[3]).toContain("已信任：它现在已生效");
  expect(outputs[4]!.split("\n")[2]!.trim().split(/\s+/).slice(0, 4)).toEqual([
    "名称",
    "信任",
    "沙箱",
    "启动",
  ]);
  expect(outputs[4]).toContain("信任之前不会生效：connectory trust local");
  expect(outputs[5]).toContain("没有名为“nope”的手写服务器");
  expect(outputs[6]).toContain("移除“local”");
  expect(english).toContain('warning: the command "./nope" does not exist (relative to ');
  expect(english).toMatch(/web +untrusted +net only example\.com, 1 path /);
  expect(outputs[7]).toContain('警告：命令 "./nope" 不存在（相对于 ');
  expect(outputs[7]).toContain('警告：参数 "x.py" 指向的文件不存在');
  expect(outputs[7]).toMatch(/警告：授权的路径 ".*missing" 不存在/);
  expect(outputs[7]).toContain("在沙箱中运行：网络：仅 example.com; 文件：读取 ");
  expect(outputs[9]).toMatch(/mine +trusted +网络：无，0 个路径 /);
  expect(outputs[9]).toMatch(/web +untrusted +网络：仅 example\.com，1 个路径 /);
  expect(outputs[9]).toMatch(/wide +untrusted +网络：任意主机.*，0 个路径 /);
});

/** tools (a real MCP server listing its tools), its rules and limits, and their errors. */
async function toolsSession(lang: string): Promise<string[]> {
  const dir = await tempDir();
  await writeTools(path.join(dir, "tools.json"));
  const h = path.join(dir, "home");
  await buildHome(h, [toolsConnector("notes", path.join(dir, "tools.json"))]);
  let home = await tempDir(); // the first step runs with nothing installed
  const { outputs, step } = recorder((argv) => cli(argv, { home, env: { LANG: lang, COLUMNS: "200" } }));
  await step(["tools"], 0);
  home = h;
  await step(["tools", "--format", "nope"], 2);
  await step(["tools", "allow", "nobody", "x"], 1);
  await step(["tools", "deny", "notes", "search"], 0);
  await step(["tools"], 0);
  await step(["tools", "limit", "notes/search", "10/min"], 0);
  await step(["tools", "limit", "notes/search", "off"], 0);
  return outputs;
}

it("tools, its rules, limits and errors in Chinese", async () => {
  const { english, outputs } = await inBothLanguages(toolsSession, ENGLISH, 5);
  expect(english).toContain("hidden by allow/deny rules: notes__search");

  expect(outputs[0]).toContain("没有工具：没有生效的服务器应答");
  expect(outputs[1]).toContain("未知格式“nope”");
  expect(outputs[2]).toContain("生效的服务器中没有名为“nobody”的服务器");
  expect(outputs[3]).toContain("notes：允许 （无）；拒绝 search");
  expect(outputs[4]).toContain("1 个工具被允许/拒绝规则隐藏：notes__search");
  expect(outputs[4]).toMatch(/函数 +服务器 +描述/);
  expect(outputs[4]).toMatch(/\d+ 个工具，来自 1 个服务器/);
  expect(outputs[5]).toContain("notes/search 的调用限制：10/min");
  expect(outputs[6]).toContain("notes/search 的调用限制：不限");
});
