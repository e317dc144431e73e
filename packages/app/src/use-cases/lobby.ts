/**
 * The lobby and its seats: the variants on offer, creating and listing games, taking a seat,
 * the gamesmaster giving out powers, and starting the game. Routes: `GET /variants`,
 * `GET|POST /games`, `POST /games/{id}/players`, `POST /games/{id}/powers`,
 * `POST /games/{id}/start`.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import {
  err,
  EDITIONS,
  initialState,
  newGame,
  phaseName,
  Rng,
  type Edition,
  settingsJsonSchema,
  type PlayerSetup,
  type Result,
  type Setting,
  type SettingsJsonSchema,
  type Variant,
} from '@arbiter/engine';
import {
  gameOf,
  gmCommand,
  run,
  saveGame,
  variantOf,
  viewIn,
  type AppContext,
  type GmOptions,
} from '../context.js';
import { appError, badSetup, invalid, refuse, Refusal, type AppError } from '../errors.js';
import {
  checkCount,
  checkOptions,
  checkPlayerId,
  checkSeatName,
  checkSeed,
  checkSettings,
  unstorableText,
} from '../input.js';
import { LIMITS } from '../limits.js';
import { phaseLength } from '../phases.js';
import type { AccountId, GameId, GameRecord, GameSettings, SeatRecord } from '../ports.js';
import {
  gameSummary,
  gameView,
  seatView,
  type GameSummary,
  type GameView,
  type SeatView,
} from '../views.js';

/** A variant as a game's creator chooses it. */
export interface VariantInfo {
  readonly id: string;
  readonly name: string;
  /** Players a game needs; `max` null for no upper limit. */
  readonly players: { readonly min: number; readonly max: number | null };
  readonly powers: readonly { readonly id: string; readonly name: string }[];
  /** The variant's rule modules, each with its headline and settings (the options). */
  readonly modules: readonly {
    readonly id: string;
    readonly headline: string;
    /** Each setting's default, by setting name. */
    readonly settings: Readonly<Record<string, unknown>>;
    /** What each setting does, by setting name (the schema's descriptions). */
    readonly about: Readonly<Record<string, string>>;
    /** The settings a game's options may set, in JSON Schema: kinds, ranges, choices. */
    readonly schema: SettingsJsonSchema;
    /** The notation of the actions the module takes from the gamesmaster (`BONUS <n> TO <power>`). */
    readonly gamesmasterActions: readonly string[];
  }[];
  /** The phase a game starts in: `S1901M`. */
  readonly startPhase: string;
  /**
   * The rulebook edition the variant's text names, to suggest to the game's creator; a game is
   * played under 2023 unless its settings name another (`GameSettings.rulebook`).
   */
  readonly rulebook: Edition;
  /** Every edition a game may name, oldest first. */
  readonly rulebooks: readonly Edition[];
}

export interface CreateGameInput {
  readonly name: string;
  readonly variant: string;
  /** Module settings by module id (see `VariantInfo.modules`). */
  readonly options?: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  /** The seed of the game's random draws (default: random). */
  readonly seed?: number;
  readonly settings?: Partial<GameSettings>;
}

export interface JoinGameInput {
  /** The seat's name (default: the account's name). */
  readonly name?: string;
  /** The player id (default: `player-N`, the first free N). */
  readonly playerId?: string;
}

export interface PowerAssignment {
  readonly playerId: string;
  /** None for an investor (Fiascomacy); two or more for a player with several powers. */
  readonly powers: readonly string[];
}

export function variants(ctx: AppContext): VariantInfo[] {
  return Object.values(ctx.variants).map((v) => ({
    id: v.id,
    name: v.name,
    players: {
      min: v.players.min,
      max: Number.isFinite(v.players.max) ? v.players.max : null,
    },
    powers: v.map.spec.powers.map((p) => ({ id: p.id, name: p.name })),
    modules: v.modules.map((m) => ({
      id: m.id,
      headline: m.headline,
      settings: { ...(m.settings ?? {}) },
      about: Object.fromEntries(
        Object.entries<Setting>(m.schema ?? {}).map(([k, s]) => [k, s.description]),
      ),
      schema: settingsJsonSchema(m.schema ?? {}),
      gamesmasterActions: [...(m.gamesmasterActions ?? [])],
    })),
    startPhase: phaseName(v.startPhase ?? initialState(v.map).phase),
    rulebook: v.rulebook,
    rulebooks: EDITIONS,
  }));
}

