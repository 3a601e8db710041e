import { printable } from "../terminal/printable.js";
import { redact } from "../../src/core/secrets.js";
import { ConnectoryError } from "../../src/core/errors.js";
import { isRemote, type StdioServer } from "../../src/core/types.js";
import { proxyMessages, remoteTransport, serverErrors } from "../mcp/bridge.js";
import { secretInArgs, stdioLaunch } from "../mcp/child-env.js";
import type { Command } from "../command.js";
import type { CommandContext } from "../context.js";
import { loadEffectiveConfig } from "../home/effective-config.js";
import { verifyBeforeLaunch } from "../install/verify-launch.js";
import { HostStdioTransport } from "../mcp/host-stdio.js";
import { DEFAULT_TIMEOUT_MS } from "../mcp/mcp-client.js";
import { explainFailure } from "../mcp/mcp-errors.js";
import { warn } from "../terminal/output.js";
import { sessionPins } from "../home/pins-store.js";
import { InvalidStdoutError, StdioTransport } from "../mcp/stdio-transport.js";
import { ToolGuard } from "../mcp/tool-guard.js";
import { withToolRules } from "../mcp/rules-filter.js";
import { ownRules } from "../../src/core/tools/tool-rules.js";
import { readToolRules } from "../home/tool-rules-store.js";
import { withAudit } from "../mcp/audit-filter.js";
import { auditRecorder } from "../gateway/audit-recorder.js";
import type { SandboxRequest } from "../../src/core/sandbox/permissions.js";
import { explainSandbox, planLaunch, prefetch } from "../mcp/sandbox-launch.js";
import { isAuthRequired, runAuthProvider, scopeRequired, scopeWatch } from "../auth/run-auth.js";
import { StreamableHTTPError } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

/** After a sign-in stops working, the host gets the error reply, then the session ends. */
const AUTH_EXIT_GRACE_MS = 200;

/** What to do about an inactive server, with its real names filled in. */
function nextStep(status: string, server: string, connector: string | undefined): string {
  const owner = connector ?? "<connector>";
  switch (status) {
    case "disabled":
      return `enable its connector: connectory enable ${owner}`;
    case "untrusted":
      return `review it, then: connectory trust ${server}`;
    case "needs-credentials":
      return `set them: connectory credentials set ${owner}`;
    case "needs-consent":
      return "accept its permissions (the reason above says how)";
    default:
      return "see `connectory config --explain` for the server that has its name";
  }
}

const command: Command = {
  usage: "run <server> [--log-arguments]",
  description: `
Launches one server of the effective set for an MCP host, speaking MCP on stdin/stdout. This is the
command \`connectory config export\` writes into host files, so secrets stay in Connectory.

A stdio server is spawned without a shell, with a minimal environment plus its own env (where its
credentials are); its stderr, exit code and signals are passed through. A remote server (streamable
HTTP, or SSE) is bridged. Either way run passes MCP messages, and checks every tools/list the
server sends against the pinned tool definitions: the first run pins them; a changed tool is not
passed on and cannot be called until \`connectory trust <server>\` approves it. Every tools/call is
recorded in the audit log (\`connectory logs\`).`,
  options: {
    "log-arguments": {
      type: "boolean",
      description:
        "write tool-call argument values to the audit log (secrets masked; default: names and sizes only)",
    },
    "explain-sandbox": {
      type: "boolean",
      description: "print the sandbox rules the server would run under, and exit without starting it",
    },
  },
  positionals: { min: 1, max: 1 },
  protocolStdout: true,
  async run(args, ctx) {
    const name = args.positionals[0] as string;
    const config = await loadEffectiveConfig(ctx.home);
    const found =
      config.servers.find((s) => s.name === name && s.status === "active") ??
      config.servers.find((s) => s.name === name);
    if (!found) {
      throw new ConnectoryError("run.server.unknown", `no server named "${name}" in the effective set`, {
        hint: "see `connectory config --explain` for every server and its name",
      });
    }
    if (found.status !== "active") {
      throw new ConnectoryError(
        "run.server.inactive",
        `server "${name}" is ${found.status}${found.reason ? `: ${found.reason}` : ""}`,
        {
          hint: nextStep(found.status, name, found.origin.connector),
        },
      );
    }
    // A bundled server runs only from the files that were installed (hashes in installed.json).
    await verifyBeforeLaunch(config, found);
    const hide = (text: string) => redact(text, config.secretValues);
    if (args.values["explain-sandbox"] === true)
      return { data: null, text: hide(await explainSandbox(found, ctx)) };
    const log = (message: string) => warn(ctx, hide(message));
    const host = new HostStdioTransport(ctx.stdin, ctx.stdout);
    const spec = found.server;
    const oauth = isRemote(spec) ? await runAuthProvider(name, spec, ctx, log) : undefined;
    const scopes = scopeWatch(ctx.fetch);
    const launched = isRemote(spec)
      ? remoteTransport(spec, oauth ? scopes.fetch : ctx.fetch, oauth)
      : await stdioChild(spec, ctx, config.secretValues, hide, found.sandbox);
    const guard = new ToolGuard({
      server: name,
      ...sessionPins(ctx.home, name, found.origin, () => ctx.now()),
      send: (message) => launched.send(message),
      log,
      hide,
      timeoutMs: DEFAULT_TIMEOUT_MS,
    });
    // A remote server's failures in the words `inspect` uses (401 → check the credentials, …), once each.
    // A sign-in that no longer works (refresh refused) ends the session: only `connectory auth` helps.
    let authFailed = false;
    const errors = isRemote(spec)
      ? serverErrors(log, (error) => {
          if (isAuthRequired(error) && !authFailed) {
            authFailed = true;
            setTimeout(() => void launched.close(), AUTH_EXIT_GRACE_MS).unref();
          }
          // A 403 the SDK's one step-up attempt (a refresh) could not fix: say which scopes to sign in for.
          if (oauth && isForbidden(error)) return scopeRequired(name, scopes.lastScope());
          return explainFailure(error, {
            server: name,
            transport: spec.type,
            url: spec.url,
            timeoutMs: DEFAULT_TIMEOUT_MS,
            secretValues: config.secretValues,
            stage: "request",
            origin: found.origin,
          });
        })
      : undefined;
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
    });
    const session = proxyMessages(host, launched, {
      filter: withAudit(name, withToolRules(name, ownRules(rules, name), guard), {
        record: audit.record,
        setClient: (c) => (client = c),
      }),
      log,
      hide,
      ...(errors ? { errors } : {}),
    });
    if (launched instanceof StdioTransport) {
      const exitCode = await runStdio(launched, spec as StdioServer, host, session, log);
      await audit.flush();
      return { data: null, text: "", exitCode };
    }
    try {
      await launched.start();
    } catch (error) {
      errors?.report(error);
      return { data: null, text: "", exitCode: 1 };
    }
    await host.start();
    const closedBy = await session;
    await audit.flush();
    return { data: null, text: "", exitCode: closedBy === "host" && !authFailed ? 0 : 1 };
  },
};
export default command;

