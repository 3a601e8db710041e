import type { DiagnoseMessageKey } from "./messages-en-diagnose.js";

// The diagnosing words in Simplified Chinese: every key of messages-en-diagnose.ts, no other. Statuses
// (active, needs-consent…), the FAIL/WARN marks, commands and file names stay as typed.

export const zhCNDiagnose: Record<DiagnoseMessageKey, string> = {
  "why.connector-disabled": "连接器 {connector} 已停用：运行 `connectory enable {ref}`",
  "why.render-failed": "无法渲染它的包：{problem}",
  "why.sandbox-invalid":
    "它的沙箱 {problem}：在发布者或 `connectory credentials set {ref}` 修复之前它不会启动",
  "why.needs-consent":
    "{connector} {version} 声明的权限超出你已接受的范围：先查看（`connectory info {ref}`），再接受：`connectory install {connector}@{version}{from} --yes`",
  "why.needs-credentials": "缺少凭据 {missing}：运行 `connectory credentials set {ref}`",
  "why.manual-credentials-missing":
    "credentials.json 中缺少它的凭据 {missing}（servers.{server}）：请重新导入它",
  "why.untrusted": "手写的服务器须经信任才会运行：检查它，然后运行 `connectory trust {server}`",
  "why.changed-parts":
    "自你信任它以来，它的 {parts} 已改变：检查它，然后再次运行 `connectory trust {server}`",
  "why.changed": "自你信任它以来，它的启动配置已改变：检查它，然后再次运行 `connectory trust {server}`",
  "why.shadowed-by-manual": "{file} 中手写的服务器“{server}”同名，以它为准",
  "why.shadowed-by-connector": "{owner} 已经提供了名为“{server}”的服务器",
  "why.is": "{server} 的状态是 {status}",
  "why.is-because": "{server} 的状态是 {status}：{reason}",
  "why.server-is": "服务器“{server}”的状态是 {status}",
  "why.server-is-because": "服务器“{server}”的状态是 {status}：{reason}",
  "why.no-active": "“{query}”没有生效的服务器：{why}",
  "why.no-active-hint": "按原因所说修复后再试（`connectory config --explain` 列出每个服务器）",

  "hosts.file-label": "{file}（{host}，{scope} 范围）",
  "hosts.no-profile":
    "{file} 是为配置集 {profile} 导出的，而它已不存在：重新创建它（`connectory profile create {profile}`）或导出另一个配置集",
  "hosts.unknown": "未知的主机“{name}”",
  "hosts.known": "已知的主机：{hosts}",
  "hosts.no-file": "{host} 没有 Connectory 能编辑的配置文件",
  "hosts.no-file-hint": "用 `connectory config copy <connector> --host {id}` 获取它的安装链接",
  "hosts.not-a-file": "{file} 不是普通文件",
  "hosts.check-path": "请检查路径；没有做任何改动",
  "hosts.too-large": "{file} 大于 {bytes} 字节",
  "hosts.too-large-hint": "这看起来不像 MCP 主机的配置文件；请检查路径，没有做任何改动",
  "hosts.import-no-file": "{host} 没有可以从中导入的配置文件",
  "hosts.import-missing": "{file} 不存在",
  "hosts.import-missing-hint": "用 --file 指定主机的配置文件，或用 --scope project 指定项目的配置文件",
  "hosts.extension-name": "扩展文件夹必须命名为 {name}，而不是 {folder}",
  "hosts.extension-name-hint": "使用 --file <父文件夹>/{name}（Gemini CLI 以文件夹名称命名扩展）",
  "hosts.extension-not-ours": "{dir} 已存在，且不是 Connectory 写入的扩展",
  "hosts.extension-not-ours-hint": "用 --file 选择另一个文件夹，或把那个文件夹移走",
  "hosts.extension-host": "--as-extension 只用于 --host gemini-cli",
  "hosts.extension-host-hint": "去掉 --as-extension，或使用 --host gemini-cli",
  "hosts.extension-inline": "--as-extension 写入启动器条目：不接受 --mode inline",
  "hosts.extension-inline-hint": "去掉 --mode inline（扩展文件夹会被复制到各处：机密留在 Connectory 中）",
  "hosts.skills-outside": "项目的技能文件夹 {dir} 指向 {real}，在项目 {root} 之外",
  "hosts.skills-outside-hint":
    "项目的技能文件夹必须在项目之内：删除该链接，或用 --scope user 导出；没有写入任何技能",
  "hosts.launcher-invalid": "CONNECTORY_LAUNCHER 必须是字符串组成的 JSON 数组（命令在前），而不是 {value}",
  "hosts.launcher-invalid-hint":
    '例如 CONNECTORY_LAUNCHER=\'["connectory"]\' 或 \'["node", "/path/to/bin/connectory.js"]\'；取消设置则使用默认值',

  "doctor.cell-missing-in": "{hosts} 中缺失",
  "doctor.cell-not-pinned": "未固定",
  "doctor.cell-missing": "缺少 {keys}",
  "doctor.not-in": "不在 {file} 中：运行 `{command}`",
  "doctor.not-pinned": "它的工具尚未固定：运行 `connectory inspect {server}` 查看并批准",
  "doctor.drift":
    "自你在 {date} 批准以来，它的工具已改变；在你检查并运行 `connectory trust {server}` 之前，`connectory run {server}` 拒绝运行它：",
  "doctor.missing-credentials": "缺少凭据",
  "doctor.broken": "FAIL {key}：无法读取它已安装的包（{message}）；请重新安装",
  "doctor.stale": "FAIL {file} 仍列出“{server}”，而它已不再生效：运行 `{command}`",
  "doctor.lost-gateway": "FAIL {file} 缺少网关条目“{server}”：运行 `{command}`",
  "doctor.gone": "WARN {file} 已不存在：Connectory 已忘记曾导出到那里的内容（重新导出：`{command}`）",
  "doctor.sandbox": "沙箱：{detail}",
  "doctor.sandbox-warn": "WARN 沙箱：{detail}",
  "doctor.leftover-credentials":
    "WARN {key} 未安装，但它的凭据仍在（安装或卸载被中断）：运行 `connectory uninstall {key}` 删除",
  "doctor.leftover-cache":
    "WARN {key} 未安装，但它的缓存文件仍在（安装或卸载被中断）：运行 `connectory uninstall {key}` 删除",
  "doctor.leftover-both":
    "WARN {key} 未安装，但它的凭据和缓存文件仍在（安装或卸载被中断）：运行 `connectory uninstall {key}` 删除",
  "doctor.project-drift": "FAIL 项目：{drift}：运行 `connectory sync`",
  "doctor.project-credentials": "WARN 项目：{name} 需要 {keys}：在终端上运行 `connectory sync`",
  "doctor.project-ok": "项目：本机与 {project}/connectory.lock 一致",
  "doctor.consent": "WARN {server} 未生效：{reason}",
  "doctor.needs-auth": "FAIL {server}：needs-auth（{state}）：用 `connectory auth {server}` 登录",
  "doctor.store-keychain": "凭据：存放在 {location}",
  "doctor.store-file": "凭据：存放在 {location}",
  "doctor.store-file-keychain": "凭据：存放在 {location}；钥匙串：{keychain}",
  "doctor.store-leftover":
    "WARN 凭据：迁移到 credentials.json 时留在系统钥匙串中的副本尚待删除（钥匙串没有响应）；下一个访问它的命令会删除它",
  "doctor.store-failed": "FAIL 凭据：{message}",
  "doctor.store-failed-hint": "FAIL 凭据：{message}（{hint}）",
  "doctor.gateway":
    "网关 {pid}{client}：{total} 个服务器中有 {running} 个在运行（`connectory gateway status`）",
  "doctor.gateway-crashed":
    "WARN 网关 {pid}{client}：{total} 个服务器中有 {running} 个在运行；已崩溃：{crashed}（`connectory gateway status`）",
  "doctor.gateway-client": "（客户端 {client}）",
  "doctor.gateway-crash": "{server}：{error}，重启 {restarts} 次",
  "doctor.crashed": "已崩溃",
  "doctor.skill-removed":
    "WARN 技能 {dir} 已被手动删除：`connectory config export --host {host} --write` 会放回它",
  "doctor.skill-edited": "WARN 技能 {dir} 在 connectory 写入后被编辑过：导出时不会动它",
  "doctor.skill-orphan":
    "FAIL 技能 {dir} 属于 {connector}，而它已不再生效：运行 `connectory config export --host {host} --write`",
  "sandbox.no-platform":
    "{platform} 上还没有沙箱：声明了权限的连接器只有在 `connectory sandbox off <connector>` 之后才会启动",
  "sandbox.no-bwrap":
    "没有安装 bubblewrap：请安装（Debian/Ubuntu：`sudo apt-get install bubblewrap`；Fedora：`sudo dnf install bubblewrap`；Arch：`sudo pacman -S bubblewrap`），或自担风险不用沙箱运行：`connectory sandbox off <connector>`",
  "sandbox.bwrap-socat": "bubblewrap 可用（{bwrap}）；主机白名单经由 socat（{socat}）",
  "sandbox.bwrap-no-socat":
    "bubblewrap 可用（{bwrap}）；缺少 socat，声明了主机列表的服务器无法启动（`sudo apt-get install socat`）",
  "sandbox.bwrap-fails":
    "{bwrap} 无法在这里创建沙箱（{why}）；非特权用户命名空间可能被禁用了（sysctl kernel.unprivileged_userns_clone，或 Ubuntu 24.04 上 AppArmor 的限制）",
  "sandbox.no-seatbelt":
    "缺少 sandbox-exec：macOS 自带 /usr/bin/sandbox-exec，但这里没有或无法使用；或自担风险不用沙箱运行：`connectory sandbox off <connector>`",
  "sandbox.seatbelt-works":
    "sandbox-exec 可用（{sandboxExec}）；主机白名单经由 127.0.0.1 上的代理（本项目的 CI 未在真实的 Mac 上测试过 macOS 沙箱）",
  "sandbox.seatbelt-fails": "{sandboxExec} 无法在这里应用配置（{why}）",
  "sandbox.unknown": "没有名为“{query}”的已安装连接器或手写服务器",
  "sandbox.unknown-hint": "参见 `connectory list` 和 `connectory mcp list`",
  "sandbox.off": "{key} 现在不用沙箱运行",
  "sandbox.off-declares": "{key} 现在不用沙箱运行（不再强制它声明的权限）",
  "sandbox.on": "{key} 重新在沙箱中运行",
  "sandbox.on-undeclared": "{key} 重新在沙箱中运行（它没有声明权限：不受限制）",
  "sandbox.on-or-off": "应为 on 或 off，而不是“{value}”",
  "sandbox.all-on":
    "现在每个手写的 stdio 服务器都在沙箱中运行；没有 permissions 块的：不许联网，不许访问你的主目录{servers}",
  "sandbox.all-off": "没有 permissions 块的手写服务器重新不受限制地运行{servers}",
  "inspect.skipping": "跳过 {server}：它的状态是 {status}",
  "inspect.skipping-because": "跳过 {server}：它的状态是 {status}（{reason}）",
  "inspect.drift-snapshot":
    "{server} 的工具与注册表为此版本记录并签名的不一致：`connectory run` 拒绝改变了的工具；查看差异，然后用 `connectory trust {server}` 仍然批准它们",
  "inspect.drift": "自你批准以来，{server} 的工具已改变：查看差异后运行 `connectory trust {server}`",
  "inspect.failed": "  失败 {code}：{message}",
  "inspect.server": "  服务器        {server}",
  "inspect.protocol": "  协议          {version}，经由 {transport}",
  "inspect.capabilities": "  能力          {capabilities}",
  "inspect.none": "（无）",
  "inspect.pins": "  固定          {pins}",
  "inspect.instructions": "  说明          {text}",
  "inspect.tools": "  工具（{n}）",
  "inspect.flags": "  标记（{n}）：批准之前请先阅读这些工具",
  "inspect.hidden": "  对主机隐藏（{n}）",
  "inspect.resources": "  资源（{n}）",
  "inspect.templates": "  资源模板（{n}）",
  "inspect.prompts": "  提示词（{n}）",
  "inspect.pinned": "已记录：这些工具定义就是你批准的内容",
  "inspect.match-snapshot": "一致（注册表签名的工具快照，记录于 {date}）",
  "inspect.match": "一致（批准于 {date}）",
  "inspect.drift-cell-snapshot": "偏差：工具与注册表签名的工具快照不一致（记录于 {date}）",
  "inspect.drift-cell": "偏差：工具与你在 {date} 批准的不一致",
  "inspect.unpinned": "未固定",

  "skills.overview": "技能：",
  "skills.inactive": "（未生效：不导出它的技能）",
  "skills.not-exported": "未导出",
};
