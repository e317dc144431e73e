/**
 * The GameStore contract, run on every backend: SQLite (a temp file and memory) always, and
 * PostgreSQL when a server answers at PG_URL (otherwise skipped, with a warning saying why).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type {
  AccountRecord,
  GameRecord,
  GameStore,
  PhaseId,
  PhaseRecord,
  SeatRecord,
  StoreTx,
} from '@arbiter/app';
import { newGame, type VariantState } from '@arbiter/engine';
import { VARIANTS, onePlayerPerPower } from '@arbiter/rules';
import { DuplicateRecordError, MIGRATIONS, TransactionFailedError } from '../src/index.js';
import {
  type Backend,
  PG_URL,
  postgresBackend,
  probePostgres,
  sqliteFileBackend,
  sqliteMemoryBackend,
} from './backends.js';

const pgUnreachable = await probePostgres(PG_URL);
const BACKENDS: Backend[] = [
  sqliteFileBackend(),
  sqliteMemoryBackend(),
  postgresBackend(PG_URL, pgUnreachable),
];
for (const b of BACKENDS) {
  if (b.skipped !== undefined) console.warn(`${b.name} tests skipped: ${b.skipped}`);
}

/** A time past 2^32 ms, so a BIGINT that came back as a string or got truncated shows. */
const T0 = 1_700_000_000_000;

function variantState(variant: string, seed = 7): VariantState {
  const v = VARIANTS[variant];
  if (v === undefined) throw new Error(`no variant ${variant}`);
  const made = newGame(v, { variant, seed, players: onePlayerPerPower(v) });
  if (!made.ok) throw new Error(made.error.message);
  return made.value;
}

const STATE = variantState('fiascomacy');

function account(n: number, name = `player ${String(n)}`): AccountRecord {
  return {
    id: `acc-${String(n)}`,
    name,
    passwordHash: `scrypt$16384$8$1$salt${String(n)}$hash`,
    createdAt: T0 + n,
  };
}

function game(id: string, gm: string, over: Partial<GameRecord> = {}): GameRecord {
  return {
    id,
    name: `Game ${id}`,
    variant: 'fiascomacy',
    options: { fiascomacy: { startingPf: 8, label: 'ünïcödé "quoted"' } },
    seed: 4_000_000_123,
    gm,
    status: 'running',
    settings: { phaseSeconds: 86_400, shortPhaseSeconds: 3600, press: 'grey' },
    paused: false,
    pausedRemaining: null,
    createdAt: T0,
    version: 0,
    ...over,
  };
}

function phase(gameId: string, over: Partial<Omit<PhaseRecord, 'id'>> = {}) {
  return {
    gameId,
    seq: 0,
    name: 'S1901M',
    state: STATE,
    status: 'open' as const,
    deadline: T0 + 86_400_000,
    openedAt: T0,
    processedAt: null,
    result: null,
    ...over,
  };
}

/** An account and a game it runs: most records hang off one. */
async function seedGame(
  tx: StoreTx,
  id = 'g1',
  over: Partial<GameRecord> = {},
): Promise<GameRecord> {
  const gm = account(900 + Number(id.replace(/\D/g, '') || '0'), `gm of ${id}`);
  if ((await tx.accountById(gm.id)) === undefined) await tx.insertAccount(gm);
  const g = game(id, gm.id, over);
  await tx.insertGame(g);
  return g;
}

/**
 * Games g1 (with a processed phase and an open one, F1901M, deadline T0 + 100, whose id it
 * answers) and g2; accounts acc-1, holding g1's seats fra and eng, and acc-2, holding none.
 */
async function seedTwoSeats(tx: StoreTx): Promise<PhaseId> {
  await seedGame(tx);
  await seedGame(tx, 'g2');
  for (const a of [account(1), account(2)]) await tx.insertAccount(a);
  for (const [playerId, name, power] of [
    ['fra', 'France', 'FRA'],
    ['eng', 'England', 'ENG'],
  ] as const)
    await tx.insertSeat({ gameId: 'g1', playerId, accountId: 'acc-1', name, powers: [power] });
  await tx.insertPhase(phase('g1', { status: 'processed' }));
  return tx.insertPhase(phase('g1', { seq: 1, name: 'F1901M', deadline: T0 + 100 }));
}

/** A promise and the function that resolves it. */
function gate(): { wait: Promise<void>; open: () => void } {
  let open = (): void => undefined;
  const wait = new Promise<void>((resolve) => (open = resolve));
  return { wait, open };
}

/** Resolves in the next turn of the event loop. */
function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** Whether `p` settles within `ms`. */
async function settlesWithin(p: Promise<unknown>, ms: number): Promise<boolean> {
  return Promise.race([
    p.then(
      () => true,
      () => true,
    ),
    sleep(ms).then(() => false),
  ]);
}

