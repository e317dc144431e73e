/**
 * Catches a store called from inside one of its own transactions: the work a transaction runs is
 * marked (AsyncLocalStorage follows that work's awaits, and no other work's), and a call made
 * from within it is refused the same way on every backend.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export class NestingGuard {
  private readonly context = new AsyncLocalStorage<{ active: boolean }>();

  /** Runs a transaction's `fn`, marked as inside it until it settles. */
  inside<T>(fn: () => Promise<T>): Promise<T> {
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
    if (this.context.getStore()?.active === true) {
      throw new Error(
        `store.${what}: called inside a transaction of the same store; use the tx it was given`,
      );
    }
  }
}
