import type { VerbHelp } from "./help-zh-cn.js";

// `--help` in Simplified Chinese for the verbs a publisher uses (convert, validate, pack, publish, tokens,
// releases, trusted publishing); help-zh-cn.ts has the rest and joins both.

const ACT_ON = { marketplace: "要操作的市场（默认：默认市场）" };

export const HELP_ZH_CN_PUBLISH: Record<string, VerbHelp> = {
  convert: {
    summary:
      "把 server.json、MCP Bundle、Claude Code 插件、.mcp.json 或 Docker server.yaml 转换为连接器文件夹",
    options: {
      output: "要写入的连接器文件夹（必填）",
      name: ".mcp.json 的连接器名称（默认：它所在文件夹的名称）",
      publisher: "发布者，代替从来源推导出的那个",
      force: "替换已存在的非空输出文件夹",
    },
  },
  validate: { summary: "按包格式检查连接器文件夹", options: { strict: "把警告当作错误（退出码 1）" } },
  pack: {
    summary: "把连接器文件夹打包成确定性的 tarball",
    options: { output: "tarball 的写入位置（默认：当前文件夹中的 <name>-<version>.tgz）" },
  },
  publish: {
    summary: "把连接器文件夹或 tarball 发布到市场",
    options: {
      marketplace: "要发布到的市场（默认：默认市场）",
      "with-tools": "启动包的服务器，列出它们的工具，并在上传后报告",
      "tools-only": "只报告已发布版本的工具",
      config: "--with-tools 用的凭据（默认：与键同名的环境变量）",
      "config-from-env": "从同名环境变量读取每个声明的凭据",
      "config-env": "从环境变量 KEY 读取这个凭据",
      timeout: "等待每个服务器启动并应答的时间，单位毫秒（1-600000；默认 15000）",
    },
  },
  login: {
    summary: "为市场保存发布令牌",
    options: { token: "发布令牌（默认：$CONNECTORY_TOKEN，否则用隐藏输入询问）" },
  },
  logout: { summary: "删除为市场保存的发布令牌" },
  "publisher verify": {
    summary: "证明你的发布者控制某个域名（HTTPS 文件或 DNS TXT），以获得认证标记",
    options: { dns: "用 DNS TXT 记录证明，而不是 HTTPS 文件", ...ACT_ON },
  },
  whoami: { summary: "显示市场的发布令牌属于哪个发布者", options: ACT_ON },
  yank: { summary: "撤回一个已发布的版本（范围和 latest 会跳过它）", options: ACT_ON },
  unyank: { summary: "取消撤回", options: ACT_ON },
  report: {
    summary: "向市场举报一个连接器版本（broken、malicious、spam、impersonation）",
    options: {
      reason: "问题所在：broken、malicious、spam、impersonation",
      message: "原因，一两句话",
      marketplace: "要举报到的市场（默认：默认市场）",
    },
  },
  deprecate: { summary: "弃用某个范围匹配的每个版本（空消息则取消弃用）", options: ACT_ON },
  "trusted-publisher add": {
    summary: "让 CI 工作流不用保存的令牌就能发布连接器（可信发布）",
    options: {
      repository: "由其 CI 发布的代码仓库",
      workflow: "工作流文件（release.yml）或 GitLab CI 配置路径",
      issuer: "CI 的 OIDC 签发者（默认 GitHub Actions 的）",
      environment: "只限这个部署环境中的作业",
      ...ACT_ON,
    },
  },
  "trusted-publisher list": { summary: "列出可以发布某个连接器的 CI 身份", options: ACT_ON },
  "trusted-publisher remove": { summary: "移除连接器的一个可信发布者", options: ACT_ON },
  "dist-tag add": { summary: "把一个 dist-tag 指向已发布的版本", options: ACT_ON },
  "dist-tag rm": { summary: "删除一个 dist-tag", options: ACT_ON },
  "dist-tag ls": { summary: "列出连接器的 dist-tag", options: ACT_ON },
  "log verify": { summary: "检查市场的透明日志与你之前看到的一致" },
};
