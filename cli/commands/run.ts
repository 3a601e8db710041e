import { spawn } from "node:child_process";
import type { Readable, Writable } from "node:stream";
import { redact } from "../../src/core/credentials.js";
import { ConnectoryError } from "../../src/core/errors.js";
import type { ExplainedServer } from "../../src/core/merge.js";
import { isRemote, type StdioServer } from "../../src/core/types.js";
import { verifyToolsBeforeRun } from "../lib/approve-tools.js";
import { bridgeRemote } from "../lib/bridge.js";
import type { Command } from "../lib/command.js";
import type { CommandContext } from "../lib/context.js";
import { loadEffectiveConfig } from "../lib/effective-config.js";
import { warn } from "../lib/output.js";

const NEXT_STEP: Record<string, string> = {
  disabled: "enable its connector: connectory enable <name>",
  untrusted: "review it, then: connectory trust <server>",
  "needs-credentials": "set them: connectory credentials set <name>",
  shadowed: "see connectory config --explain for the server that has its name",
};

const command: Command = {
  usage: "run <server>",
  description: `
Launches one server of the effective set for an MCP host, speaking MCP on stdin/stdout. This is the
command \`connectory config export\` writes into host files, so secrets stay in Connectory.

A stdio server is spawned without a shell, with its credentials in its environment; its exit code
and signals are passed through. A remote server (streamable HTTP, or SSE) is bridged to stdio.`,
  positionals: { min: 1, max: 1 },
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
          hint: NEXT_STEP[found.status] ?? "see `connectory config --explain`",
        },
      );
    }
    await beforeRun(found, ctx);
    const server = found.server;
    const exitCode = isRemote(server)
      ? await bridgeRemote(
          server,
          {
            stdin: ctx.stdin as Readable,
            stdout: sinkStream(ctx),
            log: (m) => warn(ctx, m),
            fetch: ctx.fetch,
          },
          config.secretValues,
        )
      : await runStdio(server, ctx, config.secretValues);
    return { data: null, text: "", exitCode };
  },
};
export default command;

/**
 * Hook before a server starts: the place for tool-pin drift checks (issue 7). It may warn on stderr
 * or throw a ConnectoryError to refuse; it must never write to stdout (the MCP channel).
 */
export async function beforeRun(server: ExplainedServer, ctx: CommandContext): Promise<void> {
  await verifyToolsBeforeRun(server, ctx);
}

/** Spawns a stdio server without a shell, wiring the host's stdio to it; resolves with its exit code. */
function runStdio(
  server: StdioServer,
  ctx: CommandContext,
  secretValues: readonly string[],
): Promise<number> {
  const args = server.args ?? [];
  if (args.some((a) => secretValues.some((s) => s !== "" && a.includes(s)))) {
    warn(
      ctx,
      "this server receives a secret on its command line, where other local users can see it (ps); ask its publisher to read it from the environment",
    );
  }
  return new Promise<number>((resolve, reject) => {
    const child = spawn(server.command, args, {
      cwd: server.cwd,
      env: { ...ctx.env, ...(server.env ?? {}) },
      stdio: ["pipe", "pipe", "pipe"],
      shell: false,
      windowsHide: true,
    });
    const stdin = ctx.stdin as Readable;
    stdin.pipe(child.stdin);
    child.stdin.on("error", () => undefined); // the server may exit before reading everything
    child.stdout.on("data", (chunk: Buffer) => ctx.stdout.write(chunk.toString("utf8")));
    child.stderr.on("data", (chunk: Buffer) =>
      ctx.stderr.write(redact(chunk.toString("utf8"), secretValues)),
    );
    // Signals sent to the launcher (host shutting down) reach the server.
    const signals: NodeJS.Signals[] = ["SIGINT", "SIGTERM", "SIGHUP"];
    const forward = (signal: NodeJS.Signals) => child.kill(signal);
    for (const s of signals) process.on(s, forward);
    const cleanup = () => {
      for (const s of signals) process.off(s, forward);
      stdin.unpipe(child.stdin);
      stdin.pause();
    };
    child.on("error", (error: NodeJS.ErrnoException) => {
      cleanup();
      reject(
        new ConnectoryError(
          "run.spawn.failed",
          `could not start ${server.command}: ${error.code ?? error.message}`,
          {
            hint:
              error.code === "ENOENT"
                ? `install ${server.command} or put it on PATH`
                : "check the server's command",
          },
        ),
      );
    });
    child.on("close", (code, signal) => {
      cleanup();
      resolve(code ?? (signal ? 128 + (SIGNAL_NUMBERS[signal] ?? 1) : 1));
    });
  });
}

const SIGNAL_NUMBERS: Partial<Record<NodeJS.Signals, number>> = {
  SIGHUP: 1,
  SIGINT: 2,
  SIGKILL: 9,
  SIGTERM: 15,
};

/** ctx.stdout as the Writable the SDK transport expects (a stream in production, a buffer in tests). */
function sinkStream(ctx: CommandContext): Writable {
  const out = ctx.stdout as unknown as Writable;
  if (typeof (out as { once?: unknown }).once === "function") return out;
  return {
    write: (chunk: string) => (ctx.stdout.write(chunk), true),
    once: () => out,
    on: () => out,
  } as unknown as Writable;
}
