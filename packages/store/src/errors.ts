/** The errors a store throws on purpose, with stable codes the app can test for. */

/**
 * An insert collided with an existing record's unique key: an account name or id taken, a seat
 * already there. Check `code` (or `instanceof`), never the message, which names the database's
 * own words and differs between backends.
 */
export class DuplicateRecordError extends Error {
  readonly code = 'store/duplicate';
  override readonly name = 'DuplicateRecordError';
}

/**
 * A transaction's earlier statement failed, so it can only roll back. PostgreSQL refuses every
 * statement after an error until ROLLBACK; SQLite would carry on, so the store refuses there
 * too, and an app tested on one backend behaves the same on the other.
 */
export class TransactionFailedError extends Error {
  readonly code = 'store/transaction-failed';
  override readonly name = 'TransactionFailedError';
}