export async function createGame(
  ctx: AppContext,
  caller: AccountId,
  input: CreateGameInput,
): Promise<Result<GameView, AppError>> {
  if (typeof input !== 'object' || (input as unknown) === null)
    return err(invalid('input', 'must be an object'));
  const name = typeof input.name === 'string' ? input.name.trim() : '';
  if (name === '' || name.length > LIMITS.gameName)
    return err(invalid('name', `1 to ${LIMITS.gameName} characters`));
  const badName = unstorableText(name);
  if (badName !== undefined) return err(invalid('name', badName));
  const variant = typeof input.variant === 'string' ? ctx.variants[input.variant] : undefined;
  if (variant === undefined)
    return err(
      appError('variant/unknown', `unknown variant ${String(input.variant as unknown)}`, {
        known: Object.keys(ctx.variants),
      }),
    );
  const options = checkOptions(variant, input.options);
  if (!options.ok) return options;
  const badSeed = checkSeed(input.seed);
  if (badSeed !== undefined) return err(badSeed);
  const settings = checkSettings(input.settings);
  if (!settings.ok) return settings;
  const now = ctx.clock.now();
  const game: GameRecord = {
    id: randomUUID(),
    name,
    variant: variant.id,
    options: options.value,
    seed: input.seed ?? randomBytes(4).readUInt32BE(0),
    gm: caller,
    status: 'forming',
    settings: settings.value,
    paused: false,
    pausedRemaining: null,
    createdAt: now,
    version: 1,
  };
  return run(ctx, async (tx) => {
    if ((await tx.accountById(caller)) === undefined)
      refuse('auth/bad-credentials', 'no such account');
    await tx.insertGame(game);
    await tx.appendEvent({
      gameId: game.id,
      type: 'game/created',
      data: {
        name,
        variant: variant.id,
        options: game.options,
        seed: game.seed,
        settings: game.settings,
        gm: caller,
      },
      at: now,
    });
    return gameView({
      game,
      variant,
      catalogue: ctx.catalogue,
      seats: [],
      viewer: { kind: 'gm' },
      open: undefined,
      ready: [],
      last: undefined,
    });
  });
}

/**
 * Games, newest first: every game (up to 100) without a caller, or the games the caller plays
 * in or runs.
 */
export async function listGames(ctx: AppContext, caller?: AccountId): Promise<GameSummary[]> {
  const games = await ctx.store.read((tx) =>
    tx.listGames(caller === undefined ? { limit: 100 } : { accountId: caller, limit: 100 }),
  );
  return games.map(gameSummary);
}

export async function joinGame(
  ctx: AppContext,
  caller: AccountId,
  gameId: GameId,
  input: JoinGameInput = {},
): Promise<Result<SeatView, AppError>> {
  if (input.playerId !== undefined) {
    const bad = checkPlayerId('playerId', input.playerId);
    if (bad !== undefined) return err(bad);
  }
  const badName = checkSeatName(input.name);
  if (badName !== undefined) return err(badName);
  return run(ctx, async (tx) => {
    const game = await gameOf(tx, gameId, true);
    if (game.status !== 'forming') refuse('game/not-forming', 'the game has already started');
    if (game.gm === caller)
      refuse('game/gm-cannot-play', 'the gamesmaster sees everything and may not play');
    const account = await tx.accountById(caller);
    if (account === undefined) refuse('auth/bad-credentials', 'no such account');
    const seats = await tx.seats(gameId);
    if (seats.some((s) => s.accountId === caller))
      refuse('game/already-joined', 'you already have a seat in this game');
    const variant = variantOf(ctx, game.variant);
    if (seats.length >= variant.players.max)
      refuse('game/full', `${variant.name} takes at most ${variant.players.max} players`);
    let playerId = input.playerId;
    if (playerId !== undefined && seats.some((s) => s.playerId === playerId))
      throw new Refusal(invalid('playerId', `${playerId} is taken`));
    for (let n = seats.length + 1; playerId === undefined; n++) {
      const id = `player-${n}`;
      if (!seats.some((s) => s.playerId === id)) playerId = id;
    }
    const seat: SeatRecord = {
      gameId,
      playerId,
      accountId: caller,
      name: input.name?.trim() ?? account.name,
      powers: [],
    };
    await tx.insertSeat(seat);
    await saveGame(tx, game, {});
    await tx.appendEvent({
      gameId,
      type: 'game/joined',
      data: { player: playerId, account: caller, name: seat.name },
      at: ctx.clock.now(),
    });
    return seatView(seat);
  });
}

