/**
 * @arbiter/store: the app's GameStore port on SQLite (embedded, the default) and PostgreSQL,
 * one set of queries over both, with the schema kept by numbered migrations.
 */
import type { GameStore } from '@arbiter/app';
import { openPostgresStore, type PostgresStoreOptions } from './postgres.js';
import { openSqliteStore, type SqliteStoreOptions } from './sqlite.js';
import { parseStoreUrl } from './url.js';

export { DuplicateRecordError, TransactionFailedError } from './errors.js';
export { MIGRATIONS, type Migration } from './migrations.js';
export { openPostgresStore, PostgresStore, type PostgresStoreOptions } from './postgres.js';
export { type CheckpointReport } from './checkpointer.js';
export { openSqliteStore, SQLITE_MEMORY, SqliteStore, type SqliteStoreOptions } from './sqlite.js';
export { parseStoreUrl, redact, STORE_URL_FORMS, type StoreLocation } from './url.js';

/** Options for either backend; each takes the ones that apply to it. */
export interface StoreOptions {
  readonly sqlite?: SqliteStoreOptions;
  readonly postgres?: PostgresStoreOptions;
}

/**
 * Opens the store a URL names, migrating its schema to the current version: `sqlite:PATH`,
 * `sqlite::memory:` or `:memory:`, a bare path ending .sqlite, .sqlite3 or .db, or
 * `postgres://...` / `postgresql://...`.
 *
 * @example
 * const store = await openStore(process.env.ARBITER_DB ?? 'sqlite:data/arbiter.sqlite');
 * @throws Error for a URL of no known form (naming it and the accepted forms), or when the
 *   database cannot be opened or migrated.
 */
export async function openStore(url: string, options: StoreOptions = {}): Promise<GameStore> {
  const at = parseStoreUrl(url);
  switch (at.kind) {
    case 'sqlite':
      return openSqliteStore(at.path, options.sqlite);
    case 'postgres':
      return openPostgresStore(at.url, options.postgres);
  }
}
