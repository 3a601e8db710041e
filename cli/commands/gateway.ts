/** `gateway` (one MCP server over every active server), `gateway status` and `gateway token`. */
import { redact } from "../../src/core/secrets.js";
import { defineCommand } from "../command.js";
import { loadEffectiveConfig } from "../home/effective-config.js";
import { GatewayServer } from "../gateway/gateway-server.js";
import { type GatewayState, readGatewayStates, stateWriter } from "../gateway/gateway-state.js";
import { serverUpstreams } from "../gateway/server-upstreams.js";
import { HostStdioTransport } from "../mcp/host-stdio.js";
import { parseTimeout, TIMEOUT_OPTION } from "../mcp/mcp-targets.js";
import { DEFAULT_PROFILE, profileServers } from "../home/profiles-store.js";
import { readToolRules, rulesFor } from "../home/tool-rules-store.js";
import { auditRecorder } from "../gateway/audit-recorder.js";
import { status, warn } from "../terminal/output.js";
import { gatewayToken, tokenPath } from "../gateway/gateway-token.js";
import { parseHttpAddress } from "../gateway/http-address.js";
import { joinableServerName } from "../../src/core/tools/names.js";
import { startHttpGateway } from "../gateway/http-gateway.js";
import { closeControls, loadControls } from "../mcp/session-controls.js";
import { textTable } from "../terminal/text-table.js";
import { say } from "../terminal/language.js";
import { lastErrorText } from "../gateway/gateway-health.js";
import type { CliMessageKey } from "../terminal/messages-en.js";

