// Every input limit is the one in LIMITS: the app takes a value at the limit and refuses one over
// it with a stable code naming the field, and the refusal changes nothing stored.
import { expect, it } from 'vitest';
import type { Result } from '@arbiter/engine';
import {
  Arbiter,
  LIMITS,
  type AccountId,
  type AppError,
  type GameStore,
  type Limits,
} from '../src/index.js';
import {
  account,
  eachBackend,
  harness,
  snapshot,
  startedGame,
  value,
  type Harness,
  type StartedGame,
} from './helpers.js';

/** What a case runs against: a running standard game, and a forming one with a player seated. */
interface Games {
  readonly h: Harness;
  readonly running: StartedGame;
  readonly forming: { readonly gameId: string; readonly gm: AccountId };
}

type Call = (g: Games) => Promise<Result<unknown, AppError>>;

interface LimitCase {
  readonly limit: keyof Limits;
  /** The field the refusal names (`details.issues[0].path`). */
  readonly field: string;
  /** The refusal's code: `input/invalid` unless said. */
  readonly code?: string;
  /** The call with one value one over the limit. */
  readonly over: Call;
  /** The same call at the limit, which must not be refused for that field (if it can be made). */
  readonly at?: Call;
}

const text = (limit: keyof Limits, extra = 0): string => 'x'.repeat(LIMITS[limit] + extra);
const list = <T>(limit: keyof Limits, item: T, extra = 0): T[] =>
  Array.from({ length: LIMITS[limit] + extra }, () => item);
const player = (g: Games): AccountId => g.running.players[0]!.account;
/** The account names the register cases ask for, refused or not. */
const NEWCOMER = 'newcomer';

