// The CLI's words in English for talking to a server: why a start, a handshake or a request failed
// (cli/mcp/mcp-errors.ts), a server that cannot be found or approved, a host package that `run
// --package` cannot serve. messages-en.ts joins it, messages-zh-cn-serve.ts translates it.

export const enServe = {
  "mcp.with-stderr": "{message}\nlast lines on its stderr:\n{lines}",
  "mcp.command-not-found": 'server "{server}": command "{command}" was not found',
  "mcp.command-not-found-hint":
    "install it, or fix `command` in the server's config; it is run without a shell, so it must be on PATH or an absolute path",
  "mcp.command-not-executable": 'server "{server}": command "{command}" is not executable',
  "mcp.command-not-executable-hint": "check its permissions (chmod +x)",
  "mcp.not-json-rpc": 'server "{server}" wrote something that is not JSON-RPC on stdout: {line}',
  "mcp.not-json-rpc-hint":
    "a stdio MCP server must write only JSON-RPC messages on stdout (logs belong on stderr); check that the command really is an MCP server",
  "mcp.killed-answering": 'server "{server}" was killed by {signal} while answering',
  "mcp.killed-handshake": 'server "{server}" was killed by {signal} before completing the MCP handshake',
  "mcp.exited-answering": 'server "{server}" exited with code {code} while answering',
  "mcp.exited-handshake": 'server "{server}" exited with code {code} before completing the MCP handshake',
  "mcp.exited-hint": "run the command by hand to see why, and check its credentials and arguments",
  "mcp.http-refused": 'server "{server}" refused the connection (HTTP {status}) at {url}',
  "mcp.http-refused-hint":
    "check the connector's credentials (`connectory credentials set {connector}`) and the server's headers",
  "mcp.http-refused-manual-hint":
    'its token is in its headers in {file}: fix them with `connectory mcp add {server} --url {url} --header "Authorization: Bearer <token>" --force` (one --header per header it needs), then re-trust it: `connectory trust {server}` (or add --trust to mcp add)',
  "mcp.http-not-found": 'server "{server}": nothing at {url} (HTTP 404)',
  "mcp.http-not-found-hint": "check the server's url; the endpoint is often /mcp or /sse",
  "mcp.http-status": 'server "{server}" answered HTTP {status} at {url}: {why}',
  "mcp.http-status-hint": "check the url and that the server is up",
  "mcp.http-unreachable": 'server "{server}": cannot reach {url} ({why})',
  "mcp.http-unreachable-hint": "check the url, your network and any proxy settings",
  "mcp.closed-answering": 'server "{server}" closed the connection while answering',
  "mcp.closed-handshake": 'server "{server}" closed the connection during the handshake',
  "mcp.closed-hint": "run it by hand to see why",
  "mcp.protocol-unsupported": 'server "{server}": {why}',
  "mcp.protocol-unsupported-hint":
    "the server speaks an MCP version this CLI does not; update connectory or the server",
  "mcp.request-failed": 'server "{server}": a request failed: {why}',
  "mcp.handshake-failed": 'server "{server}": the MCP handshake failed: {why}',
  "mcp.failed-hint": "run `connectory inspect` on it for details, or run the server by hand",
  "mcp.request-timeout": 'server "{server}" did not answer within {ms} ms',
  "mcp.request-timeout-hint": "try a larger --timeout",
  "mcp.handshake-timeout": 'server "{server}" did not complete the MCP handshake within {ms} ms',
  "mcp.handshake-timeout-hint":
    "it may be waiting for input or slow to start (npx downloads on first run): retry with a larger --timeout, or run it by hand",
  "mcp.cwd-missing": 'server "{server}": its working folder {cwd} does not exist',
  "mcp.cwd-missing-hint": "fix `cwd` in the server's config (for a connector, reinstall it)",
  "mcp.url-invalid": 'server "{server}": {url} is not an http(s) URL',
  "mcp.url-invalid-hint": "fix `url` in the server's config",
  "mcp.no-such-server": 'no server or installed connector is named "{query}"',
  "mcp.known-servers": "known servers: {servers} (see `connectory config --explain`)",
  "mcp.no-servers-hint":
    "install a connector (`connectory install <name>`) or add a server (`connectory mcp add`)",
  "mcp-add.fix-arguments": "fix the arguments; see `connectory mcp add --help`",

  "run.unknown-server": 'no server named "{name}" in the effective set',
  "run.unknown-server-hint": "see `connectory config --explain` for every server and its name",
  "run.spawn-failed": "could not start {command}: {why}",
  "run.spawn-enoent-hint": "install {command} or put it on PATH",
  "run.spawn-failed-hint": "check the server's command",
  "local-http.exited": "the server ended before it listened on {host}",
  "local-http.exited-hint": "its log is above; check the launch's arguments (the port) and credentials",
  "local-http.timeout": "the server did not listen on {host} within {seconds} s",
  "local-http.timeout-hint": "check that its transport URL in mcp.json names the port it listens on",
  "trust.inactive": 'server "{name}" is not active, so its tools cannot be approved',
  "trust.inactive-hint": "see `connectory config --explain` for why",
  "trust.flagged-heading": "the tools of {name} hold instruction-like content:",
  "trust.flagged-prompt": "approve the tools of {name} anyway? [y/N] ",
  "trust.flagged-one": "the tools of {name} hold {n} flagged instruction; nothing was approved",
  "trust.flagged": "the tools of {name} hold {n} flagged instructions; nothing was approved",
  "trust.flagged-hint":
    "read them (connectory inspect {name}); to approve them anyway: connectory trust {name} --yes",

  // `connectory run --package <dir> <server>`: a host's copy of a connector.
  "host-package.missing": "no package folder at {root}",
  "host-package.not-folder": "{root} is not a folder",
  "host-package.missing-hint":
    "give the folder the host installed the plugin or extension in (its plugin root)",
  "host-package.invalid": "{root} is not a connector's host package: {why}",
  "host-package.invalid-hint":
    "reinstall the plugin from its registry; a host package keeps the connector's own plugin.json and mcp.json",
  "host-package.no-name": "plugin.json has no name or version",
  "host-package.mcp-no-server": 'mcp.json has no server "{server}"',
  "host-package.file-missing": "{name} is missing",
  "host-package.file-link": "{name} is a symbolic link",
  "host-package.file-not-file": "{name} is not a file",
  "host-package.no-server": 'the package in {root} has no server named "{server}" in its mcp.json',
  "host-package.servers": "its servers: {servers}",
  "host-package.servers-none": "its servers: none",
  "host-package.inactive": 'server "{server}" of {label} is {status}',
  "host-package.inactive-because": 'server "{server}" of {label} is {status}: {reason}',
  "host-package.set-in-host":
    "set {keys} in the host's settings for this plugin (the host passes each to the server's environment)",
  "host-package.report": "report this to the connector's publisher",
};

/** A key of this file's part of the tables. */
export type ServeMessageKey = keyof typeof enServe;