const command = defineCommand({
  usage: "gateway [--profile <name>] [--lazy] [--http <host:port>] [--timeout <ms>] [--log-arguments]",
  description: `
One MCP server over stdio for a host, aggregating every active server (or those of --profile): their tools are listed as
"<server>__<tool>" (the names \`connectory tools\` gives: unique, at most 64 characters, the same
every time) and each tools/call goes to the server the name leads to, with progress and
cancellation passed on. Servers start on first use: the host's first tools/list (or tools/call)
starts them; one that crashes is started again on its next use, at once the first time, then after
a backoff (1 s, doubling to 30 s). Each server gets what \`run\` gives it: the same launch, child
environment and credentials, and the tool-pin check (drifted tools are not listed and cannot be
called until \`connectory trust <server>\`). A server that fails or drifted is left out of the list
with a line on stderr. Resources (as connectory://<server>/<uri>) and prompts (as
<server>__<prompt>) are aggregated the same way. \`connectory gateway status\` shows each running gateway's servers. Every
tools/call is recorded in the audit log (\`connectory logs\`). Each server's results pass the guards,
rate limits and telemetry of \`run\` (\`connectory guard\`, \`connectory tools limit\`; with --profile,
that profile's modes and limits apply on top of the servers').

--http <host:port> serves streamable HTTP at http://<host:port>/mcp instead of stdio, on loopback only
(127.0.0.1, ::1 or localhost; any other address is refused), until it gets SIGINT or SIGTERM. Every
request must carry "Authorization: Bearer <token>" (401 otherwise), the token Connectory made in
$CONNECTORY_HOME/gateway-token (0600): \`connectory gateway token\` prints it. Each host gets its own
session; they share the servers.`,
  options: {
    profile: {
      type: "string",
      value: "name",
      description: "serve only this profile's servers (default: every active server)",
    },
    lazy: {
      type: "boolean",
      description: "list only the meta-tools search_tools and call_tool instead of every tool definition",
    },
    http: {
      type: "string",
      value: "host:port",
      description: "serve streamable HTTP on this loopback address (bearer token) instead of stdio",
    },
    ...TIMEOUT_OPTION,
    "log-arguments": {
      type: "boolean",
      description:
        "write tool-call argument values to the audit log (secrets masked; default: names and sizes only)",
    },
  },
  positionals: { max: 0 },
  protocolStdout: true,
  async run(args, ctx) {
    const timeoutMs = parseTimeout(args.values.timeout);
    const address = args.values.http !== undefined ? parseHttpAddress(args.values.http) : undefined;
    const config = await loadEffectiveConfig(ctx.home);
    const profile = args.values.profile ?? DEFAULT_PROFILE;
    const { servers: listed, missing } = await profileServers(ctx.home, config, profile);
    // `<server>__<tool>` must split one way only: a server whose name holds `__` is left out, said once.
    const active = listed.filter((s) => {
      const refusal = joinableServerName(s.name);
      if (refusal)
        warn(ctx, say("gateway-log.left-out", { why: say("gateway-log.unjoinable", { name: s.name }) }));
      return refusal === undefined;
    });
    const hide = (text: string) => redact(text, config.secretValues);
    const log = (message: string) => warn(ctx, hide(message));
    const state: GatewayState = {
      pid: process.pid,
      startedAt: ctx.now().toISOString(),
      updatedAt: ctx.now().toISOString(),
      profile,
      servers: {},
    };
    const writer = stateWriter(ctx.home, process.pid);
    const token = address ? await gatewayToken(ctx.home) : undefined;
    // One MCP server per host session (stdio: one; HTTP: one per client), sharing the upstreams.
    const sessions = new Set<GatewayServer>();
    const rules = rulesFor(await readToolRules(ctx.home), profile);
    const audit = auditRecorder({
      home: ctx.home,
      via: "gateway",
      profile: state.profile,
      logArguments: args.values["log-arguments"] === true,
      secretValues: config.secretValues,
      client: () => state.client ?? null,
      log,
      hide,
    });
    const controls = await loadControls(ctx, {
      profile: profile === DEFAULT_PROFILE ? undefined : profile,
      secretValues: config.secretValues,
      log,
      report: (found) => audit.flagged(found),
    });
    const upstreams = serverUpstreams(active, {
      ctx,
      rules,
      controls,
      hide,
      log,
      timeoutMs,
      changed: () => {
        state.updatedAt = ctx.now().toISOString();
        writer.write(state);
      },
      toolsChanged: () => {
        for (const g of sessions) g.toolsChanged();
      },
      catalogChanged: (kind) => {
        for (const g of sessions) g.catalogChanged(kind);
      },
      resourceUpdated: (server, uri) => {
        for (const g of sessions) g.resourceUpdated(server, uri);
      },
    });
    for (const u of upstreams) state.servers[u.name] = u.health;
    const open = () => {
      const gateway = new GatewayServer(upstreams, {
        version: ctx.version,
        log,
        // Each call is logged with the host of its own session.
        record: (call) => {
          const host = gateway.server.getClientVersion();
          if (host) call.client = { name: host.name, version: host.version }; // the record is this call's own
          audit.record(call);
        },
        lazy: args.values.lazy === true,
        telemetry: controls.telemetry,
        transport: address ? "tcp" : "pipe",
      });
      gateway.server.oninitialized = () => {
        const client = gateway.server.getClientVersion();
        if (client) state.client = { name: client.name, version: client.version };
        writer.write(state);
      };
      sessions.add(gateway);
      return gateway;
    };
    if (missing.length > 0) log(say("gateway-log.profile-missing", { profile, servers: missing.join(", ") }));
    if (active.length === 0) log(say("gateway-log.no-active"));

    const signals: NodeJS.Signals[] = ["SIGINT", "SIGTERM", "SIGHUP"];
    let stop = (): void => undefined;
    const onSignal = () => stop();
    for (const s of signals) process.on(s, onSignal);
    try {
      if (address && token) {
        const http = await startHttpGateway({
          ...address,
          token,
          open,
          closed: (g) => {
            sessions.delete(g);
            void g.releaseSubscriptions();
          },
          log,
        });
        state.url = http.url;
        writer.write(state);
        status(ctx, say("gateway-log.listening", { url: http.url }));
        await new Promise<void>((resolve) => (stop = resolve));
        await http.close();
      } else {
        writer.write(state);
        const gateway = open();
        const host = new HostStdioTransport(ctx.stdin, ctx.stdout);
        const closed = new Promise<void>((resolve) => (gateway.server.onclose = resolve));
        stop = () => void host.close();
        await gateway.server.connect(host);
        await closed;
      }
    } finally {
      for (const s of signals) process.off(s, onSignal);
      await Promise.all(upstreams.map((u) => u.close()));
      await writer.remove();
      // A stdio gateway ends when its host closes stdin: the last spans are sent before the exit.
      await Promise.all([audit.flush(), closeControls(controls)]);
    }
    return { data: null, text: "", exitCode: 0 };
  },
});
export default command;

