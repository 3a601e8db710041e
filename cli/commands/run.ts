import { redact } from "../../src/core/secrets.js";
import { ConnectoryError } from "../../src/core/errors.js";
import { isRemote, type StdioServer } from "../../src/core/types.js";
import { defineCommand, type CommandArgs, type CommandResult } from "../command.js";
import type { CommandContext } from "../context.js";
import { loadEffectiveConfig } from "../home/effective-config.js";
import { packageServer } from "../mcp/package-server.js";
import type { ExplainedServer } from "../../src/core/merge.js";
import { verifyBeforeLaunch } from "../install/verify-launch.js";
import { HostStdioTransport } from "../mcp/host-stdio.js";
import { proxyMessages } from "../mcp/bridge.js";
import { DEFAULT_TIMEOUT_MS } from "../mcp/timeouts.js";
import type { NetworkLaunch } from "../mcp/run-network.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { warn } from "../terminal/output.js";
import { sessionPins } from "../home/pins-store.js";
import { StdioTransport } from "../mcp/stdio-transport.js";
import { ToolGuard } from "../mcp/tool-guard.js";
import { runStdio, stdioChild } from "../mcp/run-stdio.js";
import { withToolRules } from "../mcp/rules-filter.js";
import { ownRules } from "../../src/core/tools/tool-rules.js";
import { readToolRules } from "../home/tool-rules-store.js";
import { withAudit } from "../mcp/audit-filter.js";
import { auditRecorder } from "../gateway/audit-recorder.js";
import { closeControls, loadControls, withControls } from "../mcp/session-controls.js";
import { explainSandbox } from "../sandbox/explain-sandbox.js";
import { inactiveReasonEnglish, isInactive } from "../terminal/inactive-reason.js";
import { localizedError, sayEnglish, type Said } from "../terminal/language.js";

/** What to do about an inactive server, with its real names filled in. */
function nextStep(status: string, server: string, connector: string | undefined): Said {
  const owner = connector ?? "<connector>";
  switch (status) {
    case "disabled":
      return { key: "run.next-disabled", params: { connector: owner } };
    case "untrusted":
      return { key: "run.next-untrusted", params: { server } };
    case "needs-credentials":
      return { key: "run.next-credentials", params: { connector: owner } };
    case "needs-consent":
      return { key: "run.next-consent" };
    default:
      return { key: "run.next-other" };
  }
}

const command = defineCommand({
  usage: "run <server> [--package <dir>] [--log-arguments] [--explain-sandbox]",
  description: `
Launches one server of the effective set for an MCP host, speaking MCP on stdin/stdout. This is the
command \`connectory config export\` writes into host files, so secrets stay in Connectory.

A stdio server is spawned without a shell, with a minimal environment plus its own env (where its
credentials are); its stderr, exit code and signals are passed through. A remote server (streamable
HTTP, or SSE) is bridged. Either way run passes MCP messages, and checks every tools/list the
server sends against the pinned tool definitions: the first run pins them; a changed tool is not
passed on and cannot be called until \`connectory trust <server>\` approves it. Every tools/call is
recorded in the audit log (\`connectory logs\`).

Every tools/call result, resources/read content and prompts/get message passes the guards first
(secrets masked, invisible characters shown, injection markers noted: \`connectory guard\`), a tool's
arguments are checked for your own stored credentials, the rate limits of \`connectory tools limit\`
apply, and with OTEL_EXPORTER_OTLP_ENDPOINT set each request is an OpenTelemetry span
(docs/security.md, docs/architecture.md).`,
  options: {
    "log-arguments": {
      type: "boolean",
      description:
        "write tool-call argument values to the audit log (secrets masked; default: names and sizes only)",
    },
    package: {
      type: "string",
      description:
        "run <server> of the connector package in this folder (a plugin or extension a host installed natively: its plugin root), with credentials from the environment, sandboxed to its declared permissions",
    },
    "explain-sandbox": {
      type: "boolean",
      description: "print the sandbox rules the server would run under, and exit without starting it",
    },
  },
  positionals: { min: 1, max: 1, complete: ["server"] },
  protocolStdout: true,
  async run(args, ctx) {
    const name = args.positionals[0] as string;
    const packageDir = args.values.package;
    if (packageDir !== undefined)
      return runServer(name, await packageServer(packageDir, name, ctx), args, ctx);
    const config = await loadEffectiveConfig(ctx.home);
    const found =
      config.servers.find((s) => s.name === name && s.status === "active") ??
      config.servers.find((s) => s.name === name);
    if (!found) {
      throw localizedError(
        "run.server.unknown",
        { key: "run.unknown-server", params: { name } },
        { key: "run.unknown-server-hint" },
      );
    }
    if (found.status !== "active") {
      const next = nextStep(found.status, name, found.origin.connector);
      throw new ConnectoryError(
        "run.server.inactive",
        `server "${name}" is ${found.status}${found.why ? `: ${inactiveReasonEnglish(found)}` : ""}`,
        {
          hint: sayEnglish(next.key, next.params),
          localized: { message: isInactive(found), hint: next },
        },
      );
    }
    // A bundled server runs only from the files that were installed (hashes in installed.json).
    await verifyBeforeLaunch(config, found, ctx.home);
    return runServer(name, { found, secretValues: config.secretValues }, args, ctx);
  },
});
export default command;

