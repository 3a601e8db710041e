import type { DescriptionZh } from "./help-zh-cn-descriptions.js";

// The longer `--help` in Simplified Chinese of the verbs that write hosts' files (`config export`,
// `config copy`); help-zh-cn-descriptions.ts joins every part. `of`: see there.

export const DESCRIPTIONS_ZH_CN_EXPORT: Record<string, DescriptionZh> = {
  "config export": {
    of: "9f7421b6b1e7",
    text: `
把生效的服务器集合（见 \`connectory config\`）写入 MCP 主机自己的配置文件。没有 --write 时只打印它将做的改动。

主机：claude-desktop、claude-code、cursor、vscode、windsurf、cline、roo-code、zed、codex、gemini-cli、
goose、workbuddy、qoder、trae、kiro、lm-studio、opencode、warp、amp、junie（cherry-studio 只能导入：请用
\`connectory config copy\`）。路径、格式以及哪些已确认：docs/hosts.md。

--mode launcher（默认）把 \`connectory run <server>\` 写作每个服务器的命令，因此没有机密进入主机文件。
--mode inline 写入渲染后的命令、URL 和请求头（包括机密：文件随后设为 0600，并且它含有本机的路径）；主机
无法连接的服务器仍通过 \`connectory run\`。使用 --scope project 时，若 inline 模式会写入机密则被拒绝（该文件
是要提交到 git 的），除非 --allow-secrets-in-project 表明你确实要这样做。

主机如何启动 \`connectory run\` 取决于范围：
  user      以绝对路径使用本机的 node 程序和 Connectory 的 bin/connectory.js，当你的 CONNECTORY_HOME
            不是默认值时再加上它：从图形界面（Dock、开始菜单）启动的主机常常没有你 shell 的 PATH，
            所以在那里可能找不到单独的 \`connectory\`。$CONNECTORY_LAUNCHER（JSON 数组，例如
            '["connectory"]'）代替 node + bin。
  project   按名称使用 \`connectory\`，不带 CONNECTORY_HOME：该文件（.mcp.json、.cursor/mcp.json、
            .vscode/mcp.json …）是要提交的，每位队友在安装相同的连接器后，用自己的主目录运行自己的
            Connectory。当这里的 PATH 上没有 \`connectory\` 时会有一条说明（npm i -g connectory，或在
            检出的代码中 npm link）。

文件就地编辑：其余内容的注释、顺序和格式都保留；上一版本备份在 $CONNECTORY_HOME/backups/ 下。Connectory 只
替换或删除它自己写入的条目（记录在 $CONNECTORY_HOME/hosts.json 中，连同导出的范围和模式）；此后被你编辑过
的条目，或它从未写入的条目，会被报告并保持不动。无法解析的文件永远不会被改动。--file 不带 --scope 时沿用该
文件记录的范围，其他命令打印的修复会重复这次导出（主机、范围、模式；仅当范围会选中另一个文件时才带 --file）。

技能：每个生效连接器的技能也会被安装到主机在该范围下加载技能的文件夹（claude-code：~/.claude/skills 或
.claude/skills；codex、cursor、vscode、gemini-cli、goose、opencode：~/.agents/skills 或 .agents/skills；
kiro、qoder、workbuddy、trae、junie、warp、amp：它们自己的；见 docs/hosts.md）。每个都是名为
<connector>-<skill> 的副本（已经以其连接器命名的技能保留原名），其 front matter 中的 name 也随之设置；主机会
拒绝的技能被跳过并报告。与主机条目一样，只有 Connectory 写入且无人改动过的文件夹才会被替换或删除（记录在
skills.json 中），上一版本放到 backups/skills/。--no-skills 不改动技能文件夹。

--profile <name> 只导出该配置集生效的服务器（见 \`connectory profile show\`），也只导出其连接器的技能（以及它
指名的仅含技能的连接器的技能）：Connectory 写到该文件夹的其他连接器的技能会被删除，如同连接器已卸载。
--gateway 只写一个条目而不是每个服务器一个：\`connectory gateway\`（名为 "connectory"），或带 --profile 时
\`connectory gateway --profile <name>\`（名为 "connectory-<name>"），按上述范围的方式启动；Connectory 在那里
为每个服务器写入的条目会被删除（像任何编辑一样先备份）。网关条目不含机密，也不含服务器列表：之后安装的服务器
无需再次导出即可通过它到达主机。--gateway 不接受 --mode inline。

--replace-imported：\`connectory import\` 从该文件复制出的条目（且此后未改动）会被 Connectory 为同一批、现已
信任的服务器写的条目替换：内联的机密离开主机文件（上一版本文件会备份）。没有它时，这些条目被报告并保持不动。

--as-extension（仅 gemini-cli）写入一个 Gemini CLI 扩展而不是 settings.json：文件夹
$CONNECTORY_HOME/exports/gemini-cli/connectory（用 --file <parent>/connectory 自选；带 --profile 时为
connectory-<profile>），其中有 gemini-extension.json（其 mcpServers 是 launcher 或 --gateway 条目）和
GEMINI.md。用 \`gemini extensions install <folder>\` 安装；之后 \`gemini extensions list\` 会显示它。只有
launcher 条目：没有机密进入该文件夹。`,
  },
  "config copy": {
    of: "39e9d466ab99",
    text: `
把一个已安装连接器的服务器打印为某个主机的配置片段，主机有一键安装链接时（cursor、vscode、cherry-studio、
goose）也打印该链接。凭据显示为主机自己的机密引用（VS Code 为 \${input:…}，Cursor/Windsurf/Roo Code 为
\${env:…}，Claude Code 和 Gemini CLI 为 \${VAR}，Codex 为 env_vars / bearer_token_env_var / env_http_headers，
goose 为 env_keys），或显示为 <KEY> 占位符：已存储的机密永远不会被打印。`,
  },
};
