import { printable } from "./printable.js";

/**
 * THE filter for a server's stderr wherever the CLI passes it on (`run`, the gateway): secrets masked
 * (`hide`), then the terminal sanitizer, so an OSC 52 clipboard write or a cursor move reaches a
 * terminal or a host's log as a visible marker, never as an escape; each line prefixed when several
 * servers share one stream (`[notes] `). A chunk split inside a sequence is still safe: every ESC is
 * made visible on its own.
 */
export function serverStderr(hide: (text: string) => string, prefix = ""): (chunk: string) => string {
  return (chunk) => {
    const shown = printable(hide(chunk));
    return prefix === "" ? shown : shown.replace(/^(?=.)/gm, prefix);
  };
}
