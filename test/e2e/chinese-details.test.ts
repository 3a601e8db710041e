import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import fs from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { Upstream } from "../../cli/gateway/upstream.js";
import type { UpstreamDeps } from "../../cli/gateway/upstream-deps.js";
import { planLaunch } from "../../cli/sandbox/sandbox-launch.js";
import { errorText, localizedError, setCliLanguage } from "../../cli/terminal/language.js";
import type { ConnectoryError } from "../../src/core/errors.js";
import { spawnCli } from "../helpers/cli.js";
import { tempDir } from "../helpers/tmp.js";
import { EN_LOCALE as EN, ZH_LOCALE as ZH, zhAndEn as both } from "../helpers/bilingual.js";

// Issue 32 #11, the rest: what a Chinese run still quoted in English inside its translated sentences:
// node:util parseArgs's refusals, why a server runs unsandboxed and the sandbox's rules, why `import`
// skips an entry, the gateway's lines about its upstream servers, a permission path that cannot be
// filled, a hand-written mcp.json's problems and its servers' permissions blocks (chinese-core-words
// has the converter's, a package folder's and a registry's refusals). Through the built CLI (`npm run build` first), in
// Chinese, in English, and with --json (English, as it was).

const han = /\p{Script=Han}/u;

describe("node:util parseArgs's refusals, by their code", () => {
  it.each([
    [
      ["import", "--from"],
      "错误：选项 --from 需要一个值：--from <host>",
      "error: option --from needs a value: --from <host>",
    ],
    [["list", "--help=yes"], "错误：选项 --help 不接受值", "error: option --help takes no value"],
    [
      ["search", "notes", "--limit", "-5"],
      "错误：选项 --limit 没有值：它后面的词以短横线开头（以短横线开头的值请写成 --limit=-…）",
      "error: option --limit has no value: the word after it starts with a dash (a value that does is written --limit=-…)",
    ],
    [["list", "-Z"], "错误：未知选项 -Z", "error: unknown option -Z"],
  ])("%j", async (argv, zhLine, enLine) => {
    const home = await tempDir();
    const { zh, en } = await both(argv, home);
    expect(zh.code).toBe(2);
    expect(en.code).toBe(2);
    expect(zh.stderr.split("\n")[0]).toBe(zhLine);
    expect(zh.stderr).toContain(`运行 \`connectory ${argv[0]} --help\``);
    expect(en.stderr.split("\n")[0]).toBe(enLine);
    expect(en.stderr).not.toMatch(han);
    // --json (first: the refused option stays last) keeps the English message and the code.
    const json = await spawnCli(["--json", ...argv], { home, env: ZH });
    expect(json.code).toBe(2);
    const error = JSON.parse(json.stdout).error as { code: string; message: string; hint: string };
    expect(error.code).toBe("usage");
    expect(`error: ${error.message}`).toBe(enLine);
    expect(error.hint).toBe(`run \`connectory ${argv[0]} --help\``);
  });
});

