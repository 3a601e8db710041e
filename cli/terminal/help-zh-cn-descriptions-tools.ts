import type { DescriptionZh } from "./help-zh-cn-descriptions.js";

// The longer `--help` in Simplified Chinese of the verbs that shape what servers offer a host (tools,
// tools allow|deny|limit|reset, guard, profile *, logs); help-zh-cn-descriptions.ts joins every part.
// `of`: see there.

const RULES = `隐藏的工具永远不会被 \`run\` 或 \`gateway\` 列出，对它的调用会以指明该规则的 JSON-RPC 错误 -32003
拒绝，\`tools\` 的导出中也不含它。在 \`run\` 或 \`gateway\` 下次启动时生效。带 --profile <name> 时，规则是该
配置集针对该服务器自己的规则：它们叠加在服务器的规则之上（工具必须两者都通过），只在提供该配置集的地方生效
（\`gateway --profile <name>\`、\`tools --profile <name>\`），从不作用于 \`run\`。--json 打印
{ server, profile, allow, deny, hidden }（profile：名称或 null；hidden：这些规则现在隐藏的该服务器已固定的
工具，服务器和配置集的规则合起来计算）。`;

const PROFILE = `配置集是为一项任务或一个主机命名的一组服务器：\`connectory gateway --profile <name>\` 只提供它的服务器。
成员是服务器名称或连接器名称（name 或 name@marketplace：该连接器的每个服务器）。配置集 "default" 是每个
生效的服务器，不会被存储。profiles.json 在锁下以原子方式写入。add、remove 和 delete 之后，为该配置集导出的
（\`config export --profile\`）不再与之相符的每个主机文件都会被指出，并附上修复它的导出命令。
--json 打印 { profile, members, servers, missing }（list：{ profiles }）。`;

const profile = { of: "86202e5e60bb", text: `\n${PROFILE}` };

export const DESCRIPTIONS_ZH_CN_TOOLS: Record<string, DescriptionZh> = {
  tools: {
    of: "4c4fdcf26af8",
    text: `
以 LLM 函数调用的形式列出每个生效服务器的工具：OpenAI（{type: "function", function: {name, description,
parameters}}）、Anthropic（{name, description, input_schema}）或 MCP。名称为 "<server>__<tool>"，总是匹配
^[a-zA-Z0-9_-]{1,64}$ 且唯一；更长或非 ASCII 的名称会以哈希后缀缩短（每次都相同）。

没有 --format 时打印表格。--format <f> 在标准输出上打印该格式的 JSON 数组，可直接用于提供方的 API。被
\`connectory tools allow|deny\` 规则隐藏的工具不包含在内（在标准错误上列出名称）。--profile <name> 只列出该
配置集的服务器，并同时应用该配置集自己的规则（即 \`gateway --profile <name>\` 提供的工具）。
--json 打印 { format, tools, routes, servers, hidden }：\`routes\` 把每个函数名称映射到其服务器和工具，
\`servers\` 说明每个服务器如何应答。工具与你批准的有偏差的服务器不包含在内，直到 \`connectory trust <server>\`。
无法列出的服务器不包含在内，并在标准错误上给出警告；只有在有生效的服务器且没有一个应答时退出码才为 1。描述中
的隐藏字符显示为 ⟨U+…⟩；类似指令的内容会在标准错误上警告。`,
  },
  "tools allow": {
    of: "b7f546a52f3a",
    text: `
把工具名称或通配模式（\`*\`、\`?\`）加入服务器的允许列表：一旦有了允许列表，只显示它匹配的工具。这里给出的模式
会从拒绝列表中去掉。${RULES}`,
  },
  "tools deny": {
    of: "f5eb9d904b1e",
    text: `
把工具名称或通配模式（\`*\`、\`?\`）加入服务器的拒绝列表：它们匹配的工具被隐藏（拒绝优先于允许）。这里给出的
模式会从允许列表中去掉。${RULES}`,
  },
  "tools reset": {
    of: "1b10bdaa7ab1",
    text: `
删除服务器的每条允许和拒绝规则：它的所有工具重新显示。${RULES}`,
  },
  "tools limit": {
    of: "f70931665654",
    text: `
限制一个工具通过 \`run\` 和 \`gateway\` 被调用的频率：<rate> 为 <calls>/<period>（10/min、5/s、100/hour、
1000/day）；<tool> 为 \`*\` 时对服务器的所有工具合起来限制；off 删除限制。每个限制有一个持续补充的令牌桶；超出
的调用不会发给服务器，主机会得到一个说明何时再试的工具错误。令牌桶的状态保存在
$CONNECTORY_HOME/limits-state.json 中，所以重启 \`run\` 或网关不会补满它们。带 --profile 时，该限制只在提供
该配置集的地方计数（\`gateway --profile <name>\`），与服务器自己的限制叠加。在 \`run\` 或 \`gateway\` 下次
启动时生效。
--json 打印 { server, tool, profile, rate }（rate：删除时为 null）。`,
  },
  guard: {
    of: "c4115947df53",
    text: `
设置 \`run\` 和 \`gateway\` 的防护如何处理服务器的工具、资源和提示返回的内容。三类发现：secrets（GitHub、AWS、
Google、Slack、Stripe、OpenAI、Anthropic、npm 和 GitLab 令牌的形式，私钥块，JSON Web Token，以及精确匹配
的你自己存储的凭据；也会在工具的参数中查找你的凭据）、unicode（不可见字符和双向字符，按 publish 使用的规则集）
和 injection（覆盖指令的短语、隐藏指令标签、URL 会把数据带走的 markdown 图片）。

mask 把机密替换为 [redacted:<rule>]，把不可见字符替换为可见的 ⟨U+…⟩；warn 保留文本并加上模型会读到的可见
说明；block 把应答变为说明原因的工具错误；off 什么都不做。默认：secrets 和 unicode 为 mask，injection 为
warn。没有 --kind 时模式作用于全部三类。带 --profile 时，这些模式在提供该配置集的地方生效
（\`gateway --profile <name>\`），叠加在服务器的模式之上。每个发现都记录在 \`connectory logs\` 中（其类别、
规则和位置，从不记录文本）。在 \`run\` 或 \`gateway\` 下次启动时生效。
--json 打印 { server, profile, modes }。`,
  },
  "profile create": profile,
  "profile list": profile,
  "profile show": profile,
  "profile delete": profile,
  "profile add": profile,
  "profile remove": profile,
  logs: {
    of: "f678e84cce1a",
    text: `
打印审计日志：每个经过 \`connectory run\` 或 \`connectory gateway\` 的 tools/call 一行，最早的在前：时间、
哪个主机（来自其 initialize）、服务器和工具、结果（ok、tool-error、error、refused）以及耗时。防护发现的内容
（\`connectory guard\`）作为单独一行记录，结果为 "flagged"，带每个发现的类别、规则、位置（JSON 路径和偏移）
以及所做的处理（mask、warn、block），从不记录匹配到的文本。日志是 $CONNECTORY_HOME/logs/audit.jsonl（每行
一个 JSON 对象；超过 5 MiB 后变为 audit.1.jsonl）。它含有参数名称和大小，从不含参数值，除非 run/gateway
给了 --log-arguments（此时机密会被遮蔽）。
--json 打印 { entries: [...] }。`,
  },
};
