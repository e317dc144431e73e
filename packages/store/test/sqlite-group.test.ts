/**
 * Group commit on a SQLite file: transactions queued together share one BEGIN ... COMMIT, each in
 * a savepoint of its own. What must hold whatever the grouping: a failed transaction undoes only
 * its own work, a caller hears of success only once its work is committed, and a COMMIT that
 * fails fails every transaction that waited for it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { AccountRecord, StoreTx } from '@arbiter/app';
import { openSqliteStore, type SqliteStore, TransactionFailedError } from '../src/index.js';

const dir = mkdtempSync(join(tmpdir(), 'arbiter-group-'));
let n = 0;
const opened: { close(): unknown }[] = [];
afterEach(async () => {
  for (const o of opened.splice(0).reverse()) await o.close();
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

async function fresh(): Promise<{ store: SqliteStore; path: string }> {
  const path = join(dir, `db-${String(++n)}.sqlite`);
  const store = await openSqliteStore(path);
  opened.push(store);
  return { store, path };
}

/** Another connection to the file: what another process would see. */
function outsider(path: string): Database.Database {
  const db = new Database(path, { readonly: true });
  opened.push(db);
  return db;
}

/** The store's write connection, to provoke what SQLite does only on a full disk or a bug. */
function writerOf(store: SqliteStore): Database.Database {
  return (store as unknown as { writer: Database.Database }).writer;
}

function account(i: number, name = `player ${String(i)}`): AccountRecord {
  return { id: `acc-${String(i)}`, name, passwordHash: 'h', createdAt: i };
}

const insert = (i: number, name?: string) => (tx: StoreTx) => tx.insertAccount(account(i, name));

async function accountIds(store: SqliteStore): Promise<string[]> {
  const found = await store.read(async (tx) =>
    Promise.all([1, 2, 3, 4, 5, 6].map((i) => tx.accountById(`acc-${String(i)}`))),
  );
  return found.flatMap((a) => (a === undefined ? [] : [a.id]));
}

