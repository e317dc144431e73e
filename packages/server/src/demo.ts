/**
 * The demo game behind `--demo`: someone trying Arbiter for the first time gets a running game
 * with seven seated players and their tokens at once, and starting the server again reuses it
 * rather than piling up copies.
 */
import type { Arbiter, Session } from '@arbiter/app';

/** The demo accounts' password: known on purpose, so a restart can log them in again. */
export const DEMO_PASSWORD = 'demo-password';
export const DEMO_GAME = 'Demo';
const DEMO_GM = 'demo';
const POWERS = ['AUS', 'ENG', 'FRA', 'GER', 'ITA', 'RUS', 'TUR'] as const;

export interface DemoGame {
  readonly gameId: string;
  readonly created: boolean;
  readonly gm: Session;
  /** Each seat's player id, power, account name and a fresh token. */
  readonly players: readonly {
    readonly playerId: string;
    readonly power: string;
    readonly account: string;
    readonly token: string;
  }[];
}

/**
 * Makes sure the demo game exists (a standard game named "Demo", run by the account `demo`,
 * one demo account per power, started, `phaseSeconds` a phase) and returns fresh tokens.
 *
 * Every step is one the next start can take again: a start killed half-way leaves a forming demo
 * game, which the next start finishes (the missing seats taken, powers assigned, started) rather
 * than leaving it in the lobby or making another. A finished demo game is left in the history and
 * a new one made.
 */
export async function ensureDemo(arbiter: Arbiter, phaseSeconds: number): Promise<DemoGame> {
  const gm = await session(arbiter, DEMO_GM);
  const existing = (await arbiter.listGames(gm.account.id)).find(
    (g) => g.name === DEMO_GAME && g.gm === gm.account.id && g.status !== 'finished',
  );
  const gameId =
    existing?.id ??
    must(
      await arbiter.createGame(gm.account.id, {
        name: DEMO_GAME,
        variant: 'standard',
        settings: { phaseSeconds, press: 'full' },
      }),
    ).id;
  const game = must(await arbiter.getGame(gm.account.id, gameId));
  const seated = new Set(game.seats.map((seat) => seat.playerId));
  const players = [];
  for (const power of POWERS) {
    const playerId = power.toLowerCase();
    const account = `demo-${playerId}`;
    const s = await session(arbiter, account);
    if (game.status === 'forming' && !seated.has(playerId)) {
      must(await arbiter.joinGame(s.account.id, gameId, { playerId, name: account }));
    }
    players.push({ playerId, power, account, token: s.token });
  }
  if (game.status === 'forming') {
    must(
      await arbiter.assignPowers(
        gm.account.id,
        gameId,
        players.map((p) => ({ playerId: p.playerId, powers: [p.power] })),
      ),
    );
    must(await arbiter.startGame(gm.account.id, gameId));
  }
  return { gameId, created: game.status === 'forming', gm, players };
}

/**
 * A fresh token for a demo account (registered on first use). The account's earlier tokens are
 * revoked first, so restarting the demo does not pile up tokens that still work.
 */
async function session(arbiter: Arbiter, name: string): Promise<Session> {
  const login = await arbiter.login(name, DEMO_PASSWORD);
  if (!login.ok) return must(await arbiter.register(name, DEMO_PASSWORD));
  await arbiter.logoutEverywhere(login.value.account.id);
  return must(await arbiter.login(name, DEMO_PASSWORD));
}

function must<T>(
  r: { ok: true; value: T } | { ok: false; error: { code: string; message: string } },
): T {
  if (r.ok) return r.value;
  throw new Error(`demo: ${r.error.code}: ${r.error.message}`);
}