const CASES: readonly LimitCase[] = [
  {
    limit: 'text',
    field: 'text',
    over: (g) => g.h.app.submitOrders(player(g), g.running.gameId, text('text', 1)),
    at: (g) => g.h.app.submitOrders(player(g), g.running.gameId, text('text')),
  },
  {
    limit: 'text',
    field: 'text',
    over: (g) =>
      g.h.app.sendMessage(player(g), g.running.gameId, { to: 'public', text: text('text', 1) }),
    at: (g) =>
      g.h.app.sendMessage(player(g), g.running.gameId, { to: 'public', text: text('text') }),
  },
  {
    limit: 'gameName',
    field: 'name',
    over: (g) =>
      g.h.app.createGame(g.running.gm, { name: text('gameName', 1), variant: 'standard' }),
    at: (g) => g.h.app.createGame(g.running.gm, { name: text('gameName'), variant: 'standard' }),
  },
  {
    limit: 'seatName',
    field: 'name',
    over: async (g) =>
      g.h.app.joinGame(await account(g.h.store, 'j'), g.forming.gameId, {
        name: text('seatName', 1),
      }),
    at: async (g) =>
      g.h.app.joinGame(await account(g.h.store, 'j'), g.forming.gameId, { name: text('seatName') }),
  },
  {
    limit: 'seatName',
    field: 'name',
    over: (g) =>
      g.h.app.seatPlayer(g.running.gm, g.running.gameId, 'player-1', {
        account: 'nobody',
        name: text('seatName', 1),
      }),
    // Past the name, to the account, which does not exist.
    at: (g) =>
      g.h.app.seatPlayer(g.running.gm, g.running.gameId, 'player-1', {
        account: 'nobody',
        name: text('seatName'),
      }),
  },
  {
    limit: 'playerId',
    field: 'playerId',
    over: async (g) =>
      g.h.app.joinGame(await account(g.h.store, 'j'), g.forming.gameId, {
        playerId: text('playerId', 1),
      }),
    at: async (g) =>
      g.h.app.joinGame(await account(g.h.store, 'j'), g.forming.gameId, {
        playerId: text('playerId'),
      }),
  },
  {
    limit: 'playerId',
    field: 'player',
    over: (g) =>
      g.h.app.seatPlayer(g.running.gm, g.running.gameId, text('playerId', 1), { account: 'a' }),
    at: (g) =>
      g.h.app.seatPlayer(g.running.gm, g.running.gameId, text('playerId'), { account: 'a' }),
  },
  {
    limit: 'accountName',
    field: 'account',
    over: (g) =>
      g.h.app.seatPlayer(g.running.gm, g.running.gameId, 'player-1', {
        account: text('accountName', 1),
      }),
    at: (g) =>
      g.h.app.seatPlayer(g.running.gm, g.running.gameId, 'player-1', {
        account: text('accountName'),
      }),
  },
  {
    limit: 'accountName',
    field: 'name',
    code: 'auth/invalid-name',
    over: (g) => g.h.app.register(text('accountName', 1), 'correct horse'),
    at: (g) => g.h.app.register(text('accountName'), 'correct horse'),
  },
  {
    limit: 'password',
    field: 'password',
    over: (g) => g.h.app.register(NEWCOMER, text('password', 1)),
    at: (g) => g.h.app.register(NEWCOMER, text('password')),
  },
  {
    limit: 'minPassword',
    field: 'password',
    code: 'auth/weak-password',
    over: (g) => g.h.app.register(NEWCOMER, text('minPassword', -1)),
    at: (g) => g.h.app.register(NEWCOMER, text('minPassword')),
  },
  {
    limit: 'powers',
    field: 'assignments.0.powers',
    over: (g) =>
      g.h.app.assignPowers(g.forming.gm, g.forming.gameId, [
        { playerId: 'player-1', powers: list('powers', 'ENG', 1) },
      ]),
    at: (g) =>
      g.h.app.assignPowers(g.forming.gm, g.forming.gameId, [
        { playerId: 'player-1', powers: list('powers', 'ENG') },
      ]),
  },
  {
    limit: 'assignments',
    field: 'assignments',
    over: (g) =>
      g.h.app.assignPowers(
        g.forming.gm,
        g.forming.gameId,
        list('assignments', { playerId: 'player-1', powers: [] }, 1),
      ),
    at: (g) =>
      g.h.app.assignPowers(
        g.forming.gm,
        g.forming.gameId,
        list('assignments', { playerId: 'player-1', powers: [] }),
      ),
  },
  {
    limit: 'recipients',
    field: 'to',
    over: (g) =>
      g.h.app.sendMessage(player(g), g.running.gameId, {
        to: list('recipients', 'player-2', 1),
        text: 'hi',
      }),
    at: (g) =>
      g.h.app.sendMessage(player(g), g.running.gameId, {
        to: list('recipients', 'player-2'),
        text: 'hi',
      }),
  },
  {
    limit: 'powers',
    field: 'members',
    over: (g) =>
      g.h.app.proposeEnd(player(g), g.running.gameId, {
        kind: 'draw',
        members: list('powers', 'FRA', 1),
      }),
    at: (g) =>
      g.h.app.proposeEnd(player(g), g.running.gameId, {
        kind: 'draw',
        members: list('powers', 'FRA'),
      }),
  },
  {
    limit: 'powers',
    field: 'members',
    over: (g) =>
      g.h.app.declareEnd(g.running.gm, g.running.gameId, {
        kind: 'draw',
        members: list('powers', 'FRA', 1),
      }),
    at: (g) =>
      g.h.app.declareEnd(g.running.gm, g.running.gameId, {
        kind: 'draw',
        members: list('powers', 'FRA'),
      }),
  },
  {
    limit: 'ruleId',
    field: 'rule',
    over: (g) =>
      g.h.app.ruleOnProposal(g.running.gm, g.running.gameId, 'E', {
        ruling: 'rule',
        rule: text('ruleId', 1),
      }),
    // Past the rule, to the game, which has no free-text proposals.
    at: (g) =>
      g.h.app.ruleOnProposal(g.running.gm, g.running.gameId, 'E', {
        ruling: 'rule',
        rule: text('ruleId'),
      }),
  },
  {
    limit: 'rulingText',
    field: 'headline',
    over: (g) =>
      g.h.app.ruleOnProposal(g.running.gm, g.running.gameId, 'E', {
        ruling: 'manual',
        headline: text('rulingText', 1),
      }),
    at: (g) =>
      g.h.app.ruleOnProposal(g.running.gm, g.running.gameId, 'E', {
        ruling: 'manual',
        headline: text('rulingText'),
      }),
  },
  {
    limit: 'rulingText',
    field: 'reason',
    over: (g) =>
      g.h.app.ruleOnProposal(g.running.gm, g.running.gameId, 'E', {
        ruling: 'reject',
        reason: text('rulingText', 1),
      }),
    at: (g) =>
      g.h.app.ruleOnProposal(g.running.gm, g.running.gameId, 'E', {
        ruling: 'reject',
        reason: text('rulingText'),
      }),
  },
  {
    limit: 'seconds',
    field: 'settings.phaseSeconds',
    over: (g) =>
      g.h.app.createGame(g.running.gm, {
        name: 'g',
        variant: 'standard',
        settings: { phaseSeconds: LIMITS.seconds + 1, press: 'full' },
      }),
    at: (g) =>
      g.h.app.createGame(g.running.gm, {
        name: 'g',
        variant: 'standard',
        settings: { phaseSeconds: LIMITS.seconds, press: 'full' },
      }),
  },
  {
    limit: 'seconds',
    field: 'settings.shortPhaseSeconds',
    over: (g) =>
      g.h.app.createGame(g.running.gm, {
        name: 'g',
        variant: 'standard',
        settings: { phaseSeconds: 60, shortPhaseSeconds: LIMITS.seconds + 1, press: 'full' },
      }),
    at: (g) =>
      g.h.app.createGame(g.running.gm, {
        name: 'g',
        variant: 'standard',
        settings: { phaseSeconds: 60, shortPhaseSeconds: LIMITS.seconds, press: 'full' },
      }),
  },
  {
    // At the limit an extension is refused too when the deadline it moves lies ahead: no
    // deadline may be set more than the limit from now.
    limit: 'seconds',
    field: 'seconds',
    over: (g) => g.h.app.extend(g.running.gm, g.running.gameId, { seconds: LIMITS.seconds + 1 }),
  },
  {
    limit: 'civilDisorderAfter',
    field: 'settings.civilDisorderAfter',
    over: (g) =>
      g.h.app.createGame(g.running.gm, {
        name: 'g',
        variant: 'standard',
        settings: {
          phaseSeconds: 60,
          press: 'full',
          civilDisorderAfter: LIMITS.civilDisorderAfter + 1,
        },
      }),
    at: (g) =>
      g.h.app.createGame(g.running.gm, {
        name: 'g',
        variant: 'standard',
        settings: {
          phaseSeconds: 60,
          press: 'full',
          civilDisorderAfter: LIMITS.civilDisorderAfter,
        },
      }),
  },
  {
    limit: 'endYear',
    field: 'settings.endYear',
    over: (g) =>
      g.h.app.createGame(g.running.gm, {
        name: 'g',
        variant: 'standard',
        settings: { phaseSeconds: 60, press: 'full', endYear: LIMITS.endYear + 1 },
      }),
    at: (g) =>
      g.h.app.createGame(g.running.gm, {
        name: 'g',
        variant: 'standard',
        settings: { phaseSeconds: 60, press: 'full', endYear: LIMITS.endYear },
      }),
  },
  {
    limit: 'seed',
    field: 'seed',
    over: (g) =>
      g.h.app.createGame(g.running.gm, { name: 'g', variant: 'standard', seed: LIMITS.seed + 1 }),
    at: (g) =>
      g.h.app.createGame(g.running.gm, { name: 'g', variant: 'standard', seed: LIMITS.seed }),
  },
];

