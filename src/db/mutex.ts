/** A FIFO async mutex: one holder at a time, in arrival order. */
export class Mutex {
  private tail: Promise<unknown> = Promise.resolve();

  /** Runs `fn` once every earlier caller has finished (whether it succeeded or not). */
  run<T>(fn: () => Promise<T> | T): Promise<T> {
    const result = this.tail.then(fn);
    this.tail = result.catch(() => undefined);
    return result;
  }
}