/** Launches (or explains the sandbox of) one server found active, and proxies MCP until either side ends. */
async function runServer(
  name: string,
  config: { found: ExplainedServer; secretValues: string[] },
  args: CommandArgs,
  ctx: CommandContext,
): Promise<CommandResult> {
  const found = config.found;
  const hide = (text: string) => redact(text, config.secretValues);
  if (args.values["explain-sandbox"] === true)
    return { data: null, text: hide(await explainSandbox(found, ctx)) };
  const log = (message: string) => warn(ctx, hide(message));
  const host = new HostStdioTransport(ctx.stdin, ctx.stdout);
  const spec = found.server;
  // A server reached over HTTP brings the MCP SDK's client (run-network.ts): loaded only for one.
  let network: NetworkLaunch | undefined;
  let launched: Transport;
  if (isRemote(spec) || spec.transport !== undefined) {
    const { networkLaunch } = await import("../mcp/run-network.js");
    network = await networkLaunch(name, found, spec, config.secretValues, ctx, log, hide);
    launched = network.launched;
  } else launched = await stdioChild(spec, ctx, config.secretValues, hide, found.sandbox);
  const guard = new ToolGuard({
    server: name,
    ...sessionPins(ctx.home, found, () => ctx.now()),
    send: (message) => launched.send(message),
    log,
    hide,
    timeoutMs: DEFAULT_TIMEOUT_MS,
  });
  const errors = network?.errors;
  const rules = (await readToolRules(ctx.home)).servers;
  let client: { name: string; version: string } | null = null;
  const audit = auditRecorder({
    home: ctx.home,
    via: "run",
    profile: null,
    logArguments: args.values["log-arguments"] === true,
    secretValues: config.secretValues,
    client: () => client,
    log,
    hide,
  });
  const controls = await loadControls(ctx, {
    secretValues: config.secretValues,
    log,
    report: (found) => audit.flagged(found),
  });
  const filter = withToolRules(name, ownRules(rules, name), guard);
  const session = proxyMessages(host, launched, {
    filter: withAudit(name, withControls(name, isRemote(spec) ? "tcp" : "pipe", filter, controls), {
      record: audit.record,
      setClient: (c) => (client = c),
    }),
    log,
    hide,
    ...(errors ? { errors } : {}),
  });
  if (launched instanceof StdioTransport) {
    const exitCode = await runStdio(launched, spec as StdioServer, host, session, log);
    await Promise.all([audit.flush(), closeControls(controls)]);
    return { data: null, text: "", exitCode };
  }
  try {
    await launched.start();
  } catch (error) {
    errors?.report(error);
    await closeControls(controls);
    return { data: null, text: "", exitCode: 1 };
  }
  await host.start();
  const closedBy = await session;
  await Promise.all([audit.flush(), closeControls(controls)]);
  return { data: null, text: "", exitCode: closedBy === "host" && !network?.authFailed() ? 0 : 1 };
}
