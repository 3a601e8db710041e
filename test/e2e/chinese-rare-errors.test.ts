import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { cacheDir } from "../../cli/home/home.js";
import { fetchBundles } from "../../cli/install/fetch-bundles.js";
import { planLaunch } from "../../cli/sandbox/sandbox-launch.js";
import { errorText, setCliLanguage } from "../../cli/terminal/language.js";
import { ConnectoryError } from "../../src/core/errors.js";
import { FakeRegistry, startFakeRegistry, weather } from "../cli/install-fixtures.js";
import { cli } from "../helpers/cli.js";
import { buildHome } from "../helpers/home.js";
import { createTestRegistry, makePackage, type TestRegistry } from "../helpers/registry.js";
import { packFiles } from "../../src/package/pack.js";
import { tempDir } from "../helpers/tmp.js";

// Issue 32 #11: the errors of rarer paths speak Chinese under LANG=zh_CN.UTF-8 (messages-zh-cn-rare.ts):
// a tampered cache, a refused signature, the OS keychain, a sandbox that cannot start, an MCP Bundle that fails to verify.
// --json keeps the English. Where the real CLI cannot provoke the error here (bubblewrap is installed;
// no bundle host), the real code throws it and the edge's errorText prints it.

const han = /\p{Script=Han}/u;

describe("a tampered cache", () => {
  let reg: FakeRegistry;
  let home: string;
  beforeEach(async () => {
    reg = await startFakeRegistry();
    home = await tempDir();
    await reg.publish(weather("1.0.0"));
  });
  afterEach(() => reg.close());
  const run = (lang: string, ...argv: string[]) =>
    cli(argv, { home, env: { CONNECTORY_REGISTRY: reg.url, LANG: lang } });

  it("run and doctor refuse it in Chinese, the file list and the fix included; --json stays English", async () => {
    expect((await run("en_US.UTF-8", "install", "weather")).code).toBe(0);
    const dir = cacheDir(home, "default", "weather", "1.0.0");
    await fs.writeFile(path.join(dir, "server", "index.js"), "process.exit(3)\n");
    await fs.writeFile(path.join(dir, "server", "preload.js"), "evil");

    const zh = await run("zh_CN.UTF-8", "run", "weather");
    expect(zh.code).toBe(1);
    expect(zh.stderr).toContain(
      "错误：weather@1.0.0 的缓存文件在安装后被改动（server/index.js 被改动; server/preload.js 是新增的）；connectory 不会启动它们",
    );
    expect(zh.stderr).toContain(
      "如果不是你自己改的，请检查它们；然后重新安装：connectory install weather --force",
    );
    const en = await run("en_US.UTF-8", "run", "weather");
    expect(en.stderr).toContain("(server/index.js changed; server/preload.js added)");

    const doctor = await run("zh_CN.UTF-8", "doctor");
    expect(doctor.code).toBe(1);
    expect(doctor.stdout + doctor.stderr).toContain(
      "FAIL weather@default: weather@1.0.0 的缓存文件在安装后被改动",
    );
    const json = await run("zh_CN.UTF-8", "doctor", "--json");
    expect(json.stdout).toContain("changed since they were installed");
    expect(json.stdout).not.toMatch(han);
  });

  it("install downloads a damaged cache again, saying so in Chinese", async () => {
    expect((await run("en_US.UTF-8", "install", "weather")).code).toBe(0);
    await fs.rm(path.join(cacheDir(home, "default", "weather", "1.0.0"), "plugin.json"));
    const again = await run("zh_CN.UTF-8", "install", "weather");
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toContain(
      "weather@1.0.0 的缓存文件已损坏（它的文件被改动过（plugin.json 缺失））；正在重新下载",
    );
  });

  it("a tarball altered on the way is refused in Chinese, --json in English", async () => {
    const bytes = await reg.publish(weather("1.1.0"));
    const evil = Uint8Array.from(bytes);
    evil[evil.length - 10]! ^= 0xff;
    reg.tamper("weather", "1.1.0", evil);
    const zh = await run("zh_CN.UTF-8", "install", "weather@1.1.0");
    expect(zh.code).toBe(1);
    expect(zh.stderr).toContain(
      "错误：weather@1.1.0 的 tarball 与注册表的完整性校验值不符；已拒绝，没有任何改变",
    );
    expect(zh.stderr).toContain("下载内容在途中被改动，或注册表出了问题");
    const json = JSON.parse((await run("zh_CN.UTF-8", "install", "weather@1.1.0", "--json")).stdout);
    expect(json.error.message).toContain("does not match the registry's integrity");
  });
});