describe("run --explain-sandbox", () => {
  async function homeWith(servers: Record<string, unknown>) {
    const home = await tempDir();
    await fs.writeFile(path.join(home, "mcp.json"), JSON.stringify({ mcpServers: servers }));
    // Hand-written servers run (and explain their sandbox) only once trusted.
    for (const name of Object.keys(servers))
      expect((await spawnCli(["trust", name], { home, env: EN })).code).toBe(0);
    return home;
  }

  it("says why a server runs unsandboxed, and where a remote one runs", async () => {
    const home = await homeWith({
      plain: { command: "node", args: ["-e", "1"] },
      far: { type: "http", url: "https://example.com/mcp" },
    });
    const plain = await both(["run", "plain", "--explain-sandbox"], home);
    expect(plain.zh.code, plain.zh.stderr).toBe(0);
    expect(plain.zh.stdout).toBe("plain 不在沙箱中运行：不受限制：没有声明任何权限。\n");
    expect(plain.en.stdout).toBe("plain runs unsandboxed: unrestricted: declares no permissions.\n");
    const far = await both(["run", "far", "--explain-sandbox"], home);
    expect(far.zh.stdout).toBe("far 是远程服务器：它在别处运行，本地沙箱不适用。\n");
    expect(far.en.stdout).toContain("far is a remote server");
  });

  it("says the sandbox's rules in Chinese (where bubblewrap is installed)", async () => {
    const home = await homeWith({
      boxed: { command: "node", args: ["-e", "1"], permissions: { network: ["example.com"] } },
    });
    const { zh, en } = await both(["run", "boxed", "--explain-sandbox"], home);
    if (en.code !== 0) return expect(en.stderr).toMatch(/no sandbox|bubblewrap|socat/); // none here
    expect(zh.stdout).toMatch(/^boxed 在 bubblewrap（.*）中运行，规则如下：$/m);
    expect(zh.stdout).toContain("network    只允许 example.com：没有自己的网络");
    expect(zh.stdout).toContain("系统程序和库");
    expect(zh.stdout).toContain("其他一切都被隐藏。命令行：");
    expect(en.stdout).toContain("network    only example.com: no network of its own");
    expect(en.stdout).toContain("Everything else is hidden. The command line:");
    expect(en.stdout).not.toMatch(han);
  });

  it("a permission path whose credential is not set: said in Chinese, English in the error", async () => {
    // A connector's grant (`${NOTES_DIR}`, a credential); hand-written servers may only use ${HOME}.
    const home = await tempDir();
    const plan = () =>
      planLaunch(
        { command: "node", args: ["x.js"], env: {}, cwd: "/" },
        {
          permissions: { network: "none", filesystem: [{ path: "${NOTES_DIR}/x", access: "read" }] },
          connector: "notes@default",
        },
        { env: { HOME: home, PATH: process.env["PATH"] }, home, platform: "linux" },
      ).then(
        () => undefined,
        (e: unknown) => e as ConnectoryError,
      );
    try {
      setCliLanguage("zh-CN");
      const zh = await plan();
      if (zh?.code === "sandbox.unavailable") return; // no bubblewrap here
      expect(zh?.code).toBe("sandbox.path.unset");
      expect(zh?.message).toBe(
        "notes@default: the permission path ${NOTES_DIR}/x needs ${NOTES_DIR}, which is not set",
      );
      expect(errorText(zh!).message).toBe(
        "notes@default 的权限路径无法填写：权限路径 ${NOTES_DIR}/x 需要 ${NOTES_DIR}，但它没有设置",
      );
      setCliLanguage("en");
      const en = await plan();
      expect(errorText(en!).message).toBe(en!.message);
    } finally {
      setCliLanguage("en");
    }
  });
});

describe("import's reasons and notes", () => {
  it("says why each entry is skipped in Chinese; --json keeps the English reasons", async () => {
    const home = await tempDir();
    const dir = await tempDir();
    const file = path.join(dir, "mcp.json");
    await fs.writeFile(
      file,
      `{"mcpServers": {
        "off": {"command": "node", "disabled": true},
        "nothing": {},
        "ftp": {"url": "ftp://example.com/mcp"},
        "bad name!": {"command": "node"},
        "twice": {"command": "node"},
        "twice": {"command": "node", "env_vars": ["NOTES_TOKEN"]}
      }}`,
    );
    const argv = ["import", "--from", "cursor", "--file", file, "--dry-run"];
    const env = { HOME: dir, CONNECTORY_REGISTRY: "http://127.0.0.1:9" };
    const { zh, en } = await both(argv, home, env);
    expect(zh.code, zh.stderr).toBe(0);
    for (const line of [
      "off: 它在 cursor 中已停用",
      "nothing: 它既没有命令也没有 URL",
      "ftp: 它的 url 不是 http(s) URL",
      "bad name!: 它不是有效的服务器：",
      "注意：“twice”在文件中出现了不止一次；按主机的读法，导入最后一个",
      "注意：它按名称从环境变量中读取一些值（env_vars、bearer_token_env_var）：请手动添加",
    ])
      expect(zh.stdout).toContain(line);
    expect(zh.stdout).not.toMatch(
      /it is disabled|neither a command|appears more than once|reads some values/,
    );
    expect(en.stdout).toContain("off: it is disabled in cursor");
    expect(en.stdout).toContain("ftp: its url is not an http(s) URL");
    expect(en.stdout).not.toMatch(han);

    const json = await spawnCli([...argv, "--json"], { home, env: { ...env, ...ZH } });
    expect(json.code, json.stderr).toBe(0);
    const data = JSON.parse(json.stdout) as {
      servers: Array<{ name: string; reason?: string; notes: string[] }>;
      notes: string[];
    };
    const reason = (name: string) => data.servers.find((s) => s.name === name)?.reason;
    expect(reason("off")).toBe("it is disabled in cursor");
    expect(reason("nothing")).toBe("it has neither a command nor a url");
    expect(reason("ftp")).toBe("its url is not an http(s) URL");
    expect(reason("bad name!")).toMatch(/^bad name! in the host file has 1 problem: /);
    expect(data.servers.find((s) => s.name === "twice")?.notes).toEqual([
      "it reads some values from the environment by name (env_vars, bearer_token_env_var): add them by hand",
      '"twice" appears more than once in the file; the last one is imported, as the host reads it',
    ]);
    expect(JSON.stringify(data)).not.toMatch(han);
  });
});

