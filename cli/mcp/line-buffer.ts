/**
 * Newline-delimited framing, the MCP stdio transport's, for both of our stdio transports (host-stdio.ts,
 * stdio-transport.ts): text chunks in, whole lines out (a trailing `\r` dropped, empty lines skipped).
 * A line over `maxChars` is reported once through `tooLong` and skipped up to its newline, never held
 * whole. Each chunk is scanned once from where the last line ended; what is left after the last
 * newline is kept as it is, so a chunk carrying one message costs one indexOf and one slice.
 */
export class LineBuffer {
  private pending = "";
  private skipping = false;

  constructor(
    private readonly maxChars: number,
    private readonly line: (line: string) => void,
    private readonly tooLong: () => void,
  ) {}

  /** Feeds a chunk; calls `line` for every line it completes. */
  push(chunk: string): void {
    const text = this.pending === "" ? chunk : this.pending + chunk;
    let start = 0;
    let newline;
    while ((newline = text.indexOf("\n", start)) !== -1) {
      const end = newline > start && text.charCodeAt(newline - 1) === 13 ? newline - 1 : newline;
      if (this.skipping) this.skipping = false;
      else if (end - start > this.maxChars) this.tooLong();
      else if (end > start) this.line(text.slice(start, end));
      start = newline + 1;
    }
    this.pending = start === 0 ? text : text.slice(start);
    if (this.pending.length > this.maxChars) {
      this.pending = "";
      if (!this.skipping) this.tooLong();
      this.skipping = true;
    }
  }

  /** The stream ended: its unterminated last line ("" when none, or when it was too long). */
  end(): string {
    const rest = this.skipping ? "" : this.pending;
    this.pending = "";
    this.skipping = false;
    return rest;
  }
}
