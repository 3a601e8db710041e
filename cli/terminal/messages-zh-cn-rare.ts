import type { RareMessageKey } from "./messages-en-rare.js";

// Errors of rarer paths in Simplified Chinese: every key of messages-en-rare.ts.

export const zhCNRare: Record<RareMessageKey, string> = {
  "damage.changed": "{files} 被改动",
  "damage.missing": "{files} 缺失",
  "damage.added": "{files} 是新增的",
  "damage.more": "{files} 等另外 {n} 个",
  "cache.tampered": "{label} 的缓存文件在安装后被改动（{damage}）；connectory 不会启动它们",
  "cache.tampered-hint": "如果不是你自己改的，请检查它们；然后重新安装：{command}",
  "cache.changed": "它的文件被改动过（{damage}）",
  "cache.redownload": "{label} 的缓存文件已损坏（{why}）；正在重新下载",
  "cache.unreadable": "无法读取 {label} 的缓存文件",
  "cache.unreadable-hint": "重新安装它：connectory install {name}（读取位置：{dir}）",
  "package.unreadable": "{label} 不是可读的连接器包：{why}",
  "package.unreadable-hint": "什么都没有安装；请把此事报告给连接器的发布者",
  "tarball.integrity": "{label} 的 tarball 与注册表的完整性校验值不符；已拒绝，没有任何改变",
  "tarball.integrity-hint":
    "应为 {expected}…，实际为 {actual}…：下载内容在途中被改动，或注册表出了问题；稍后再试，或报告给市场运营者",
  "tarball.other-package": "请求 {label} 时注册表发来的是 {sent}；什么都没有安装",
  "tarball.other-package-hint": "请把此事报告给市场运营者",
  "bundle.not-https": "MCP Bundle {url} 不是 https:// URL",
  "bundle.not-https-hint": "请连接器的发布者通过 https 提供它",
  "bundle.download": "无法下载 MCP Bundle {url}：{why}",
  "bundle.download-hint": "检查网络，然后再次运行安装",
  "bundle.integrity": "MCP Bundle {url} 的 sha256 是 {actual}，不是其包中写明的 {sha256}：已拒绝",
  "bundle.integrity-hint": "该文件在发布后被改动过；请询问发布者，或安装另一个版本",
  "bundle.no-manifest": "MCP Bundle {url} 没有 manifest.json",
  "bundle.no-manifest-hint": "请它的发布者用 `mcpb pack` 重新构建",
  "sandbox.none": "{connector} 声明了权限，而本机没有可用的沙箱来强制执行它们",
  "sandbox.none-hint-linux":
    "安装 bubblewrap（Debian/Ubuntu：`sudo apt-get install bubblewrap`；Fedora：`sudo dnf install bubblewrap`；Arch：`sudo pacman -S bubblewrap`），或自担风险在沙箱外运行它：`connectory sandbox off {connector}`",
  "sandbox.none-hint-macos":
    "macOS 自带的 /usr/bin/sandbox-exec 在这里缺失或无法工作；或自担风险在沙箱外运行它：`connectory sandbox off {connector}`",
  "sandbox.socat-hosts": "{connector} 只能访问 {hosts}，而沙箱强制执行这一点所需的 socat 没有安装",
  "sandbox.socat-fetch": "{connector} 通过过滤代理获取 {spec}，这需要 socat，而 socat 没有安装",
  "sandbox.socat-hint":
    "安装 socat（Debian/Ubuntu：`sudo apt-get install socat`；Fedora：`sudo dnf install socat`）",
  "sandbox.path-unset-hint": "设置它指名的凭据（`connectory credentials set {connector}`）",
  "sandbox.fetch-failed": "在无网络启动服务器之前无法获取它的包：{why}",
  "sandbox.fetch-failed-hint": "检查你与 npm 注册表的连接，然后再试",
  "update.downgrade": "{name}@{version} 没有构建来源证明，而 {from} 有（信任降级）；未安装它",
  "update.downgrade-allowed":
    "{name}@{version} 没有构建来源证明，而 {from} 有（信任降级）；仍然更新（--allow-provenance-downgrade）",
  "update.downgrade-hint":
    "被攻破的版本正是这样：在发布者的 CI 之外构建；请向发布者核实，如果这是预期的，再运行 `connectory update {name} --allow-provenance-downgrade`",
  "keychain.locked": "{label} 已锁定（{why}）",
  "keychain.locked-hint":
    "解锁它（登录桌面会话、解锁登录钥匙串，或运行 `gnome-keyring-daemon --unlock`）后再次运行该命令，或设置 CONNECTORY_CREDENTIAL_STORE=file 把凭据保存在 credentials.json 中；connectory 从不自行退回到磁盘",
  "keychain.failed": "无法在 {label} 中处理凭据（{what}）：{why}",
  "keychain.failed-hint":
    "再次运行该命令；如果一直失败，设置 CONNECTORY_CREDENTIAL_STORE=file，改为把它们保存在 credentials.json（0600）中",
  "keychain.unavailable": "无法使用操作系统钥匙串：{why}",
  "keychain.unavailable-hint":
    "启动或解锁钥匙串（在 Linux 上是你 D-Bus 会话中的 Secret Service，例如 gnome-keyring），安装可选包 @napi-rs/keyring，或设置 CONNECTORY_CREDENTIAL_STORE=file",
  "signature.missing": "注册表没有为它签名：什么都没有安装；请询问市场运营者，或使用另一个市场",
  "signature.malformed": "注册表发来的签名已损坏：什么都没有安装；稍后再试，或报告给市场运营者",
  "signature.unknown-key":
    "它由一个你从未固定的密钥签名：如果运营者在没有密钥链的情况下轮换了密钥，请与他们核对新的指纹，然后运行 `connectory marketplace add <name> <url> --key <fingerprint>`",
  "signature.revoked": "为它签名的密钥已被吊销：什么都没有安装；等运营者重新签名，并报告此事",
  "signature.expired": "为它签名的密钥在签名时已过期：什么都没有安装；请报告给市场运营者",
  "signature.invalid":
    "签名无法验证：该版本或其文档被改动过（数据库、存储或镜像被篡改）；什么都没有安装；请报告给市场运营者",
  "signature.mismatch":
    "下载到的内容不是注册表签名的内容（tarball 被调换或文档被改写）；什么都没有安装；请报告给市场运营者",
  "signature.log-checkpoint": "透明日志的检查点不是由固定的密钥签名的：什么都没有安装；请报告给市场运营者",
  "signature.log-inconsistent":
    "市场的透明日志与你之前见过的历史不一致（被改写或分叉）：从它的每次安装都会停止；请报告此事，并运行 `connectory log verify <marketplace>` 检查",
  "signature.log-proof": "该版本不在市场的透明日志中：什么都没有安装；请报告给市场运营者",
};