for (const backend of BACKENDS) {
  const suite = backend.skipped === undefined ? describe : describe.skip;

  suite(`GameStore contract on ${backend.name}`, () => {
    afterEach(() => backend.release());
    afterAll(() => backend.cleanup());

    // Tests that open one database twice (two stores, or a raw connection beside a store) exist
    // only where that is possible: an in-memory database lives inside its one connection, so
    // for it they are not registered at all rather than reported as skipped.
    const itTwice = backend.multiConnection ? it : (): void => undefined;

    async function fresh(): Promise<GameStore> {
      return backend.database().open();
    }

    describe('records', () => {
      it('keeps accounts and finds them by id, name and token hash', async () => {
        const store = await fresh();
        const a = account(1, 'Alice');
        const b = account(2, 'alice');
        await store.transaction(async (tx) => {
          await tx.insertAccount(a);
          await tx.insertAccount(b); // names compare case-sensitively
          await tx.insertToken({ tokenHash: 'ab'.repeat(32), accountId: a.id, createdAt: T0 });
        });
        await store.read(async (tx) => {
          expect(store.backend).toBe(backend.name.startsWith('SQLite') ? 'sqlite' : 'postgres');
          expect(await tx.accountById(a.id)).toEqual(a);
          expect(await tx.accountByName('Alice')).toEqual(a);
          expect(await tx.accountByName('alice')).toEqual(b);
          expect(await tx.accountByName('ALICE')).toBeUndefined();
          expect(await tx.accountByTokenHash('ab'.repeat(32))).toEqual(a);
          expect(await tx.accountByTokenHash('cd'.repeat(32))).toBeUndefined();
          expect(await tx.accountById('nobody')).toBeUndefined();
        });
      });

      it('refuses a second account with a taken name, and rolls back the transaction', async () => {
        const store = await fresh();
        await store.transaction((tx) => tx.insertAccount(account(1, 'Alice')));
        const attempt = store.transaction(async (tx) => {
          await tx.insertAccount(account(2, 'Bob'));
          await tx.insertAccount(account(3, 'Alice'));
        });
        await expect(attempt).rejects.toThrow(DuplicateRecordError);
        await expect(attempt).rejects.toMatchObject({ code: 'store/duplicate' });
        await expect(attempt).rejects.toThrow(/insertAccount/);
        await store.read(async (tx) => {
          expect(await tx.accountByName('Bob')).toBeUndefined();
          expect((await tx.accountByName('Alice'))?.id).toBe('acc-1');
        });
      });

      it('keeps games with their JSON options and settings, and seats', async () => {
        const store = await fresh();
        const paused = game('g2', 'acc-1', {
          paused: true,
          pausedRemaining: 3_599_999,
          status: 'forming',
          settings: { phaseSeconds: 60, press: 'none' },
          options: {},
        });
        const seats: SeatRecord[] = [
          { gameId: 'g1', playerId: 'p-eng', accountId: 'acc-1', name: 'England', powers: ['ENG'] },
          { gameId: 'g1', playerId: 'p-aus', accountId: null, name: 'Austria', powers: [] },
          {
            gameId: 'g1',
            playerId: 'p-two',
            accountId: 'acc-2',
            name: 'Two',
            powers: ['FRA', 'GER'],
          },
        ];
        await store.transaction(async (tx) => {
          await tx.insertAccount(account(1));
          await tx.insertAccount(account(2));
          await tx.insertGame(game('g1', 'acc-1'));
          await tx.insertGame(paused);
          for (const s of seats) await tx.insertSeat(s);
        });
        await store.read(async (tx) => {
          expect(await tx.game('g1')).toEqual(game('g1', 'acc-1'));
          expect(await tx.game('g2')).toEqual(paused);
          expect(await tx.game('g3')).toBeUndefined();
          expect(await tx.seats('g1')).toEqual(
            [...seats].sort((x, y) => x.playerId.localeCompare(y.playerId)),
          );
          expect(await tx.seats('g2')).toEqual([]);
          // One account may hold two seats of a game: the first by player id is its seat.
          expect(await tx.seatOf('g1', 'acc-1')).toEqual(seats[0]);
          expect(await tx.seatOf('g1', 'acc-2')).toEqual(seats[2]);
          expect(await tx.seatOf('g2', 'acc-1')).toBeUndefined();
          expect(await tx.seatOf('g1', 'acc-3')).toBeUndefined();
        });
        const taken = {
          gameId: 'g1',
          playerId: 'p-aus',
          accountId: 'acc-2',
          name: 'A',
          powers: ['AUS'],
        };
        await store.transaction((tx) => tx.updateSeat(taken));
        await store.read(async (tx) => {
          expect((await tx.seats('g1')).find((s) => s.playerId === 'p-aus')).toEqual(taken);
          // acc-2 now holds p-aus and p-two: p-aus comes first.
          expect(await tx.seatOf('g1', 'acc-2')).toEqual(taken);
        });
        await expect(
          store.transaction((tx) => tx.updateSeat({ ...taken, playerId: 'p-nobody' })),
        ).rejects.toThrow('store.updateSeat: no seat for player "p-nobody" in game "g1"');
        await expect(store.transaction((tx) => tx.insertSeat(seats[0]!))).rejects.toThrow(
          DuplicateRecordError,
        );
        const vacated = { ...taken, accountId: null, missed: 3, civilDisorder: true };
        await store.transaction((tx) => tx.updateSeat(vacated));
        await store.read(async (tx) => {
          expect((await tx.seats('g1')).find((s) => s.playerId === 'p-aus')).toEqual(vacated);
        });
        await store.transaction((tx) => tx.deleteSeat('g1', 'p-aus'));
        await store.read(async (tx) => {
          expect((await tx.seats('g1')).map((s) => s.playerId)).not.toContain('p-aus');
        });
        await expect(store.transaction((tx) => tx.deleteSeat('g1', 'p-aus'))).rejects.toThrow(
          'store.deleteSeat: no seat for player "p-aus" in game "g1"',
        );
      });

      it('keeps a phase with a real variant state and its result', async () => {
        const store = await fresh();
        const deviant = variantState('deviant2', 99);
        const result = {
          report: { outcomes: [{ result: 'succeeds', reason: 'moved', nested: [1, [2, null]] }] },
          orders: ['A Par-Bur'],
        };
        const id = await store.transaction(async (tx) => {
          await seedGame(tx);
          return tx.insertPhase(phase('g1', { state: deviant, deadline: null }));
        });
        expect(await store.read((tx) => tx.phase(id))).toEqual({
          id,
          ...phase('g1', { state: deviant, deadline: null }),
        });
        await store.transaction((tx) =>
          tx.updatePhase(id, { status: 'processed', processedAt: T0 + 5, result }),
        );
        const after = await store.read((tx) => tx.phase(id));
        expect(after).toEqual({
          id,
          ...phase('g1', { state: deviant, deadline: null }),
          status: 'processed',
          processedAt: T0 + 5,
          result,
        });
        // The state survives the trip whole: same keys, values and array orders.
        expect(after?.state).toStrictEqual(deviant);
        await store.transaction((tx) => tx.updatePhase(id, { deadline: T0 + 1, result: null }));
        expect(await store.read((tx) => tx.phase(id))).toMatchObject({
          deadline: T0 + 1,
          result: null,
          status: 'processed',
          processedAt: T0 + 5,
        });
        await expect(
          store.transaction((tx) => tx.updatePhase(id + 1000, { status: 'open' })),
        ).rejects.toThrow(`store.updatePhase: no phase ${String(id + 1000)}`);
        expect(await store.read((tx) => tx.phase(id + 1000))).toBeUndefined();
      });

      it('writes a phase’s state when asked (a ruling), leaving the rest as it was', async () => {
        const store = await fresh();
        const before = variantState('deviant2', 99);
        const after = variantState('deviant2', 100);
        const id = await store.transaction(async (tx) => {
          await seedGame(tx);
          return tx.insertPhase(phase('g1', { state: before }));
        });
        await store.transaction((tx) => tx.updatePhase(id, { state: after }));
        expect(await store.read((tx) => tx.phase(id))).toEqual({
          id,
          ...phase('g1', { state: after }),
        });
      });

      it('reads a phase’s state and result as stored every time: a change made to one read reaches no other', async () => {
        const store = await fresh();
        const result = { orders: ['A Par-Bur'], report: { outcomes: [{ moved: true }] } };
        const id = await store.transaction(async (tx) => {
          await seedGame(tx);
          return tx.insertPhase(phase('g1', { result }));
        });
        const first = await store.read((tx) => tx.phase(id));
        try {
          // A read may share its state with later reads (SQLite keeps parsed states), frozen.
          (first!.state as { phase: unknown }).phase = 'changed';
          (first!.state.units as unknown[]).length = 0;
        } catch (e) {
          expect(e).toBeInstanceOf(TypeError);
        }
        const read = first!.result as typeof result;
        for (const change of [
          () => read.orders.push('A Mar-Spa'),
          () => (read.report.outcomes[0]!.moved = false),
          () => ((read as { extra?: number }).extra = 1),
        ]) {
          // And its result (SQLite keeps parsed results too).
          try {
            change();
          } catch (e) {
            expect(e).toBeInstanceOf(TypeError);
          }
        }
        expect((await store.read((tx) => tx.openPhase('g1')))?.state).toEqual(STATE);
        expect((await store.read((tx) => tx.phases('g1', { latest: 1 })))[0]?.result).toEqual(
          result,
        );
        const locked = await store.transaction((tx) => tx.phase(id, { forUpdate: true }));
        expect(locked?.state).toEqual(STATE);
        expect(locked?.result).toEqual(result);
      });

      it('keeps draw and concession proposals, their votes and their outcome', async () => {
        const store = await fresh();
        const proposal = {
          gameId: 'g1',
          kind: 'draw' as const,
          proposer: 'aus',
          members: ['AUS', 'ENG'],
          voters: ['aus', 'eng', 'fra'],
          votes: { aus: true },
          status: 'open' as const,
          createdAt: T0,
          closedAt: null,
        };
        const { id, phaseId } = await store.transaction(async (tx) => {
          await seedGame(tx);
          const phaseId = await tx.insertPhase(phase('g1'));
          return { id: await tx.insertEndProposal({ ...proposal, phaseId }), phaseId };
        });
        expect(await store.read((tx) => tx.endProposals('g1'))).toEqual([
          { id, phaseId, ...proposal },
        ]);
        await store.transaction((tx) =>
          tx.updateEndProposal(id, {
            votes: { aus: true, eng: false },
            status: 'refused',
            closedAt: T0 + 9,
          }),
        );
        expect(await store.read((tx) => tx.endProposals('g1'))).toEqual([
          {
            id,
            phaseId,
            ...proposal,
            votes: { aus: true, eng: false },
            status: 'refused',
            closedAt: T0 + 9,
          },
        ]);
        expect(await store.read((tx) => tx.endProposals('other'))).toEqual([]);
        await expect(
          store.transaction((tx) => tx.updateEndProposal(id + 1000, { status: 'accepted' })),
        ).rejects.toThrow(`store.updateEndProposal: no proposal ${String(id + 1000)}`);
      });

      it('keeps readiness as one row per player, the latest setting', async () => {
        const store = await fresh();
        const id = await store.transaction(async (tx) => {
          await seedGame(tx);
          const p = await tx.insertPhase(phase('g1'));
          await tx.setReady({ phaseId: p, playerId: 'p2', ready: true, updatedAt: T0 + 1 });
          await tx.setReady({ phaseId: p, playerId: 'p1', ready: true, updatedAt: T0 + 2 });
          return p;
        });
        await store.transaction((tx) =>
          tx.setReady({ phaseId: id, playerId: 'p2', ready: false, updatedAt: T0 + 3 }),
        );
        expect(await store.read((tx) => tx.readiness(id))).toEqual([
          { phaseId: id, playerId: 'p1', ready: true, updatedAt: T0 + 2 },
          { phaseId: id, playerId: 'p2', ready: false, updatedAt: T0 + 3 },
        ]);
      });

      it('sets readiness and logs it at once, as setReady and appendEvent would, answering the readiness', async () => {
        const store = await fresh();
        const [p, other] = await store.transaction(async (tx) => {
          await seedGame(tx);
          return [await tx.insertPhase(phase('g1')), await tx.insertPhase(phase('g1', { seq: 1 }))];
        });
        // Others' rows in the phase (one before p1, one after) and one in another phase.
        const others = [
          { phaseId: p, playerId: 'p0', ready: true, updatedAt: T0 },
          { phaseId: p, playerId: 'p2', ready: false, updatedAt: T0 },
        ];
        await store.transaction(async (tx) => {
          for (const r of others) await tx.setReady(r);
          await tx.setReady({ phaseId: other, playerId: 'p1', ready: true, updatedAt: T0 });
        });
        const say = (ready: boolean, at: number, gameId = 'g1') =>
          store.transaction((tx) =>
            tx.setReadyLogged({ phaseId: p, playerId: 'p1', ready, updatedAt: at }, gameId),
          );
        const p1 = (ready: boolean, at: number) => ({
          phaseId: p,
          playerId: 'p1',
          ready,
          updatedAt: at,
        });
        expect(await say(true, T0 + 1)).toEqual([others[0], p1(true, T0 + 1), others[1]]);
        const answered = await say(false, T0 + 2);
        expect(answered).toEqual([others[0], p1(false, T0 + 2), others[1]]);
        expect(await store.read((tx) => tx.readiness(p))).toEqual(answered);
        const logged = async () =>
          (await store.read((tx) => tx.events('g1'))).map((e) => ({ ...e, id: 0 }));
        expect(await logged()).toEqual(
          [true, false].map((ready, i) => ({
            id: 0,
            gameId: 'g1',
            type: 'ready/set',
            data: { player: 'p1', phaseId: p, ready },
            at: T0 + 1 + i,
          })),
        );
        // A game that is not there: refused, and nothing of it kept.
        await expect(say(true, T0 + 3, 'nope')).rejects.toThrow();
        expect(await store.read((tx) => tx.readiness(p))).toEqual(answered);
        expect(await logged()).toHaveLength(2);
      });
    });

    describe('games', () => {
      it('updates a game only from its current version, bumping it', async () => {
        const store = await fresh();
        const g = await store.transaction((tx) => seedGame(tx));
        const renamed = { ...g, name: 'Renamed', paused: true, pausedRemaining: 10 };
        expect(await store.transaction((tx) => tx.updateGame(renamed))).toBe(true);
        expect(await store.read((tx) => tx.game('g1'))).toEqual({ ...renamed, version: 1 });

        // A copy read before that update is stale: refused, and nothing changes.
        const stale = { ...g, name: 'Stale', status: 'finished' as const };
        expect(await store.transaction((tx) => tx.updateGame(stale))).toBe(false);
        expect(await store.read((tx) => tx.game('g1'))).toEqual({ ...renamed, version: 1 });

        expect(await store.transaction((tx) => tx.updateGame({ ...g, id: 'nope' }))).toBe(false);
      });

      it('lists games newest first, by account (gamesmaster or seated), with a limit', async () => {
        const store = await fresh();
        await store.transaction(async (tx) => {
          await tx.insertAccount(account(1));
          await tx.insertAccount(account(2));
          await tx.insertAccount(account(3));
          await tx.insertGame(game('old', 'acc-1', { createdAt: T0 }));
          await tx.insertGame(game('mid', 'acc-2', { createdAt: T0 + 10 }));
          await tx.insertGame(game('new', 'acc-2', { createdAt: T0 + 20 }));
          await tx.insertSeat({
            gameId: 'mid',
            playerId: 'p1',
            accountId: 'acc-1',
            name: 'P',
            powers: ['ENG'],
          });
        });
        const ids = (gs: GameRecord[]) => gs.map((g) => g.id);
        await store.read(async (tx) => {
          expect(ids(await tx.listGames())).toEqual(['new', 'mid', 'old']);
          expect(ids(await tx.listGames({ limit: 2 }))).toEqual(['new', 'mid']);
          expect(ids(await tx.listGames({ accountId: 'acc-1' }))).toEqual(['mid', 'old']);
          expect(ids(await tx.listGames({ accountId: 'acc-2', limit: 1 }))).toEqual(['new']);
          expect(ids(await tx.listGames({ accountId: 'acc-3' }))).toEqual([]);
        });
      });
    });

    describe('phases', () => {
      it('lists a game’s phases by seq then id, rolled-back ones only when asked', async () => {
        const store = await fresh();
        const ids = await store.transaction(async (tx) => {
          await seedGame(tx, 'g1');
          await seedGame(tx, 'g2');
          const s1 = await tx.insertPhase(
            phase('g1', { seq: 1, name: 'F1901M', status: 'processed' }),
          );
          const s0 = await tx.insertPhase(phase('g1', { seq: 0, status: 'processed' }));
          const s1b = await tx.insertPhase(
            phase('g1', { seq: 1, name: 'F1901M', status: 'rolled-back' }),
          );
          const s1c = await tx.insertPhase(phase('g1', { seq: 1, name: 'F1901M' }));
          await tx.insertPhase(phase('g2'));
          return { s0, s1, s1b, s1c };
        });
        await store.read(async (tx) => {
          const seen = (ps: PhaseRecord[]) => ps.map((p) => p.id);
          expect(seen(await tx.phases('g1'))).toEqual([ids.s0, ids.s1, ids.s1c]);
          expect(seen(await tx.phases('g1', { includeRolledBack: true }))).toEqual([
            ids.s0,
            ids.s1,
            ids.s1b,
            ids.s1c,
          ]);
          expect(seen(await tx.phases('g1', { latest: 2 }))).toEqual([ids.s1, ids.s1c]);
          expect(seen(await tx.phases('g1', { latest: 3, includeRolledBack: true }))).toEqual([
            ids.s1,
            ids.s1b,
            ids.s1c,
          ]);
          expect(seen(await tx.phases('g1', { latest: 10 }))).toEqual([ids.s0, ids.s1, ids.s1c]);
          expect(seen(await tx.phases('g1', { latest: 0 }))).toEqual([]);
          expect((await tx.openPhase('g1'))?.id).toBe(ids.s1c);
          expect(await tx.openPhase('g3')).toBeUndefined();
        });
      });

      it("shares one frozen copy of a phase's state and result between reads", async () => {
        const store = await fresh();
        const id = await store.transaction(async (tx) => {
          await seedGame(tx, 'g1');
          return tx.insertPhase(phase('g1', { result: { resolved: ['A Par H'] } }));
        });
        const [a, b] = [
          await store.read((tx) => tx.phase(id)),
          await store.transaction((tx) => tx.openPhase('g1')),
        ];
        expect(a?.state).toEqual(STATE);
        expect(b?.state).toBe(a?.state);
        expect(b?.result).toBe(a?.result);
        expect(Object.isFrozen(a?.state)).toBe(true);
        expect(Object.isFrozen(a?.result)).toBe(true);
        const changed = { ...STATE, phase: { ...STATE.phase, year: 1999 } };
        await store.transaction((tx) => tx.updatePhase(id, { state: changed }));
        const c = await store.read((tx) => tx.phase(id));
        expect(c?.state).toEqual(changed);
        expect(c?.state).not.toBe(a?.state);
      });

      it("never serves a phase's state that a rolled-back transaction wrote", async () => {
        const store = await fresh();
        const kept = await store.transaction(async (tx) => {
          await seedGame(tx, 'g1');
          return tx.insertPhase(phase('g1', { status: 'processed' }));
        });
        const year = (y: number) => ({ ...STATE, phase: { ...STATE.phase, year: y } });
        const undone = (fn: (tx: StoreTx) => Promise<void>) =>
          expect(
            store.transaction(async (tx) => {
              await fn(tx);
              throw new Error('changed my mind');
            }),
          ).rejects.toThrow('changed my mind');
        await undone(async (tx) => {
          const id = await tx.insertPhase(phase('g1', { seq: 1, state: year(1950) }));
          expect((await tx.phase(id))?.state).toEqual(year(1950));
        });
        await undone(async (tx) => {
          await tx.updatePhase(kept, { state: year(1960) });
          expect((await tx.phase(kept))?.state).toEqual(year(1960));
        });
        // SQLite may give the next phase the id of the one undone; its own state must come
        // back. And the kept phase's next revision is not the undone one.
        const id = await store.transaction((tx) => tx.insertPhase(phase('g1', { seq: 1 })));
        await store.transaction((tx) => tx.updatePhase(kept, { state: year(1970) }));
        for (const read of [
          (i: number) => store.read((tx) => tx.phase(i)),
          (i: number) => store.transaction((tx) => tx.phase(i)),
        ]) {
          expect((await read(id))?.state).toEqual(STATE);
          expect((await read(kept))?.state).toEqual(year(1970));
        }
      });

      it('reads the open phase and the seat an account holds in one go', async () => {
        const store = await fresh();
        const seats: SeatRecord[] = [
          { gameId: 'g1', playerId: 'p-b', accountId: 'acc-1', name: 'B', powers: ['FRA'] },
          { gameId: 'g1', playerId: 'p-a', accountId: 'acc-1', name: 'A', powers: ['ENG'] },
          { gameId: 'g1', playerId: 'p-c', accountId: null, name: 'C', powers: [] },
          { gameId: 'g2', playerId: 'p-d', accountId: 'acc-2', name: 'D', powers: ['GER'] },
        ];
        const ids = await store.transaction(async (tx) => {
          await seedGame(tx, 'g1');
          await seedGame(tx, 'g2');
          await seedGame(tx, 'g3');
          for (const a of [account(1), account(2)]) await tx.insertAccount(a);
          for (const seat of seats) await tx.insertSeat(seat);
          await tx.updateSeat({ ...seats[3]!, missed: 2, civilDisorder: true });
          await tx.insertPhase(phase('g1', { status: 'processed' }));
          return {
            g1: await tx.insertPhase(phase('g1', { seq: 1, name: 'F1901M' })),
            g2: await tx.insertPhase(phase('g2')),
          };
        });
        for (const lock of [undefined, 'update', 'share'] as const) {
          const inTx = await store.transaction(async (tx) => [
            await tx.openPhaseAndSeat('g1', 'acc-1', lock === undefined ? {} : { lock }),
            await tx.openPhaseAndSeat('g2', 'acc-2', lock === undefined ? {} : { lock }),
            await tx.openPhaseAndSeat('g1', 'acc-2', lock === undefined ? {} : { lock }),
            await tx.openPhaseAndSeat('g3', 'acc-1', lock === undefined ? {} : { lock }),
          ]);
          const [both, disorder, noSeat, noPhase] = inTx;
          const open = await store.read((tx) => tx.openPhase('g1'));
          expect(both?.phase).toEqual(open);
          expect(both?.phase?.id).toBe(ids.g1);
          // Two seats of one account: the first by player id, as seatOf finds it.
          expect(both?.seat).toEqual(seats[1]);
          expect(disorder?.phase?.id).toBe(ids.g2);
          expect(disorder?.seat).toEqual({ ...seats[3], missed: 2, civilDisorder: true });
          expect(noSeat).toEqual({ phase: open });
          expect(noPhase).toEqual({});
        }
        expect(await store.read((tx) => tx.openPhaseAndSeat('g1', 'acc-1'))).toEqual({
          phase: await store.read((tx) => tx.openPhase('g1')),
          seat: seats[1],
        });
        // With the seat's sheets to the open phase, in order: none yet, then theirs only.
        const withSheets = (gameId: string, accountId: string) =>
          store.read((tx) => tx.openPhaseAndSeat(gameId, accountId, { sheets: true }));
        expect((await withSheets('g1', 'acc-1')).sheets).toEqual([]);
        await store.transaction(async (tx) => {
          let t = T0;
          for (const [phaseId, playerId] of [
            [ids.g1, 'p-a'],
            [ids.g1, 'p-b'],
            [ids.g1, 'p-a'],
            [ids.g2, 'p-d'],
          ] as const)
            await tx.insertSubmission({
              phaseId,
              playerId,
              text: `${playerId} ${t}`,
              createdAt: ++t,
            });
        });
        const mine = await store.read((tx) => tx.submissions(ids.g1, { playerId: 'p-a' }));
        expect(mine).toHaveLength(2);
        expect(await withSheets('g1', 'acc-1')).toEqual({
          phase: await store.read((tx) => tx.openPhase('g1')),
          seat: seats[1],
          sheets: mine,
        });
        // No seat, or no open phase: no sheets.
        expect((await withSheets('g1', 'acc-2')).sheets).toBeUndefined();
        expect(await withSheets('g3', 'acc-1')).toEqual({});
      });

      it('reads a game and its play in one go, as the reads one by one would', async () => {
        const store = await fresh();
        const seats: SeatRecord[] = [
          { gameId: 'g1', playerId: 'p-b', accountId: 'acc-1', name: 'B', powers: ['FRA'] },
          { gameId: 'g1', playerId: 'p-a', accountId: 'acc-1', name: 'A', powers: ['ENG'] },
          {
            gameId: 'g1',
            playerId: 'p-c',
            accountId: 'acc-2',
            name: 'C',
            powers: ['GER', 'AUS'],
            missed: 2,
            civilDisorder: true,
          },
        ];
        const open = await store.transaction(async (tx) => {
          await seedGame(tx, 'g1');
          await seedGame(tx, 'g2', { status: 'forming' });
          await seedGame(tx, 'g3');
          for (const a of [account(1), account(2), account(3)]) await tx.insertAccount(a);
          for (const seat of seats) await tx.insertSeat(seat);
          await tx.insertPhase(phase('g1', { status: 'processed' }));
          await tx.insertPhase(phase('g1', { seq: 1, name: 'F1901M', status: 'processed' }));
          await tx.insertPhase(phase('g1', { seq: 2, name: 'W1901A', status: 'rolled-back' }));
          const id = await tx.insertPhase(phase('g1', { seq: 2, name: 'W1901A' }));
          await tx.insertPhase(phase('g3', { status: 'processed' }));
          let t = T0;
          for (const player of ['p-a', 'p-c', 'p-a', 'p-b'])
            await tx.insertSubmission({
              phaseId: id,
              playerId: player,
              text: player,
              createdAt: ++t,
            });
          await tx.setReady({ phaseId: id, playerId: 'p-c', ready: true, updatedAt: T0 });
          await tx.setReady({ phaseId: id, playerId: 'p-a', ready: false, updatedAt: T0 + 1 });
          return id;
        });
        const oneByOne = (gameId: string, accountId?: string) =>
          store.read(async (tx) => {
            const game = await tx.game(gameId);
            if (game === undefined) return undefined;
            const latest = await tx.phases(gameId, { latest: 2 });
            const o = await tx.openPhase(gameId);
            if (o === undefined) return { game, latest };
            const seat = accountId === undefined ? undefined : await tx.seatOf(gameId, accountId);
            const readiness = await tx.readiness(o.id);
            if (seat === undefined)
              return { game, latest, open: { id: o.id, readiness, submissions: [] } };
            const submissions = await tx.submissions(o.id, { playerId: seat.playerId });
            return {
              game,
              latest,
              open: { id: o.id, readiness, player: seat.playerId, submissions },
            };
          });
        const cases: [string, string | undefined][] = [
          ['g1', 'acc-1'],
          ['g1', 'acc-2'],
          ['g1', 'acc-3'],
          ['g1', undefined],
          ['g2', 'acc-1'],
          ['g3', 'acc-1'],
          ['none', 'acc-1'],
        ];
        for (const [gameId, accountId] of cases) {
          const expected = await oneByOne(gameId, accountId);
          // The caller holds the seats of the game's version, or does not ask for them: they are
          // not read.
          const together = await store.read((tx) =>
            tx.gameAndPlay(gameId, accountId, { seats: { unlessVersion: expected?.game.version } }),
          );
          expect(together, `${gameId} for ${String(accountId)}`).toEqual(expected);
          // Another version, or none: on PostgreSQL the seats come along, as `seats` reads them.
          const seats = await store.read((tx) => tx.seats(gameId));
          expect(await store.read((tx) => tx.gameAndPlay(gameId, accountId))).toEqual(expected);
          const other = (expected?.game.version ?? 0) + 1;
          for (const opts of [{ seats: {} }, { seats: { unlessVersion: other } }]) {
            const withSeats = await store.read((tx) => tx.gameAndPlay(gameId, accountId, opts));
            expect(withSeats, `${gameId} for ${String(accountId)}, seats`).toEqual(
              expected === undefined || store.backend !== 'postgres'
                ? expected
                : { ...expected, seats },
            );
          }
        }
        // What the first case holds, spelled out: the last two phases not rolled back, and the
        // first seat by player id (p-a) with its two sheets.
        const g1 = await store.read((tx) => tx.gameAndPlay('g1', 'acc-1'));
        expect(g1?.latest.map((p) => [p.name, p.status])).toEqual([
          ['F1901M', 'processed'],
          ['W1901A', 'open'],
        ]);
        expect(g1?.open?.id).toBe(open);
        expect(g1?.open?.player).toBe('p-a');
        expect(g1?.open?.submissions.map((x) => x.text)).toEqual(['p-a', 'p-a']);
        expect(g1?.open?.readiness.map((r) => [r.playerId, r.ready])).toEqual([
          ['p-a', false],
          ['p-c', true],
        ]);
      });

      it('finds due phases: open, deadline passed, game not paused, oldest deadline first', async () => {
        const store = await fresh();
        const now = T0 + 1000;
        const ids = await store.transaction(async (tx) => {
          await seedGame(tx, 'g1');
          await seedGame(tx, 'g2');
          await seedGame(tx, 'g3', { paused: true, pausedRemaining: 500 });
          return {
            late: await tx.insertPhase(phase('g1', { deadline: now })), // at `now`: due
            early: await tx.insertPhase(phase('g2', { deadline: now - 500 })),
            future: await tx.insertPhase(phase('g1', { seq: 1, deadline: now + 1 })),
            paused: await tx.insertPhase(phase('g3', { deadline: now - 900 })),
            done: await tx.insertPhase(phase('g2', { seq: 1, status: 'processed', deadline: 1 })),
            gone: await tx.insertPhase(phase('g2', { seq: 2, status: 'rolled-back', deadline: 1 })),
            noDeadline: await tx.insertPhase(phase('g2', { seq: 3, deadline: null })),
          };
        });
        const due = (limit: number) =>
          store.read(async (tx) => (await tx.duePhases(now, limit)).map((p) => p.id));
        expect(await due(10)).toEqual([ids.early, ids.late]);
        expect(await due(1)).toEqual([ids.early]);
        // The same query inside a transaction (where PostgreSQL locks what it returns).
        expect(
          await store.transaction(async (tx) => (await tx.duePhases(now, 10)).map((p) => p.id)),
        ).toEqual([ids.early, ids.late]);
        // Unpausing the game makes its overdue phase the first due.
        await store.transaction(async (tx) => {
          const g = (await tx.game('g3'))!;
          expect(await tx.updateGame({ ...g, paused: false, pausedRemaining: null })).toBe(true);
        });
        expect(await due(10)).toEqual([ids.paused, ids.early, ids.late]);
      });
    });

    describe('submissions', () => {
      async function withPhase(store: GameStore): Promise<number> {
        return store.transaction(async (tx) => {
          await seedGame(tx);
          return tx.insertPhase(phase('g1'));
        });
      }

      it('keeps every submission in order received, never overwriting one', async () => {
        const store = await fresh();
        const p = await withPhase(store);
        const sent = [
          { playerId: 'eng', text: 'F Lon-NTH', createdAt: T0 + 30 },
          { playerId: 'fra', text: 'A Par-Bur', createdAt: T0 + 10 },
          { playerId: 'eng', text: 'F Lon-ENG', createdAt: T0 + 20 },
        ];
        const ids: number[] = [];
        for (const s of sent) {
          ids.push(await store.transaction((tx) => tx.insertSubmission({ phaseId: p, ...s })));
        }
        expect(ids[1]).toBeGreaterThan(ids[0]!);
        expect(ids[2]).toBeGreaterThan(ids[1]!);
        const all = sent.map((s, i) => ({ id: ids[i]!, phaseId: p, ...s }));
        await store.read(async (tx) => {
          expect(await tx.submissions(p)).toEqual(all);
          expect(await tx.submissions(p, { playerId: 'eng' })).toEqual([all[0], all[2]]);
          expect(await tx.submissions(p, { playerId: 'ger' })).toEqual([]);
        });
      });

      it('stores a submission and its event at once, as insertSubmission and appendEvent would', async () => {
        const store = await fresh();
        const p = await withPhase(store);
        const sent = { phaseId: p, playerId: 'eng', text: 'F Lon-NTH\nA Lvp H', createdAt: T0 + 5 };
        const id = await store.transaction((tx) =>
          tx.insertSubmissionLogged(sent, { gameId: 'g1', type: 'orders/submitted' }),
        );
        await store.read(async (tx) => {
          expect(await tx.submissions(p)).toEqual([{ id, ...sent }]);
          const events = (await tx.events('g1')).map((e) => ({ ...e, id: 0 }));
          expect(events).toEqual([
            {
              id: 0,
              gameId: 'g1',
              type: 'orders/submitted',
              data: { submissionId: id, player: 'eng', phaseId: p },
              at: T0 + 5,
            },
          ]);
        });
        // A game that is not there: refused, and nothing of it kept.
        await expect(
          store.transaction((tx) =>
            tx.insertSubmissionLogged(sent, { gameId: 'nope', type: 'orders/submitted' }),
          ),
        ).rejects.toThrow();
        expect(await store.read((tx) => tx.submissions(p))).toHaveLength(1);
      });

      it('stores a sheet at once in the open phase for the caller’s seat, before its deadline', async () => {
        const store = await fresh();
        const p = await store.transaction(seedTwoSeats);
        const submit = (
          createdAt: number,
          accountId = 'acc-1',
          gameId = 'g1',
          variants = ['standard', 'fiascomacy'],
        ) =>
          store.single((tx) =>
            tx.submitToOpenPhase(
              gameId,
              accountId,
              { text: `A Lvp H ${String(createdAt)}`, createdAt },
              { type: 'orders/submitted', variants },
            ),
          );
        const stored = async () =>
          store.read(async (tx) => ({
            texts: (await tx.submissions(p)).map((x) => [x.playerId, x.text]),
            events: (await tx.events('g1')).map((e) => e.data),
          }));

        const first = await submit(T0 + 5);
        const open = await store.read((tx) => tx.openPhase('g1'));
        // The open phase as read, and the first seat of the account by player id.
        expect(first).toEqual({
          submissionId: expect.any(Number) as unknown,
          phase: open,
          playerId: 'eng',
        });
        expect(await stored()).toEqual({
          texts: [['eng', 'A Lvp H 1700000000005']],
          events: [{ submissionId: first!.submissionId, player: 'eng', phaseId: p }],
        });
        // The deadline (T0 + 100) is the last moment that takes a sheet.
        const atDeadline = await submit(T0 + 100);
        expect(atDeadline?.phase).toEqual(open);
        // The state is the one the store already held (PostgreSQL left it out of the answer).
        expect(atDeadline?.phase.state).toBe(first?.phase.state);
        expect(await submit(T0 + 101)).toBeUndefined();
        // No seat, or no game: nothing.
        expect(await submit(T0 + 6, 'acc-2')).toBeUndefined();
        expect(await submit(T0 + 6, 'acc-1', 'g2')).toBeUndefined();
        expect(await submit(T0 + 6, 'acc-1', 'none')).toBeUndefined();
        // A game of a variant the caller does not play (g1 is fiascomacy): nothing.
        expect(await submit(T0 + 6, 'acc-1', 'g1', ['standard'])).toBeUndefined();
        // The phase's state was rewritten (a ruling): the sheet is read against the new one.
        const ruled = variantState('fiascomacy', 8);
        await store.transaction((tx) => tx.updatePhase(p, { state: ruled }));
        expect((await submit(T0 + 9))?.phase.state).toEqual(ruled);
        // Processed: closed to sheets.
        await store.transaction((tx) =>
          tx.updatePhase(p, { status: 'processed', processedAt: T0 + 50 }),
        );
        expect(await submit(T0 + 10)).toBeUndefined();
        const after = await stored();
        expect(after.texts).toEqual([
          ['eng', 'A Lvp H 1700000000005'],
          ['eng', 'A Lvp H 1700000000100'],
          ['eng', 'A Lvp H 1700000000009'],
        ]);
        expect(after.events).toHaveLength(3);
      });

      it('stores a readiness at once in the open phase for the caller’s seat, before its deadline', async () => {
        const store = await fresh();
        const p = await store.transaction(seedTwoSeats);
        const say = (
          ready: boolean,
          updatedAt: number,
          accountId = 'acc-1',
          gameId = 'g1',
          variants = ['standard', 'fiascomacy'],
        ) =>
          store.single((tx) =>
            tx.readyInOpenPhase(gameId, accountId, { ready, updatedAt }, { variants }),
          );
        const stored = async () =>
          store.read(async (tx) => ({
            readiness: await tx.readiness(p),
            events: (await tx.events('g1')).map((e) => [e.type, e.data, e.at]),
          }));

        const first = await say(true, T0 + 5);
        const game = await store.read((tx) => tx.game('g1'));
        const open = await store.read((tx) => tx.openPhase('g1'));
        // The open phase as read, the first seat of the account by player id, the game's
        // version and pause.
        const readiness = [{ phaseId: p, playerId: 'eng', ready: true, updatedAt: T0 + 5 }];
        expect(first).toEqual({
          phase: open,
          playerId: 'eng',
          gameVersion: game!.version,
          paused: game!.paused,
          // SQLite's transaction holds the write lock, so it vouches for the readiness it read;
          // PostgreSQL's statement cannot (its snapshot predates the locks it waited for).
          ...(store.backend === 'postgres' ? {} : { readiness }),
        });
        expect(await stored()).toEqual({
          readiness,
          events: [['ready/set', { player: 'eng', phaseId: p, ready: true }, T0 + 5]],
        });
        // The deadline (T0 + 100) is the last moment that takes it; saying "not ready" too.
        const atDeadline = await say(false, T0 + 100);
        expect(atDeadline?.phase).toEqual(open);
        // The state is the one the store already held (PostgreSQL left it out of the answer).
        expect(atDeadline?.phase.state).toBe(first?.phase.state);
        expect(await say(true, T0 + 101)).toBeUndefined();
        // No seat, or no game, or a variant the caller does not play (g1 is fiascomacy): nothing.
        expect(await say(true, T0 + 6, 'acc-2')).toBeUndefined();
        expect(await say(true, T0 + 6, 'acc-1', 'g2')).toBeUndefined();
        expect(await say(true, T0 + 6, 'acc-1', 'none')).toBeUndefined();
        expect(await say(true, T0 + 6, 'acc-1', 'g1', ['standard'])).toBeUndefined();
        // A paused game still takes it, and says so.
        expect(await store.transaction((tx) => tx.updateGame({ ...game!, paused: true }))).toBe(
          true,
        );
        expect(await say(true, T0 + 7)).toMatchObject({
          paused: true,
          gameVersion: game!.version + 1,
        });
        // Processed: closed.
        await store.transaction((tx) =>
          tx.updatePhase(p, { status: 'processed', processedAt: T0 + 50 }),
        );
        expect(await say(false, T0 + 10)).toBeUndefined();
        const after = await stored();
        expect(after.readiness).toEqual([
          { phaseId: p, playerId: 'eng', ready: true, updatedAt: T0 + 7 },
        ]);
        expect(after.events.map(([, data, at]) => [data, at])).toEqual([
          [{ player: 'eng', phaseId: p, ready: true }, T0 + 5],
          [{ player: 'eng', phaseId: p, ready: false }, T0 + 100],
          [{ player: 'eng', phaseId: p, ready: true }, T0 + 7],
        ]);
      });

      it('runs single() as one statement: PostgreSQL refuses a second before sending it; SQLite runs a transaction', async () => {
        const store = await fresh();
        const two = store.single(async (tx) => {
          await tx.insertAccount(account(1));
          await tx.insertAccount(account(2));
        });
        const kept = async () =>
          [
            await store.read((tx) => tx.accountById('acc-1')),
            await store.read((tx) => tx.accountById('acc-2')),
          ].map((a) => a?.id);
        if (store.backend === 'postgres') {
          await expect(two).rejects.toThrow('store.single: a second statement');
          // The first committed on its own, as a statement outside BEGIN does.
          expect(await kept()).toEqual(['acc-1', undefined]);
        } else {
          await two;
          expect(await kept()).toEqual(['acc-1', 'acc-2']);
        }
      });

      it('gives each player’s last submission, by the time limit when one is given', async () => {
        const store = await fresh();
        const p = await withPhase(store);
        const other = await store.transaction((tx) => tx.insertPhase(phase('g1', { seq: 1 })));
        const add = (playerId: string, text: string, createdAt: number, phaseId = p) =>
          store.transaction((tx) => tx.insertSubmission({ phaseId, playerId, text, createdAt }));
        const e1 = await add('eng', 'e1', T0 + 10);
        const f1 = await add('fra', 'f1', T0 + 15);
        const e2 = await add('eng', 'e2', T0 + 20);
        const e3 = await add('eng', 'e3', T0 + 40); // after the deadline below
        await add('ger', 'g1', T0 + 50); // only after the deadline
        await add('eng', 'elsewhere', T0 + 5, other);
        const texts = async (until?: number) =>
          (await store.read((tx) => tx.latestSubmissions(p, until))).map((s) => [
            s.playerId,
            s.text,
            s.id,
          ]);
        expect(await texts()).toEqual([
          ['eng', 'e3', e3],
          ['fra', 'f1', f1],
          ['ger', 'g1', expect.any(Number)],
        ]);
        expect(await texts(T0 + 30)).toEqual([
          ['eng', 'e2', e2],
          ['fra', 'f1', f1],
        ]);
        expect(await texts(T0 + 20)).toEqual([
          ['eng', 'e2', e2],
          ['fra', 'f1', f1],
        ]); // at the limit counts
        expect(await texts(T0 + 10)).toEqual([['eng', 'e1', e1]]);
        expect(await texts(T0)).toEqual([]);
      });

      itTwice('refuses to change or delete a submission or event, even by hand', async () => {
        const db = backend.database();
        const store = await db.open();
        const p = await store.transaction(async (tx) => {
          await seedGame(tx);
          const id = await tx.insertPhase(phase('g1'));
          await tx.insertSubmission({ phaseId: id, playerId: 'eng', text: 'x', createdAt: T0 });
          await tx.appendEvent({ gameId: 'g1', type: 'game/created', data: null, at: T0 });
          return id;
        });
        for (const sql of [
          `UPDATE submissions SET text = 'y'`,
          'DELETE FROM submissions',
          `UPDATE events SET type = 'forged'`,
          'DELETE FROM events',
        ]) {
          await expect(db.raw!(sql)).rejects.toThrow(/append-only/);
        }
        expect((await store.read((tx) => tx.submissions(p))).map((s) => s.text)).toEqual(['x']);
      });
    });

    describe('messages and events', () => {
      it('keeps messages with their audience, and pages them by id', async () => {
        const store = await fresh();
        const sent = await store.transaction(async (tx) => {
          await seedGame(tx, 'g1');
          await seedGame(tx, 'g2');
          const p = await tx.insertPhase(phase('g1'));
          const ms = [
            {
              gameId: 'g1',
              phaseId: p,
              from: 'eng',
              to: { kind: 'public' as const },
              anonymous: false,
              text: 'Hello, Europe 🌍',
              createdAt: T0 + 1,
            },
            {
              gameId: 'g1',
              phaseId: null,
              from: 'gm',
              to: { kind: 'players' as const, players: ['fra', 'ger'] },
              anonymous: true,
              text: "it's 'quoted'; -- not SQL",
              createdAt: T0 + 2,
            },
            {
              gameId: 'g2',
              phaseId: null,
              from: 'gm',
              to: { kind: 'public' as const },
              anonymous: false,
              text: 'other game',
              createdAt: T0 + 3,
            },
            {
              gameId: 'g1',
              phaseId: p,
              from: 'fra',
              to: { kind: 'players' as const, players: ['eng'] },
              anonymous: false,
              text: 'third',
              createdAt: T0 + 4,
              copies: [
                { player: 'ger', at: 'now' as const, note: 'intercepted' },
                { player: 'ita', at: 'results' as const, note: 'intercepted' },
              ],
            },
            {
              gameId: 'g1',
              phaseId: p,
              from: 'fra',
              to: { kind: 'public' as const },
              anonymous: false,
              text: 'no copies this time',
              createdAt: T0 + 5,
              copies: [],
            },
          ];
          const out = [];
          for (const m of ms) out.push({ id: await tx.insertMessage(m), ...m });
          return out;
        });
        const g1 = sent.filter((m) => m.gameId === 'g1');
        await store.read(async (tx) => {
          expect(await tx.messages('g1')).toEqual(g1);
          expect(await tx.messages('g1', { limit: 2 })).toEqual(g1.slice(0, 2));
          expect(await tx.messages('g1', { afterId: g1[0]!.id })).toEqual(g1.slice(1));
          expect(await tx.messages('g1', { afterId: g1[0]!.id, limit: 1 })).toEqual([g1[1]]);
          expect(await tx.messages('g1', { afterId: g1[3]!.id })).toEqual([]);
          // A message sent without copies comes back without the key, not with `undefined`.
          expect(Object.keys((await tx.messages('g1', { limit: 1 }))[0]!)).not.toContain('copies');
          expect(await tx.messages('g2')).toEqual([sent[2]]);
        });
      });

      it('appends events with any JSON data, and pages them by id', async () => {
        const store = await fresh();
        const datas: unknown[] = [
          { setup: { variant: 'fiascomacy', seed: 7, players: ['a', 'b'] } },
          null,
          [1, 'two', { three: [true, false, null] }],
          'a string',
          42.5,
        ];
        const events = await store.transaction(async (tx) => {
          await seedGame(tx, 'g1');
          await seedGame(tx, 'g2');
          await tx.appendEvent({ gameId: 'g2', type: 'other', data: {}, at: T0 });
          const out = [];
          for (const [i, data] of datas.entries()) {
            const e = { gameId: 'g1', type: `t/${String(i)}`, data, at: T0 + i };
            out.push({ id: await tx.appendEvent(e), ...e });
          }
          return out;
        });
        await store.read(async (tx) => {
          expect(await tx.events('g1')).toEqual(events);
          expect(await tx.events('g1', { afterId: events[2]!.id })).toEqual(events.slice(3));
          expect(await tx.events('g1', { afterId: events.at(-1)!.id })).toEqual([]);
          expect((await tx.events('g2')).map((e) => e.type)).toEqual(['other']);
        });
      });
    });

    describe('transactions', () => {
      it('commits what fn wrote and returns its value', async () => {
        const store = await fresh();
        const value = await store.transaction(async (tx) => {
          await tx.insertAccount(account(1));
          return { answer: 42 };
        });
        expect(value).toEqual({ answer: 42 });
        expect(await store.read((tx) => tx.accountById('acc-1'))).toEqual(account(1));
      });

      it('rolls back everything and rethrows when fn throws', async () => {
        const store = await fresh();
        const boom = new Error('boom');
        await expect(
          store.transaction(async (tx) => {
            const g = await seedGame(tx);
            const p = await tx.insertPhase(phase(g.id));
            await tx.insertSubmission({ phaseId: p, playerId: 'eng', text: 'x', createdAt: T0 });
            await tx.appendEvent({ gameId: g.id, type: 'game/created', data: {}, at: T0 });
            await tx.insertMessage({
              gameId: g.id,
              phaseId: p,
              from: 'gm',
              to: { kind: 'public' },
              anonymous: false,
              text: 'hi',
              createdAt: T0,
            });
            throw boom;
          }),
        ).rejects.toBe(boom);
        await store.read(async (tx) => {
          expect(await tx.listGames()).toEqual([]);
          expect(await tx.accountById('acc-901')).toBeUndefined();
          expect(await tx.phases('g1', { includeRolledBack: true })).toEqual([]);
          expect(await tx.events('g1')).toEqual([]);
          expect(await tx.messages('g1')).toEqual([]);
        });
        // And the store goes on working.
        await store.transaction((tx) => tx.insertAccount(account(1)));
        expect(await store.read((tx) => tx.accountById('acc-1'))).toEqual(account(1));
      });

      it('does not commit when fn swallows a failed statement', async () => {
        const store = await fresh();
        await store.transaction((tx) => tx.insertAccount(account(1, 'Alice')));
        const attempt = store.transaction(async (tx) => {
          await tx.insertAccount(account(2, 'Bob'));
          await tx.insertAccount(account(3, 'Alice')).catch(() => undefined);
          // The transaction is spoilt: PostgreSQL refuses anything more, and so does SQLite.
          await expect(tx.accountByName('Bob')).rejects.toThrow(TransactionFailedError);
        });
        await expect(attempt).rejects.toThrow(TransactionFailedError);
        await expect(attempt).rejects.toMatchObject({ code: 'store/transaction-failed' });
        expect(await store.read((tx) => tx.accountByName('Bob'))).toBeUndefined();
      });

      it('refuses writes in read(), and a tx used after its transaction', async () => {
        const store = await fresh();
        await expect(store.read((tx) => tx.insertAccount(account(1)))).rejects.toThrow(
          'store.read: insertAccount writes, and writes belong in store.transaction',
        );
        let kept: StoreTx | undefined;
        await store.transaction((tx) => {
          kept = tx;
          return Promise.resolve();
        });
        await expect(kept!.insertAccount(account(1))).rejects.toThrow(/used after its transaction/);
        expect(await store.read((tx) => tx.accountById('acc-1'))).toBeUndefined();
      });

      it('refuses a transaction or read inside a transaction instead of deadlocking', async () => {
        const store = await fresh();
        await expect(
          store.transaction(() => store.transaction((tx) => tx.accountById('x'))),
        ).rejects.toThrow('store.transaction: called inside a transaction of the same store');
        await expect(
          store.transaction(() => store.read((tx) => tx.accountById('x'))),
        ).rejects.toThrow('store.read: called inside a transaction of the same store');
        // Once the transaction is over, work it started may use the store again. (Told so by a
        // gate, not after a few milliseconds: a loaded machine's query can take longer.)
        const over = gate();
        let later: Promise<unknown> = Promise.resolve();
        await store.transaction((tx) => {
          later = over.wait.then(() => store.read((t) => t.accountById('x')));
          return tx.accountById('x');
        });
        over.open();
        await expect(later).resolves.toBeUndefined();
      });

      it('lets a store opened with checkNesting: false be called inside its transactions', async () => {
        // A read started inside a transaction and settled after it: refused with the check,
        // run without it (in memory, once the transaction lets go of the one connection).
        const started = async (store: GameStore): Promise<unknown> => {
          let inner: Promise<unknown> = Promise.resolve();
          await store.transaction((tx) => {
            inner = store
              .read((t) => t.accountById('x'))
              .then(
                (found) => ({ ran: true, found }),
                (e: unknown) => e,
              );
            return tx.accountById('x');
          });
          return inner;
        };
        const db = backend.database();
        expect(await started(await db.open())).toMatchObject({
          message: expect.stringContaining('store.read: called inside a transaction') as unknown,
        });
        expect(await started(await db.open({ checkNesting: false }))).toEqual({
          ran: true,
          found: undefined,
        });
      });

      it('never lets a read see a transaction’s uncommitted writes', async () => {
        const db = backend.database();
        const store = await db.open();
        const hold = gate();
        const inserted = gate();
        const writing = store.transaction(async (tx) => {
          await tx.insertAccount(account(1));
          inserted.open();
          await hold.wait;
        });
        await inserted.wait;
        const reading = store.read((tx) => tx.accountById('acc-1'));
        if (db.shared) {
          // A separate connection (SQLite's reader, a pooled PostgreSQL one): the read goes
          // ahead and sees the data as last committed.
          await expect(reading).resolves.toBeUndefined();
          hold.open();
        } else {
          // In memory there is one connection: the read waits for the transaction to end.
          expect(await settlesWithin(reading, 30)).toBe(false);
          hold.open();
          await expect(reading).resolves.toEqual(account(1));
        }
        await writing;
        expect(await store.read((tx) => tx.accountById('acc-1'))).toEqual(account(1));
      });

      it('runs 50 concurrent read-modify-write transactions without losing one', async () => {
        const store = await fresh();
        await store.transaction((tx) => seedGame(tx));
        const results = await Promise.all(
          Array.from({ length: 50 }, () =>
            store.transaction(async (tx) => {
              const g = await tx.game('g1', { forUpdate: true });
              await sleep(1); // give the others every chance to interleave
              return tx.updateGame({ ...g!, name: `v${String(g!.version + 1)}` });
            }),
          ),
        );
        expect(results.every((r) => r)).toBe(true);
        const g = await store.read((tx) => tx.game('g1'));
        expect(g?.version).toBe(50);
        expect(g?.name).toBe('v50');
      });

      it('reruns a transaction PostgreSQL chose as a deadlock victim', async () => {
        const store = await fresh();
        await store.transaction(async (tx) => {
          await seedGame(tx, 'g1');
          await seedGame(tx, 'g2');
        });
        let attempts = 0;
        // Each locks the two games in the opposite order: on PostgreSQL one of them is
        // cancelled (40P01) and run again; on SQLite they simply run one after the other.
        let firstLocks = 0;
        const bothLocked = gate();
        const both = await Promise.all(
          [
            ['g1', 'g2'],
            ['g2', 'g1'],
          ].map(([a, b]) =>
            store.transaction(async (tx) => {
              attempts++;
              const first = await tx.game(a!, { forUpdate: true });
              if (++firstLocks === 2) bothLocked.open();
              // On PostgreSQL, wait until each holds its first lock, so the deadlock is sure.
              if (store.backend === 'postgres') await bothLocked.wait;
              const second = await tx.game(b!, { forUpdate: true });
              return tx.updateGame({ ...first!, name: `${first!.name} after ${second!.id}` });
            }),
          ),
        );
        expect(both).toEqual([true, true]);
        expect(attempts).toBe(store.backend === 'postgres' ? 3 : 2);
        const names = await store.read(async (tx) => [
          (await tx.game('g1'))?.name,
          (await tx.game('g2'))?.name,
        ]);
        expect(names).toEqual(['Game g1 after g2', 'Game g2 after g1']);
      });

      itTwice('lets exactly one of two stores claim an open phase', async () => {
        const db = backend.database();
        const [one, two] = [await db.open(), await db.open()];
        const id = await one.transaction(async (tx) => {
          await seedGame(tx);
          return tx.insertPhase(phase('g1'));
        });
        for (let round = 0; round < 3; round++) {
          const claim = (store: GameStore) =>
            store.transaction(async (tx) => {
              const p = await tx.phase(id, { forUpdate: true });
              await sleep(20); // both have read, if the lock let them
              if (p?.status !== 'open') return false;
              await tx.updatePhase(id, { status: 'processed', processedAt: T0 });
              await tx.appendEvent({ gameId: 'g1', type: 'phase/processed', data: null, at: T0 });
              return true;
            });
          const wins = await Promise.all([claim(one), claim(two)]);
          expect(wins.filter((w) => w)).toHaveLength(1);
          await one.transaction((tx) => tx.updatePhase(id, { status: 'open' }));
        }
        expect(await two.read((tx) => tx.events('g1'))).toHaveLength(3);
      });

      itTwice('shares the open phase between submissions; changing it waits for them', async () => {
        const db = backend.database();
        const [one, two, three] = [await db.open(), await db.open(), await db.open()];
        await one.transaction(async (tx) => {
          await seedGame(tx);
          await tx.insertAccount(account(1));
          await tx.insertSeat({
            gameId: 'g1',
            playerId: 'p1',
            accountId: 'acc-1',
            name: 'P',
            powers: ['ENG'],
          });
          await tx.insertPhase(phase('g1'));
        });
        const hold = gate();
        const held = gate();
        const sharing = one.transaction(async (tx) => {
          const { phase: p } = await tx.openPhaseAndSeat('g1', 'acc-1', { lock: 'share' });
          held.open();
          await hold.wait;
          return p?.id;
        });
        await held.wait;
        const alsoSharing = two.transaction(
          async (tx) => (await tx.openPhaseAndSeat('g1', 'acc-1', { lock: 'share' })).phase?.id,
        );
        if (one.backend === 'postgres') {
          // A second submission reads the phase at once...
          expect(await settlesWithin(alsoSharing, 2000)).toBe(true);
          // ...while one that would change it waits for both.
          const changing = three.transaction(async (tx) => {
            const { phase: p } = await tx.openPhaseAndSeat('g1', 'acc-1', { lock: 'update' });
            await tx.updatePhase(p!.id, { status: 'processed', processedAt: T0 });
            return p!.id;
          });
          expect(await settlesWithin(changing, 100)).toBe(false);
          hold.open();
          const id = await sharing;
          expect(await alsoSharing).toBe(id);
          expect(await changing).toBe(id);
        } else {
          // SQLite: the first holds the database's write lock until it commits.
          expect(await settlesWithin(alsoSharing, 50)).toBe(false);
          hold.open();
          expect(await alsoSharing).toBe(await sharing);
        }
      });

      it('refuses an event of a game that is not there, keeping nothing', async () => {
        const store = await fresh();
        await store.transaction((tx) => seedGame(tx, 'g1'));
        await expect(
          store.transaction(async (tx) => {
            await tx.appendEvent({ gameId: 'g1', type: 'kept?', data: null, at: T0 });
            await tx.appendEvent({ gameId: 'nope', type: 'x', data: { a: 1 }, at: T0 });
          }),
        ).rejects.toThrow();
        expect(await store.read((tx) => tx.events('nope'))).toEqual([]);
        expect(await store.read((tx) => tx.events('g1'))).toEqual([]);
        const id = await store.transaction((tx) =>
          tx.appendEvent({ gameId: 'g1', type: 't', data: { n: [1, 'two'] }, at: T0 + 1 }),
        );
        expect(await store.read((tx) => tx.events('g1'))).toEqual([
          { id, gameId: 'g1', type: 't', data: { n: [1, 'two'] }, at: T0 + 1 },
        ]);
      });

      itTwice("numbers a game's events in commit order: a second writer waits", async () => {
        // A reader following the log by id must never find an event below one it has seen.
        const db = backend.database();
        const [one, two] = [await db.open(), await db.open()];
        await one.transaction((tx) => seedGame(tx));
        const event = { gameId: 'g1', type: 'message/sent', data: null, at: T0 };
        const hold = gate();
        const held = gate();
        const first = one.transaction(async (tx) => {
          const id = await tx.appendEvent(event);
          held.open();
          await hold.wait;
          return id;
        });
        await held.wait;
        const second = two.transaction((tx) => tx.appendEvent(event));
        expect(await settlesWithin(second, 50)).toBe(false);
        expect(await two.read((tx) => tx.events('g1'))).toEqual([]);
        hold.open();
        const [a, b] = [await first, await second];
        expect(b).toBeGreaterThan(a);
        expect((await two.read((tx) => tx.events('g1'))).map((e) => e.id)).toEqual([a, b]);
      });

      itTwice(
        'logged submissions wait for the game like appendEvent: events follow commits',
        async () => {
          const db = backend.database();
          const [one, two] = [await db.open(), await db.open()];
          const p = await one.transaction(async (tx) => {
            await seedGame(tx);
            return tx.insertPhase(phase('g1'));
          });
          const submit = (tx: StoreTx, playerId: string) =>
            tx.insertSubmissionLogged(
              { phaseId: p, playerId, text: 'A Par H', createdAt: T0 },
              { gameId: 'g1', type: 'orders/submitted' },
            );
          const hold = gate();
          const held = gate();
          const first = one.transaction(async (tx) => {
            const id = await submit(tx, 'fra');
            held.open();
            await hold.wait;
            return id;
          });
          await held.wait;
          const second = two.transaction((tx) => submit(tx, 'eng'));
          expect(await settlesWithin(second, 50)).toBe(false);
          expect(await two.read((tx) => tx.events('g1'))).toEqual([]);
          hold.open();
          const [a, b] = [await first, await second];
          const events = await two.read((tx) => tx.events('g1'));
          expect(events.map((e) => e.data)).toEqual([
            { submissionId: a, player: 'fra', phaseId: p },
            { submissionId: b, player: 'eng', phaseId: p },
          ]);
          expect(events[1]!.id).toBeGreaterThan(events[0]!.id);
        },
      );

      itTwice(
        'a sheet stored at once waits for a processing that holds its phase, then takes nothing',
        async () => {
          const db = backend.database();
          const [one, two] = [await db.open(), await db.open()];
          const p = await one.transaction(async (tx) => {
            await seedGame(tx);
            await tx.insertAccount(account(1));
            await tx.insertSeat({
              gameId: 'g1',
              playerId: 'eng',
              accountId: 'acc-1',
              name: 'England',
              powers: ['ENG'],
            });
            return tx.insertPhase(phase('g1'));
          });
          const hold = gate();
          const held = gate();
          const processing = one.transaction(async (tx) => {
            await tx.openPhase('g1', { forUpdate: true });
            held.open();
            await hold.wait;
            await tx.updatePhase(p, { status: 'processed', processedAt: T0 + 1 });
          });
          await held.wait;
          const sheet = two.single((tx) =>
            tx.submitToOpenPhase(
              'g1',
              'acc-1',
              { text: 'A Lvp H', createdAt: T0 },
              { type: 'orders/submitted', variants: ['fiascomacy'] },
            ),
          );
          expect(await settlesWithin(sheet, 50)).toBe(false);
          hold.open();
          await processing;
          expect(await sheet).toBeUndefined();
          expect(await two.read((tx) => tx.submissions(p))).toEqual([]);
          expect(await two.read((tx) => tx.events('g1'))).toEqual([]);
        },
      );

      itTwice('shares due phases among workers on two stores, each phase taken once', async () => {
        const db = backend.database();
        const [one, two] = [await db.open(), await db.open()];
        const ids = await one.transaction(async (tx) => {
          await seedGame(tx);
          const out: number[] = [];
          for (let i = 0; i < 6; i++)
            out.push(await tx.insertPhase(phase('g1', { seq: i, deadline: T0 + i })));
          return out;
        });
        const taken: number[] = [];
        const worker = async (store: GameStore) => {
          for (;;) {
            const got = await store.transaction(async (tx) => {
              const [p] = await tx.duePhases(T0 + 100, 1);
              if (p === undefined) return undefined;
              await sleep(5);
              await tx.updatePhase(p.id, { status: 'processed', processedAt: T0 + 100 });
              return p.id;
            });
            if (got === undefined) return;
            taken.push(got);
          }
        };
        await Promise.all([worker(one), worker(two), worker(one), worker(two)]);
        expect([...taken].sort((a, b) => a - b)).toEqual(ids);
      });

      itTwice(
        'passes over a due phase another worker holds (PostgreSQL) or waits (SQLite)',
        async () => {
          const db = backend.database();
          const [one, two] = [await db.open(), await db.open()];
          const [first, second] = await one.transaction(async (tx) => {
            await seedGame(tx, 'g1');
            await seedGame(tx, 'g2');
            return [
              await tx.insertPhase(phase('g1', { deadline: T0 })),
              await tx.insertPhase(phase('g2', { deadline: T0 + 1 })),
            ];
          });
          const hold = gate();
          const held = gate();
          const holding = one.transaction(async (tx) => {
            const due = await tx.duePhases(T0 + 10, 1);
            held.open();
            await hold.wait;
            await tx.updatePhase(first, { status: 'processed', processedAt: T0 + 10 });
            return due.map((p) => p.id);
          });
          await held.wait;
          const other = two.transaction(async (tx) =>
            (await tx.duePhases(T0 + 10, 10)).map((p) => p.id),
          );
          if (one.backend === 'postgres') {
            // SKIP LOCKED: the second worker gets the rest at once, without waiting.
            expect(await settlesWithin(other, 2000)).toBe(true);
            expect(await other).toEqual([second]);
            hold.open();
          } else {
            // The first worker holds the database's write lock until it commits.
            expect(await settlesWithin(other, 50)).toBe(false);
            hold.open();
            expect(await other).toEqual([second]);
          }
          expect(await holding).toEqual([first]);
        },
      );
    });

    // Every migration test opens one database twice (see itTwice).
    (backend.multiConnection ? describe : (): void => undefined)('migrations', () => {
      itTwice('migrates a new database once, and a second open applies nothing', async () => {
        const db = backend.database();
        await db.open();
        const first = await db.raw!(
          'SELECT version, name, applied_at FROM schema_migrations ORDER BY version',
        );
        expect(first.map((r) => Number(r.version))).toEqual(MIGRATIONS.map((m) => m.version));
        await sleep(5);
        const again = await db.open();
        const second = await db.raw!(
          'SELECT version, name, applied_at FROM schema_migrations ORDER BY version',
        );
        expect(second).toEqual(first); // same rows, same applied_at: nothing reapplied
        await again.transaction((tx) => tx.insertAccount(account(1)));
        expect(await again.read((tx) => tx.accountById('acc-1'))).toEqual(account(1));
      });

      itTwice(
        'applies each migration once when two stores open a new database at once',
        async () => {
          const db = backend.database();
          const stores = await Promise.all([db.open(), db.open(), db.open()]);
          expect(stores).toHaveLength(3);
          const rows = await db.raw!('SELECT version FROM schema_migrations ORDER BY version');
          expect(rows.map((r) => Number(r.version))).toEqual(MIGRATIONS.map((m) => m.version));
        },
      );

      itTwice("reads a phase's state as another process or a hand edit left it", async () => {
        const db = backend.database();
        const [one, two] = [await db.open(), await db.open()];
        const id = await one.transaction(async (tx) => {
          await seedGame(tx, 'g1');
          return tx.insertPhase(phase('g1'));
        });
        const stateOf = async (store: GameStore) => [
          (await store.read((tx) => tx.phase(id)))?.state,
          (await store.transaction((tx) => tx.openPhase('g1')))?.state,
          (await store.read((tx) => tx.phases('g1', { latest: 1 })))[0]?.state,
        ];
        expect(await stateOf(one)).toEqual([STATE, STATE, STATE]);
        const ruled = { ...STATE, phase: { ...STATE.phase, year: 1911 } };
        await two.transaction((tx) => tx.updatePhase(id, { state: ruled, result: { ruled: 1 } }));
        // Another process's commit shows from the next turn of the event loop on (on SQLite the
        // reads of one turn share a snapshot).
        await nextTurn();
        expect(await stateOf(one)).toEqual([ruled, ruled, ruled]);
        expect((await one.read((tx) => tx.phase(id)))?.result).toEqual({ ruled: 1 });
        const byHand = { ...STATE, phase: { ...STATE.phase, year: 1912 } };
        const text = JSON.stringify(byHand).replaceAll("'", "''");
        await db.raw!(`UPDATE phases SET state = '${text}' WHERE id = ${String(id)}`);
        await nextTurn();
        expect(await stateOf(one)).toEqual([byHand, byHand, byHand]);
        expect(await stateOf(two)).toEqual([byHand, byHand, byHand]);
      });

      itTwice('goes on reading a table another process has since altered', async () => {
        // PostgreSQL keeps each statement prepared on its connection; a column added under it
        // makes the prepared SELECT * fail ("cached plan must not change result type").
        const db = backend.database();
        const store = await db.open();
        const seats = async (): Promise<unknown[]> => [
          await store.transaction((tx) => tx.seats('g1')),
          await store.read((tx) => tx.seats('g1')),
        ];
        await store.transaction(async (tx) => {
          await seedGame(tx, 'g1');
          await tx.insertSeat({
            gameId: 'g1',
            playerId: 'p1',
            accountId: null,
            name: 'Player 1',
            powers: ['ENGLAND'],
          });
        });
        const before = await seats();
        expect(before[0]).toHaveLength(1);
        await db.raw!('ALTER TABLE seats ADD COLUMN extra INTEGER');
        for (let i = 0; i < 3; i++) expect(await seats()).toEqual(before);
      });

      itTwice('refuses a database migrated by newer code', async () => {
        const db = backend.database();
        await db.open();
        await db.raw!(
          `INSERT INTO schema_migrations (version, name, applied_at) VALUES (999, 'future', 0)`,
        );
        await expect(db.open()).rejects.toThrow(
          `the database's schema is at version 999, newer than this code's ${String(MIGRATIONS.length)}`,
        );
      });
    });
  });
}
