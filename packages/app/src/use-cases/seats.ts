/**
 * Seats in a game's life: the gamesmaster seating someone (replacing a player, or filling a seat
 * left vacant or in civil disorder) and a player leaving. Every change bumps the game's version
 * and is recorded in the event log. Routes: `PUT /games/{id}/players/{player}`,
 * `POST /games/{id}/leave`. (Joining, giving out powers and starting are in `lobby.ts`; missed
 * phases and civil disorder are counted when a phase is processed, `disorder.ts`.)
 */
import { err, type Result } from '@arbiter/engine';
import {
  gameOf,
  gmCommand,
  run,
  saveGame,
  viewIn,
  type AppContext,
  type GmOptions,
} from '../context.js';
import { invalid, refuse, type AppError } from '../errors.js';
import { checkPlayerId, checkSeatName } from '../input.js';
import { LIMITS } from '../limits.js';
import type { AccountId, GameId, PhaseId, PlayerId, StoreTx } from '../ports.js';
import type { GameView } from '../views.js';

export interface SeatPlayerInput {
  /** The name of the account to seat. */
  readonly account: string;
  /** The seat's name from now on (default: the account's name). */
  readonly name?: string;
}

/**
 * The gamesmaster seats an account in a seat of a forming or running game: a replacement takes
 * over the seat as it stands, with its powers, its orders in the open phase and every secret
 * the seat may read (they are the seat's, by player id, not the account's), and the account it
 * replaces loses all of them at once. A seat in civil disorder is out of it; the count of
 * missed phases starts again.
 */
export async function seatPlayer(
  ctx: AppContext,
  caller: AccountId,
  gameId: GameId,
  playerId: PlayerId,
  input: SeatPlayerInput,
  opts?: GmOptions,
): Promise<Result<GameView, AppError>> {
  const badId = checkPlayerId('player', playerId);
  if (badId !== undefined) return err(badId);
  if (typeof input !== 'object' || (input as unknown) === null)
    return err(invalid('input', 'must be an object'));
  const wanted: unknown = input.account;
  if (typeof wanted !== 'string' || wanted === '' || wanted.length > LIMITS.accountName)
    return err(invalid('account', 'an account name'));
  const name: unknown = input.name;
  const badName = checkSeatName(name);
  if (badName !== undefined) return err(badName);
  return gmCommand(ctx, caller, gameId, opts, async (tx, game) => {
    if (game.status === 'finished') refuse('game/not-running', 'the game is over');
    const seats = await tx.seats(gameId);
    const seat = seats.find((s) => s.playerId === playerId);
    if (seat === undefined)
      refuse('input/invalid', `player: no player ${playerId} in this game`, { field: 'player' });
    const account = await tx.accountByName(wanted);
    if (account === undefined) refuse('account/not-found', `no account named ${wanted}`);
    if (account.id === game.gm)
      refuse('game/gm-cannot-play', 'the gamesmaster sees everything and may not play');
    const holding = seats.find((s) => s.accountId === account.id);
    if (holding !== undefined)
      refuse('game/already-joined', `${wanted} already holds seat ${holding.playerId}`, {
        player: holding.playerId,
      });
    const now = ctx.clock.now();
    await tx.updateSeat({
      ...seat,
      accountId: account.id,
      name: typeof name === 'string' ? name.trim() : account.name,
      missed: 0,
      civilDisorder: false,
    });
    const phaseId = await notReady(tx, gameId, playerId, now);
    const saved = await saveGame(tx, game, {});
    await tx.appendEvent({
      gameId,
      type: 'seat/filled',
      data: {
        ...(phaseId === undefined ? {} : { phaseId }),
        player: playerId,
        account: account.id,
        previous: seat.accountId,
        endsCivilDisorder: seat.civilDisorder === true,
      },
      at: now,
    });
    return viewIn(ctx, tx, saved, caller);
  });
}

/**
 * The caller leaves the game. Before the start the seat is removed (another may join); once
 * the game runs the seat stays, vacant: its powers' units hold, it counts missed phases towards
 * civil disorder, and its orders already sent for the open phase stand. Answers the game as the
 * caller now sees it (the public's view).
 */
export async function leaveGame(
  ctx: AppContext,
  caller: AccountId,
  gameId: GameId,
): Promise<Result<GameView, AppError>> {
  return run(ctx, async (tx) => {
    // The open phase first, then the game, as processing locks them, so the two never deadlock.
    await tx.openPhase(gameId, { forUpdate: true });
    const game = await gameOf(tx, gameId, true);
    const seat = await tx.seatOf(gameId, caller);
    if (seat === undefined) refuse('game/not-a-player', 'you have no seat in this game');
    if (game.status === 'finished') refuse('game/not-running', 'the game is over');
    const now = ctx.clock.now();
    let phaseId: PhaseId | undefined;
    if (game.status === 'forming') {
      await tx.deleteSeat(gameId, seat.playerId);
    } else {
      await tx.updateSeat({ ...seat, accountId: null });
      phaseId = await notReady(tx, gameId, seat.playerId, now);
    }
    const saved = await saveGame(tx, game, {});
    await tx.appendEvent({
      gameId,
      type: 'seat/left',
      data: {
        ...(phaseId === undefined ? {} : { phaseId }),
        player: seat.playerId,
        account: caller,
        vacant: game.status === 'running',
      },
      at: now,
    });
    return viewIn(ctx, tx, saved, caller);
  });
}

/**
 * A seat that changed hands is not ready in the open phase, whatever its last holder said.
 * Answers the open phase (the event log records it, for the feed to name), if there is one.
 */
async function notReady(
  tx: StoreTx,
  gameId: GameId,
  player: PlayerId,
  now: number,
): Promise<PhaseId | undefined> {
  const open = await tx.openPhase(gameId, { forUpdate: true });
  if (open === undefined) return undefined;
  const mine = (await tx.readiness(open.id)).find((r) => r.playerId === player);
  if (mine?.ready === true)
    await tx.setReady({ phaseId: open.id, playerId: player, ready: false, updatedAt: now });
  return open.id;
}
