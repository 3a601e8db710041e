import type { SandboxRequest } from "../../src/core/sandbox/permissions.js";
import type { StdioServer } from "../../src/core/types.js";
import type { CommandContext } from "../context.js";
import { warn } from "../terminal/output.js";
import { serverStderr } from "../terminal/server-stderr.js";
import { secretInArgs } from "./child-env.js";
import { stdioTransport } from "./stdio-client-transport.js";
import type { HostStdioTransport } from "./host-stdio.js";
import { InvalidStdoutError, type StdioTransport } from "./stdio-transport.js";
import { localizedError, say } from "../terminal/language.js";

/** A stdio server's transport: spawned without a shell, the one child environment rule, stderr passed through. */
export async function stdioChild(
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
  const passOn = serverStderr(hide);
  const { transport } = await stdioTransport(
    spec,
    sandbox,
    { ...ctx, log: (line) => ctx.stderr.write(`connectory: ${line}\n`) },
    // The server's own stderr, through the terminal sanitizer: it reaches a terminal or a host's log.
    { stderr: (chunk) => ctx.stderr.write(passOn(chunk)) },
  );
  return transport;
}

/**
 * Starts the stdio server and proxies until either side ends; resolves with the server's exit status.
 * Signals sent to the launcher (the host shutting down) reach the server; one that does not exit within
 * KILL_GRACE_MS is SIGKILLed. When the host closes stdin, the transport's close() escalates the same way.
 */
export async function runStdio(
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
      ? log(say("session.stray-stdout", { line: shorten(error.line) }))
      : proxyError?.(error);
  try {
    await child.start();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw localizedError(
      "run.spawn.failed",
      { key: "run.spawn-failed", params: { command: spec.command, why: code ?? (error as Error).message } },
      code === "ENOENT"
        ? { key: "run.spawn-enoent-hint", params: { command: spec.command } }
        : { key: "run.spawn-failed-hint" },
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

function shorten(line: string): string {
  return line.length > 200 ? `${line.slice(0, 197)}...` : line;
}

const SIGNAL_NUMBERS: Partial<Record<NodeJS.Signals, number>> = {
  SIGHUP: 1,
  SIGINT: 2,
  SIGKILL: 9,
  SIGTERM: 15,
};
