import { redact } from "../../src/core/secrets.js";
import type { Command } from "../command.js";
import { loadEffectiveConfig } from "../home/effective-config.js";
import { GatewayServer } from "../gateway/gateway-server.js";
import { stateWriter, type GatewayState } from "../gateway/gateway-state.js";
import { serverUpstreams } from "../gateway/server-upstreams.js";
import { HostStdioTransport } from "../mcp/host-stdio.js";
import { TIMEOUT_OPTION, parseTimeout } from "../mcp/mcp-targets.js";
import { DEFAULT_PROFILE, profileServers } from "../home/profiles-store.js";
import { readToolRules } from "../home/tool-rules-store.js";
import { auditRecorder } from "../gateway/audit-recorder.js";
import { warn } from "../terminal/output.js";

const command: Command = {
  usage: "gateway [--profile <name>] [--lazy] [--timeout <ms>] [--log-arguments]",
  description: `
One MCP server over stdio for a host, aggregating every active server (or those of --profile): their tools are listed as
"<server>__<tool>" (the names \`connectory tools\` gives: unique, at most 64 characters, the same
every time) and each tools/call goes to the server the name leads to, with progress and
cancellation passed on. Servers start on first use: the host's first tools/list (or tools/call)
starts them; one that crashes is started again on its next use, at once the first time, then after
a backoff (1 s, doubling to 30 s). Each server gets what \`run\` gives it: the same launch, child
environment and credentials, and the tool-pin check (drifted tools are not listed and cannot be
called until \`connectory trust <server>\`). A server that fails or drifted is left out of the list
with a line on stderr. \`connectory gateway status\` shows each running gateway's servers. Every
tools/call is recorded in the audit log (\`connectory logs\`).`,
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
    let gateway: GatewayServer | undefined;
    const rules = (await readToolRules(ctx.home)).servers;
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
      toolsChanged: () => gateway?.toolsChanged(),
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
    gateway = new GatewayServer(upstreams, {
      version: ctx.version,
      log,
      record: audit.record,
      lazy: args.values.lazy === true,
    });
    gateway.server.oninitialized = () => {
      const client = gateway?.server.getClientVersion();
      if (client) state.client = { name: client.name, version: client.version };
      writer.write(state);
    };
    writer.write(state);
    if (missing.length > 0)
      log(
        `profile ${profile}: no active server for ${missing.join(", ")} (see \`connectory profile show ${profile}\`)`,
      );
    if (active.length === 0)
      log("no active server: the gateway lists no tools (see `connectory config --explain`)");

    const host = new HostStdioTransport(ctx.stdin, ctx.stdout);
    const closed = new Promise<void>((resolve) => (gateway.server.onclose = resolve));
    const signals: NodeJS.Signals[] = ["SIGINT", "SIGTERM", "SIGHUP"];
    const stop = () => void host.close();
    for (const s of signals) process.on(s, stop);
    try {
      await gateway.server.connect(host);
      await closed;
    } finally {
      for (const s of signals) process.off(s, stop);
      await Promise.all(upstreams.map((u) => u.close()));
      await writer.remove();
      await audit.flush();
    }
    return { data: null, text: "", exitCode: 0 };
  },
};
export default command;
