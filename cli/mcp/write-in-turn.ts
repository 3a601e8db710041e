import type { Sink } from "../context.js";

/** What write-in-turn needs of a stream: `write`, and `cork`/`uncork`/`once` when it is a real one. */
export type TurnSink = Sink & {
  cork?: () => void;
  uncork?: () => void;
  once?: (event: "drain", listener: () => void) => unknown;
};

/**
 * Writes to one stream coalesced per turn of the event loop (issue 26's overhead budget): what is
 * written during a turn goes out at its end (setImmediate), in order, as one writev (cork … uncork)
 * on a real stream or one write of the joined text on a plain sink. Ten answers finished in one turn
 * cost one system call instead of ten; one answer alone waits only for the end of its turn.
 *
 * `write` resolves at once unless the stream is still draining a batch it could not take (then when
 * it has drained), so a writer that awaits every write does not wait a turn per write. `flush` writes
 * what is queued now: a transport closing, or a process about to exit, calls it.
 */
export class WriteInTurn {
  private queued: string[] = [];
  private scheduled = false;
  private draining: Promise<void> | undefined;

  constructor(private readonly out: TurnSink) {}

  write(text: string): Promise<void> {
    this.queued.push(text);
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(this.flush);
    }
    return this.draining ?? Promise.resolve();
  }

  /** Writes everything queued, now. */
  readonly flush = (): void => {
    this.scheduled = false;
    const lines = this.queued;
    if (lines.length === 0) return;
    this.queued = [];
    const out = this.out;
    let taken: unknown;
    if (lines.length > 1 && out.cork && out.uncork) {
      out.cork();
      for (const line of lines) taken = out.write(line);
      out.uncork();
    } else taken = out.write(lines.length === 1 ? (lines[0] as string) : lines.join(""));
    if (taken === false && out.once && !this.draining)
      this.draining = new Promise<void>((resolve) =>
        out.once?.("drain", () => {
          this.draining = undefined;
          resolve();
        }),
      );
  };
}
