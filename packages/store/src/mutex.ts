/**
 * A first-come, first-served async mutex: SQLite has one connection per store, so a transaction
 * must finish before the next one's BEGIN, or their statements would run inside each other.
 */
export class Mutex {
  private tail: Promise<unknown> = Promise.resolve();

  /** Runs `fn` once every earlier caller's `fn` has settled; resolves or rejects as it does. */
  run<T>(fn: () => Promise<T>): Promise<T> {
    const result = this.tail.then(fn);
    this.tail = result.catch(() => undefined);
    return result;
  }
}