describe('SQLite group commit', () => {
  it('shares one COMMIT among transactions queued together', async () => {
    const { store, path } = await fresh();
    const other = outsider(path);
    const seenBySecond: unknown[] = [];
    await Promise.all([
      store.transaction(insert(1)),
      store.transaction(async (tx) => {
        // The first transaction's work is there for the next one, not yet for anyone else.
        seenBySecond.push((await tx.accountById('acc-1'))?.id);
        seenBySecond.push(other.prepare('SELECT id FROM accounts').all());
      }),
    ]);
    expect(seenBySecond).toEqual(['acc-1', []]);
    expect(other.prepare('SELECT id FROM accounts').all()).toEqual([{ id: 'acc-1' }]);
  });

  it('undoes only the transaction that failed; the others commit, in order', async () => {
    const { store } = await fresh();
    const boom = new Error('boom');
    const results = await Promise.allSettled([
      store.transaction(insert(1)),
      store.transaction(async (tx) => {
        await tx.insertAccount(account(2));
        throw boom;
      }),
      store.transaction(async (tx) => {
        // Runs after the failed one was undone: its account is gone, the first one's is not.
        const seen = [await tx.accountById('acc-1'), await tx.accountById('acc-2')];
        await tx.insertAccount(account(3));
        return seen.map((a) => a?.id);
      }),
    ]);
    expect(results).toEqual([
      { status: 'fulfilled', value: undefined },
      { status: 'rejected', reason: boom },
      { status: 'fulfilled', value: ['acc-1', undefined] },
    ]);
    expect(await accountIds(store)).toEqual(['acc-1', 'acc-3']);
  });

  it('undoes a transaction that swallowed a failed statement, and only it', async () => {
    const { store } = await fresh();
    await store.transaction(insert(1, 'Alice'));
    const results = await Promise.allSettled([
      store.transaction(insert(2)),
      store.transaction(async (tx) => {
        await tx.insertAccount(account(3, 'Bob'));
        await tx.insertAccount(account(4, 'Alice')).catch(() => undefined);
      }),
      store.transaction(insert(5)),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason).toBeInstanceOf(TransactionFailedError);
    expect(await accountIds(store)).toEqual(['acc-1', 'acc-2', 'acc-5']);
  });

  it('resolves a transaction only once its work is visible to reads and other processes', async () => {
    const { store, path } = await fresh();
    const other = outsider(path);
    const seen = await Promise.all(
      [1, 2, 3, 4].map((i) =>
        store.transaction(insert(i)).then(async () => ({
          read: (await store.read((tx) => tx.accountById(`acc-${String(i)}`)))?.id,
          other: other.prepare('SELECT id FROM accounts WHERE id = ?').all(`acc-${String(i)}`),
        })),
      ),
    );
    expect(seen).toEqual(
      [1, 2, 3, 4].map((i) => ({ read: `acc-${String(i)}`, other: [{ id: `acc-${String(i)}` }] })),
    );
  });

  it("reads of one turn of the event loop share a snapshot; the next turn's see later commits", async () => {
    const { store, path } = await fresh();
    const elsewhere = new Database(path);
    opened.push(elsewhere);
    const find = () => store.read((tx) => tx.accountById('acc-1'));
    expect(await find()).toBeUndefined();
    // Another process commits between two reads of the same turn: the second reads as the first.
    elsewhere
      .prepare('INSERT INTO accounts (id, name, password_hash, created_at) VALUES (?, ?, ?, ?)')
      .run('acc-1', 'one', 'h', 1);
    expect(await find()).toBeUndefined();
    await new Promise((resolve) => setImmediate(resolve));
    expect((await find())?.name).toBe('one');
  });

  it("ends the turn's snapshot when it commits: its callers then read their own work", async () => {
    const { store } = await fresh();
    let wrote = (): void => undefined;
    const inserted = new Promise<void>((resolve) => (wrote = resolve));
    const written = store.transaction(async (tx) => {
      await tx.insertAccount(account(1));
      wrote();
    });
    // The group has begun and its COMMIT is due; a read of the same turn begins a snapshot
    // without the insert...
    await inserted;
    const before = store.read((tx) => tx.accountById('acc-1'));
    // ...and the transaction's caller, resuming right after the COMMIT, must see it.
    const after = written.then(() => store.read((tx) => tx.accountById('acc-1')));
    expect(await before).toBeUndefined();
    expect((await after)?.id).toBe('acc-1');
  });

  it('fails every transaction of a group whose COMMIT fails, keeping none of their work', async () => {
    const { store } = await fresh();
    const results = await Promise.allSettled([
      store.transaction(insert(1)),
      store.transaction(async (tx) => {
        // A foreign key checked only at COMMIT: the COMMIT fails, and the transaction stays
        // open until the store rolls it back.
        writerOf(store).pragma('defer_foreign_keys = ON');
        await tx.insertToken({ tokenHash: 't', accountId: 'nobody', createdAt: 0 });
      }),
      store.transaction(insert(3)),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    for (const r of results) {
      expect((r as PromiseRejectedResult).reason).toMatchObject({
        code: 'SQLITE_CONSTRAINT_FOREIGNKEY',
      });
    }
    expect(await accountIds(store)).toEqual([]);
    // The store goes on: the next group begins afresh.
    await store.transaction(insert(4));
    expect(await accountIds(store)).toEqual(['acc-4']);
  });

  it('fails the earlier transactions of a group when SQLite rolled the whole of it back', async () => {
    const { store } = await fresh();
    const ioError = new Error('disk I/O error');
    const results = await Promise.allSettled([
      store.transaction(insert(1)),
      store.transaction(async (tx) => {
        await tx.insertAccount(account(2));
        // What SQLite does on a full disk or an I/O error: the whole transaction is gone.
        writerOf(store).exec('ROLLBACK');
        throw ioError;
      }),
      store.transaction(insert(3)),
    ]);
    expect(results).toEqual([
      { status: 'rejected', reason: ioError },
      { status: 'rejected', reason: ioError },
      { status: 'fulfilled', value: undefined },
    ]);
    expect(await accountIds(store)).toEqual(['acc-3']);
  });

  it('commits queued transactions on close, before the connection goes', async () => {
    const { store, path } = await fresh();
    const pending = [1, 2].map((i) => store.transaction(insert(i)));
    await store.close();
    await Promise.all(pending);
    const again = await openSqliteStore(path);
    opened.push(again);
    expect(await accountIds(again)).toEqual(['acc-1', 'acc-2']);
  });
});
