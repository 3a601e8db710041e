import { redact } from "../../src/core/secrets.js";
import type { Command } from "../command.js";
import { loadEffectiveConfig } from "../home/effective-config.js";
import { GatewayServer } from "../gateway/gateway-server.js";
import { stateWriter, type GatewayState } from "../gateway/gateway-state.js";
import { serverUpstreams } from "../gateway/server-upstreams.js";
import { HostStdioTransport } from "../mcp/host-stdio.js";
import { TIMEOUT_OPTION, parseTimeout } from "../mcp/mcp-targets.js";
import { DEFAULT_PROFILE, profileServers } from "../home/profiles-store.js";
import { readToolRules, rulesFor } from "../home/tool-rules-store.js";
import { auditRecorder } from "../gateway/audit-recorder.js";
import { status, warn } from "../terminal/output.js";
import { gatewayToken } from "../gateway/gateway-token.js";
import { parseHttpAddress } from "../gateway/http-address.js";
import { startHttpGateway } from "../gateway/http-gateway.js";

const command: Command = {
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
tools/call is recorded in the audit log (\`connectory logs\`).

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
    const address = typeof args.values.http === "string" ? parseHttpAddress(args.values.http) : undefined;
    const config = await loadEffectiveConfig(ctx.home);
    const profile = typeof args.values.profile === "string" ? args.values.profile : DEFAULT_PROFILE;
    const { servers: active, missing } = await profileServers(ctx.home, config, profile);
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
    const upstreams = serverUpstreams(active, {
      ctx,
      rules,
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
    const audit = auditRecorder({
      home: ctx.home,
      via: "gateway",
      profile: state.profile,
      logArguments: args.values["log-arguments"] === true,
      secretValues: config.secretValues,
      client: () => state.client ?? null,
      log,
    });
    const open = () => {
      const gateway = new GatewayServer(upstreams, {
        version: ctx.version,
        log,
        // Each call is logged with the host of its own session.
        record: (call) => {
          const host = gateway.server.getClientVersion();
          audit.record({ ...call, ...(host ? { client: { name: host.name, version: host.version } } : {}) });
        },
        lazy: args.values.lazy === true,
      });
      gateway.server.oninitialized = () => {
        const client = gateway.server.getClientVersion();
        if (client) state.client = { name: client.name, version: client.version };
        writer.write(state);
      };
      sessions.add(gateway);
      return gateway;
    };
    if (missing.length > 0)
      log(
        `profile ${profile}: no active server for ${missing.join(", ")} (see \`connectory profile show ${profile}\`)`,
      );
    if (active.length === 0)
      log("no active server: the gateway lists no tools (see `connectory config --explain`)");

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
        status(ctx, `gateway: listening on ${http.url} (bearer token: \`connectory gateway token\`)`);
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
      await audit.flush();
    }
    return { data: null, text: "", exitCode: 0 };
  },
};
export default command;