/**
 * The gamesmaster gives players their powers before the start: none (an investor), one, or
 * several. Seats not named keep theirs. Once powers are given out, the start takes the seats as
 * they are (a seat left without a power needs `allowPowerless`); without any assignment, the
 * powers are dealt at the start (`startGame`).
 */
export async function assignPowers(
  ctx: AppContext,
  caller: AccountId,
  gameId: GameId,
  assignments: readonly PowerAssignment[],
  opts?: GmOptions,
): Promise<Result<GameView, AppError>> {
  const list: unknown = assignments;
  if (!Array.isArray(list) || list.length === 0)
    return err(invalid('assignments', 'a non-empty list'));
  const tooMany = checkCount('assignments', list, LIMITS.assignments);
  if (tooMany !== undefined) return err(tooMany);
  const named = new Set<string>();
  for (const [i, a] of (assignments as readonly unknown[]).entries()) {
    const ok =
      typeof a === 'object' &&
      a !== null &&
      typeof (a as { playerId?: unknown }).playerId === 'string' &&
      Array.isArray((a as { powers?: unknown }).powers) &&
      (a as { powers: unknown[] }).powers.every((p) => typeof p === 'string');
    if (!ok) return err(invalid(`assignments.${i}`, '{ playerId, powers: [...] }'));
    const powers = checkCount(
      `assignments.${i}.powers`,
      (a as PowerAssignment).powers,
      LIMITS.powers,
    );
    if (powers !== undefined) return err(powers);
    const id = (a as PowerAssignment).playerId;
    if (named.has(id)) return err(invalid(`assignments.${i}.playerId`, `${id} is named twice`));
    named.add(id);
  }
  return gmCommand(ctx, caller, gameId, opts, async (tx, game) => {
    if (game.status !== 'forming') refuse('game/not-forming', 'the game has already started');
    const variant = variantOf(ctx, game.variant);
    const seats = await tx.seats(gameId);
    const changed: SeatRecord[] = [];
    for (const [i, a] of assignments.entries()) {
      const seat = seats.find((s) => s.playerId === a.playerId);
      if (seat === undefined)
        throw new Refusal(invalid(`assignments.${i}.playerId`, `no player ${a.playerId}`));
      for (const power of a.powers) {
        if (variant.map.powerIndex(power) < 0)
          throw new Refusal(
            badSetup({
              code: 'setup/unknown-power',
              message: `${a.playerId}: unknown power ${power}`,
            }),
          );
      }
      changed.push({ ...seat, powers: [...a.powers] });
    }
    const after = seats.map((s) => changed.find((c) => c.playerId === s.playerId) ?? s);
    const holder = new Map<string, string>();
    for (const s of after) {
      for (const power of s.powers) {
        const other = holder.get(power);
        if (other !== undefined)
          throw new Refusal(
            badSetup({
              code: 'setup/power-taken',
              message: `${power} is given to both ${other} and ${s.playerId}`,
            }),
          );
        holder.set(power, s.playerId);
      }
    }
    for (const s of changed) await tx.updateSeat(s);
    const saved = await saveGame(tx, game, {});
    await tx.appendEvent({
      gameId,
      type: 'game/powers-assigned',
      data: { assignments: changed.map((s) => ({ player: s.playerId, powers: s.powers })) },
      at: ctx.clock.now(),
    });
    return viewIn(ctx, tx, saved, caller);
  });
}

/** Options of `startGame`, besides the version the gamesmaster acted on. */
export interface StartOptions extends GmOptions {
  /**
   * Start even though a seat has no power (in a variant whose players hold powers): that
   * player can only talk. Without it, such a start is refused with `game/powerless-seat`.
   */
  readonly allowPowerless?: boolean;
}

