import { DESCRIPTIONS_ZH_CN_EXPORT } from "./help-zh-cn-descriptions-export.js";
import { DESCRIPTIONS_ZH_CN_MANAGE } from "./help-zh-cn-descriptions-manage.js";
import { DESCRIPTIONS_ZH_CN_PUBLISH } from "./help-zh-cn-descriptions-publish.js";
import { DESCRIPTIONS_ZH_CN_RELEASES } from "./help-zh-cn-descriptions-releases.js";
import { DESCRIPTIONS_ZH_CN_RUN } from "./help-zh-cn-descriptions-run.js";
import { DESCRIPTIONS_ZH_CN_TOOLS } from "./help-zh-cn-descriptions-tools.js";

// The longer `--help` text in Simplified Chinese of every verb: here the verbs a new user meets first,
// and the table joining every part (help-zh-cn-descriptions-<part>.ts). `of` is the start of the sha256
// of the English description it translates: test/cli/cli-help-zh.test.ts fails when a verb has none, or
// when the English changes and the translation was not redone.

/** A verb's description in Chinese, and which English text it translates. */
export interface DescriptionZh {
  of: string;
  text: string;
}

const FIRST_MET: Record<string, DescriptionZh> = {
  search: {
    of: "9f0f47c9132c",
    text: `
在市场中按名称、显示名称、描述和关键词全文搜索。没有查询词时，列出市场中的连接器。分类：ai、
browser-automation、cloud、communication、data-analysis、databases、developer-tools、files、finance、
knowledge、maps、media、productivity、search、security、weather、other。

结果一次一页：--limit 设置每页大小（1-100；注册表默认 20）。还有更多结果时，输出会说明还有多少，并打印
显示下一页的 --cursor；--all 获取每一页（最多 10000 条）。--sort 决定排序：relevance、downloads、updated、
name、quality（relevance 仅在有查询词时可用；quality 是 docs/quality.md 的评分，显示在一列中）。注册表最近
一次在线检查为宕机或出错的连接器标记为 [down] 或 [error]。--json 打印 { marketplace, query, category?,
results, more, nextCursor }（最后一页的 nextCursor 为 null）。`,
  },
  info: {
    of: "d236a98e54ca",
    text: `
查看连接器：它的版本（标出已撤回和已弃用的）、标签、服务器和传输方式、需要的凭据（标题、描述、是否机密）、
技能、注册表的在线检查（最近状态、延迟、时间、7 天和 30 天的可用率），以及一行质量评分和最能提高它的一项。
--quality 改为打印评分背后的检查清单（通过了什么、没通过什么以及如何提高；docs/quality.md）。不指定版本时，
显示 \`latest\` 指向的版本。注册表无法连接时，已安装的连接器从插件缓存中显示（命令会在标准错误上说明）。

--server-json 改为打印该版本在官方 MCP Registry 格式中的条目（每个服务器一个 server.json，与
GET /v1/connectors/:name/:version/server.json 提供的相同；由注册表生成）。`,
  },
  install: {
    of: "e63487444df0",
    text: `
解析版本（范围和标签会跳过已撤回的版本；精确指定的版本即使已撤回也会安装，并给出警告），下载 tarball，在解包前
对照注册表校验其 sha512，解包到 plugins/cache/<marketplace>/<name>/<version>/ 并记录在
plugins/installed.json 中。
凭据来自 --config KEY=VALUE，或在终端上以隐藏输入询问。只有在你要求时才读取环境变量：--config-from-env
从同名变量读取每个声明的键，--config-env KEY（可重复）只读取那个键。输出会说明每个保存的值来自哪里。
没有终端（或使用 --yes）且缺少必填值时，连接器以 needs-credentials 状态安装，并打印完成安装的命令。
--force 即使缓存中已有该版本也重新下载并解包：它会修复安装后文件被改动的缓存（run 和 doctor 拒绝从这样的缓存
启动打包的服务器）。注册表运营者确认为恶意的版本（举报，见 docs/quality.md）会以 install.malicious 拒绝，
除非给出 --force。
只给名称时记录 ^<version>，这样 \`connectory update\` 会停留在该主版本内。
会改变代码加载方式的服务器环境变量键（LD_PRELOAD、NODE_OPTIONS、npm_config_*、PYTHONPATH…）必须被接受：
--accept-env，或在终端提示时回答 "y"。--yes 不会接受它们。
声明了权限（其本地服务器可以访问什么）的连接器会显示这些权限，只有在你接受后才会安装：--yes，或在终端提示时
回答 "y"。`,
  },
  list: {
    of: "3d6b03759fba",
    text: `
列出已安装的连接器及其版本、市场和状态：ready（其服务器生效，除非被同名遮蔽）、needs-credentials
（connectory credentials set <name>）、disabled（connectory enable <name>）、needs-consent（它声明的权限
超出你已接受的范围：原因中说明如何接受），或 unreadable（其缓存文件已损坏：\`connectory install <name>\` 会
修复它们，并保留其凭据）。只读取本地文件。`,
  },
  doctor: {
    of: "83a2a06c9fba",
    text: `
检查每个生效的服务器：能否启动、完成 MCP 握手、列出工具，工具是否与你批准的一致（固定），凭据是否齐全，
以及你导出过的主机文件是否最新（每项修复都会指明文件、它的主机和范围，并重复当初写入它的导出命令；配置集的
导出包含该配置集的服务器，网关导出只有一个条目，此后被删除的配置集会判为失败）。已不存在的主机文件报告一次
后即被忘记。缺少凭据的连接器也会检查，并列出被中断的安装或卸载留下的内容。每个连接器的技能会与其导出到的
技能文件夹一起列出；连接器已不再生效的已导出技能判为失败，被手动删除或编辑的给出警告。在项目文件夹
（connectory.json）中，它还会像 \`connectory sync --check\` 那样说明本机是否与项目的锁文件一致；有偏差判为
失败。打印一张表；有检查失败时退出码为 1。`,
  },
  validate: {
    of: "9548db30c9ce",
    text: `
按包格式检查连接器文件夹：plugin.json、mcp.json、token-schema.json、skills/*/SKILL.md、模板、名称、大小
和限制。每个问题都列出其代码、文件和 JSON 路径。除非给出 --strict，警告不会导致失败。

退出码：包有效时为 0，无效（或无法读取）时为 1，用法错误时为 2。
--json 打印 { ok, problems: [{ code, severity, file, path, message }], package: { name, version } | null }。`,
  },
  init: {
    of: "4d723fe34cfe",
    text: `
在此文件夹写入 connectory.json：项目的连接器（名称 → semver 范围、市场）、\`connectory sync\` 写入其项目文件
的主机，以及安装来源的市场（docs/projects.md）。
--host（可重复）指定一个有项目范围文件的主机（claude-code → .mcp.json，cursor → .cursor/mcp.json，
vscode → .vscode/mcp.json，…）。--profile 用你的某个配置集中的连接器作为初始连接器（每个为
^<已安装版本>；手写的服务器不包括在内：它们不是包），并且除非它是 "default"，还会把该配置集（它的连接器，
以及用 \`guard --profile\` 为它设置的防护模式）写入清单的 "profiles"，这样 \`sync\` 会在每台机器上创建它。
然后用 \`connectory add <name>\` 添加连接器，用 \`connectory sync\` 安装它们并写入锁文件。
已有 connectory.json 的文件夹不会被改动。`,
  },
  add: {
    of: "34ee50c102a3",
    text: `
把连接器加入此文件夹中的项目：编辑 connectory.json（保留其注释、顺序和格式），解析范围允许的最新版本（只给
名称时记录 ^<最新版本>），像 \`install\` 那样安装它（经过校验；凭据存入你自己的存储，绝不进入项目），然后
同步：重写 connectory.lock 和项目的主机文件。--marketplace 指定清单中声明的市场，或你自己的某个市场（随后会
连同其 URL 声明在清单中）。本地服务器声明了权限的连接器会显示这些权限，在你接受后才会加入：--yes，或在
提示时回答 "y"；锁文件会记录接受了什么，这样队友同步时不会再问。`,
  },
  sync: {
    of: "d69d74c53ffc",
    text: `
让本机与此文件夹中的项目一致（connectory.json 和 connectory.lock，见 docs/projects.md）：精确安装锁定的
版本（即使注册表有更新的版本也不会更新），并对照注册表的签名和锁文件的完整性校验每一个；在终端上（隐藏输入）
询问连接器仍需要的凭据，或从 --config KEY=VALUE（每个声明了 KEY 的连接器）、--config <connector>.KEY=VALUE
（指定的那个）以及供 CI 使用的 --config-from-env 获取；没有终端时，缺少必填凭据的连接器报告为
needs-credentials，其余的照常同步。写入清单列出的项目主机文件（\`connectory run <server>\`，在锁文件相同的
每台机器上逐字节相同），并移除它曾为项目安装、而锁文件不再列出的连接器。清单列出而锁文件缺少（或范围已改变）
的连接器会被解析，并重写锁文件。
--frozen（CI）不做任何改动，并在清单与锁文件不一致或锁定的版本已不存在时失败。完整性与注册表提供的不一致的
锁文件会被拒绝（project.lock.integrity）。
设置 connectory.json 列出的防护模式、网关配置集和沙箱授权（并移除之前同步设置、而现在不再列出的）；超出连接器
所声明权限的授权会先显示，只有在你接受后才会设置（--yes，或在终端上回答 "y"）。
--check 不做任何改动，本机与锁文件有偏差时退出码为 1。`,
  },
  uninstall: {
    of: "4c7b46e5f758",
    text: `
移除已安装的连接器：先删除它在 plugins/installed.json 中的记录（此后对每个命令来说它都已不存在），然后删除它
保存的凭据和固定的工具，最后删除它在 plugins/cache 中的文件夹。\`config export\` 写入的主机配置文件会保留其条目
直到下一次导出：会打印更新每个文件的命令。
连接器已导出的技能会立即从技能文件夹中删除（除非之后被编辑过）。
对于没有记录、但仍留有凭据或缓存文件的连接器（被中断的卸载或安装；\`connectory doctor\` 会列出它们），它会删除
剩下的内容。`,
  },
  "credentials set": {
    of: "7ef2feeac99a",
    text: `
为已安装的连接器保存凭据，并按它的 token-schema.json 校验。值来自 KEY=VALUE 参数，然后（只有在使用
--config-from-env，或对单个键使用 --config-env KEY 时）来自与键同名的环境变量；在终端上且没有给出
KEY=VALUE 时，会逐个询问每个凭据（机密以隐藏输入；直接回车保留已保存的值）。
任何一个值无效时都不会保存。有系统钥匙串时存放在钥匙串中，否则存放在 $CONNECTORY_HOME/credentials.json
（权限 0600）；CONNECTORY_CREDENTIAL_STORE=keychain|file 可以指定。`,
  },
  enable: {
    of: "e67eb78db72f",
    text: `
启用已安装的连接器：它的服务器会重新导出（在其凭据齐全之后）。`,
  },
  disable: {
    of: "61ad0079ac5f",
    text: `
停用已安装的连接器而不卸载它：它的服务器离开生效集合（在 \`connectory config --explain\` 中状态为
disabled）；凭据和文件都会保留。\`config export\` 导出的它的技能会从技能文件夹中删除（除非之后被编辑过）；
\`enable\` 之后的下一次导出会把它们放回去。`,
  },
  "marketplace add": {
    of: "ed20f805a7be",
    text: `
添加一个使用 Connectory API 的注册表。URL 是注册表的根地址（http 或 https，不带查询参数）；会探测
<url>/healthz，没有应答时打印警告（市场仍会添加，所以你可以添加一个还没启动的市场）。--default 把它设为
命令没有指定市场时使用的市场。发布令牌不属于 URL：使用 \`connectory login <name>\`。

注册表的签名密钥（/.well-known/connectory/keys）会在此时固定，并打印它们的指纹：每次 install、update、
run 和 doctor 都会用它们校验版本（docs/security.md）。--key 只固定具有该指纹的密钥（sha256:<64 个十六进制
数字>，来自运营者），注册表没有列出它时失败且不添加任何内容；对已添加的市场给出时，它会替换已固定的密钥和
记住的日志检查点（这是接受密钥变更的明确方式）。`,
  },
  outdated: {
    of: "6a73fb7252a9",
    text: `
像 npm outdated 那样列出有更新版本的已安装连接器（全部，或指定的那个）：CURRENT 是已安装的版本，WANTED
是记录的范围允许的最新版本（\`connectory update\` 会安装的），LATEST 是 latest 标签指向的版本（超出范围：
\`connectory install <name>@latest\`）。从不提供已撤回的版本。有任何连接器过期，或者某个市场无法查询、
或提供了其签名未覆盖的版本（install.signature.*，在 failed 中）时，退出码为 1；全部最新时为 0。不需要令牌。
--json 打印 { outdated: [{ name, marketplace, current, wanted, latest, requested }], failed: [{ name,
marketplace, error }] }。
在项目文件夹（connectory.json，docs/projects.md）中，它检查项目锁定的连接器：CURRENT 是锁定的版本，
WANTED 是清单的范围允许的最新版本（在那里 \`connectory update\` 会锁定的），--json 会加上 "project"：
该文件夹。`,
  },
  "mcp add": {
    of: "bdc354cf4f42",
    text: `
把一个手写的服务器加入 $CONNECTORY_HOME/mcp.json，直接编辑该文件：你的注释和格式保持原样，之前的文件会
备份到 $CONNECTORY_HOME/backups/。

  connectory mcp add notes -- node /opt/notes/server.js --root ~/notes
  connectory mcp add linear --url https://mcp.linear.app/mcp --header "Authorization: Bearer …"

手写的服务器在被信任之前不会生效（connectory trust <server>，或在这里用 --trust）；信任覆盖确切的
command、args、env、cwd / url、headers 和 transport，所以之后的任何编辑都需要重新信任。
--force 替换已存在的同名服务器。

--allow-net、--allow-read、--allow-write 和 --no-network 会在条目中写入一个 "permissions" 块（与连接器
plugin.json 的 permissions 形式相同）：服务器随后在沙箱中运行，只能访问这些主机（或 "any"）、文件夹和
文件；没有给出 --allow-net 时不许联网。

  connectory mcp add notes --allow-write ~/notes --allow-net api.example.com -- node /opt/notes/server.js

当命令不在 PATH 上或不是文件，或者脚本或路径参数在这里不存在时，会给出警告（标准错误，以及 --json 中的
\`warnings\`）；服务器照样会被添加。`,
  },
  trust: {
    of: "5f4964d5227c",
    text: `
信任 $CONNECTORY_HOME/mcp.json 中的一个手写服务器，使它生效。信任绑定到显示的确切启动配置（command、
args、env、cwd / transport、url、headers）：编辑其中任何一项都会使服务器重新变为不受信任，直到你再次检查
并信任它。只保存哈希值（trust.json）。
连接器的服务器不需要信任就能运行：安装连接器就是这个决定。对于它们以及已信任的手写服务器，
\`trust <server>\` 会重新批准自固定以来改变了的工具（\`connectory doctor\` 显示改变；在那之前 \`run\` 拒绝
改变了的工具）。
含有类似指令内容的工具（见 \`connectory inspect\`）会先列出，只有在终端上回答 yes 或使用 --yes 时才会批准。`,
  },
  update: {
    of: "98a1948020df",
    text: `
把已安装的连接器（全部，或指定的那个）更新到其记录的范围允许的最新版本（\`install tushare\` 记录
^<version>；\`install tushare@latest\` 跟随 latest 标签）。凭据会保留；新的凭据只有在使用
--config-from-env（没有已保存值的键）或 --config-env KEY（替换已保存的值）时才从环境变量读取。服务器
（command、args、url、headers、env）和凭据的改变会被打印；改变了的启动配置或新的必填凭据，只有在你于终端上
确认或使用 --yes 后才会应用。会改变代码加载方式的新环境变量键（LD_PRELOAD、NODE_OPTIONS、npm_config_*…）
需要 --accept-env 或在提示时回答 "y"：--yes 不会接受它。权限超出你已接受范围的版本（更多网络、新的文件夹、
原本只读处改为写入，或没有声明权限）只有在回答 "y" 或使用 --yes 后才会应用；在那之前已安装的版本继续运行。
每个版本都会先经过校验（注册表的签名、透明日志：docs/security.md）。较早版本有构建来源证明而这个版本没有，
是一次信任降级，会被拒绝（update.trust.downgrade），除非给出 --allow-provenance-downgrade。
不再使用的缓存版本会被删除。
在项目文件夹（connectory.json，docs/projects.md）中，\`update\` [name] 改为更新项目的连接器：每个都在其清单
范围内，重写 connectory.lock，然后像 \`connectory sync\` 那样同步（清单没有列出的名称会像上面那样更新你
已安装的连接器）。`,
  },
  config: {
    of: "8b6a269bdd34",
    text: `
打印生效的服务器集合：你已信任的手写服务器（mcp.json），加上已启用且必填凭据齐全的连接器的服务器，其中
\${KEY} 和 \${PLUGIN_ROOT} 已渲染。只读取本地文件，所以离线也能用。

--explain 列出每个来源的每个服务器及其来源，未生效时给出原因：
  disabled            它的连接器已停用（connectory enable <name>）
  untrusted           手写的服务器未被信任，或之后被编辑过（connectory trust <server>）
  needs-credentials   缺少必填凭据（connectory credentials set <name>）
  shadowed            另一个服务器占用了它的名称
用 OAuth 登录、但没有有效登录的生效远程服务器显示为 needs-auth（connectory auth <server>）。

命名：连接器的服务器保留自己的名称。当多个已安装的连接器（无论是否启用）提供同名服务器时，最先安装的保留它
（plugins/installed.json 中的 installedAt；相同时按 <name>@<marketplace>），之后的每个变为
<connector>-<server>，若也被占用则为 <connector>-<marketplace>-<server>。所以安装连接器绝不会改名你已导出
到主机的服务器（\`connectory run <server>\` 照常可用）。手写的服务器总是保有它的名称；同名的连接器服务器报告为
shadowed，绝不会被悄悄丢弃。

机密（机密凭据的值、带有机密的 URL、看起来像机密的手写 env 和 header 值）打印为 ***，除非使用 --show-secrets。

--explain 还会列出每个连接器的技能，以及 \`config export\` 把它们复制到的技能文件夹。
--explain --profile <name> 只说明该配置集成员所指的服务器（无论是否生效）。

--json 打印 { "mcpServers": { … } }（生效的集合）；与 --explain 一起时为
{ "servers": [ { "name", "status", "auth"?, "reason"?, "origin", "server", "toolRules"?, "guards", "limits", "profileLimits"? } ],
  "skills": [ { "connector", "active", "skills": [ { "skill", "folder", "exported": [ { "dir", "hosts" } ] } ] } ] }，
其中 "toolRules" 为 { "allow", "deny", "profile"?, "hidden": [{ "tool", "rule" }] }（hidden：被
\`connectory tools allow|deny\` 的规则隐藏的已固定工具及原因；与 --profile 一起时，"profile" 为
{ "name", "allow", "deny" }，即该配置集自己对该服务器的规则，hidden 也计入它们），"auth" 是 OAuth 服务器的
登录状态：signed-in、expired 或 needs-auth。"guards" 是每种防护的模式（{ "secrets", "unicode", "injection" }：
mask、warn、block 或 off；\`connectory guard\`），"limits" 是按工具的调用频率限制（\`connectory tools limit\`；
"profileLimits"：--profile 自己的）。`,
  },
};

/** Every translated description, by verb. */
export const DESCRIPTIONS_ZH_CN: Record<string, DescriptionZh> = {
  ...FIRST_MET,
  ...DESCRIPTIONS_ZH_CN_EXPORT,
  ...DESCRIPTIONS_ZH_CN_MANAGE,
  ...DESCRIPTIONS_ZH_CN_PUBLISH,
  ...DESCRIPTIONS_ZH_CN_RELEASES,
  ...DESCRIPTIONS_ZH_CN_RUN,
  ...DESCRIPTIONS_ZH_CN_TOOLS,
};
