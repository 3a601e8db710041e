import type { Command } from "./command.js";

interface Entry {
  summary: string;
  /** Left out of `connectory --help` (the completion scripts' helper). */
  hidden?: boolean;
  load: () => Promise<{ default: Command }>;
}

/**
 * Every verb of DESIGN §3, loaded lazily so `connectory --version` stays fast. Multi-word verbs
 * (`marketplace add`) are matched longest first.
 */
export const COMMANDS: Record<string, Entry> = {
  "marketplace add": {
    summary: "Add a registry to install connectors from",
    load: () => import("./commands/marketplace-add.js"),
  },
  "marketplace remove": {
    summary: "Forget a registry",
    load: () => import("./commands/marketplace-remove.js"),
  },
  "marketplace list": {
    summary: "List known registries",
    load: () => import("./commands/marketplace-list.js"),
  },
  convert: {
    summary:
      "Convert a server.json, MCP Bundle, Claude Code plugin, .mcp.json or Docker server.yaml into a connector folder",
    load: () => import("./commands/convert.js"),
  },
  search: { summary: "Search a marketplace for connectors", load: () => import("./commands/search.js") },
  info: {
    summary: "Show a connector: versions, servers, credentials, skills",
    load: () => import("./commands/info.js"),
  },
  install: {
    summary: "Install a connector into the plugins cache",
    load: () => import("./commands/install.js"),
  },
  update: {
    summary: "Update installed connectors to the newest matching version",
    load: () => import("./commands/update.js"),
  },
  uninstall: { summary: "Remove an installed connector", load: () => import("./commands/uninstall.js") },
  list: { summary: "List installed connectors and their status", load: () => import("./commands/list.js") },
  enable: { summary: "Enable an installed connector", load: () => import("./commands/enable.js") },
  disable: {
    summary: "Disable an installed connector (its servers stop being exported)",
    load: () => import("./commands/disable.js"),
  },
  "credentials set": {
    summary: "Store credentials for a connector",
    load: () => import("./commands/credentials-set.js"),
  },
  "credentials show": {
    summary: "Show a connector's credentials, redacted",
    load: () => import("./commands/credentials-show.js"),
  },
  "credentials unset": {
    summary: "Remove stored credentials",
    load: () => import("./commands/credentials-unset.js"),
  },
  "mcp add": {
    summary: "Add a hand-written server to your mcp.json",
    load: () => import("./commands/mcp-add.js"),
  },
  "mcp remove": {
    summary: "Remove a hand-written server from your mcp.json",
    load: () => import("./commands/mcp-remove.js"),
  },
  "mcp list": {
    summary: "List your hand-written servers and their trust",
    load: () => import("./commands/mcp-list.js"),
  },
  trust: {
    summary: "Trust a hand-written server's launch spec, or re-approve a server's changed tools",
    load: () => import("./commands/trust.js"),
  },
  untrust: {
    summary: "Withdraw trust from a hand-written server",
    load: () => import("./commands/untrust.js"),
  },
  "sandbox off": {
    summary: "Run a connector or hand-written server without its sandbox (where none is available)",
    load: () => import("./commands/sandbox-off.js"),
  },
  "sandbox all": {
    summary: "Sandbox every hand-written server, even one that declares no permissions",
    load: () => import("./commands/sandbox-all.js"),
  },
  "sandbox on": {
    summary: "Run a connector or hand-written server in its sandbox again",
    load: () => import("./commands/sandbox-on.js"),
  },
  config: { summary: "Print the merged effective server set", load: () => import("./commands/config.js") },
  import: {
    summary: "Import the servers of an MCP host's config file into your mcp.json",
    load: () => import("./commands/import.js"),
  },
  "config export": {
    summary: "Write the server set into an MCP host's config file",
    load: () => import("./commands/config-export.js"),
  },
  "config copy": {
    summary: "Print one connector's snippet and deeplink for a host",
    load: () => import("./commands/config-copy.js"),
  },
  run: {
    summary: "Launch a server for a host (stdio; bridges remote servers)",
    load: () => import("./commands/run.js"),
  },
  auth: {
    summary: "Sign in to a remote server that uses OAuth (--status, --logout)",
    load: () => import("./commands/auth.js"),
  },
  gateway: {
    summary: "One MCP server aggregating every active server's tools (stdio)",
    load: () => import("./commands/gateway.js"),
  },
  "gateway status": {
    summary: "Show the running gateways and the health of their servers",
    load: () => import("./commands/gateway-status.js"),
  },
  "gateway token": {
    summary: "Print (or --rotate) the bearer token of gateway --http",
    load: () => import("./commands/gateway-token.js"),
  },
  inspect: {
    summary: "Speak MCP to a server: initialize, list tools, resources, prompts",
    load: () => import("./commands/inspect.js"),
  },
  tools: {
    summary: "Export the tools of active servers in LLM function-calling formats",
    load: () => import("./commands/tools.js"),
  },
  "tools allow": {
    summary: "Show only these tools of a server (names or globs)",
    load: () => import("./commands/tools-allow.js"),
  },
  "tools deny": {
    summary: "Hide these tools of a server (names or globs)",
    load: () => import("./commands/tools-allow-deny.js"),
  },
  "tools reset": {
    summary: "Remove a server's allow and deny rules",
    load: () => import("./commands/tools-allow-reset.js"),
  },
  "profile create": {
    summary: "Create a named set of servers (a profile)",
    load: () => import("./commands/profile-create.js"),
  },
  "profile list": {
    summary: "List the profiles",
    load: () => import("./commands/profile-list.js"),
  },
  "profile show": {
    summary: "Show a profile's members and active servers",
    load: () => import("./commands/profile-show.js"),
  },
  "profile delete": {
    summary: "Delete a profile",
    load: () => import("./commands/profile-delete.js"),
  },
  "profile add": {
    summary: "Add servers or connectors to a profile",
    load: () => import("./commands/profile-add.js"),
  },
  "profile remove": {
    summary: "Remove servers or connectors from a profile",
    load: () => import("./commands/profile-remove.js"),
  },
  logs: {
    summary: "Show the audit log of tool calls made through run and the gateway",
    load: () => import("./commands/logs.js"),
  },
  doctor: {
    summary: "Check every active server, its pins, credentials and host exports",
    load: () => import("./commands/doctor.js"),
  },
  "mcp-server": {
    summary: "Serve the marketplace itself as an MCP server over stdio",
    load: () => import("./commands/mcp-server.js"),
  },
  validate: {
    summary: "Check a connector folder against the package format",
    load: () => import("./commands/validate.js"),
  },
  pack: {
    summary: "Pack a connector folder into a deterministic tarball",
    load: () => import("./commands/pack.js"),
  },
  publish: {
    summary: "Publish a connector folder or tarball to a marketplace",
    load: () => import("./commands/publish.js"),
  },
  login: { summary: "Store a publish token for a marketplace", load: () => import("./commands/login.js") },
  logout: {
    summary: "Remove the publish token stored for a marketplace",
    load: () => import("./commands/logout.js"),
  },
  "publisher verify": {
    summary: "Prove your publisher controls a domain (HTTPS file or DNS TXT) for the verified badge",
    load: () => import("./commands/publisher-verify.js"),
  },
  whoami: {
    summary: "Show which publisher a marketplace's publish token belongs to",
    load: () => import("./commands/whoami.js"),
  },
  yank: {
    summary: "Yank a published version (ranges and latest skip it)",
    load: () => import("./commands/yank.js"),
  },
  unyank: { summary: "Undo a yank", load: () => import("./commands/unyank.js") },
  report: {
    summary: "Report a connector version (broken, malicious, spam, impersonation) to its marketplace",
    load: () => import("./commands/report.js"),
  },
  deprecate: {
    summary: "Deprecate every version a range matches (an empty message undeprecates)",
    load: () => import("./commands/deprecate.js"),
  },
  "dist-tag add": {
    summary: "Point a dist-tag at a published version",
    load: () => import("./commands/dist-tag-add.js"),
  },
  "dist-tag rm": { summary: "Remove a dist-tag", load: () => import("./commands/dist-tag-rm.js") },
  "dist-tag ls": {
    summary: "List a connector's dist-tags",
    load: () => import("./commands/dist-tag-ls.js"),
  },
  outdated: {
    summary: "List installed connectors with newer versions (exit 1 when there are any)",
    load: () => import("./commands/outdated.js"),
  },
  completion: {
    summary: "Print a shell completion script (bash, zsh, fish)",
    load: () => import("./commands/completion.js"),
  },
  __complete: {
    summary: "Completion candidates for the shell scripts (internal)",
    hidden: true,
    load: () => import("./commands/complete.js"),
  },
};

/** Finds the verb at the start of argv; returns it and the remaining arguments. */
export function findCommand(argv: string[]): { name: string; entry: Entry; rest: string[] } | undefined {
  for (const words of [2, 1]) {
    const name = argv.slice(0, words).join(" ");
    const entry = COMMANDS[name];
    if (argv.length >= words && entry) return { name, entry, rest: argv.slice(words) };
  }
  return undefined;
}
