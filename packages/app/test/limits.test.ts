// Every input limit is the one in LIMITS: the app takes a value at the limit and refuses one over
// it with a stable code naming the field, and the refusal changes nothing stored.
import { expect, it } from 'vitest';
import type { Result } from '@arbiter/engine';
import {
  Arbiter,
  LIMITS,
  type AccountId,
  type AppError,
  type CreateGameInput,
  type GameSettings,
  type GameStore,
  type JoinGameInput,
  type Limits,
  type PowerAssignment,
  type ProposalRuling,
  type SeatPlayerInput,
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
  /** The call with one value one over the limit (one under, for a least value). */
  readonly over: Call;
  /** The same call at the limit, which must not be refused for that field (if it can be made). */
  readonly at?: Call;
}

/** The text, list or number `extra` past a limit (0: at it). */
const text = (limit: keyof Limits, extra: number): string => 'x'.repeat(LIMITS[limit] + extra);
const list = <T>(limit: keyof Limits, item: T, extra: number): T[] =>
  Array.from({ length: LIMITS[limit] + extra }, () => item);
const past = (limit: keyof Limits, extra: number): number => LIMITS[limit] + extra;

/**
 * A case whose call at the limit and over it differ only in the value `call` builds from
 * `extra` (0 at the limit; 1 over it, or -1 for a least value).
 */
function around(
  limit: keyof Limits,
  field: string,
  call: (g: Games, extra: number) => Promise<Result<unknown, AppError>>,
  opts: { readonly code?: string; readonly overBy?: number; readonly noAt?: boolean } = {},
): LimitCase {
  return {
    limit,
    field,
    ...(opts.code === undefined ? {} : { code: opts.code }),
    over: (g) => call(g, opts.overBy ?? 1),
    ...(opts.noAt === true ? {} : { at: (g: Games) => call(g, 0) }),
  };
}

const player = (g: Games): AccountId => g.running.players[0]!.account;
/** The account name the register cases ask for, refused or not. */
const NEWCOMER = 'newcomer';
const create = (g: Games, more: Partial<CreateGameInput>) =>
  g.h.app.createGame(g.running.gm, { name: 'g', variant: 'standard', ...more });
const settings = (more: Partial<GameSettings>): GameSettings => ({
  phaseSeconds: 60,
  press: 'full',
  ...more,
});
const join = async (g: Games, input: JoinGameInput) =>
  g.h.app.joinGame(await account(g.h.store, 'j'), g.forming.gameId, input);
const seat = (g: Games, playerId: string, input: SeatPlayerInput) =>
  g.h.app.seatPlayer(g.running.gm, g.running.gameId, playerId, input);
const rule = (g: Games, ruling: ProposalRuling) =>
  g.h.app.ruleOnProposal(g.running.gm, g.running.gameId, 'E', ruling);
const assign = (g: Games, assignments: PowerAssignment[]) =>
  g.h.app.assignPowers(g.forming.gm, g.forming.gameId, assignments);

const CASES: readonly LimitCase[] = [
  around('text', 'text', (g, x) =>
    g.h.app.submitOrders(player(g), g.running.gameId, text('text', x)),
  ),
  around('text', 'text', (g, x) =>
    g.h.app.sendMessage(player(g), g.running.gameId, { to: 'public', text: text('text', x) }),
  ),
  around('gameName', 'name', (g, x) => create(g, { name: text('gameName', x) })),
  around('seatName', 'name', (g, x) => join(g, { name: text('seatName', x) })),
  // At the limit, past the name to the account, which does not exist.
  around('seatName', 'name', (g, x) =>
    seat(g, 'player-1', { account: 'nobody', name: text('seatName', x) }),
  ),
  around('playerId', 'playerId', (g, x) => join(g, { playerId: text('playerId', x) })),
  around('playerId', 'player', (g, x) => seat(g, text('playerId', x), { account: 'a' })),
  around('accountName', 'account', (g, x) =>
    seat(g, 'player-1', { account: text('accountName', x) }),
  ),
  around(
    'accountName',
    'name',
    (g, x) => g.h.app.register(text('accountName', x), 'correct horse'),
    {
      code: 'auth/invalid-name',
    },
  ),
  around('password', 'password', (g, x) => g.h.app.register(NEWCOMER, text('password', x))),
  around('minPassword', 'password', (g, x) => g.h.app.register(NEWCOMER, text('minPassword', x)), {
    code: 'auth/weak-password',
    overBy: -1,
  }),
  around('powers', 'assignments.0.powers', (g, x) =>
    assign(g, [{ playerId: 'player-1', powers: list('powers', 'ENG', x) }]),
  ),
  around('assignments', 'assignments', (g, x) =>
    assign(g, list('assignments', { playerId: 'player-1', powers: [] }, x)),
  ),
  around('recipients', 'to', (g, x) =>
    g.h.app.sendMessage(player(g), g.running.gameId, {
      to: list('recipients', 'player-2', x),
      text: 'hi',
    }),
  ),
  around('powers', 'members', (g, x) =>
    g.h.app.proposeEnd(player(g), g.running.gameId, {
      kind: 'draw',
      members: list('powers', 'FRA', x),
    }),
  ),
  around('powers', 'members', (g, x) =>
    g.h.app.declareEnd(g.running.gm, g.running.gameId, {
      kind: 'draw',
      members: list('powers', 'FRA', x),
    }),
  ),
  // At the limit, past the ruling to the game, which has no free-text proposals.
  around('ruleId', 'rule', (g, x) => rule(g, { ruling: 'rule', rule: text('ruleId', x) })),
  around('rulingText', 'reason', (g, x) =>
    rule(g, { ruling: 'reject', reason: text('rulingText', x) }),
  ),
  around('seconds', 'settings.phaseSeconds', (g, x) =>
    create(g, { settings: settings({ phaseSeconds: past('seconds', x) }) }),
  ),
  around('seconds', 'settings.shortPhaseSeconds', (g, x) =>
    create(g, { settings: settings({ shortPhaseSeconds: past('seconds', x) }) }),
  ),
  // At the limit an extension is refused too when the deadline it moves lies ahead: no
  // deadline may be set more than the limit from now.
  around(
    'seconds',
    'seconds',
    (g, x) => g.h.app.extend(g.running.gm, g.running.gameId, { seconds: past('seconds', x) }),
    { noAt: true },
  ),
  around('civilDisorderAfter', 'settings.civilDisorderAfter', (g, x) =>
    create(g, { settings: settings({ civilDisorderAfter: past('civilDisorderAfter', x) }) }),
  ),
  around('endYear', 'settings.endYear', (g, x) =>
    create(g, { settings: settings({ endYear: past('endYear', x) }) }),
  ),
  around('seed', 'seed', (g, x) => create(g, { seed: past('seed', x) })),
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
    expect(await app.authenticate(text('token', 0))).toBeUndefined();
    expect(reads).toBeGreaterThan(0);
  });
});
