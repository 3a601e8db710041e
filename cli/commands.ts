import type { Command } from "./command.js";

interface Entry {
  summary: string;
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
  inspect: {
    summary: "Speak MCP to a server: initialize, list tools, resources, prompts",
    load: () => import("./commands/inspect.js"),
  },
  tools: {
    summary: "Export the tools of active servers in LLM function-calling formats",
    load: () => import("./commands/tools.js"),
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
