/**
 * The host's cancellation of one request on the gateway's fast path: a flag, the reason, and one
 * callback. An AbortController per call costs an EventTarget, an AbortSignal and a listener list
 * (issue 26's overhead budget), where the fast path needs no more than "was it cancelled, and tell
 * the one waiter when it is".
 */
export class Cancel {
  cancelled = false;
  reason: unknown;
  private listener: ((reason: unknown) => void) | undefined;

  /** Cancels (once: later calls change nothing) and calls the listener, if one is set. */
  cancel(reason: unknown): void {
    if (this.cancelled) return;
    this.cancelled = true;
    this.reason = reason;
    const listener = this.listener;
    this.listener = undefined;
    listener?.(reason);
  }

  /** Sets the one listener `cancel` calls (undefined removes it); never called when already cancelled. */
  onCancel(listener: ((reason: unknown) => void) | undefined): void {
    this.listener = this.cancelled ? undefined : listener;
  }
}