describe("a trust downgrade on update", () => {
  it("is refused in Chinese with what to check; allowed, the warning is Chinese too", async () => {
    const reg = await startFakeRegistry();
    try {
      const home = await tempDir();
      const run = (...argv: string[]) =>
        cli(argv, { home, env: { CONNECTORY_REGISTRY: reg.url, LANG: "zh_CN.UTF-8" } });
      await reg.publish(weather("1.0.0"), { provenance: { sha: "abc" } });
      expect((await run("install", "weather", "--yes")).code).toBe(0);
      await reg.publish(weather("1.1.0"));
      const refused = await run("update", "weather", "--yes");
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(
        "错误：weather@1.1.0 没有构建来源证明，而 1.0.0 有（信任降级）；未安装它",
      );
      expect(refused.stderr).toContain("`connectory update weather --allow-provenance-downgrade`");
      const json = JSON.parse((await run("update", "weather", "--yes", "--json")).stdout);
      expect(json.error.message).toContain("has no build provenance, but 1.0.0 had it");
      const forced = await run("update", "weather", "--yes", "--allow-provenance-downgrade");
      expect(forced.code, forced.stderr).toBe(0);
      expect(forced.stderr).toContain("仍然更新（--allow-provenance-downgrade）");
    } finally {
      await reg.close();
    }
  });
});

describe("the OS keychain", () => {
  it("forced without a Secret Service: the error and its hint in Chinese, --json in English", async () => {
    const home = await tempDir();
    await buildHome(home, [{ sample: "tushare" }]);
    const env = {
      DBUS_SESSION_BUS_ADDRESS: "",
      XDG_RUNTIME_DIR: "",
      CONNECTORY_CREDENTIAL_STORE: "keychain",
    };
    const argv = ["credentials", "set", "tushare", `TUSHARE_TOKEN=${"ab".repeat(28)}`];
    const zh = await cli(argv, { home, env: { ...env, LANG: "zh_CN.UTF-8" } });
    expect(zh.code).toBe(1);
    expect(zh.stderr).toContain("错误：无法使用操作系统钥匙串：");
    expect(zh.stderr).toContain("启动或解锁钥匙串");
    expect(zh.stderr).not.toContain("the OS keychain cannot be used");
    const json = await cli([...argv, "--json"], { home, env: { ...env, LANG: "zh_CN.UTF-8" } });
    const error = JSON.parse(json.stdout).error;
    expect(error.code).toBe("credentials.keychain.unavailable");
    expect(error.message).toMatch(/^the OS keychain cannot be used: /);
    expect(error.hint).toContain("CONNECTORY_CREDENTIAL_STORE=file");
  });
});

