import type { DescriptionZh } from "./help-zh-cn-descriptions.js";

// The longer `--help` in Simplified Chinese of the verbs that manage what is installed and trusted
// (marketplace, credentials, mcp, untrust, sandbox, auth, remove); help-zh-cn-descriptions.ts joins
// every part. `of`: see there.

export const DESCRIPTIONS_ZH_CN_MANAGE: Record<string, DescriptionZh> = {
  "marketplace remove": {
    of: "fbd92299ce84",
    text: `
忘记一个注册表。仍有从它安装的连接器时会被拒绝：先卸载它们，或用 --force 照样忘记它（那些连接器仍可从插件缓存
运行，但在以同一名称再次添加该市场之前无法更新）。如果它是默认市场，剩下的第一个市场成为默认。
\`connectory login\` 为它存储的发布令牌会被删除。`,
  },
  "marketplace list": {
    of: "7e8e681c28ff",
    text: `
列出已知的注册表、默认的那个，以及每个注册表来的连接器数量。`,
  },
  remove: {
    of: "b071e6835f83",
    text: `
从本文件夹的项目中删除一个连接器：编辑 connectory.json（保留注释和顺序），然后同步：锁文件和项目的主机文件不再
列出它，如果是 \`sync\` 为本项目安装了它，它会从本机卸载（你自己安装的，或另一个项目在用的，会保留）。它在
"grants" 中的条目随之删除，项目为它设置的沙箱授权也离开这个主目录。`,
  },
  "credentials show": {
    of: "94d211ee632f",
    text: `
显示一个已安装连接器声明的凭据以及哪些已设置。机密值总是打印为 ***；其他值按存储的打印（或其默认值）。`,
  },
  "credentials unset": {
    of: "b6751050fb3d",
    text: `
删除一个已存储的凭据（KEY）或某个连接器的全部凭据。缺少必填凭据的连接器仍保持安装，状态为 needs-credentials。`,
  },
  "mcp remove": {
    of: "5c126a2c36b2",
    text: `
就地从 $CONNECTORY_HOME/mcp.json 删除一个手写的服务器（保留注释和格式，上一版本文件备份在
$CONNECTORY_HOME/backups/ 中），并忘记它的信任、固定的工具和 \`connectory import\` 为它存储的机密。来自已安装
连接器的服务器应改用 \`connectory disable <name>\` 关闭。`,
  },
  "mcp list": {
    of: "42d20b1aa973",
    text: `
列出 $CONNECTORY_HOME/mcp.json 中手写的服务器以及每个是否受信任（信任针对确切的启动配置；被编辑过的服务器需要
再次 \`connectory trust <server>\`）。看起来像机密的 env 和请求头值打印为 ***，除非给出 --show-secrets。`,
  },
  untrust: {
    of: "6ba8c0f282e3",
    text: `
撤回对一个手写服务器的信任：它留在 mcp.json 中，但变为不生效（untrusted）。`,
  },
  "sandbox off": {
    of: "ca8253cc4764",
    text: `
让一个声明了权限的已安装连接器在没有强制执行这些权限的沙箱的情况下运行，用于没有可用沙箱的机器（Windows，或
缺少 bubblewrap 或 sandbox-exec）。此后它的服务器像你启动的任何程序一样，可以访问你的文件和网络。记录在
$CONNECTORY_HOME/sandbox.json 中；\`connectory sandbox on <connector>\` 撤销它。带 permissions 块的手写服务器
（或在 \`sandbox all on\` 下的任何手写服务器）以其服务器名称指定。`,
  },
  "sandbox all": {
    of: "7bedab8b26a0",
    text: `
带 "permissions" 块的手写服务器（mcp.json）按该块在沙箱中运行；没有的则不受限制地运行，像你启动的任何程序
一样。\`sandbox all on\` 把这些也放进沙箱：它们没有网络，也无法访问你主目录的任何内容（系统文件只读，私有的
/tmp），直到你给它们一个块（\`connectory mcp add <server> --allow-read <path> --allow-net <host> … --force\`）
或豁免某一个（\`connectory sandbox off <server>\`）。连接器保持它们声明的权限。\`sandbox all off\` 是默认值。
记录在 $CONNECTORY_HOME/sandbox.json 中（"all"）。`,
  },
  "sandbox on": {
    of: "24911db1f966",
    text: `
撤销 \`connectory sandbox off\`：该连接器的服务器再次在沙箱中运行（或在没有可用沙箱的地方不启动）。`,
  },
  auth: {
    of: "4068af34578e",
    text: `
按 MCP 授权规范所述，登录使用 OAuth 的远程服务器，并把令牌和你的其他凭据保存在一起（从不放进主机文件）。之后
\`connectory run\` 会发送访问令牌、刷新它，并在你必须重新登录时告诉你。

名称是生效集合中的一个服务器，或一个连接器：此时是它每个以 OAuth 登录的远程服务器。发现过程遵循服务器的 401
质询（RFC 9728 受保护资源元数据，RFC 8414 / OpenID 授权服务器元数据）；客户端是连接器声明的 client id，否则在
服务器支持时使用客户端 ID 元数据文档，否则使用动态客户端注册。要求 PKCE S256，会检查回调的 state 和 issuer
（RFC 9207），每个请求都带上 resource（RFC 8707）。浏览器打开授权页面（设置了 $BROWSER 时用它，否则用系统的
打开程序）；应答回到 127.0.0.1 上的一个监听器，它只接受一个请求然后关闭。

--status 显示每个 OAuth 服务器的状态（signed-in、expired、needs-auth）、权限范围和过期时间，从不显示令牌；不给
名称时显示全部。--logout 删除登录，服务器提供吊销时也在服务器上吊销它。`,
  },
};
