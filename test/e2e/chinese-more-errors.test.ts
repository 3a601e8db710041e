import fs from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { describeChanges } from "../../cli/install/update-changes.js";
import { ciPublishToken } from "../../cli/publish/ci-token.js";
import { CLI_MESSAGES, errorText, setCliLanguage } from "../../cli/terminal/language.js";
import { ConnectoryError } from "../../src/core/errors.js";
import { oauthFixture } from "../fixtures/servers/oauth-servers.js";
import { spawnCli, type CliRun } from "../helpers/cli.js";
import { oauthHome } from "../helpers/oauth-home.js";
import { buildHome } from "../helpers/home.js";
import { tempDir } from "../helpers/tmp.js";
import { EN_LOCALE as EN, ZH_LOCALE as ZH } from "../helpers/bilingual.js";

// Issue 32 #11: the errors that still spoke English only (OAuth, sandbox grants, the credential store,
// gateway --http, convert, a project's files, a registry's answers, the home's files, a server that
// cannot be found or started) speak Chinese under LANG=zh_CN.UTF-8 or --lang zh-CN, through the built
// CLI (`npm run build` runs before the tests). By default they stay English; --json keeps the English
// message and the error code whatever the language.

const han = /\p{Script=Han}/u;

interface Case {
  home: string;
  cwd?: string;
  env?: Record<string, string>;
}

/** One error run twice: Chinese (LANG=zh_CN.UTF-8) and English (the default); stderr of each. */
async function twoWays(argv: string[], c: Case, code: number) {
  const run = (env: Record<string, string>): Promise<CliRun> =>
    spawnCli(argv, { home: c.home, ...(c.cwd ? { cwd: c.cwd } : {}), env: { ...c.env, ...env } });
  const [zh, en] = await Promise.all([run(ZH), run(EN)]);
  expect(zh.code, zh.stderr).toBe(code);
  expect(en.code, en.stderr).toBe(code);
  // Status lines may come first (`auth` says whom it signs in to).
  expect(zh.stderr).toMatch(/^错误：/m);
  expect(en.stderr).toMatch(/^error: /m);
  expect(en.stderr).not.toMatch(han);
  return { zh: zh.stderr, en: en.stderr };
}

/** The same, and a third run with --json under the Chinese locale: the English message, and the code. */
async function threeWays(argv: string[], c: Case, code = 1) {
  const [text, json] = await Promise.all([
    twoWays(argv, c, code),
    spawnCli([...argv, "--json"], {
      home: c.home,
      ...(c.cwd ? { cwd: c.cwd } : {}),
      env: { ...c.env, ...ZH },
    }),
  ]);
  const error = JSON.parse(json.stdout).error as { code: string; message: string; hint?: string };
  expect(json.code).toBe(code);
  expect(`${error.message}\n${error.hint ?? ""}`).not.toMatch(han);
  // The English text run prints the same message as --json carries.
  expect(text.en).toContain(`error: ${error.message.split("\n")[0]}`);
  return { ...text, error };
}

/** The English sentence of a key with its placeholders filled: to show the English run says it. */
function english(key: keyof typeof CLI_MESSAGES.en, params: Record<string, string | number>): string {
  return CLI_MESSAGES.en[key].replace(/\{(\w+)\}/g, (_, k: string) => String(params[k]));
}

