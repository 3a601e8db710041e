import type { Command } from "./command.js";

interface Entry {
  summary: string;
  /** Left out of `connectory --help` (the completion scripts' helper). */
  hidden?: boolean;
  load: () => Promise<{ default: Command }>;
}

/** A verb that shares its file with its siblings: the command the module's factory makes for it. */
const made = async <M>(module: Promise<M>, make: (m: M) => Command): Promise<{ default: Command }> => ({
  default: make(await module),
});

/**
 * Every verb of docs/cli.md, loaded lazily so `connectory --version` stays fast. Multi-word verbs
 * (`marketplace add`) are matched longest first.
 */
export const COMMANDS: Record<string, Entry> = {
  "marketplace add": {
    summary: "Add a registry to install connectors from",
    load: () => made(import("./commands/marketplace.js"), (m) => m.addCommand),
  },
  "marketplace remove": {
    summary: "Forget a registry",
    load: () => made(import("./commands/marketplace.js"), (m) => m.removeCommand),
  },
  "marketplace list": {
    summary: "List known registries",
    load: () => made(import("./commands/marketplace.js"), (m) => m.listCommand),
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
  init: {
    summary: "Start a project: write connectory.json (its connectors and hosts) in this folder",
    load: () => import("./commands/init.js"),
  },
  add: {
    summary: "Add a connector to this folder's project, lock it, install it and write the host files",
    load: () => import("./commands/add.js"),
  },
  remove: {
    summary: "Remove a connector from this folder's project (and what sync installed for it)",
    load: () => import("./commands/remove.js"),
  },
  sync: {
    summary: "Make this machine match the project's connectory.lock (--frozen for CI, --check for drift)",
    load: () => import("./commands/sync.js"),
  },
  list: { summary: "List installed connectors and their status", load: () => import("./commands/list.js") },
  enable: {
    summary: "Enable an installed connector",
    load: () => made(import("./commands/enable.js"), (m) => m.enableCommand),
  },
  disable: {
    summary: "Disable an installed connector (its servers stop being exported)",
    load: () => made(import("./commands/enable.js"), (m) => m.disableCommand),
  },
  "credentials set": {
    summary: "Store credentials for a connector",
    load: () => made(import("./commands/credentials.js"), (m) => m.setCommand),
  },
  "credentials show": {
    summary: "Show a connector's credentials, redacted",
    load: () => made(import("./commands/credentials.js"), (m) => m.showCommand),
  },
  "credentials unset": {
    summary: "Remove stored credentials",
    load: () => made(import("./commands/credentials.js"), (m) => m.unsetCommand),
  },
  "mcp add": {
    summary: "Add a hand-written server to your mcp.json",
    load: () => made(import("./commands/mcp.js"), (m) => m.addCommand),
  },
  "mcp remove": {
    summary: "Remove a hand-written server from your mcp.json",
    load: () => made(import("./commands/mcp.js"), (m) => m.removeCommand),
  },
  "mcp list": {
    summary: "List your hand-written servers and their trust",
    load: () => made(import("./commands/mcp.js"), (m) => m.listCommand),
  },
  trust: {
    summary: "Trust a hand-written server's launch spec, or re-approve a server's changed tools",
    load: () => import("./commands/trust.js"),
  },
  untrust: {
    summary: "Withdraw trust from a hand-written server",
    load: () => made(import("./commands/trust.js"), (m) => m.untrustCommand),
  },
  "sandbox off": {
    summary: "Run a connector or hand-written server without its sandbox (where none is available)",
    load: () => made(import("./commands/sandbox.js"), (m) => m.sandboxToggle(true)),
  },
  "sandbox all": {
    summary: "Sandbox every hand-written server, even one that declares no permissions",
    load: () => made(import("./commands/sandbox.js"), (m) => m.allCommand),
  },
  "sandbox on": {
    summary: "Run a connector or hand-written server in its sandbox again",
    load: () => made(import("./commands/sandbox.js"), (m) => m.sandboxToggle(false)),
  },
  config: { summary: "Print the merged effective server set", load: () => import("./commands/config.js") },
  import: {
    summary: "Import the servers of an MCP host's config file into your mcp.json",
    load: () => import("./commands/import.js"),
  },
  "config export": {
    summary: "Write the server set into an MCP host's config file",
    load: () => made(import("./commands/config.js"), (m) => m.exportCommand),
  },
  "config copy": {
    summary: "Print one connector's snippet and deeplink for a host",
    load: () => made(import("./commands/config.js"), (m) => m.copyCommand),
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
    load: () => made(import("./commands/gateway.js"), (m) => m.statusCommand),
  },
  "gateway token": {
    summary: "Print (or --rotate) the bearer token of gateway --http",
    load: () => made(import("./commands/gateway.js"), (m) => m.tokenCommand),
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
    load: () => made(import("./commands/tools.js"), (m) => m.allowCommand),
  },
  "tools deny": {
    summary: "Hide these tools of a server (names or globs)",
    load: () => made(import("./commands/tools.js"), (m) => m.rulesCommand("deny")),
  },
  "tools limit": {
    summary: "Rate-limit a tool of a server (10/min) in run and the gateway",
    load: () => made(import("./commands/tools.js"), (m) => m.limitCommand),
  },
  guard: {
    summary: "Set what the guards do with secrets, invisible text and injections a server returns",
    load: () => import("./commands/guard.js"),
  },
  "tools reset": {
    summary: "Remove a server's allow and deny rules",
    load: () => made(import("./commands/tools.js"), (m) => m.rulesCommand("reset")),
  },
  "profile create": {
    summary: "Create a named set of servers (a profile)",
    load: () => import("./commands/profile.js"),
  },
  "profile list": {
    summary: "List the profiles",
    load: () => made(import("./commands/profile.js"), (m) => m.profileCommand("list")),
  },
  "profile show": {
    summary: "Show a profile's members and active servers",
    load: () => made(import("./commands/profile.js"), (m) => m.profileCommand("show")),
  },
  "profile delete": {
    summary: "Delete a profile",
    load: () => made(import("./commands/profile.js"), (m) => m.profileCommand("delete")),
  },
  "profile add": {
    summary: "Add servers or connectors to a profile",
    load: () => made(import("./commands/profile.js"), (m) => m.profileCommand("add")),
  },
  "profile remove": {
    summary: "Remove servers or connectors from a profile",
    load: () => made(import("./commands/profile.js"), (m) => m.profileCommand("remove")),
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
    load: () => made(import("./commands/login.js"), (m) => m.logoutCommand),
  },
  "publisher verify": {
    summary: "Prove your publisher controls a domain (HTTPS file or DNS TXT) for the verified badge",
    load: () => import("./commands/publisher.js"),
  },
  whoami: {
    summary: "Show which publisher a marketplace's publish token belongs to",
    load: () => import("./commands/whoami.js"),
  },
  yank: {
    summary: "Yank a published version (ranges and latest skip it)",
    load: () => import("./commands/yank.js"),
  },
  unyank: {
    summary: "Undo a yank",
    load: () => made(import("./commands/yank.js"), (m) => m.yankCommand(false)),
  },
  report: {
    summary: "Report a connector version (broken, malicious, spam, impersonation) to its marketplace",
    load: () => import("./commands/report.js"),
  },
  deprecate: {
    summary: "Deprecate every version a range matches (an empty message undeprecates)",
    load: () => import("./commands/deprecate.js"),
  },
  "trusted-publisher add": {
    summary: "Let a CI workflow publish a connector without a stored token (trusted publishing)",
    load: () => made(import("./commands/trusted-publisher.js"), (m) => m.addCommand),
  },
  "trusted-publisher list": {
    summary: "List the CI identities that may publish a connector",
    load: () => made(import("./commands/trusted-publisher.js"), (m) => m.listCommand),
  },
  "trusted-publisher remove": {
    summary: "Remove a trusted publisher of a connector",
    load: () => made(import("./commands/trusted-publisher.js"), (m) => m.removeCommand),
  },
  "dist-tag add": {
    summary: "Point a dist-tag at a published version",
    load: () => made(import("./commands/dist-tag.js"), (m) => m.addCommand),
  },
  "dist-tag rm": {
    summary: "Remove a dist-tag",
    load: () => made(import("./commands/dist-tag.js"), (m) => m.rmCommand),
  },
  "dist-tag ls": {
    summary: "List a connector's dist-tags",
    load: () => made(import("./commands/dist-tag.js"), (m) => m.lsCommand),
  },
  "log verify": {
    summary: "Check a marketplace's transparency log is consistent with what you saw before",
    load: () => import("./commands/log.js"),
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