/**
 * Limits on ids the app looks up (a game, a variant, a phase, a power): no id that long exists,
 * so the app refuses one over with its lookup's code; the server's schemas refuse it first
 * with `input/invalid` (server/test/limits.test.ts).
 */
const LOOKED_UP: readonly {
  readonly limit: keyof Limits;
  readonly code: string;
  readonly over: Call;
}[] = [
  {
    limit: 'gameId',
    code: 'game/not-found',
    over: (g) => g.h.app.getGame(g.running.gm, text('gameId', 1)),
  },
  {
    limit: 'variantId',
    code: 'variant/unknown',
    over: (g) => g.h.app.createGame(g.running.gm, { name: 'g', variant: text('variantId', 1) }),
  },
  {
    limit: 'phaseName',
    code: 'phase/not-found',
    over: (g) =>
      g.h.app.rollback(g.running.gm, g.running.gameId, { toPhase: text('phaseName', 1) }),
  },
  {
    limit: 'power',
    code: 'input/invalid',
    over: (g) => g.h.app.legalOrders(g.running.gm, g.running.gameId, { power: text('power', 1) }),
  },
];

/** Limits only the server applies: the size of a request body. */
const SERVER_ONLY: readonly (keyof Limits)[] = ['bodyBytes'];

function refusal(r: Result<unknown, AppError>): { code: string; path: unknown } | 'ok' {
  if (r.ok) return 'ok';
  const issues = (r.error.details as { issues?: { path: string }[] } | undefined)?.issues;
  return { code: r.error.code, path: issues?.[0]?.path };
}

