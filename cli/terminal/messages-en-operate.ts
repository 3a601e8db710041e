// The CLI's words in English for the gateway's stderr lines and the verbs profile, guard, login, logout,
// yank and unyank; messages-en.ts joins it with the rest, messages-zh-cn-operate.ts translates it.

export const enOperate = {
  "gateway-log.left-out": "left out of the gateway: {why}",
  "gateway-log.profile-missing":
    "profile {profile}: no active server for {servers} (see `connectory profile show {profile}`)",
  "gateway-log.no-active": "no active server: the gateway lists no tools (see `connectory config --explain`)",
  "gateway-log.listening": "gateway: listening on {url} (bearer token: `connectory gateway token`)",
  "gateway-log.audit-failed": "could not write the audit log: {message}",
  "gateway-log.left-out-of": "{server}: left out of {method}: {message}",
  "gateway-log.http": "gateway --http: {message}",
  "gateway-log.resubscribe": "{server}: could not subscribe again to {uri}: {message}",
  "gateway-log.crashed": "{server}: {message}; it starts again on next use",

  "profile.reserved": 'the profile "default" is every active server',
  "profile.reserved-hint": "give your profile another name",
  "profile.exists": 'a profile named "{name}" already exists',
  "profile.exists-hint": "add servers to it: connectory profile add {name} <server|connector>…",
  "profile.no-member": 'profile "{name}" has no member {members}',
  "profile.no-member-hint": "see its members: connectory profile show {name}",
  "profile.unknown-members": "no server or installed connector is named {members}",
  "profile.unknown-members-hint": "see `connectory config --explain` for every server and connector name",
  "profile.deleted": "deleted profile {name}",
  "profile.every-active": "profile {name}: every active server",
  "profile.members": "profile {name}: members {members}",
  "profile.none": "(none)",
  "profile.active": "active servers: {servers}",
  "profile.missing": "members with no active server now: {members}",
  "profile.h-profile": "PROFILE",
  "profile.h-members": "MEMBERS",
  "profile.every-active-cell": "(every active server)",
  "profile.invalid": '"{name}" is not a valid profile name',
  "profile.invalid-hint":
    "use lowercase letters, digits and hyphens (at most 64), starting and ending with a letter or digit",
  "profile.unknown": 'no profile named "{name}"',
  "profile.unknown-hint": "see `connectory profile list`; create it with `connectory profile create {name}`",

  "guard.bad-mode": "the mode is one of {modes}, not {mode}",
  "guard.bad-kind": "--kind is one of {kinds}, not {kind}",
  "guard.default-profile": "the default profile has no modes of its own: the server's are its modes",
  "guard.default-profile-hint": "drop --profile: connectory guard {server} {mode}",
  "guard.unknown": 'no server named "{server}" in the effective set',
  "guard.unknown-hint": "see `connectory config --explain` for every server and its name",
  "guard.set": "{server}: {modes}",
  "guard.set-profile": "{server} in profile {profile}: {modes}",
  "tools.default-profile-rules":
    "the default profile has no rules of its own: the server's rules are its rules",
  "tools.default-profile-limits": "the default profile has no limits of its own: the server's are its limits",
  "tools.default-profile-hint": "drop --profile: connectory {command}",

  "login.prompt": "Publish token for {name}: ",
  "login.no-token": "no token given",
  "login.no-token-hint":
    "pass --token <token> or set CONNECTORY_TOKEN; `connectory login {name}` prompts on a terminal",
  "login.done": 'Logged in to {name} ({url}) as publisher "{publisher}".',
  "logout.env": "CONNECTORY_TOKEN is set in this environment: publisher commands still use it",
  "logout.done": "Logged out of {name}: its token is removed",
  "logout.none": "No token was stored for {name}",
  "yank.done": "Yanked {name}@{version} on {marketplace}",
  "unyank.done": "Unyanked {name}@{version} on {marketplace}",
};

/** A key of this part of the tables. */
export type OperateMessageKey = keyof typeof enOperate;