describe("errors the real code throws, printed in Chinese at the edge", () => {
  afterEach(() => setCliLanguage("en"));
  const thrown = async (work: Promise<unknown>): Promise<ConnectoryError> => {
    const error = await work.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ConnectoryError);
    return error as ConnectoryError;
  };

  it("a sandbox that cannot start: no sandbox on the platform", async () => {
    setCliLanguage("zh-CN");
    const home = await tempDir();
    const error = await thrown(
      planLaunch(
        { command: "node", args: ["x.js"], env: {}, cwd: "/" },
        { permissions: { network: "none" }, connector: "weather@default" },
        { env: { HOME: home }, home, platform: "win32" },
      ),
    );
    expect(error.code).toBe("sandbox.unavailable");
    expect(error.message).toBe(
      "weather@default declares permissions, and no sandbox is available on this machine to enforce them",
    );
    expect(errorText(error)).toEqual({
      message: "weather@default 声明了权限，而本机没有可用的沙箱来强制执行它们",
      hint: expect.stringContaining("`connectory sandbox off weather@default`"),
    });
    expect(errorText(error).hint).toContain("安装 bubblewrap");
  });

  it("a sandbox that cannot start: a permission path naming an unset credential", async () => {
    setCliLanguage("zh-CN");
    const home = await tempDir();
    const error = await thrown(
      planLaunch(
        { command: "node", args: ["x.js"], env: {}, cwd: "/" },
        {
          permissions: { network: "none", filesystem: [{ path: "${NOTES_DIR}", access: "read" }] },
          connector: "notes@default",
        },
        { env: { HOME: home, PATH: process.env["PATH"] }, home, platform: "linux" },
      ),
    );
    if (error.code === "sandbox.unavailable") return; // no bubblewrap here: the case above covers it
    expect(error.code).toBe("sandbox.path.unset");
    expect(error.hint).toBe("set the credential it names (`connectory credentials set notes@default`)");
    expect(errorText(error).hint).toBe("设置它指名的凭据（`connectory credentials set notes@default`）");
  });

  it("an MCP Bundle whose bytes are not the ones its package names, and one over http", async () => {
    setCliLanguage("zh-CN");
    const home = await tempDir();
    const bytes = new TextEncoder().encode("not the bundle");
    const actual = createHash("sha256").update(bytes).digest("hex");
    const named = "0".repeat(64);
    const servers = (url: string) => ({
      editor: {
        command: "",
        args: [],
        package: { registryType: "mcpb", identifier: url, fileSha256: named },
      },
    });
    const fetchFn = (async () => new Response(bytes)) as unknown as typeof fetch;
    const url = "https://example.com/editor.mcpb";
    const integrity = await thrown(fetchBundles(home, servers(url), fetchFn));
    expect(integrity.code).toBe("install.bundle.integrity");
    expect(integrity.message).toContain(`has sha256 ${actual}, not the ${named}`);
    expect(errorText(integrity)).toEqual({
      message: `MCP Bundle ${url} 的 sha256 是 ${actual}，不是其包中写明的 ${named}：已拒绝`,
      hint: "该文件在发布后被改动过；请询问发布者，或安装另一个版本",
    });
    const http = await thrown(fetchBundles(home, servers("http://example.com/editor.mcpb"), fetchFn));
    expect(http.code).toBe("install.bundle.download");
    expect(errorText(http).message).toBe("MCP Bundle http://example.com/editor.mcpb 不是 https:// URL");
  });
});

describe("a refused signature", () => {
  let reg: TestRegistry;
  beforeAll(async () => {
    reg = await createTestRegistry();
  });
  afterAll(() => reg.close());
  const fetchFn = ((input: string | URL | Request, init?: RequestInit) =>
    reg.app.request(
      typeof input === "string" ? input : input instanceof URL ? input.href : input.url,
      init,
    )) as typeof fetch;

  it("a version stripped of its signature: what to do in Chinese, --json in English", async () => {
    const pkg = makePackage(
      { name: "demo", version: "1.0.0" },
      {
        "mcp.json": JSON.stringify({ mcpServers: { demo: { command: "node", args: ["server.js"] } } }),
        "server.js": "1;\n",
      },
    );
    expect((await reg.publish(await packFiles(pkg), await reg.token("acme"), "demo")).status).toBe(201);
    const [row] = await reg.sql("SELECT id, document FROM connectors WHERE name = 'demo'");
    const doc = JSON.parse(String(row!.document));
    delete doc.versions["1.0.0"].dist.statement;
    delete doc.versions["1.0.0"].dist.signatures;
    const quoted = `'${JSON.stringify(doc).replace(/'/g, "''")}'`;
    await reg.sql(
      `UPDATE connectors SET document = ${quoted}, etag = 'stripped' WHERE id = ${Number(row!.id)}`,
    );

    const home = await tempDir();
    const run = (...argv: string[]) =>
      cli(argv, { home, env: { CONNECTORY_REGISTRY: reg.publicUrl, LANG: "zh_CN.UTF-8" }, fetch: fetchFn });
    const zh = await run("install", "demo@1.0.0", "--yes");
    expect(zh.code).toBe(1);
    expect(zh.stderr).toContain("注册表没有为它签名：什么都没有安装；请询问市场运营者，或使用另一个市场");
    const json = JSON.parse((await run("install", "demo@1.0.0", "--yes", "--json")).stdout).error;
    expect(json.code).toBe("install.signature.missing");
    expect(json.hint).toBe(
      "the registry did not sign it: nothing was installed; ask the marketplace operator, or use another marketplace",
    );
  });
});