async function games(h: Harness): Promise<Games> {
  const running = await startedGame(h);
  const gm = await account(h.store, 'gm');
  const forming = value(await h.app.createGame(gm, { name: 'forming', variant: 'standard' }));
  value(await h.app.joinGame(await account(h.store, 'p'), forming.id));
  return { h, running, forming: { gameId: forming.id, gm } };
}

/** Everything stored about both games, and the games and accounts there are. */
async function everything(g: Games): Promise<string> {
  const accounts = await g.h.store.read((tx) =>
    Promise.all([NEWCOMER, text('accountName', 1)].map((n) => tx.accountByName(n))),
  );
  return JSON.stringify([
    await snapshot(g.h.store, g.running.gameId),
    await snapshot(g.h.store, g.forming.gameId),
    await g.h.app.listGames(),
    accounts,
  ]);
}

it('covers every limit in LIMITS', () => {
  const covered = new Set([
    ...CASES.map((c) => c.limit),
    ...LOOKED_UP.map((c) => c.limit),
    'token',
    ...SERVER_ONLY,
  ]);
  expect([...covered].sort()).toEqual(Object.keys(LIMITS).sort());
});

eachBackend('input limits', (db) => {
  it.each(CASES.map((c) => [c.limit, c.field, c] as const))(
    'the %s limit: one over in %s is refused naming it, and nothing is stored; at it, taken',
    async (_limit, field, c) => {
      const h = await harness(db());
      const g = await games(h);
      const before = await everything(g);
      expect(refusal(await c.over(g))).toEqual({ code: c.code ?? 'input/invalid', path: field });
      expect(await everything(g)).toBe(before);
      if (c.at !== undefined) {
        const at = refusal(await c.at(g));
        if (at !== 'ok') expect(at.path).not.toBe(field);
      }
    },
  );

  it.each(LOOKED_UP.map((c) => [c.limit, c] as const))(
    'the %s limit: an id one over is refused by its lookup, and nothing is stored',
    async (_limit, c) => {
      const h = await harness(db());
      const g = await games(h);
      const before = await everything(g);
      const r = refusal(await c.over(g));
      expect(r === 'ok' ? r : r.code).toBe(c.code);
      expect(await everything(g)).toBe(before);
    },
  );

  it('a token over the limit is refused without asking the store; one at it is looked up', async () => {
    const { store } = await harness(db());
    let reads = 0;
    const counting: GameStore = new Proxy(store, {
      get(target, key, receiver) {
        if (key === 'read')
          return (...args: Parameters<GameStore['read']>) => {
            reads++;
            return target.read(...args);
          };
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    const app = new Arbiter({ store: counting, clock: { now: () => 0 } });
    expect(await app.authenticate(text('token', 1))).toBeUndefined();
    expect(reads).toBe(0);
    expect(await app.authenticate(text('token'))).toBeUndefined();
    expect(reads).toBeGreaterThan(0);
  });
});