describe("OAuth sign-in", () => {
  it("an authorization server without PKCE S256 is refused in Chinese", async () => {
    const f = await oauthFixture({ hostile: "no-s256" });
    const home = await oauthHome(f.mcpUrl);
    const r = await threeWays(["auth", "notes", "--no-browser"], { home });
    expect(r.error.code).toBe("auth.pkce.unsupported");
    expect(r.zh).toContain(`授权服务器 ${f.issuer}`);
    expect(r.zh).toContain("没有声明支持 S256 的 PKCE（code_challenge_methods_supported）");
    expect(r.zh).toContain("MCP 规范要求 S256；没有它 Connectory 不会登录");
    expect(r.en).toContain("does not advertise PKCE with S256");
  });

  it("a sign-in that never comes back times out in Chinese", async () => {
    const f = await oauthFixture();
    const home = await oauthHome(f.mcpUrl);
    const r = await threeWays(["auth", "notes", "--no-browser", "--timeout", "1"], { home });
    expect(r.error.code).toBe("auth.timeout");
    expect(r.zh).toContain("错误：1 秒内没有收到登录结果");
    expect(r.zh).toContain("请更快地在浏览器中完成登录，或传入 --timeout <seconds>");
    expect(r.en).toContain("error: no sign-in came back within 1 s");
  });
});

describe("a hand-written server's sandbox grant", () => {
  it("a granted folder that does not exist: refused in Chinese when it would start", async () => {
    const home = await tempDir();
    await fs.writeFile(
      path.join(home, "mcp.json"),
      JSON.stringify({
        mcpServers: {
          probe: {
            command: "node",
            args: ["-e", "1"],
            permissions: { network: "none", filesystem: [{ path: "/nonexistent-zh-grant", access: "read" }] },
          },
        },
      }),
    );
    expect((await spawnCli(["trust", "probe"], { home, env: EN })).code).toBe(0);
    // `run` speaks MCP on stdout (no --json); `inspect` starts the server the same way and has --json.
    const r = await twoWays(["run", "probe"], { home }, 1);
    const json = JSON.parse((await spawnCli(["inspect", "probe", "--json"], { home, env: ZH })).stdout);
    expect(["sandbox.path.missing", "sandbox.unavailable"]).toContain(json.error.code);
    if (json.error.code === "sandbox.unavailable") return; // no bubblewrap here: chinese-rare-errors covers it
    expect(json.error.message).toBe("probe is granted /nonexistent-zh-grant, which does not exist");
    // doctor's row for the server says it in the run's language; doctor --json keeps the English.
    const doctor = await spawnCli(["doctor"], { home, env: ZH });
    expect(doctor.stdout + doctor.stderr).toContain("probe 被授予的 /nonexistent-zh-grant 不存在");
    const doctorJson = await spawnCli(["doctor", "--json"], { home, env: ZH });
    expect(doctorJson.stdout).toContain("probe is granted /nonexistent-zh-grant, which does not exist");
    expect(doctorJson.stdout).not.toMatch(han);
    expect(r.zh).toContain("错误：probe 被授予的 /nonexistent-zh-grant 不存在");
    expect(r.zh).toContain("创建它，或选择另一个文件夹（`connectory credentials set`）");
    expect(r.en).toContain(
      english("sandbox.grant-missing", { connector: "probe", path: "/nonexistent-zh-grant" }),
    );
  });
});

describe("the credential store and the home's files", () => {
  it("an unknown CONNECTORY_CREDENTIAL_STORE", async () => {
    const home = await tempDir();
    await buildHome(home, [{ sample: "tushare" }]);
    const r = await threeWays(["credentials", "set", "tushare", "TUSHARE_TOKEN=x"], {
      home,
      env: { CONNECTORY_CREDENTIAL_STORE: "vault" },
    });
    expect(r.error.code).toBe("credentials.store.invalid");
    expect(r.zh).toContain("错误：CONNECTORY_CREDENTIAL_STORE 的值是“vault”，不是 keychain、file 或 auto");
    expect(r.en).toContain('CONNECTORY_CREDENTIAL_STORE is "vault", not keychain, file or auto');
  });

  it("a hand-written mcp.json that does not parse, and a JSON file of the home that is not JSON", async () => {
    const home = await tempDir();
    await fs.writeFile(path.join(home, "mcp.json"), "{ oops");
    const syntax = await threeWays(["config"], { home });
    expect(syntax.error.code).toBe("mcp-json.syntax");
    expect(syntax.zh).toContain("：语法错误：");
    expect(syntax.zh).toContain("请手动修复该文件；在它能被解析之前，connectory 不会改动它");
    await fs.rm(path.join(home, "mcp.json"));
    await fs.mkdir(path.join(home, "plugins"), { recursive: true });
    await fs.writeFile(path.join(home, "plugins", "installed.json"), "{ not json");
    const broken = await threeWays(["list"], { home });
    expect(broken.error.code).toBe("home.file.invalid");
    expect(broken.zh).toMatch(/installed\.json 不是有效的 JSON，位于第 1 行第 \d+ 列/);
    expect(broken.zh).toContain("请手动修复或移走该文件；connectory 不会覆盖它");
    expect(broken.en).toContain("installed.json is not valid JSON, at line 1, column");
  });
});

