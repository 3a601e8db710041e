import fs from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONVERT_NOTES_ZH_CN } from "../../cli/terminal/convert-notes-zh-cn.js";
import { CORE_WORDS_ZH_CN } from "../../cli/terminal/core-words-zh-cn.js";
import { NOTE_CODES } from "../../src/core/convert/notes.js";
import { ROOT, spawnCli } from "../helpers/cli.js";
import { tempDir } from "../helpers/tmp.js";
import { EN_LOCALE as EN, ZH_LOCALE as ZH, zhAndEn as both } from "../helpers/bilingual.js";

// Issue 32 #11: errors of src/core, src/package and a registry that carry a stable code but English
// words, said in Chinese by their code (cli/terminal/core-words-zh-cn.ts: the kind, the English words
// beside it as 原文：…), through the built CLI (`npm run build` first). English runs and --json keep
// the English as it was.

const han = /\p{Script=Han}/u;

describe("convert's refusals", () => {
  it("what a converter refused or could not read: its kind in Chinese, its own words beside it", async () => {
    const home = await tempDir();
    const bad = path.join(home, "what.json");
    await fs.writeFile(bad, JSON.stringify({ hello: 1 }));
    const refused = await both(["convert", bad, "-o", path.join(home, "out")], home);
    expect(refused.zh.code).toBe(1);
    expect(refused.zh.stderr).toContain("错误：转换失败：无法识别输入的格式（原文：");
    expect(refused.zh.stderr).toContain("原文：what.json is not a format convert reads");
    expect(refused.en.stderr).toMatch(/^error: what\.json is not a format convert reads/);
    expect(refused.en.stderr).not.toMatch(han);
    const json = await spawnCli(["convert", bad, "-o", path.join(home, "out"), "--json"], { home, env: ZH });
    const error = JSON.parse(json.stdout).error as { code: string; message: string };
    expect(error.code).toBe("convert.refused.format-unknown");
    expect(error.message).toMatch(/^what\.json is not a format convert reads/);

    const missing = path.join(home, "nothing.json");
    const input = await both(["convert", missing, "-o", path.join(home, "out")], home);
    expect(input.zh.code).toBe(1);
    expect(input.zh.stderr).toMatch(/^错误：输入不存在或不是文件（原文：.*nothing\.json/);
    expect(input.zh.stderr).toContain("请给出 server.json、manifest.json");
    expect(input.en.stderr).not.toMatch(han);
    const inputJson = await spawnCli(["convert", missing, "-o", path.join(home, "out"), "--json"], {
      home,
      env: ZH,
    });
    expect(JSON.parse(inputJson.stdout).error.code).toBe("convert.input.missing");
    expect(inputJson.stdout).not.toMatch(han);
  });

  it("a package folder that is not there (validate)", async () => {
    const home = await tempDir();
    const missing = path.join(home, "nowhere");
    const { zh, en } = await both(["validate", missing], home);
    expect(zh.code).toBe(1);
    expect(zh.stderr).toBe(
      `错误：文件夹不存在（原文：no folder at ${missing}）\n  请给出连接器文件夹的路径（含有 plugin.json 的那个）。\n`,
    );
    expect(en.stderr).toBe(
      `error: no folder at ${missing}\n  Pass the path of a connector folder (the one holding plugin.json).\n`,
    );
    const json = await spawnCli(["validate", missing, "--json"], { home, env: ZH });
    expect(JSON.parse(json.stdout).error).toMatchObject({
      code: "package.dir.missing",
      message: `no folder at ${missing}`,
    });
  });

  it("a conversion's notes: what kind each is in Chinese, the converter's words beside it", async () => {
    const home = await tempDir();
    const file = path.join(home, "server.json");
    await fs.writeFile(
      file,
      JSON.stringify({
        name: "io.github.acme/Notes_Server",
        description: "Notes for everyone.",
        version: "1.0",
        packages: [
          { registryType: "npm", identifier: "@acme/notes", version: "1.0.0", transport: { type: "stdio" } },
        ],
      }),
    );
    const argv = ["convert", file, "-o", path.join(home, "out")];
    const zh = await spawnCli(argv, { home, env: ZH });
    expect(zh.code, zh.stderr).toBe(0);
    expect(zh.stdout).toContain("  convert.version.mapped");
    expect(zh.stdout).toContain("    版本不是严格的语义化版本，已映射\n    原文：");
    const json = await spawnCli([...argv.slice(0, -1), path.join(home, "out2"), "--json"], { home, env: ZH });
    const notes = JSON.parse(json.stdout).notes as Array<{ code: string; message: string }>;
    expect(notes.map((n) => n.code)).toContain("convert.version.mapped");
    expect(json.stdout).not.toMatch(han);
  });

  it("pack's warnings: what kind each problem is in Chinese, its message beside it", async () => {
    const home = await tempDir();
    const sample = path.join(ROOT, "plugins-sample", "tushare");
    const argv = ["pack", sample, "-o", path.join(home, "t.tgz")];
    const { zh, en } = await both(argv, home);
    expect(zh.code, zh.stderr).toBe(0);
    expect(zh.stderr).toContain(
      "警告：template.secret-in-url mcp.json /mcpServers/tushare/url: 机密凭据出现在 URL 中（原文：the secret TUSHARE_TOKEN",
    );
    expect(en.stderr).toContain(
      "warning: template.secret-in-url mcp.json /mcpServers/tushare/url: the secret TUSHARE_TOKEN",
    );
    expect(en.stderr).not.toMatch(han);
    const json = await spawnCli([...argv, "--json"], { home, env: ZH });
    expect(json.code).toBe(0);
    expect(json.stdout).not.toMatch(han);
  });

  it("a project's damaged lock: said by its code, the English beside it, the hint in Chinese", async () => {
    const home = await tempDir();
    const dir = await tempDir("connectory-project-");
    await fs.writeFile(path.join(dir, "connectory.json"), '{ "connectors": { "alpha": "^1.0.0" } }');
    await fs.writeFile(
      path.join(dir, "connectory.lock"),
      '{ "lockfileVersion": 1, "connectors": { "alpha": { "version": "../../x" } }, "hosts": [] }',
    );
    const run = (env: Record<string, string>, json = false) =>
      spawnCli(["sync", ...(json ? ["--json"] : [])], { home, cwd: dir, env });
    const [zh, en, json] = await Promise.all([run(ZH), run(EN), run(ZH, true)]);
    expect(zh.code).toBe(1);
    expect(zh.stderr).toMatch(/^错误：connectory\.lock 已损坏（原文：.*is damaged/);
    expect(zh.stderr).toContain("从版本控制中恢复它，或删除它并运行 `connectory sync` 重新解析");
    expect(en.stderr).toContain("is damaged");
    expect(en.stderr).not.toMatch(han);
    expect(JSON.parse(json.stdout).error.code).toBe("project.lock.invalid");
    expect(json.stdout).not.toMatch(han);
  });

  it("every converter note has Chinese words", () => {
    for (const code of NOTE_CODES) expect(CONVERT_NOTES_ZH_CN[code], code).toMatch(han);
  });

  it("every Chinese word for a core error is Chinese", () => {
    for (const [code, text] of Object.entries(CORE_WORDS_ZH_CN)) expect(text, code).toMatch(han);
  });
});