/** A stdio server's transport: spawned without a shell, the one child environment rule, stderr passed through. */
async function stdioChild(
  spec: StdioServer,
  ctx: CommandContext,
  secretValues: readonly string[],
  hide: (t: string) => string,
  sandbox: SandboxRequest | undefined,
): Promise<StdioTransport> {
  if (secretInArgs(spec.args ?? [], secretValues)) {
    warn(
      ctx,
      "this server receives a secret on its command line, where other local users can see it (ps); ask its publisher to read it from the environment",
    );
  }
  // The proxy of a host allowlist says which hosts it refused on stderr, the host's log of this server.
  const planned = await planLaunch(stdioLaunch(spec, ctx), sandbox, {
    ...ctx,
    log: (line) => ctx.stderr.write(`connectory: ${line}\n`),
  });
  await prefetch(planned);
  const launch = planned.launch;
  const child = new StdioTransport(launch, {
    // The server's own stderr, through the terminal sanitizer: it reaches a terminal or a host's log.
    stderr: (chunk) => ctx.stderr.write(printable(hide(chunk))),
    ended: () => void planned.release?.(),
  });
  return child;
}

/**
 * Starts the stdio server and proxies until either side ends; resolves with the server's exit status.
 * Signals sent to the launcher (the host shutting down) reach the server; one that does not exit within
 * KILL_GRACE_MS is SIGKILLed. When the host closes stdin, the transport's close() escalates the same way.
 */
async function runStdio(
  child: StdioTransport,
  spec: StdioServer,
  host: HostStdioTransport,
  session: Promise<unknown>,
  log: (message: string) => void,
): Promise<number> {
  // The proxy logs transport errors; a stray stdout line gets a clearer word (it never reaches the host).
  const proxyError = child.onerror;
  child.onerror = (error) =>
    error instanceof InvalidStdoutError
      ? log(`ignored a line the server wrote on stdout that is not JSON-RPC: ${shorten(error.line)}`)
      : proxyError?.(error);
  try {
    await child.start();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new ConnectoryError(
      "run.spawn.failed",
      `could not start ${spec.command}: ${code ?? (error as Error).message}`,
      {
        hint: code === "ENOENT" ? `install ${spec.command} or put it on PATH` : "check the server's command",
      },
    );
  }
  const signals: NodeJS.Signals[] = ["SIGINT", "SIGTERM", "SIGHUP"];
  // Forwarded, then SIGKILL after a grace period: a server that ignores the signal must not keep
  // running (and keep this launcher waiting) after its host is gone.
  const forward = (signal: NodeJS.Signals) => child.terminate(signal);
  for (const s of signals) process.on(s, forward);
  try {
    await host.start();
    await session;
  } finally {
    for (const s of signals) process.off(s, forward);
  }
  const exit = child.exit;
  if (!exit) return 1;
  return exit.code ?? (exit.signal ? 128 + (SIGNAL_NUMBERS[exit.signal] ?? 1) : 1);
}

function isForbidden(error: unknown): boolean {
  return error instanceof StreamableHTTPError && error.code === 403;
}

function shorten(line: string): string {
  return line.length > 200 ? `${line.slice(0, 197)}...` : line;
}

const SIGNAL_NUMBERS: Partial<Record<NodeJS.Signals, number>> = {
  SIGHUP: 1,
  SIGINT: 2,
  SIGKILL: 9,
  SIGTERM: 15,
};