const STATUS_HEADERS = [
  "gateway.h-gateway",
  "gateway.h-client",
  "gateway.h-server",
  "gateway.h-state",
  "gateway.h-pid",
  "gateway.h-restarts",
  "gateway.h-last-error",
] as const;

const STATES: Record<string, CliMessageKey> = {
  idle: "gateway.state-idle",
  starting: "gateway.state-starting",
  running: "gateway.state-running",
  crashed: "gateway.state-crashed",
  stopped: "gateway.state-stopped",
};

/** A server's state in this run's language; a state file's unknown word is shown as it is. */
function stateWord(state: string): string {
  const key = Object.hasOwn(STATES, state) ? STATES[state] : undefined;
  return key ? say(key) : String(state);
}

export const statusCommand = defineCommand({
  usage: "gateway status",
  description: `
Shows every running \`connectory gateway\` (each host starts its own) and the health of its servers:
idle (not started yet), starting, running (with its pid), crashed (with the last error; it starts
again on next use) or stopped, and how often each was restarted. Read from the state files the
gateways keep in $CONNECTORY_HOME/gateway/; a gateway that was killed is not shown.
--json prints { gateways: [{ pid, startedAt, updatedAt, profile, url, client, servers }] } (url: the
address of a gateway started with --http).`,
  positionals: { max: 0 },
  async run(_args, ctx) {
    const gateways = await readGatewayStates(ctx.home);
    const rows = gateways.flatMap((g) =>
      Object.entries(g.servers).map(([name, h]) => [
        String(g.pid),
        g.client ? `${g.client.name} ${g.client.version}` : "-",
        name,
        stateWord(h.state),
        h.pid === undefined ? "-" : String(h.pid),
        String(h.restarts),
        h.lastError === undefined ? "" : lastErrorText(h.lastError, say),
      ]),
    );
    const text =
      gateways.length === 0
        ? say("gateway.none")
        : rows.length === 0
          ? say("gateway.no-servers", { n: gateways.length })
          : textTable(
              STATUS_HEADERS.map((h) => say(h)),
              rows,
            );
    const urls = gateways.filter((g) => g.url).map((g) => say("gateway.serves", { pid: g.pid, url: g.url! }));
    return { data: { gateways }, text: [text, ...urls].join("\n") };
  },
});

export const tokenCommand = defineCommand({
  usage: "gateway token [--rotate]",
  description: `
Prints the bearer token \`connectory gateway --http\` requires (Authorization: Bearer <token>), making
it first if there is none. It is kept in $CONNECTORY_HOME/gateway-token, mode 0600, and printed only
here. --rotate makes a new one: hosts holding the old one are refused from then on.
--json prints { token, file }.`,
  options: {
    rotate: { type: "boolean", description: "replace the token by a new one (the old one stops working)" },
  },
  positionals: { max: 0 },
  async run(args, ctx) {
    const token = await gatewayToken(ctx.home, { rotate: args.values.rotate === true });
    return { data: { token, file: tokenPath(ctx.home) }, text: token };
  },
});
