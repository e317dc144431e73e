/**
 * Catches a store called from inside one of its own transactions: the work a transaction runs is
 * marked (AsyncLocalStorage follows that work's awaits, and no other work's), and a call made
 * from within it is refused the same way on every backend.
 *
 * The check has a price on Node 20 that is not its own: once an AsyncLocalStorage has run,
 * Node keeps a hook on every promise the process makes, whoever makes it (about 8% of a busy
 * server's CPU under `npm run load`). A store opened with `checkNesting: false` runs without
 * it, and a nested call then waits for the transaction it is inside, for ever on SQLite: for
 * a program whose store calls are fixed and tested with the check on, as the server's are.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export class NestingGuard {
  private readonly context: AsyncLocalStorage<{ active: boolean }> | undefined;

  constructor(check: boolean) {
    this.context = check ? new AsyncLocalStorage() : undefined;
  }

  /** Runs a transaction's `fn`, marked as inside it until it settles. */
  inside<T>(fn: () => Promise<T>): Promise<T> {
    if (this.context === undefined) return fn();
    const mark = { active: true };
    return this.context.run(mark, async () => {
      try {
        return await fn();
      } finally {
        mark.active = false;
      }
    });
  }

  /** Throws if called from work that `inside` is running; `what` names the store's method. */
  refuseNested(what: string): void {
    if (this.context?.getStore()?.active === true) {
      throw new Error(
        `store.${what}: called inside a transaction of the same store; use the tx it was given`,
      );
    }
  }
}
