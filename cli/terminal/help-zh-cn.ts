import { HELP_ZH_CN_PUBLISH } from "./help-zh-cn-publish.js";

// `--help` in Simplified Chinese: every verb's one-line summary and every option's description, keyed by
// the verb and the option's long name as cli/commands.ts and the verbs declare them (English lives in
// those declarations). test/cli/cli-help-zh.test.ts fails when a verb or an option has no translation
// here, or when one is left over. The publisher's verbs are in help-zh-cn-publish.ts.

/** One verb's help in Chinese: its summary and its options' descriptions. */
export interface VerbHelp {
  summary: string;
  options?: Record<string, string>;
}

const CHANNEL = {
  "config-from-env": "从同名环境变量读取每个声明的凭据",
  "config-env": "从环境变量 KEY 读取这个凭据",
  "accept-env": "接受会改变代码加载方式的服务器环境变量键（LD_PRELOAD、NODE_OPTIONS…）",
};
const TIMEOUT = "等待每个服务器启动并应答的时间，单位毫秒（1-600000；默认 15000）";
const LOG_ARGUMENTS = "把工具调用的参数值写入审计日志（屏蔽机密；默认只写名称和大小）";
const RULES_PROFILE = "修改这个配置集自己对该服务器的规则，而不是服务器本身的规则";
const SHOW_SECRETS = "打印机密的值而不是 ***（默认隐去）";

