import type { LocalMessageKey } from "./messages-en-local.js";

// Errors of what lives on this machine in Simplified Chinese: every key of messages-en-local.ts. File
// names, environment variables, commands and flags stay as typed.

export const zhCNLocal: Record<LocalMessageKey, string> = {
  "sandbox.grant-invalid": "{connector} 被授予的路径无效（{why}）：已拒绝",
  "sandbox.grant-invalid-via": "{connector} 被授予的路径无效（{why}，来自 {via}）：已拒绝",
  "sandbox.grant-refused": "{connector} 被授予了 {why}：已拒绝",
  "sandbox.grant-refused-via": "{connector} 被授予了 {why}（来自 {via}）：已拒绝",
  "sandbox.grant-really": "{connector} 被授予了 {path}，而它实际上是 {why}：已拒绝",
  "sandbox.grant-really-via": "{connector} 被授予了 {path}，而它实际上是 {why}（来自 {via}）：已拒绝",
  "sandbox.grant-refused-hint": "授权只应指向你的某一个文件夹：请发布者缩小范围",
  "sandbox.grant-refused-via-hint":
    "把 {via} 设为它应当访问的那一个文件夹（`connectory credentials set {connector}`）",
  "sandbox.grant-missing": "{connector} 被授予的 {path} 不存在",
  "sandbox.grant-missing-hint": "创建它，或选择另一个文件夹（`connectory credentials set`）",
  "sandbox.path-invalid": "{connector}：路径无效（{why}）",
  "sandbox.path-invalid-hint": "请选择路径中不含控制字符（换行、制表符）的文件夹",

  "store.choice-invalid": "CONNECTORY_CREDENTIAL_STORE 的值是“{value}”，不是 keychain、file 或 auto",
  "store.choice-invalid-hint": "把它设为 keychain 或 file，或取消设置以便在有钥匙串时使用钥匙串",
  "store.keychain-holds": "{why}，而本主目录的凭据正保存在其中",
  "store.keychain-holds-hint":
    "请让钥匙串重新可用（可用后，CONNECTORY_CREDENTIAL_STORE=file 会把凭据移回 credentials.json）",
  "store.not-kept": "{label} 没有保留写入的内容；credentials.json 保持原样",
  "store.not-kept-hint": "设置 CONNECTORY_CREDENTIAL_STORE=file，把凭据保存在 credentials.json 中",
  "store.conflict": "{file} 和 {label} 都保存了本主目录的凭据，且两者不同",
  "store.conflict-hint":
    "本主目录的凭据保存在钥匙串中：如果钥匙串中的是最新的，把 {file} 移出主目录；如果要保留文件中的，删除钥匙串条目（service “{service}”，account “{account}”）以及 {marker}",
  "keychain.entry-invalid":
    "{label} 中的凭据（service “{service}”，account “{account}”）不是 connectory 写入的内容：{problem}",
  "keychain.entry-not-json":
    "{label} 中的凭据（service “{service}”，account “{account}”）不是 connectory 写入的内容：它不是有效的 JSON",
  "keychain.head-invalid": "{label} 中的头条目（service “{service}”，account “{account}”）对其分片的记录有误",
  "keychain.entry-invalid-hint": "请用钥匙串自带的工具修复或删除该条目；connectory 不会覆盖它",
  "keychain.part-missing":
    "{label} 中的凭据（service “{service}”，account “{account}”）共 {count} 个分片，第 {part} 个缺失",
  "keychain.part-missing-hint": "钥匙串丢失了一个条目：请重新设置凭据，或恢复该条目",

  "home.file-not-json": "{file} 不是有效的 JSON",
  "home.file-not-json-at": "{file} 不是有效的 JSON，位于第 {line} 行第 {column} 列（{what}）",
  "home.file-not-ours": "{file} 不是 connectory 写入的内容：{problem}",
  "home.file-fix-hint": "请手动修复或移走该文件；connectory 不会覆盖它",
  "home.pins-invalid": "{file} 不是有效的 pins 文件：{problems}",
  "home.pins-invalid-hint":
    "把它移到别处，再用 `connectory trust <server>` 重新批准你的服务器；connectory 不会覆盖它",
  "home.cache-symlink": "{path} 是符号链接；connectory 从不通过缓存中的符号链接写入或删除",
  "home.cache-symlink-hint": "先查看它指向哪里（ls -l {path}），再删除链接本身：rm {path}",
  "home.cache-outside": "{path} 不在缓存 {cache} 之内",
  "home.cache-outside-hint": "这是 connectory 的缺陷，或缓存被手动改动过：请检查该路径",
  "home.unsafe-owner": "{file} 属于另一个用户（uid {uid}），该用户可以让 connectory 以你的身份运行任何东西",
  "home.unsafe-owner-fix": "先检查其中的内容，然后运行：sudo chown {me} {file}",
  "home.unsafe-owner-folder-fix": "先检查其中的内容，然后运行：sudo chown {me} {file}（以及其中的文件）",
  "home.unsafe-everyone":
    "{file} 对所有用户可写（权限 {mode}）：本机的其他用户可以让 connectory 以你的身份运行任何东西",
  "home.unsafe-group":
    "{file} 对其所属组可写（权限 {mode}）：本机的其他用户可以让 connectory 以你的身份运行任何东西",
  "home.unsafe-writable-fix": "先检查其中的内容，然后运行：chmod {mode} {file}",
  "home.credentials-symlink": "{file} 是符号链接；connectory 只把机密保存在其 0700 主目录中的真实文件里",
  "home.credentials-symlink-fix": '用它指向的文件替换该链接：mv "$(readlink -f {file})" {file}，或删除它',
  "mcp-json.too-large": "{file} 有 {size} 字节，超过了 connectory 读取的上限（1 MiB）",
  "mcp-json.too-large-hint": "手写的服务器列表只有几 KB：请检查其中写入了什么",
  "mcp-json.syntax": "{file}:{line}:{column}：语法错误：{message}",
  "mcp-json.syntax-hint": "请手动修复该文件；在它能被解析之前，connectory 不会改动它",
  "mcp-json.permissions-invalid": "{file}：服务器“{name}”：{why}",
  "mcp-json.permissions-invalid-hint":
    "请手动修复该权限块（参见 docs/package-format.md#permissions）；在此之前 connectory 不会改动该文件",
  "mcp-json.unreadable": "{file} 中有 connectory 无法读取的服务器：{why}",
  "mcp-json.unreadable-hint": "请手动修复列出的条目；在此之前 connectory 不会改动该文件",
  "fs.enotdir": "无法 {syscall} {path}：该路径中有一部分是文件而不是文件夹",
  "fs.eexist": "无法 {syscall} {path}：它已存在且不是文件夹",
  "fs.eisdir": "无法 {syscall} {path}：它是文件夹而不是文件",
  "fs.eacces": "无法 {syscall} {path}：权限不足",
  "fs.eperm": "无法 {syscall} {path}：不允许该操作",
  "fs.erofs": "无法 {syscall} {path}：文件系统是只读的",
  "fs.enospc": "无法 {syscall} {path}：设备上没有剩余空间",
  "fs.edquot": "无法 {syscall} {path}：磁盘配额已用完",
  "fs.hint": "请检查该路径；connectory 把它的文件保存在 $CONNECTORY_HOME（当前为 {home}）",
  "prompt.aborted": "输入已取消",
  "prompt.aborted-hint": "重新运行该命令，或用 --config KEY=VALUE 传入这些值",

  "gateway-http.not-address": "--http {value} 不是 <host>:<port> 格式",
  "gateway-http.not-address-hint":
    "例如 --http 127.0.0.1:8765（端口 0 表示任选一个空闲端口），或 --http [::1]:8765",
  "gateway-http.not-loopback": "--http {value}：网关只监听本机回环地址（127.0.0.1、::1、localhost）",
  "gateway-http.not-loopback-hint":
    "使用 --http 127.0.0.1:{port}；要从另一台机器访问，请通过隧道连接（例如 ssh -L）",
  "gateway-http.listen-failed": "无法监听 {address}：{why}",
  "gateway-http.port-taken-hint": "换一个端口（0 表示任选一个空闲端口）",
  "gateway-http.check-address-hint": "请检查该地址",
  "gateway-http.token-not-file": "{file} 不是一个小的普通文件",
  "gateway-http.token-not-token": "{file} 中不是一个网关令牌",
  "gateway-http.token-hint":
    "用 `connectory gateway token --rotate` 生成新的令牌（使用旧令牌的主机必须换成新令牌）",
};
