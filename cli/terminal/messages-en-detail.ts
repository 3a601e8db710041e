// The CLI's words in English for what used to be quoted in English inside translated sentences:
// node:util parseArgs's refusals (by error code), why a server runs unsandboxed and `run
// --explain-sandbox`'s frame, why `import` skips an entry (by the core's code), the gateway's lines
// about its upstream servers, and the core's errors the CLI says from its tables (core-error-text.ts).
// messages-en.ts joins it, messages-zh-cn-detail.ts translates it.

export const enDetail = {
  "main.option-needs-value": "option {option} needs a value: {option} <{value}>",
  "main.option-takes-no-value": "option {option} takes no value",
  "main.option-dash-value":
    "option {option} has no value: the word after it starts with a dash (a value that does is written {option}=-…)",
  "main.unexpected-argument": "unexpected argument {argument}",

  "sandbox-plan.unrestricted": "unrestricted: declares no permissions",
  "sandbox-plan.off": "sandbox turned off by you (`connectory sandbox on {connector}` restores it)",
  "sandbox-plan.remote": "{server} is a remote server: it runs elsewhere, so no local sandbox applies.",
  "sandbox-plan.unsandboxed": "{server} runs unsandboxed: {reason}.",
  "sandbox-plan.bwrap": "{server} runs in bubblewrap ({command}) with these rules:",
  "sandbox-plan.bwrap-rest": "Everything else is hidden. The command line:",
  "sandbox-plan.seatbelt": "{server} runs in sandbox-exec ({command}) with these rules:",
  "sandbox-plan.seatbelt-profile": "Everything else is denied. The Seatbelt profile (sandbox-exec -p):",
  "sandbox-plan.command-line": "The command line:",
  "sandbox-plan.the-profile": "<the profile>",

  "sandbox.path-unset": "{connector}: {why}",
  "sandbox.path-needs": "the permission path {path} needs ${{key}}, which is not set",
  "sandbox.path-holds-template": 'the value of {key}, used in the permission path {path}, holds "${"',

  "sandbox-rule.network-any":
    "any host, and abstract unix sockets such as X11 and D-Bus (declared network: any: the host's network namespace)",
  "sandbox-rule.network-hosts":
    "only {hosts}: no network of its own, HTTP(S)_PROXY=http://127.0.0.1:{port} (a filtering proxy in Connectory) refuses every other host",
  "sandbox-rule.network-none": "none: a private network namespace with only loopback",
  "sandbox-rule.system": "system programs and libraries",
  "sandbox-rule.etc": "name resolution, TLS, users, time",
  "sandbox-rule.private-tmp": "empty, this sandbox's own",
  "sandbox-rule.process": "own pid namespace; killed with its parent; no terminal",
  "sandbox-rule.command": "the server's command",
  "sandbox-rule.connector-files": "the connector's files",
  "sandbox-rule.cache": "{command}'s cache",
  "sandbox-rule.declared": "declared in permissions",
  "sandbox-rule.home": "empty and read-only but for the rules below",
  "sandbox-rule.seatbelt-process":
    "its processes inherit the profile; no other process can be signalled or inspected",
  "sandbox-rule.seatbelt-network-any": "any host (declared network: any)",
  "sandbox-rule.seatbelt-network-hosts":
    "only {hosts}: the one connection allowed is to localhost:{port}, HTTP(S)_PROXY (a filtering proxy in Connectory) refuses every other host",
  "sandbox-rule.seatbelt-network-none":
    "none: no socket may connect or listen, loopback and unix sockets included",
  "sandbox-rule.seatbelt-tmpdir": "this launch's own TMPDIR, removed when it ends",
  "sandbox-rule.seatbelt-home": "nothing of it but the rules below",
  "sandbox-rule.fetch":
    "{spec} is fetched first, by {tool} alone, from {hosts} only, without the server's credentials",
  "sandbox-rule.fetch-npx":
    "{spec} is fetched first, by {tool} alone, from {hosts} only, without the server's credentials or install scripts",

  "import-why.not-object": "it is not an object",
  "import-why.disabled": "it is disabled in {host}",
  "import-why.built-in": "it is built into {host}",
  "import-why.url-not-http": "its {field} is not an http(s) URL",
  "import-why.no-command": "it has neither a command nor a url",
  "import-why.invalid": "it is not a valid server: {problem}",
  "import-why.ours": "Connectory wrote it (`connectory run`): importing it would make it start itself",
  "import-why.exists":
    'a different server named "{name}" is already in mcp.json: remove it first (connectory mcp remove {name})',
  "import-why.env-vars":
    "it reads some values from the environment by name (env_vars, bearer_token_env_var): add them by hand",
  "import-why.env-keys":
    "goose keeps some of its values (env_keys) in its own secret store: add them by hand",
  "import-why.duplicate":
    '"{name}" appears more than once in the file; the last one is imported, as the host reads it',
  "import-why.host-variables":
    "it uses the host's own ${…} variables, which `connectory run` passes as written: replace them with values, then trust it again",
  "import-why.match-unchecked": "marketplace not checked for matching connectors: {message}",

  "gateway-log.exited": "the server exited",
  "gateway-log.unjoinable":
    'server name "{name}" holds "__", which separates a server\'s name from its tools\' names (`{name}__tool` would be ambiguous); rename it without "__"',
  "bridge.to-server": "could not pass an answer to the server",
  "bridge.to-host": "could not write to the host",
  "bridge.tool-check": "tool check",
  "bridge.host": "host",
  "bridge.server": "server",
  "session.dropped-answer": "dropped an answer from {server} to a request the host has no pending",
  "auth.refresh-failed": 'could not refresh the sign-in of "{server}": {message}',

  "core.file-problems": "{file} has {n} problem(s); the first: {first}",
  "core.file-problems-hint": "Fix {file}: each problem names the JSON path to change.",
  "core.project-manifest-invalid":
    "{file} is not a valid project manifest ({n} problem(s)); the first: {first}",
  "core.problems-why": "{n} problem(s); the first: {first}",
  "mcp-add.invalid": "the new server is not valid: {why}",
  "core.registry-invalid": "the registry refused the package: {n} error(s); the first: {first}",
  "perm-block.not-object": 'permissions must be an object such as { "network": "none" }',
  "perm-block.unknown-key": "permissions has an unknown key {key}",
  "perm-block.network": 'permissions.network must be "none", "any" or a list of 1 to {max} host names',
  "perm-block.network-host":
    "permissions.network {host} is not a host name such as api.example.com or *.example.com",
  "perm-block.network-twice": "permissions.network names {host} twice",
  "perm-block.filesystem": "permissions.filesystem must be a list of at most {max} grants",
  "perm-block.grant-shape": '{at} must be { "path", "access": "read" | "read-write" }',
  "perm-block.grant-keys": '{at} may hold only "path" and "access"',
  "perm-block.grant-access": '{at} needs "access": "read" or "read-write"',
  "perm-block.path-missing": "{at} needs a path",
  "perm-block.path-only-home": "{at} {path} may use only the template ${HOME}",
  "perm-block.path-relative": '{at} {path} is not absolute: start it with "/" or ${HOME}',
  "perm-block.path-dot": '{at} {path} contains a "." or ".." segment: name the folder itself',
  "mcp-server.serving": 'connectory mcp-server: serving marketplace "{name}" ({url}) on stdio',
  "export.routed-sandboxed":
    "{server}: it runs sandboxed to its permissions, so it goes through `connectory run`",
  "export.routed-host": "{server}: {host} cannot run it as written, so it goes through `connectory run`",
};

/** A key of this file's part of the tables (messages-zh-cn-detail.ts translates it key by key). */
export type DetailMessageKey = keyof typeof enDetail;
