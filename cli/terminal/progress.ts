import type { CommandContext } from "../context.js";

/** A byte counter shown to a person; a silent no-op otherwise. */
export interface Progress {
  update(received: number, total: number | undefined): void;
  stop(): void;
}

const SILENT: Progress = { update() {}, stop() {} };

/**
 * A download bar on stderr, only when stderr is a terminal (never in pipes, CI logs or --json
 * consumers' captured output). cli-progress is loaded lazily so other commands do not pay for it.
 */
export async function createProgress(ctx: CommandContext, label: string): Promise<Progress> {
  if (!ctx.stderr.isTTY || ctx.env.CI) return SILENT;
  const { default: cliProgress } = await import("cli-progress");
  const bar = new cliProgress.SingleBar(
    {
      format: `${label} [{bar}] {percentage}% | {value}/{total} KiB`,
      stream: ctx.stderr as unknown as NodeJS.WritableStream,
      clearOnComplete: true,
      hideCursor: null,
      barsize: 30,
      fps: 15,
    },
    cliProgress.Presets.shades_classic,
  );
  let started = false;
  return {
    update(received, total) {
      const kib = Math.ceil(received / 1024);
      const of = Math.max(kib, Math.ceil((total ?? received) / 1024), 1);
      if (!started) {
        bar.start(of, kib);
        started = true;
      } else {
        bar.setTotal(of);
        bar.update(kib);
      }
    },
    stop() {
      if (started) bar.stop();
    },
  };
}
