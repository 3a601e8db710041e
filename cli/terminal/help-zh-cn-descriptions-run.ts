import type { DescriptionZh } from "./help-zh-cn-descriptions.js";

// The longer `--help` in Simplified Chinese of the verbs that launch and look at servers (run, gateway,
// inspect, import); help-zh-cn-descriptions.ts joins every part. `of`: see there.

export const DESCRIPTIONS_ZH_CN_RUN: Record<string, DescriptionZh> = {
  run: {
    of: "459c8b5869c4",
    text: `
为 MCP 主机启动生效集合中的一个服务器，在标准输入/输出上使用 MCP 通信。这是 \`connectory config export\`
写入主机文件的命令，因此机密留在 Connectory 中。

stdio 服务器不经 shell 启动，环境是最小环境加上它自己的 env（其中有它的凭据）；它的标准错误、退出码和信号会
原样传递。远程服务器（streamable HTTP 或 SSE）会被桥接。无论哪种，run 都传递 MCP 消息，并把服务器发来的每个
tools/list 与固定的工具定义对照：第一次运行时固定它们；改变了的工具不会被传递，也无法调用，直到
\`connectory trust <server>\` 批准它。每个 tools/call 都记录在审计日志中（\`connectory logs\`）。

每个 tools/call 结果、resources/read 内容和 prompts/get 消息都先经过防护（机密被遮蔽，不可见字符被显示，
注入标记被注明：\`connectory guard\`），工具的参数会被检查是否含有你自己存储的凭据，\`connectory tools limit\`
的速率限制生效，设置了 OTEL_EXPORTER_OTLP_ENDPOINT 时每个请求都是一个 OpenTelemetry span
（docs/security.md、docs/architecture.md）。`,
  },
  gateway: {
    of: "1928ea04c1c8",
    text: `
为主机提供一个基于 stdio 的 MCP 服务器，汇聚每个生效的服务器（或 --profile 的那些）：它们的工具以
"<server>__<tool>" 列出（即 \`connectory tools\` 给出的名称：唯一、最多 64 个字符、每次都相同），每个
tools/call 都转到名称所指的服务器，进度和取消也会传递。服务器在首次使用时启动：主机的第一个 tools/list（或
tools/call）启动它们；崩溃的服务器在下次使用时重新启动，第一次立即重启，之后退避等待（1 秒，翻倍直到 30 秒）。
每个服务器得到 \`run\` 给它的一切：同样的启动方式、子进程环境和凭据，以及工具固定检查（有偏差的工具不会列出，
也无法调用，直到 \`connectory trust <server>\`）。失败或有偏差的服务器不列入，并在标准错误上打印一行。资源
（作为 connectory://<server>/<uri>）和提示（作为 <server>__<prompt>）以同样方式汇聚。
\`connectory gateway status\` 显示每个运行中网关的服务器。每个 tools/call 都记录在审计日志中
（\`connectory logs\`）。每个服务器的结果都经过 \`run\` 的防护、速率限制和遥测（\`connectory guard\`、
\`connectory tools limit\`；带 --profile 时，该配置集的模式和限制叠加在服务器自身的之上）。

--http <host:port> 在 http://<host:port>/mcp 提供 streamable HTTP 而不是 stdio，只限回环地址（127.0.0.1、
::1 或 localhost；其他地址会被拒绝），直到收到 SIGINT 或 SIGTERM。每个请求都必须带
"Authorization: Bearer <token>"（否则为 401），令牌由 Connectory 生成于 $CONNECTORY_HOME/gateway-token
（0600）：\`connectory gateway token\` 打印它。每个主机有自己的会话；它们共享服务器。`,
  },
  "gateway status": {
    of: "8e4922de332c",
    text: `
显示每个运行中的 \`connectory gateway\`（每个主机启动自己的）及其服务器的健康状况：idle（尚未启动）、
starting、running（带其 pid）、crashed（带最后的错误；下次使用时会再次启动）或 stopped，以及每个重启了
多少次。读取网关保存在 $CONNECTORY_HOME/gateway/ 中的状态文件；被杀死的网关不会显示。
--json 打印 { gateways: [{ pid, startedAt, updatedAt, profile, url, client, servers }] }（url：以 --http
启动的网关的地址）。`,
  },
  "gateway token": {
    of: "a7fb2794f87a",
    text: `
打印 \`connectory gateway --http\` 要求的 bearer 令牌（Authorization: Bearer <token>），没有时先生成。它保存在
$CONNECTORY_HOME/gateway-token 中，模式 0600，只在这里打印。--rotate 生成一个新的：此后持有旧令牌的主机会被
拒绝。
--json 打印 { token, file }。`,
  },
  inspect: {
    of: "7c82a540a137",
    text: `
与服务器进行 MCP 通信（给连接器名称时检查它的每个服务器）：initialize，然后列出其工具、资源和提示（它声明的
那些），并打印服务器的信息、协议版本、能力和每个工具的 schema。对一个服务器的第一次成功 inspect 会固定其工具
定义；之后改变的定义会报告为偏差，直到 \`connectory trust <server>\`。隐藏字符（控制字符、双向字符、零宽字符、
标签字符）显示为 ⟨U+…⟩，工具中类似指令的内容（隐藏指令标签、"ignore previous instructions"、密钥文件、调用
其他工具、把数据发往别处）会被标出，附代码和它为何重要。`,
  },
  import: {
    of: "39d0b7956baa",
    text: `
把你在 MCP 主机配置文件中已有的服务器复制到 Connectory 的 mcp.json（就地编辑，保留注释，备份上一版本文件），
这样一套服务器供所有主机使用。
  connectory import --from cursor --dry-run
  connectory import --from claude-desktop

主机文件中内联写入的机密（名称像凭据的 env 和请求头的值、像凭据的 URL 查询参数、--api-key 之类标志的值）会
移到 credentials.json（servers.<name>），导入的条目以 \${KEY} 引用它们；不打印任何机密。无法解析的文件会报告
其行和列，什么都不导入。

导入的服务器在你信任之前是不受信任的（不生效）：在终端上，import 会显示每个确切的启动命令并询问；--trust 信任
全部（用于脚本）；否则之后用 \`connectory trust <server>\`。启动的是默认市场某个连接器所提供内容的服务器会被
报告，并附上替换它的 \`connectory install\`。

mcp.json 中已有的同名服务器保持不动（会报告）；之前导入过的服务器不变。之后，
\`connectory config export --host <host> --replace-imported --write\` 把该主机文件中导入的内联条目替换为
\`connectory run\` 条目（会备份），这样机密就离开了主机文件。`,
  },
};
