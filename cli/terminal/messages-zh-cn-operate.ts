import type { OperateMessageKey } from "./messages-en-operate.js";

// The gateway's stderr lines and the verbs profile, guard, login, logout, yank and unyank in Simplified
// Chinese: every key of messages-en-operate.ts, no other. Modes (mask, warn…), commands and names stay as typed.

export const zhCNOperate: Record<OperateMessageKey, string> = {
  "gateway-log.left-out": "未加入网关：{why}",
  "gateway-log.profile-missing":
    "配置集 {profile}：{servers} 没有生效的服务器（参见 `connectory profile show {profile}`）",
  "gateway-log.no-active": "没有生效的服务器：网关不列出任何工具（参见 `connectory config --explain`）",
  "gateway-log.listening": "网关：正在监听 {url}（持有者令牌：`connectory gateway token`）",
  "gateway-log.audit-failed": "无法写入审计日志：{message}",
  "gateway-log.left-out-of": "{server}：未加入 {method}：{message}",
  "gateway-log.http": "网关（--http）：{message}",
  "gateway-log.resubscribe": "{server}：无法重新订阅 {uri}：{message}",
  "gateway-log.crashed": "{server}：{message}；下次使用时会重新启动",

  "profile.reserved": "配置集“default”就是所有生效的服务器",
  "profile.reserved-hint": "给你的配置集换个名字",
  "profile.exists": "名为“{name}”的配置集已存在",
  "profile.exists-hint": "向它添加服务器：connectory profile add {name} <server|connector>…",
  "profile.no-member": "配置集“{name}”没有成员 {members}",
  "profile.no-member-hint": "查看它的成员：connectory profile show {name}",
  "profile.unknown-members": "没有名为 {members} 的服务器或已安装的连接器",
  "profile.unknown-members-hint": "`connectory config --explain` 列出每个服务器和连接器的名称",
  "profile.deleted": "已删除配置集 {name}",
  "profile.every-active": "配置集 {name}：所有生效的服务器",
  "profile.members": "配置集 {name}：成员 {members}",
  "profile.none": "（无）",
  "profile.active": "生效的服务器：{servers}",
  "profile.missing": "目前没有生效服务器的成员：{members}",
  "profile.h-profile": "配置集",
  "profile.h-members": "成员",
  "profile.every-active-cell": "（所有生效的服务器）",
  "profile.invalid": "“{name}”不是有效的配置集名称",
  "profile.invalid-hint": "使用小写字母、数字和连字符（最多 64 个），以字母或数字开头和结尾",
  "profile.unknown": "没有名为“{name}”的配置集",
  "profile.unknown-hint": "参见 `connectory profile list`；用 `connectory profile create {name}` 创建它",

  "guard.bad-mode": "模式须为 {modes} 之一，而不是 {mode}",
  "guard.bad-kind": "--kind 须为 {kinds} 之一，而不是 {kind}",
  "guard.default-profile": "默认配置集没有自己的模式：服务器的模式就是它的模式",
  "guard.default-profile-hint": "去掉 --profile：connectory guard {server} {mode}",
  "guard.unknown": "生效集合中没有名为“{server}”的服务器",
  "guard.unknown-hint": "`connectory config --explain` 列出每个服务器及其名称",
  "guard.set": "{server} 的防护模式：{modes}",
  "guard.set-profile": "{server}（配置集 {profile}）：{modes}",
  "tools.default-profile-rules": "默认配置集没有自己的规则：服务器的规则就是它的规则",
  "tools.default-profile-limits": "默认配置集没有自己的调用限制：服务器的限制就是它的限制",
  "tools.default-profile-hint": "去掉 --profile：connectory {command}",

  "login.prompt": "{name} 的发布令牌：",
  "login.no-token": "没有提供令牌",
  "login.no-token-hint":
    "传入 --token <token> 或设置 CONNECTORY_TOKEN；在终端上 `connectory login {name}` 会询问",
  "login.done": "已登录 {name}（{url}），发布者为“{publisher}”。",
  "logout.env": "此环境设置了 CONNECTORY_TOKEN：发布者命令仍会使用它",
  "logout.done": "已退出 {name}：它的令牌已删除",
  "logout.none": "没有为 {name} 保存令牌",
  "yank.done": "已在 {marketplace} 上撤回 {name}@{version}",
  "unyank.done": "已在 {marketplace} 上取消撤回 {name}@{version}",
};