describe("a hand-written mcp.json's problems", () => {
  it("the error says how many problems and the first one's kind in Chinese; --json keeps the English", async () => {
    const home = await tempDir();
    await fs.writeFile(
      path.join(home, "mcp.json"),
      JSON.stringify({ mcpServers: { ok: { command: "node" }, "bad name!": { command: "node" } } }),
    );
    const { zh, en } = await both(["config"], home);
    expect(zh.code).toBe(1);
    expect(zh.stderr).toMatch(
      /^错误：.*mcp\.json 中有 connectory 无法读取的服务器：1 个问题；第一个：服务器名称无效：/,
    );
    expect(zh.stderr).not.toContain("has 1 problem");
    const json = await spawnCli(["config", "--json"], { home, env: ZH });
    const error = JSON.parse(json.stdout).error as { code: string; message: string };
    expect(error.code).toBe("mcp-json.invalid");
    expect(error.message).toMatch(/mcp\.json has 1 problem: server name "bad name!" must be/);
    expect(en.stderr).toContain(`error: ${error.message}`);
    expect(en.stderr).not.toMatch(han);
  });
});

describe("a hand-written server's permissions block", () => {
  it("in mcp.json and in mcp add's flags: what is wrong said in Chinese; --json keeps the English", async () => {
    const home = await tempDir();
    await fs.writeFile(
      path.join(home, "mcp.json"),
      JSON.stringify({
        mcpServers: {
          boxed: {
            command: "node",
            permissions: { network: "none", filesystem: [{ path: "${NOTES_DIR}/x", access: "read" }] },
          },
        },
      }),
    );
    const block = await both(["config"], home);
    expect(block.zh.code).toBe(1);
    expect(block.zh.stderr).toContain('permissions.filesystem[0] "${NOTES_DIR}/x" 只能使用模板 ${HOME}');
    expect(block.en.stderr).toContain(
      'permissions.filesystem[0] "${NOTES_DIR}/x" may use only the template ${HOME}',
    );
    expect(block.en.stderr).not.toMatch(han);
    const blockJson = await spawnCli(["config", "--json"], { home, env: ZH });
    const error = JSON.parse(blockJson.stdout).error as { code: string; message: string };
    expect(error.code).toBe("mcp-json.invalid");
    expect(error.message).toContain("may use only the template ${HOME}");

    const other = await tempDir();
    const argv = ["mcp", "add", "far", "--allow-net", "not a host", "--", "node"];
    const flags = await both(argv, other);
    expect(flags.zh.code).toBe(2);
    expect(flags.zh.stderr).toContain('network 中的 "not a host" 不是主机名');
    expect(flags.en.stderr).toContain('network "not a host" is not a host name');
    const flagsJson = await spawnCli(["--json", ...argv], { home: other, env: ZH });
    expect(JSON.parse(flagsJson.stdout).error.message).toContain('network "not a host" is not a host name');
    expect(flagsJson.stdout).not.toMatch(han);
  });
});

describe("the gateway's lines about its upstream servers", () => {
  afterEach(() => setCliLanguage("en"));

  const deps = (open: UpstreamDeps["open"], logs: string[]): UpstreamDeps => ({
    name: "notes",
    open,
    guard: () => ({ fromHost: async () => undefined, fromServer: async (m) => m, close: () => undefined }),
    log: (m: string) => logs.push(m),
    hide: (t: string) => t,
    timeoutMs: 5000,
    version: "test",
    changed: () => undefined,
    toolsChanged: () => undefined,
    backoff: () => 0,
  });

  it("a server that exited, and one refused before it started, in Chinese; the state stays English", async () => {
    setCliLanguage("zh-CN");
    let server: Server | undefined;
    const logs: string[] = [];
    const upstream = new Upstream(
      deps(() => {
        const [client, end] = InMemoryTransport.createLinkedPair();
        server = new Server({ name: "notes", version: "1" }, { capabilities: { tools: {} } });
        void server.connect(end);
        return client;
      }, logs),
    );
    try {
      await upstream.connect();
      await server?.close();
      await expect.poll(() => upstream.health.state).toBe("crashed");
      expect(logs).toContain("notes：服务器已退出；下次使用时会重新启动");
      expect(upstream.health.lastError).toBe("the server exited");
    } finally {
      await upstream.close();
    }

    const refusedLogs: string[] = [];
    const refused = new Upstream(
      deps(() => {
        throw localizedError("sandbox.unavailable", { key: "sandbox.none", params: { connector: "notes" } });
      }, refusedLogs),
    );
    await expect(refused.connect()).rejects.toThrow();
    expect(refusedLogs.join("\n")).toMatch(han);
    expect(refused.health.lastError).not.toMatch(han);
    await refused.close();
  });
});