describe("gateway --http and its token file", () => {
  it("an address off loopback or not <host>:<port> is a usage error in Chinese (--lang zh-CN too)", async () => {
    const home = await tempDir();
    const far = await twoWays(["gateway", "--http", "0.0.0.0:8765"], { home }, 2);
    expect(far.zh).toContain("网关只监听本机回环地址（127.0.0.1、::1、localhost）");
    expect(far.zh).toContain("使用 --http 127.0.0.1:8765；要从另一台机器访问，请通过隧道连接（例如 ssh -L）");
    const flag = await spawnCli(["gateway", "--http", "nonsense", "--lang", "zh-CN"], { home, env: EN });
    expect(flag.code).toBe(2);
    expect(flag.stderr).toContain('错误：--http "nonsense" 不是 <host>:<port> 格式');
  });

  it("a token file that holds no token", async () => {
    const home = await tempDir();
    await fs.writeFile(path.join(home, "gateway-token"), "not a token\n", { mode: 0o600 });
    const r = await threeWays(["gateway", "token"], { home });
    expect(r.error.code).toBe("gateway.token.invalid");
    expect(r.zh).toContain("gateway-token 中不是一个网关令牌");
    expect(r.zh).toContain("用 `connectory gateway token --rotate` 生成新的令牌");
    expect(r.en).toContain("gateway-token does not hold one gateway token");
  });
});

describe("convert", () => {
  it("a missing -o and an output folder that is not empty", async () => {
    const home = await tempDir();
    const file = path.join(home, "server.json");
    await fs.writeFile(
      file,
      JSON.stringify({
        name: "io.github.acme/notes",
        description: "Notes for everyone.",
        version: "1.0.0",
        packages: [
          { registryType: "npm", identifier: "@acme/notes", version: "1.0.0", transport: { type: "stdio" } },
        ],
      }),
    );
    const usage = await threeWays(["convert", file], { home }, 2);
    expect(usage.zh).toContain("错误：convert 需要 -o <folder>：连接器写到哪里");
    await fs.mkdir(path.join(home, "out"));
    await fs.writeFile(path.join(home, "out", "mine.txt"), "keep me");
    const exists = await threeWays(["convert", file, "-o", "out"], { home });
    expect(exists.error.code).toBe("convert.output.exists");
    expect(exists.zh).toContain("已存在且不为空；什么都没有写入");
    expect(exists.zh).toContain("请换一个 -o 文件夹，或传入 --force 替换它。");
    expect(await fs.readdir(path.join(home, "out"))).toEqual(["mine.txt"]);
  });
});

describe("a project's files", () => {
  it("a connectory.json that is not a regular file", async () => {
    const home = await tempDir();
    const dir = await tempDir("connectory-project-");
    await fs.mkdir(path.join(dir, "connectory.json"));
    const r = await threeWays(["sync"], { home, cwd: dir });
    expect(r.error.code).toBe("project.file.invalid");
    expect(r.zh).toContain("connectory.json 不是普通文件");
    expect(r.zh).toContain("请检查项目文件夹；没有做任何改动");
    expect(r.en).toContain("connectory.json is not a regular file");
  });
});