const HELP_ZH_CN_USE: Record<string, VerbHelp> = {
  "marketplace add": {
    summary: "添加一个可以安装连接器的注册表",
    options: { default: "设为默认市场", key: "只固定这个签名密钥指纹（sha256:…）" },
  },
  "marketplace remove": {
    summary: "忘记一个注册表",
    options: { force: "即使仍有从它安装的连接器也忘记它" },
  },
  "marketplace list": { summary: "列出已知的注册表" },
  search: {
    summary: "在市场中搜索连接器",
    options: {
      category: "只要这个分类的连接器",
      sort: "排序：relevance、downloads、updated、name、quality（默认：有查询词时按相关度，没有时按下载量）",
      marketplace: "要搜索的市场（默认：默认市场）",
      limit: "每页结果数，1-100（默认：注册表的默认值，20）",
      cursor: "从打印出这个游标的那一页之后继续",
      all: "获取每一页",
    },
  },
  info: {
    summary: "查看连接器：版本、服务器、凭据、技能",
    options: {
      marketplace: "要查询的市场（默认：默认市场）",
      "server-json": "打印该版本在官方 MCP Registry 中的条目（server.json）",
      quality: "打印质量检查清单（每一项、它的分数以及如何提高）",
    },
  },
  install: {
    summary: "把连接器安装到插件缓存",
    options: {
      marketplace: "从哪个市场安装（默认：默认市场）",
      config: "连接器 token-schema.json 中的一个凭据",
      ...CHANNEL,
      yes: "从不询问：接受它的权限；缺少凭据的连接器以 needs-credentials 状态安装",
      force: "即使已缓存也重新下载并解包（修复安装后被改动的缓存）；也会安装已确认为恶意的版本",
      prefer:
        "在服务器的多种启动方式中，若本机能运行则使用这个运行器的方式：npm、pypi、nuget、docker、mcpb、remote、command",
    },
  },
  update: {
    summary: "把已安装的连接器更新到最新的匹配版本",
    options: {
      yes: "不询问就应用改变的启动配置、新的必填凭据或更宽的权限",
      ...CHANNEL,
      "allow-provenance-downgrade": "即使较早的版本有构建来源证明，也更新到没有它的版本",
    },
  },
  uninstall: { summary: "移除已安装的连接器" },
  init: {
    summary: "开始一个项目：在此文件夹写入 connectory.json（它的连接器和主机）",
    options: { host: "sync 会写入其项目文件的主机", profile: "从这个配置集的连接器开始" },
  },
  add: {
    summary: "把连接器加入此文件夹的项目，锁定、安装它并写入主机文件",
    options: {
      marketplace: "从哪个市场添加（默认：default）",
      config: "连接器的一个凭据（存放在你自己的存储中，绝不进入项目）",
      ...CHANNEL,
      yes: "不询问就接受它的权限",
    },
  },
  remove: { summary: "从此文件夹的项目中移除连接器（以及 sync 为它安装的内容）" },
  sync: {
    summary: "让本机与项目的 connectory.lock 一致（CI 用 --frozen，检查偏差用 --check）",
    options: {
      frozen: "connectory.json 与锁文件不一致时失败，不做任何改动",
      check: "只报告与锁文件的偏差；有偏差时退出码为 1",
      config: "给每个声明了 KEY 的连接器（或指名的那个）的凭据",
      ...CHANNEL,
      yes: "接受新的权限，以及比连接器声明更宽的沙箱授权",
    },
  },
  list: { summary: "列出已安装的连接器及其状态" },
  enable: { summary: "启用已安装的连接器" },
  disable: { summary: "停用已安装的连接器（不再导出其服务器）" },
  "credentials set": {
    summary: "为连接器保存凭据",
    options: { "config-from-env": CHANNEL["config-from-env"], "config-env": CHANNEL["config-env"] },
  },
  "credentials show": { summary: "显示连接器的凭据（隐去机密）" },
  "credentials unset": { summary: "删除已保存的凭据" },
  "mcp add": {
    summary: "把一个手写的服务器加入你的 mcp.json",
    options: {
      url: "远程服务器的 URL（代替 -- <命令>）",
      header: "发送给 --url 服务器的 HTTP 头",
      transport: "--url 服务器的传输方式（默认 http，即可流式 HTTP）",
      env: "命令型服务器的一个环境变量",
      "allow-net": "用沙箱运行它；它可以连接这个主机（api.example.com、*.example.com、host:port 或 any）",
      "allow-read": "用沙箱运行它；它可以读取这个文件夹或文件",
      "allow-write": "用沙箱运行它；它可以读写这个文件夹或文件",
      "no-network": "用沙箱运行它且不许联网（除允许的以外也不许访问文件）",
      force: "替换同名的服务器",
      trust: "现在就信任它，使它立即生效",
    },
  },
  "mcp remove": { summary: "从你的 mcp.json 中移除一个手写的服务器" },
  "mcp list": { summary: "列出你手写的服务器及其信任状态", options: { "show-secrets": SHOW_SECRETS } },
  trust: {
    summary: "信任手写服务器的启动配置，或重新批准服务器已改变的工具",
    options: { yes: "不询问就批准含有类似指令内容的工具" },
  },
  untrust: { summary: "撤销对手写服务器的信任" },
  "sandbox off": { summary: "不用沙箱运行连接器或手写服务器（在没有沙箱可用的地方）" },
  "sandbox all": { summary: "用沙箱运行每个手写服务器，即使它没有声明权限" },
  "sandbox on": { summary: "重新在沙箱中运行连接器或手写服务器" },
  config: {
    summary: "打印合并后生效的服务器集合",
    options: {
      explain: "说明每个服务器来自哪里，以及未生效的原因",
      profile: "与 --explain 一起：只看这个配置集的服务器（connectory profile show）",
      "show-secrets": SHOW_SECRETS,
    },
  },
  import: {
    summary: "把某个 MCP 主机配置文件中的服务器导入你的 mcp.json",
    options: {
      from: "要读取其配置的 MCP 主机（必填），例如 cursor",
      file: "读取这个文件，而不是该范围下主机的默认路径",
      scope: "主机的用户文件，或此文件夹的项目文件（默认 user）",
      "dry-run": "打印计划，不写入任何内容",
      trust: "信任每个导入的服务器（默认：在终端上询问，否则不信任）",
    },
  },
  "config export": {
    summary: "把服务器集合写入某个 MCP 主机的配置文件",
    options: {
      host: "要写入其文件的 MCP 主机（必填），例如 claude-code、cursor",
      scope: "主机的用户文件，或此文件夹的项目文件（默认 user，或为 --file 记录的范围）",
      mode: "launcher：主机启动 `connectory run <server>`；inline：渲染后的命令（默认 launcher）",
      file: "写入这个文件，而不是该范围下主机的默认路径",
      write: "应用改动（默认：只打印差异）",
      "no-skills": "不动技能文件夹（默认：也导出技能）",
      "replace-imported": "用启动器条目替换 `connectory import` 从这个文件复制的条目",
      "allow-secrets-in-project": "允许 --scope project --mode inline 把机密写进要提交到 git 的文件",
      profile: "只导出这个配置集的服务器（与 --gateway 一起：它的网关）",
      gateway: "写入一个 `connectory gateway` 条目，而不是每个服务器一个条目",
      "as-extension":
        "仅限 gemini-cli：写入一个 Gemini CLI 扩展文件夹（供 `gemini extensions install`），而不是 settings.json",
    },
  },
  "config copy": {
    summary: "打印某个连接器给某个主机用的配置片段和深度链接",
    options: { host: "要为其打印片段的 MCP 主机（必填），例如 cursor、vscode" },
  },
  run: {
    summary: "为主机启动一个服务器（stdio；桥接远程服务器）",
    options: {
      "log-arguments": LOG_ARGUMENTS,
      package:
        "运行此文件夹中连接器包的 <server>（主机原生安装的插件或扩展：它的插件根目录），凭据来自环境变量，并限制在它声明的权限内",
      "explain-sandbox": "打印服务器将在其下运行的沙箱规则，然后退出，不启动它",
    },
  },
  auth: {
    summary: "登录使用 OAuth 的远程服务器（--status、--logout）",
    options: {
      "no-browser": "打印授权 URL 而不是打开浏览器（在本机任何地方打开它）",
      scope: "要申请的权限范围（空格分隔），加在服务器质询所列的范围之上",
      timeout: "等待浏览器返回的时间（默认 300）",
      status: "显示登录状态、权限范围和过期时间（绝不显示令牌）",
      logout: "删除登录，服务器支持时在服务器上撤销它",
    },
  },
  gateway: {
    summary: "一个汇集所有生效服务器工具的 MCP 服务器（stdio）",
    options: {
      profile: "只提供这个配置集的服务器（默认：每个生效的服务器）",
      lazy: "只列出元工具 search_tools 和 call_tool，而不是每个工具的定义",
      http: "在这个回环地址上提供可流式 HTTP（持有者令牌），而不是 stdio",
      timeout: TIMEOUT,
      "log-arguments": LOG_ARGUMENTS,
    },
  },
  "gateway status": { summary: "显示运行中的网关及其服务器的健康状况" },
  "gateway token": {
    summary: "打印（或用 --rotate 轮换）gateway --http 的持有者令牌",
    options: { rotate: "用新令牌替换（旧令牌随即失效）" },
  },
  inspect: { summary: "用 MCP 与服务器对话：初始化，列出工具、资源和提示词", options: { timeout: TIMEOUT } },
  tools: {
    summary: "以 LLM 函数调用格式导出生效服务器的工具",
    options: {
      format: "在标准输出上把工具打印为这个提供商的 JSON 数组（默认：表格）",
      profile: "只看这个配置集的服务器，也应用它自己的允许/拒绝规则",
      timeout: TIMEOUT,
    },
  },
  "tools allow": { summary: "只显示服务器的这些工具（名称或通配符）", options: { profile: RULES_PROFILE } },
  "tools deny": { summary: "隐藏服务器的这些工具（名称或通配符）", options: { profile: RULES_PROFILE } },
  "tools limit": {
    summary: "在 run 和网关中限制服务器某个工具的调用频率（10/min）",
    options: { profile: "只在这个配置集的网关中限制该工具" },
  },
  guard: {
    summary: "设置防护对服务器返回的机密、不可见文字和注入的处理方式",
    options: {
      kind: "secrets、unicode 或 injection（可重复指定多个；默认：三者全部）",
      profile: "为这个配置集的网关设置模式，而不是服务器本身的",
    },
  },
  "tools reset": { summary: "移除服务器的允许和拒绝规则", options: { profile: RULES_PROFILE } },
  "profile create": { summary: "创建一个命名的服务器集合（配置集）" },
  "profile list": { summary: "列出配置集" },
  "profile show": { summary: "显示配置集的成员和生效的服务器" },
  "profile delete": { summary: "删除配置集" },
  "profile add": { summary: "把服务器或连接器加入配置集" },
  "profile remove": { summary: "从配置集中移除服务器或连接器" },
  logs: {
    summary: "显示通过 run 和网关进行的工具调用的审计日志",
    options: {
      server: "只看对这个服务器的调用",
      since: "只看此日期/时间（ISO 8601）以来或此时长以内（30m、2h、7d）的调用",
    },
  },
  doctor: { summary: "检查每个生效的服务器、其工具固定、凭据和主机导出", options: { timeout: TIMEOUT } },
  "mcp-server": {
    summary: "把市场本身作为 stdio 上的 MCP 服务器提供",
    options: { marketplace: "要提供的市场（默认：默认市场）" },
  },
  outdated: { summary: "列出有更新版本的已安装连接器（有则退出码为 1）" },
  completion: { summary: "打印 shell 补全脚本（bash、zsh、fish）" },
  __complete: { summary: "供 shell 脚本使用的补全候选（内部）" },
};

/** Every verb's help in Chinese. */
export const HELP_ZH_CN: Record<string, VerbHelp> = { ...HELP_ZH_CN_USE, ...HELP_ZH_CN_PUBLISH };
