import type { DescriptionZh } from "./help-zh-cn-descriptions.js";

// The longer `--help` in Simplified Chinese of the verbs that manage published releases and identity
// (yank, dist-tag, deprecate, report, trusted-publisher, publisher verify, whoami, log verify) and of
// mcp-server and completion; help-zh-cn-descriptions.ts joins every part. `of`: see there.

const OWNER_ONLY = "只有所属发布者的令牌可以这样做（`connectory login`）。";

export const DESCRIPTIONS_ZH_CN_RELEASES: Record<string, DescriptionZh> = {
  yank: {
    of: "75df7abeabc1",
    text: `
撤回一个已发布的版本：任何范围、标签或 \`latest\` 都不再选中它，指向它的 dist-tag 会被删除；精确固定
（\`install name@1.2.3\`）仍会安装它，并给出警告。不删除任何东西：\`connectory unyank\` 撤销它。${OWNER_ONLY}
--json 打印 { name, version, yanked, marketplace, distTags }。`,
  },
  unyank: {
    of: "f659cbd88fc0",
    text: `
撤销撤回：该版本可再次被范围和 \`latest\` 选中（被撤回删除的 dist-tag 仍保持删除）。${OWNER_ONLY}
--json 打印 { name, version, yanked, marketplace, distTags }。`,
  },
  "dist-tag add": {
    of: "cc9e59d11406",
    text: `
把一个 dist-tag（beta、next、…）指向一个已发布的版本；之后 \`install <name>@<tag>\` 安装它。设置 \`latest\` 会
覆盖计算出的最新稳定版本。标签不能指向已撤回的版本。${OWNER_ONLY}
--json 打印 { name, tag, version, marketplace, distTags }。`,
  },
  "dist-tag rm": {
    of: "a772464491fa",
    text: `
删除一个 dist-tag。删除 \`latest\` 会让它回到计算出的默认值（既未撤回也非预发布的最新版本）。${OWNER_ONLY}
--json 打印 { name, tag, marketplace, distTags }。`,
  },
  "dist-tag ls": {
    of: "34a3114da8f0",
    text: `
列出一个连接器的 dist-tag 以及每个指向的版本（有 \`latest\` 时也包括它）。不需要令牌。
--json 打印 { name, marketplace, distTags }。`,
  },
  deprecate: {
    of: "5314cdc28d31",
    text: `
像 npm deprecate 那样，弃用该范围匹配的每个已发布版本（精确版本、<2 或 ^1.2 之类的范围，或一个 dist-tag；
包括预发布版本）：安装它们仍然可行，并把消息作为警告显示，连接器页面也会标出。空消息（""）取消弃用。消息是
一行，最多 1000 个字符。${OWNER_ONLY}版本逐个修改；出错时会列出已修改的版本，再次运行该命令会完成其余的。
--json 打印 { name, range, message, marketplace, versions: [已修改的版本] }。`,
  },
  report: {
    of: "d8136a6fc0cd",
    text: `
向市场的运营者举报一个连接器版本：--reason 为 broken、malicious、spam、impersonation 之一；--message 说明
哪里有问题（10-2000 个字符）。不给版本时，举报 \`latest\` 解析到的那个。不需要登录；注册表每小时只接受来自同一
地址的少量举报（超出时为 429 report.rate-limited）。未处理的举报会计入连接器的质量评分；运营者处理它，确认为
恶意的举报会撤回该版本（之后 \`install\` 会拒绝它）。
--json 打印 { marketplace, report: { id, name, version, kind, status, createdAt } }。`,
  },
  "trusted-publisher add": {
    of: "f86cf076bff0",
    text: `
让一个 CI 工作流无需存储的令牌即可发布 <name>（可信发布）：该工作流中的 \`connectory publish\` 把 CI 的 ID 令牌
换成只能发布 <name> 的 15 分钟令牌，版本会记录它是在哪里构建的。<name> 可以尚不存在（待定发布者：第一次可信
发布会为你的发布者创建它）。--issuer 默认为 GitHub Actions 的（https://token.actions.githubusercontent.com；
GitLab：https://gitlab.com）。带 --environment 时，只有在该部署环境中运行的作业可以发布。需要你的发布令牌。
--json 打印该可信发布者 { id, connector, publisher, issuer, repository, workflow, environment,
repositoryOwnerId, createdAt, pending }。`,
  },
  "trusted-publisher list": {
    of: "41c3ee7cee63",
    text: `
列出可以发布 <name> 的 CI 身份（可信发布）：id、仓库、工作流、环境、签发者；待定的（连接器尚不存在）会被标出。
需要你的发布令牌。--json 打印 { connector, marketplace, items }。`,
  },
  "trusted-publisher remove": {
    of: "842144b90911",
    text: `
删除 <name> 的一个可信发布者（id 见 \`trusted-publisher list\`）：该 CI 身份不能再用它的令牌换取 <name> 的令牌。
它已持有的令牌在 15 分钟内过期。需要你的发布令牌。--json 打印被删除的可信发布者。`,
  },
  "publisher verify": {
    of: "82d4b67583d7",
    text: `
证明你的发布者控制 <domain>，以在其连接器的每个列表项上获得 "verified" 徽章。第一次运行会向注册表请求一个质询，
并说明要发布什么：在 https://<domain>/.well-known/connectory-publisher 上的一行
connectory-verification=<challenge>，或（--dns）<domain> 的一条 TXT 记录。发布它并再次运行该命令：注册表会
查看，域名即通过验证。DNS 证明也涵盖该域名的子域名。对已验证的域名运行它不改变任何东西。找不到证明时退出码为 1。
--json 打印 { domain, method, status, verified, challenge, proof: { http: { url, body }, dns: { name, type,
value } }, marketplace, problem?: { code, message } }。`,
  },
  whoami: {
    of: "852c44b43686",
    text: `
打印某个市场的发布令牌在注册表看来属于哪个发布者（GET /v1/whoami）：\`connectory login\` 存储的令牌，否则为
CONNECTORY_TOKEN。注册表不接受的令牌（已吊销，或来自另一个注册表）是一个错误（auth.invalid）。
--json 打印 { marketplace, url, publisher, token: "stored" | "CONNECTORY_TOKEN" }。`,
  },
  "log verify": {
    of: "ccd52a49104c",
    text: `
像监控者那样从外部检查市场的透明日志：获取其最新的检查点，验证它由固定的密钥签名，并与本机之前见过的最新检查点
一致（一致性证明：历史只被追加，从未被改写或分叉）。记住新的检查点。历史改变时以
install.signature.log-inconsistent 退出码 1（此后从该市场的每次安装都会停止，直到你调查清楚），检查点不是由
固定的密钥签名时为 log-checkpoint。在一台从不安装的机器上用 cron 运行它，以监视一个注册表。`,
  },
  "mcp-server": {
    of: "97fdc915f7c4",
    text: `
把市场本身作为标准输入/输出上的 MCP 服务器提供，这样任何代理都能发现并设置连接器。工具：search_connectors、
get_connector、get_install_config。以 \`connectory mcp-server\` 把它添加到主机。它一直运行到其标准输入关闭。`,
  },
  completion: {
    of: "1b87dbded656",
    text: `
为你的 shell 打印补全脚本：动词、它们的选项和选项值（主机、格式、范围、市场）、已安装的连接器名称和服务器名称。
脚本向 \`connectory __complete\` 询问候选项，因此随着你安装连接器而保持最新。
  bash   source <(connectory completion bash)          （把这一行加入 ~/.bashrc）
  zsh    source <(connectory completion zsh)           （在 ~/.zshrc 中 compinit 之后）
  fish   connectory completion fish | source           （或保存在 ~/.config/fish/completions/ 中）`,
  },
  __complete: {
    of: "cc4606272aac",
    text: `
每行一个，打印一条 connectory 命令行最后一个词的补全（\`connectory\` 之后的词，最后一个是正在输入的，可能为空）。
供 \`connectory completion\` 打印的脚本使用；它只读取 installed.json、marketplaces.json，以及（为服务器名称）
生效的配置。`,
  },
};