describe("a registry's refusal with a code", () => {
  let server: http.Server;
  let url: string;
  beforeAll(async () => {
    // Every answer: the registry's 401 for a token it does not know (src/registry/tokens.ts).
    server = http.createServer((_, res) => {
      res.statusCode = 401;
      res.setHeader("content-type", "application/problem+json");
      res.end(
        JSON.stringify({
          title: "Unauthorized",
          status: 401,
          code: "auth.invalid",
          detail: "the publish token is not valid (unknown, malformed or revoked)",
          hint: "ask the registry operator for a token (`connectory-registry token create --publisher <name>`)",
        }),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it("is said by its code in Chinese, its detail beside it; --json keeps the registry's words", async () => {
    const home = await tempDir();
    const env = { CONNECTORY_REGISTRY: url };
    const { zh, en } = await both(["info", "notes"], home, env);
    expect(zh.code).toBe(1);
    expect(zh.stderr).toBe(
      "错误：发布令牌无效（未知、格式错误或已吊销）（原文：the publish token is not valid (unknown, malformed or revoked)）\n" +
        "  向注册表运营者申请令牌（`connectory-registry token create --publisher <name>`）\n",
    );
    expect(en.stderr).toBe(
      "error: the publish token is not valid (unknown, malformed or revoked)\n" +
        "  ask the registry operator for a token (`connectory-registry token create --publisher <name>`)\n",
    );
    const json = await spawnCli(["info", "notes", "--json"], { home, env: { ...env, ...ZH } });
    expect(JSON.parse(json.stdout).error).toMatchObject({
      code: "auth.invalid",
      message: "the publish token is not valid (unknown, malformed or revoked)",
    });
    expect(json.stdout).not.toMatch(han);
  });
});
