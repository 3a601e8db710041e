import type { DetailMessageKey } from "./messages-en-detail.js";

// What used to be quoted in English inside translated sentences, in Simplified Chinese: every key of
// messages-en-detail.ts, no other. Options, commands, file names and codes stay as typed.

export const zhCNDetail: Record<DetailMessageKey, string> = {
  "main.option-needs-value": "选项 {option} 需要一个值：{option} <{value}>",
  "main.option-takes-no-value": "选项 {option} 不接受值",
  "main.option-dash-value":
    "选项 {option} 没有值：它后面的词以短横线开头（以短横线开头的值请写成 {option}=-…）",
  "main.unexpected-argument": "多余的参数 {argument}",

  "sandbox-plan.unrestricted": "不受限制：没有声明任何权限",
  "sandbox-plan.off": "你关闭了沙箱（`connectory sandbox on {connector}` 可恢复）",
  "sandbox-plan.remote": "{server} 是远程服务器：它在别处运行，本地沙箱不适用。",
  "sandbox-plan.unsandboxed": "{server} 不在沙箱中运行：{reason}。",
  "sandbox-plan.bwrap": "{server} 在 bubblewrap（{command}）中运行，规则如下：",
  "sandbox-plan.bwrap-rest": "其他一切都被隐藏。命令行：",
  "sandbox-plan.seatbelt": "{server} 在 sandbox-exec（{command}）中运行，规则如下：",
  "sandbox-plan.seatbelt-profile": "其他一切都被拒绝。Seatbelt 配置（sandbox-exec -p）：",
  "sandbox-plan.command-line": "命令行：",
  "sandbox-plan.the-profile": "<上面的配置>",

  "sandbox.path-unset": "{connector} 的权限路径无法填写：{why}",
  "sandbox.path-needs": "权限路径 {path} 需要 ${{key}}，但它没有设置",
  "sandbox.path-holds-template": "权限路径 {path} 用到的 {key} 的值含有“${”",

  "sandbox-rule.network-any":
    "任何主机，以及 X11、D-Bus 等抽象 unix 套接字（声明了 network: any：使用主机的网络命名空间）",
  "sandbox-rule.network-hosts":
    "只允许 {hosts}：没有自己的网络，HTTP(S)_PROXY=http://127.0.0.1:{port}（Connectory 中的过滤代理）拒绝其他所有主机",
  "sandbox-rule.network-none": "无：私有网络命名空间，只有回环接口",
  "sandbox-rule.system": "系统程序和库",
  "sandbox-rule.etc": "域名解析、TLS、用户、时间",
  "sandbox-rule.private-tmp": "空的，本沙箱独有",
  "sandbox-rule.process": "独立的 pid 命名空间；随父进程一起结束；没有终端",
  "sandbox-rule.command": "服务器的命令",
  "sandbox-rule.connector-files": "连接器的文件",
  "sandbox-rule.cache": "{command} 的缓存",
  "sandbox-rule.declared": "在 permissions 中声明",
  "sandbox-rule.home": "空的且只读，下面的规则除外",
  "sandbox-rule.seatbelt-process": "它的进程继承该配置；不能向其他进程发信号或查看它们",
  "sandbox-rule.seatbelt-network-any": "任何主机（声明了 network: any）",
  "sandbox-rule.seatbelt-network-hosts":
    "只允许 {hosts}：唯一允许的连接是到 localhost:{port}，HTTP(S)_PROXY（Connectory 中的过滤代理）拒绝其他所有主机",
  "sandbox-rule.seatbelt-network-none": "无：任何套接字都不能连接或监听，包括回环和 unix 套接字",
  "sandbox-rule.seatbelt-tmpdir": "本次启动独有的 TMPDIR，结束时删除",
  "sandbox-rule.seatbelt-home": "其中什么都不可见，下面的规则除外",
  "sandbox-rule.fetch": "先由 {tool} 单独获取 {spec}，只从 {hosts} 获取，不带服务器的凭据",
  "sandbox-rule.fetch-npx":
    "先由 {tool} 单独获取 {spec}，只从 {hosts} 获取，不带服务器的凭据，也不运行安装脚本",

  "import-why.not-object": "它不是一个对象",
  "import-why.disabled": "它在 {host} 中已停用",
  "import-why.built-in": "它是 {host} 内置的",
  "import-why.url-not-http": "它的 {field} 不是 http(s) URL",
  "import-why.no-command": "它既没有命令也没有 URL",
  "import-why.invalid": "它不是有效的服务器：{problem}",
  "import-why.ours": "这是 Connectory 写入的（`connectory run`）：导入它会让它启动自己",
  "import-why.exists":
    "mcp.json 中已有另一个名为“{name}”的服务器：请先删除它（connectory mcp remove {name}）",
  "import-why.env-vars": "它按名称从环境变量中读取一些值（env_vars、bearer_token_env_var）：请手动添加",
  "import-why.env-keys": "goose 把它的一些值（env_keys）存在自己的机密存储中：请手动添加",
  "import-why.duplicate": "“{name}”在文件中出现了不止一次；按主机的读法，导入最后一个",
  "import-why.host-variables":
    "它使用了主机自己的 ${…} 变量，`connectory run` 会原样传递：请换成具体的值，然后重新信任它",
  "import-why.match-unchecked": "没有在市场中查找匹配的连接器：{message}",

  "gateway-log.exited": "服务器已退出",
  "gateway-log.unjoinable":
    "服务器名称“{name}”含有“__”，它用来分隔服务器名和工具名（`{name}__tool` 会有歧义）；请改一个不含“__”的名称",
  "bridge.to-server": "无法把应答转给服务器",
  "bridge.to-host": "无法写给主机",
  "bridge.tool-check": "工具检查",
  "bridge.host": "主机",
  "bridge.server": "服务器",
  "session.dropped-answer": "丢弃了 {server} 的一个应答：主机没有等待中的对应请求",
  "auth.refresh-failed": "无法刷新“{server}”的登录：{message}",

  "core.file-problems": "{file} 有 {n} 个问题；第一个：{first}",
  "core.file-problems-hint": "请修改 {file}：每个问题都给出了要修改的 JSON 路径。",
  "core.project-manifest-invalid": "{file} 不是有效的项目清单（{n} 个问题）；第一个：{first}",
  "core.problems-why": "{n} 个问题；第一个：{first}",
  "mcp-add.invalid": "新服务器无效：{why}",
  "core.registry-invalid": "注册表拒绝了这个包：{n} 个错误；第一个：{first}",
  "perm-block.not-object": 'permissions 必须是一个对象，例如 { "network": "none" }',
  "perm-block.unknown-key": "permissions 中有未知的键 {key}",
  "perm-block.network": 'permissions.network 必须是 "none"、"any" 或 1 到 {max} 个主机名的列表',
  "perm-block.network-host":
    "permissions.network 中的 {host} 不是主机名，应如 api.example.com 或 *.example.com",
  "perm-block.network-twice": "permissions.network 两次列出了 {host}",
  "perm-block.filesystem": "permissions.filesystem 必须是至多 {max} 个授权的列表",
  "perm-block.grant-shape": '{at} 必须是 { "path", "access": "read" | "read-write" }',
  "perm-block.grant-keys": '{at} 只能含有 "path" 和 "access"',
  "perm-block.grant-access": '{at} 需要 "access"："read" 或 "read-write"',
  "perm-block.path-missing": "{at} 需要一个路径",
  "perm-block.path-only-home": "{at} {path} 只能使用模板 ${HOME}",
  "perm-block.path-relative": "{at} {path} 不是绝对路径：请以“/”或 ${HOME} 开头",
  "perm-block.path-dot": "{at} {path} 含有 . 或 .. 路径段：请直接写出文件夹本身",
  "mcp-server.serving": "connectory mcp-server：在 stdio 上提供市场“{name}”（{url}）",
  "export.routed-sandboxed": "{server}：它按权限在沙箱中运行，所以通过 `connectory run` 启动",
  "export.routed-host": "{server}：{host} 无法照原样运行它，所以通过 `connectory run` 启动",
};