/**
 * Starts the game from its seats (`newGame`); its first phase opens with its deadline. If the
 * gamesmaster gave out powers, the seats keep exactly what they were given; otherwise the
 * variant's own seating is used, or (when it has none) the powers are drawn at random from the
 * game's seed, one per seat in seat order: the same seed gives the same deal. The deal is
 * recorded with the setup in the `game/started` event.
 */
export async function startGame(
  ctx: AppContext,
  caller: AccountId,
  gameId: GameId,
  opts?: StartOptions,
): Promise<Result<GameView, AppError>> {
  const allow: unknown = opts?.allowPowerless;
  if (allow !== undefined && typeof allow !== 'boolean')
    return err(invalid('allowPowerless', 'true or false'));
  return gmCommand(ctx, caller, gameId, opts, async (tx, game) => {
    if (game.status !== 'forming') refuse('game/not-forming', 'the game has already started');
    const variant = variantOf(ctx, game.variant);
    const seats = await tx.seats(gameId);
    const assigned = (await tx.events(gameId)).some((e) => e.type === 'game/powers-assigned');
    const dealt = assigned ? undefined : deal(variant, game.seed, seats.length);
    const seating = dealt?.powers ?? seats.map((s) => s.powers);
    const powerless = seats.filter((_, i) => (seating[i] ?? []).length === 0);
    if (powerless.length > 0 && allow !== true && playersHoldPowers(variant, seats.length))
      refuse(
        'game/powerless-seat',
        `${powerless.map((s) => s.playerId).join(', ')} would start with no power; ` +
          'give them one, or start with allowPowerless',
        { players: powerless.map((s) => s.playerId) },
      );
    const players: PlayerSetup[] = seats.map((s, i) => ({
      id: s.playerId,
      name: s.name,
      powers: [...(seating[i] ?? [])],
    }));
    const rulebook = game.settings.rulebook;
    const setup = {
      variant: variant.id,
      ...(rulebook === undefined ? {} : { rulebook }),
      options: game.options,
      seed: game.seed,
      players,
    };
    const started = newGame(variant, setup);
    if (!started.ok) throw new Refusal(badSetup(started.error));
    const now = ctx.clock.now();
    for (const [i, s] of seats.entries()) {
      const powers = players[i]!.powers;
      if (powers.join() !== s.powers.join()) await tx.updateSeat({ ...s, powers });
    }
    const state = started.value;
    const phase = {
      gameId,
      seq: 0,
      name: phaseName(state.phase),
      state,
      status: 'open' as const,
      deadline: now + phaseLength(game.settings, state.phase.type),
      openedAt: now,
      processedAt: null,
      result: null,
    };
    const phaseId = await tx.insertPhase(phase);
    const saved = await saveGame(tx, game, { status: 'running' });
    const how = dealt?.how ?? 'assigned';
    await tx.appendEvent({
      gameId,
      type: 'game/started',
      data: { setup, phaseId, deal: how, ...(allow === true ? { allowPowerless: true } : {}) },
      at: now,
    });
    return viewIn(ctx, tx, saved, caller);
  });
}

/**
 * Powers per seat, in seat order, when the gamesmaster gave none out: the variant's own seating
 * (Fiascomacy's investors hold none), or one power each drawn with the engine's seeded random
 * from the game's seed (a shuffle of the map's powers; with fewer seats than powers, the powers
 * left over are nobody's).
 */
function deal(
  variant: Variant,
  seed: number,
  count: number,
): { readonly powers: (readonly string[])[]; readonly how: 'variant' | 'drawn' } {
  const given = variant.seats?.(count);
  if (given !== undefined) return { powers: given.map((p) => p.powers), how: 'variant' };
  const drawn = new Rng(seed).shuffle(variant.map.powers);
  return {
    powers: Array.from({ length: count }, (_, i) => {
      const power = drawn[i];
      return power === undefined ? [] : [power];
    }),
    how: 'drawn',
  };
}

/** Whether the variant's players hold powers (not so for Fiascomacy's investors). */
function playersHoldPowers(variant: Variant, count: number): boolean {
  const given = variant.seats?.(count);
  return given === undefined || given.some((p) => p.powers.length > 0);
}