describe("a registry's answers", () => {
  let server: http.Server;
  let url: string;
  beforeAll(async () => {
    // Not the Connectory API: every answer is a 200 that is not JSON.
    server = http.createServer((_, res) => res.end("<html>hello</html>"));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it("an answer that is not JSON", async () => {
    const home = await tempDir();
    const r = await threeWays(["info", "notes"], { home, env: { CONNECTORY_REGISTRY: url } });
    expect(r.error.code).toBe("registry.response.invalid");
    expect(r.zh).toContain("：响应不是 JSON");
    expect(r.zh).toContain("该注册表不支持 Connectory API（docs/http-api.md）；请检查市场 URL");
    expect(r.en).toContain(": the response is not JSON");
  });
});

describe("servers, options and names", () => {
  it("an unknown server, an unknown option, a bad name and a bad --url", async () => {
    const home = await tempDir();
    const run = await twoWays(["run", "nothing"], { home }, 1);
    expect(run.zh).toContain("错误：生效的服务器中没有名为“nothing”的服务器");
    const inspect = await threeWays(["inspect", "nothing"], { home });
    expect(inspect.error.code).toBe("server.not-found");
    expect(inspect.zh).toContain("错误：没有名为“nothing”的服务器或已安装连接器");
    const option = await threeWays(["list", "--bogus"], { home }, 2);
    expect(option.zh).toContain("错误：未知选项 --bogus");
    expect(option.en).toContain("error: unknown option --bogus");
    const name = await threeWays(["install", "Not_A_Name"], { home }, 2);
    expect(name.error.code).toBe("usage");
    expect(name.zh).toContain("错误：“Not_A_Name”不是连接器名称");
    expect(name.zh).toContain("名称由小写字母、数字和连字符组成");
    const url = await threeWays(["mcp", "add", "far", "--url", "ftp://example.com"], { home }, 2);
    expect(url.zh).toContain("错误：--url 必须是 http:// 或 https:// URL");
    expect(url.en).toContain("error: --url must be an http:// or https:// URL");
  });
});

describe("trusted publishing outside CI (the real code throws, the edge prints)", () => {
  afterEach(() => setCliLanguage("en"));

  it("no ID token to exchange: what to give the job, in Chinese; the error stays English", async () => {
    setCliLanguage("zh-CN");
    const error = await ciPublishToken({}, fetch, "http://127.0.0.1:9", "notes").then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ConnectoryError);
    const e = error as ConnectoryError;
    expect(e.code).toBe("publish.oidc.unavailable");
    expect(e.message).toBe("this is not a CI job that can hand out an ID token");
    expect(errorText(e)).toEqual({
      message: "当前不是能签发 ID 令牌的 CI 作业",
      hint: "GitHub Actions：给作业加上 `permissions: id-token: write`；GitLab：`id_tokens: CONNECTORY_ID_TOKEN`",
    });
  });
});

describe("update's list of changes", () => {
  afterEach(() => setCliLanguage("en"));

  it("is said in the run's language; the server's fields and values stay as they are", () => {
    const changes = {
      servers: [
        {
          server: "notes",
          change: "changed" as const,
          fields: [{ field: "args", before: ["a"], after: ["b"] }],
        },
      ],
      newCredentials: ["NOTES_TOKEN"],
      newOptional: [],
      droppedCredentials: ["OLD_KEY"],
      grantDefaults: [{ key: "NOTES_DIR", after: "/srv/notes" }],
      needsConsent: true,
    };
    const english = describeChanges(changes);
    expect(english).toContain("  new required credentials: NOTES_TOKEN");
    setCliLanguage("zh-CN");
    expect(describeChanges(changes)).toEqual([
      "  服务器 notes：changed",
      '    args: ["a"] → ["b"]',
      "  新增的必填凭据：NOTES_TOKEN",
      "  沙箱文件夹 NOTES_DIR（默认值）：（无） → /srv/notes",
      "  不再使用的凭据（已移除）：OLD_KEY",
    ]);
  });
});
