/**
 * The Arbiter: the one authority that loads a game, applies a command, saves it and answers
 * with what the caller may see. Every command is one store transaction; a refusal rolls it back.
 * README.md explains the rules it keeps (deadlines, readiness, processing, rollback, press).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import {
  err,
  initialState,
  newGame,
  ok,
  phaseName,
  processVariantPhase,
  routeMessage,
  type Catalogue,
  type PlayerSetup,
  type PressMessage,
  type Result,
  type Variant,
  type Viewer,
} from '@arbiter/engine';
import { CATALOGUE, VARIANTS } from '@arbiter/rules';
import {
  hashPassword,
  MAX_PASSWORD,
  MIN_PASSWORD,
  NAME_PATTERN,
  newToken,
  tokenHash,
  verifyPassword,
} from './passwords.js';
import { auditGame, type AuditReport, type ProcessedData, type RolledBackData } from './audit.js';
import {
  appError,
  badSetup,
  invalid,
  Refusal,
  type AppError,
  type AppErrorCode,
} from './errors.js';
import {
  checkOptions,
  checkPlayerId,
  checkSeconds,
  checkSeed,
  checkSettings,
  checkText,
  MAX_GAME_NAME,
} from './input.js';
import { describeSubmission } from './lines.js';
import { engineSubmissions, isOver, phaseLength, type UsedSubmission } from './phases.js';
import type {
  AccountId,
  AccountRecord,
  Clock,
  GameId,
  GameRecord,
  GameSettings,
  GameStore,
  MessageAudience,
  MessageCopy,
  MessageRecord,
  PhaseId,
  PhaseRecord,
  PlayerId,
  SeatRecord,
  StoreTx,
} from './ports.js';
import { everyoneReady, playersWhoMustAct } from './readiness.js';
import {
  gameSummary,
  gameView,
  messageView,
  phaseView,
  seatView,
  type GameSummary,
  type GameView,
  type MessageView,
  type PhaseMeta,
  type PhaseView,
  type SeatView,
  type StoredResult,
  type SubmissionResult,
  type SubmissionView,
} from './views.js';

export interface AppDeps {
  readonly store: GameStore;
  readonly clock: Clock;
  /** Variants by id (default: every variant of `@arbiter/rules`). */
  readonly variants?: Readonly<Record<string, Variant>>;
  /** House rules a rule set may switch on (default: `@arbiter/rules`' catalogue). */
  readonly catalogue?: Catalogue;
  /**
   * Test hook: awaited inside the processing transaction, after the new state is computed and
   * before commit. A throw rolls the whole processing back.
   */
  readonly duringProcessing?: (gameId: GameId, phaseName: string) => Promise<void>;
}

/** A logged-in account and its bearer token (shown once; only its SHA-256 is kept). */
export interface Session {
  readonly account: { readonly id: AccountId; readonly name: string };
  readonly token: string;
}

/** A variant as a game's creator chooses it. */
export interface VariantInfo {
  readonly id: string;
  readonly name: string;
  /** Players a game needs; `max` null for no upper limit. */
  readonly players: { readonly min: number; readonly max: number | null };
  readonly powers: readonly { readonly id: string; readonly name: string }[];
  /** The variant's rule modules, each with its headline and default settings (the options). */
  readonly modules: readonly {
    readonly id: string;
    readonly headline: string;
    readonly settings: Readonly<Record<string, unknown>>;
  }[];
  /** The phase a game starts in: `S1901M`. */
  readonly startPhase: string;
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

export interface MessageInput {
  readonly to: 'public' | readonly string[];
  readonly text: string;
  readonly anonymous?: boolean;
}

/**
 * Optional on every gamesmaster command: the game version the gamesmaster acted on (from
 * `GameView.version`). If the game changed since, the command is refused with `game/conflict`.
 * Without it, the version read just before the command is used.
 */
export interface GmOptions {
  readonly version?: number;
}

export type ExtendInput = { readonly seconds: number } | { readonly deadline: number };

type ProcessReason = ProcessedData['reason'];

const ROUTED_PRESS_CODES: ReadonlySet<string> = new Set<AppErrorCode>([
  'press/no-press',
  'press/public-only',
]);
/** Bounds the phases processed one after another because nobody has anything to do. */
const MAX_CHAINED_PHASES = 20;
const TOKEN_CACHE_SIZE = 10_000;

function refuse(code: AppErrorCode, message: string, details?: unknown): never {
  throw new Refusal(appError(code, message, details));
}

export class Arbiter {
  private readonly store: GameStore;
  private readonly clock: Clock;
  private readonly variantTable: Readonly<Record<string, Variant>>;
  private readonly catalogue: Catalogue;
  private readonly duringProcessing: AppDeps['duringProcessing'];
  /** Seats of started games: they never change once a game starts. */
  private readonly seatCache = new Map<GameId, readonly SeatRecord[]>();
  /** Accounts by token hash (accounts and tokens are never changed or revoked). */
  private readonly tokenCache = new Map<string, AccountRecord>();
  /** Phase names and processing times: immutable once a phase is processed. */
  private readonly phaseCache = new Map<PhaseId, PhaseMeta>();

  constructor(deps: AppDeps) {
    this.store = deps.store;
    this.clock = deps.clock;
    this.variantTable = deps.variants ?? VARIANTS;
    this.catalogue = deps.catalogue ?? CATALOGUE;
    this.duringProcessing = deps.duringProcessing;
  }

  // ---- accounts -------------------------------------------------------------------------------

  async register(name: string, password: string): Promise<Result<Session, AppError>> {
    if (typeof name !== 'string' || !NAME_PATTERN.test(name))
      return err(
        appError('auth/invalid-name', 'names are 1 to 40 letters, digits, _ . or -', {
          field: 'name',
        }),
      );
    if (typeof password !== 'string' || password.length < MIN_PASSWORD)
      return err(
        appError('auth/weak-password', `passwords have at least ${MIN_PASSWORD} characters`, {
          field: 'password',
        }),
      );
    if (password.length > MAX_PASSWORD)
      return err(invalid('password', `longer than ${MAX_PASSWORD} characters`));
    const passwordHash = await hashPassword(password);
    const now = this.clock.now();
    const account: AccountRecord = { id: randomUUID(), name, passwordHash, createdAt: now };
    const token = newToken();
    const taken = (): AppError => appError('auth/name-taken', `the name ${name} is taken`);
    try {
      return await this.run(async (tx) => {
        if ((await tx.accountByName(name)) !== undefined) throw new Refusal(taken());
        await tx.insertAccount(account);
        await tx.insertToken({
          tokenHash: tokenHash(token),
          accountId: account.id,
          createdAt: now,
        });
        return { account: { id: account.id, name }, token };
      });
    } catch (e) {
      // Two registrations of one name at once: the store's unique name refuses the second.
      const other = await this.store.read((tx) => tx.accountByName(name));
      if (other !== undefined) return err(taken());
      throw e;
    }
  }

  async login(name: string, password: string): Promise<Result<Session, AppError>> {
    const bad = appError('auth/bad-credentials', 'unknown name or wrong password');
    if (typeof name !== 'string' || typeof password !== 'string' || password.length > MAX_PASSWORD)
      return err(bad);
    const account = NAME_PATTERN.test(name)
      ? await this.store.read((tx) => tx.accountByName(name))
      : undefined;
    // Checked against a dummy hash when there is no such account: the same time either way.
    if (!(await verifyPassword(password, account?.passwordHash)) || account === undefined)
      return err(bad);
    const token = newToken();
    const now = this.clock.now();
    await this.store.transaction((tx) =>
      tx.insertToken({ tokenHash: tokenHash(token), accountId: account.id, createdAt: now }),
    );
    return ok({ account: { id: account.id, name: account.name }, token });
  }

  /** The account a bearer token belongs to, if any. */
  async authenticate(token: string): Promise<AccountRecord | undefined> {
    if (typeof token !== 'string' || token.length === 0 || token.length > 200) return undefined;
    const hash = tokenHash(token);
    const cached = this.tokenCache.get(hash);
    if (cached !== undefined) return cached;
    const account = await this.store.read((tx) => tx.accountByTokenHash(hash));
    if (account !== undefined) {
      if (this.tokenCache.size >= TOKEN_CACHE_SIZE) {
        const oldest = this.tokenCache.keys().next();
        if (oldest.done !== true) this.tokenCache.delete(oldest.value);
      }
      this.tokenCache.set(hash, account);
    }
    return account;
  }

  // ---- variants and games ---------------------------------------------------------------------

  variants(): VariantInfo[] {
    return Object.values(this.variantTable).map((v) => ({
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
      })),
      startPhase: phaseName(v.startPhase ?? initialState(v.map).phase),
    }));
  }

  async createGame(caller: AccountId, input: CreateGameInput): Promise<Result<GameView, AppError>> {
    if (typeof input !== 'object' || (input as unknown) === null)
      return err(invalid('input', 'must be an object'));
    const name = typeof input.name === 'string' ? input.name.trim() : '';
    if (name === '' || name.length > MAX_GAME_NAME)
      return err(invalid('name', `1 to ${MAX_GAME_NAME} characters`));
    const variant =
      typeof input.variant === 'string' ? this.variantTable[input.variant] : undefined;
    if (variant === undefined)
      return err(
        appError('variant/unknown', `unknown variant ${String(input.variant as unknown)}`, {
          known: Object.keys(this.variantTable),
        }),
      );
    const options = checkOptions(variant, input.options);
    if (!options.ok) return options;
    const badSeed = checkSeed(input.seed);
    if (badSeed !== undefined) return err(badSeed);
    const settings = checkSettings(input.settings);
    if (!settings.ok) return settings;
    const now = this.clock.now();
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
    return this.run(async (tx) => {
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
        catalogue: this.catalogue,
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
  async listGames(caller?: AccountId): Promise<GameSummary[]> {
    const games = await this.store.read((tx) =>
      tx.listGames(caller === undefined ? { limit: 100 } : { accountId: caller, limit: 100 }),
    );
    return games.map(gameSummary);
  }

  async joinGame(
    caller: AccountId,
    gameId: GameId,
    input: JoinGameInput = {},
  ): Promise<Result<SeatView, AppError>> {
    if (input.playerId !== undefined) {
      const bad = checkPlayerId('playerId', input.playerId);
      if (bad !== undefined) return err(bad);
    }
    if (
      input.name !== undefined &&
      (typeof input.name !== 'string' || input.name.trim() === '' || input.name.length > 40)
    )
      return err(invalid('name', '1 to 40 characters'));
    return this.run(async (tx) => {
      const game = await this.gameOf(tx, gameId, true);
      if (game.status !== 'forming') refuse('game/not-forming', 'the game has already started');
      if (game.gm === caller)
        refuse('game/gm-cannot-play', 'the gamesmaster sees everything and may not play');
      const account = await tx.accountById(caller);
      if (account === undefined) refuse('auth/bad-credentials', 'no such account');
      const seats = await tx.seats(gameId);
      if (seats.some((s) => s.accountId === caller))
        refuse('game/already-joined', 'you already have a seat in this game');
      const variant = this.variantOf(game.variant);
      if (seats.length >= variant.players.max)
        refuse('game/full', `${variant.name} takes at most ${variant.players.max} players`);
      let playerId = input.playerId;
      if (playerId !== undefined && seats.some((s) => s.playerId === playerId))
        refuse('input/invalid', `playerId: ${playerId} is taken`, { field: 'playerId' });
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
      await tx.appendEvent({
        gameId,
        type: 'game/joined',
        data: { player: playerId, account: caller, name: seat.name },
        at: this.clock.now(),
      });
      return seatView(seat);
    });
  }

  /**
   * The gamesmaster gives players their powers before the start: none (an investor), one, or
   * several. Seats not named keep theirs. Without any assignment, the variant's default seating
   * is used at the start.
   */
  async assignPowers(
    caller: AccountId,
    gameId: GameId,
    assignments: readonly PowerAssignment[],
    opts?: GmOptions,
  ): Promise<Result<GameView, AppError>> {
    const list: unknown = assignments;
    if (!Array.isArray(list) || list.length === 0)
      return err(invalid('assignments', 'a non-empty list'));
    const named = new Set<string>();
    for (const [i, a] of (assignments as readonly unknown[]).entries()) {
      const ok =
        typeof a === 'object' &&
        a !== null &&
        typeof (a as { playerId?: unknown }).playerId === 'string' &&
        Array.isArray((a as { powers?: unknown }).powers) &&
        (a as { powers: unknown[] }).powers.every((p) => typeof p === 'string');
      if (!ok) return err(invalid(`assignments[${i}]`, '{ playerId, powers: [...] }'));
      const id = (a as PowerAssignment).playerId;
      if (named.has(id)) return err(invalid(`assignments[${i}].playerId`, `${id} is named twice`));
      named.add(id);
    }
    return this.gm(caller, gameId, opts, async (tx, game) => {
      if (game.status !== 'forming') refuse('game/not-forming', 'the game has already started');
      const variant = this.variantOf(game.variant);
      const seats = await tx.seats(gameId);
      const changed: SeatRecord[] = [];
      for (const [i, a] of assignments.entries()) {
        const seat = seats.find((s) => s.playerId === a.playerId);
        if (seat === undefined)
          refuse('input/invalid', `assignments[${i}].playerId: no player ${a.playerId}`, {
            field: `assignments[${i}].playerId`,
          });
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
      const saved = await this.saveGame(tx, game, {});
      await tx.appendEvent({
        gameId,
        type: 'game/powers-assigned',
        data: { assignments: changed.map((s) => ({ player: s.playerId, powers: s.powers })) },
        at: this.clock.now(),
      });
      return this.viewIn(tx, saved, caller);
    });
  }

  async startGame(
    caller: AccountId,
    gameId: GameId,
    opts?: GmOptions,
  ): Promise<Result<GameView, AppError>> {
    return this.gm(caller, gameId, opts, async (tx, game) => {
      if (game.status !== 'forming') refuse('game/not-forming', 'the game has already started');
      const variant = this.variantOf(game.variant);
      const seats = await tx.seats(gameId);
      const seating = seats.some((s) => s.powers.length > 0)
        ? seats.map((s) => s.powers)
        : defaultSeating(variant, seats.length);
      const players: PlayerSetup[] = seats.map((s, i) => ({
        id: s.playerId,
        name: s.name,
        powers: [...(seating[i] ?? [])],
      }));
      const setup = { variant: variant.id, options: game.options, seed: game.seed, players };
      const started = newGame(variant, setup);
      if (!started.ok) throw new Refusal(badSetup(started.error));
      const now = this.clock.now();
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
      const saved = await this.saveGame(tx, game, { status: 'running' });
      await tx.appendEvent({ gameId, type: 'game/started', data: { setup, phaseId }, at: now });
      const view = await this.viewIn(tx, saved, caller);
      // Seats are cached from committed reads only.
      this.seatCache.delete(gameId);
      return view;
    });
  }

  // ---- orders and readiness -------------------------------------------------------------------

  /**
   * Stores a player's order sheet whole (every submission is kept; the last one at or before the
   * deadline counts) and answers with each line read: its canonical form or why it is refused.
   * Paused games still take orders.
   */
  async submitOrders(
    caller: AccountId,
    gameId: GameId,
    text: string,
  ): Promise<Result<SubmissionResult, AppError>> {
    const bad = checkText('text', text, true);
    if (bad !== undefined) return err(bad);
    return this.run(async (tx) => {
      const { phase, seat } = await this.playerInOpenPhase(tx, gameId, caller);
      const now = this.clock.now();
      if (phase.deadline !== null && now > phase.deadline)
        refuse('phase/closed', `the deadline of ${phase.name} has passed`);
      const variant = this.variantOf(phase.state.variant);
      const { lines } = describeSubmission(
        variant,
        phase.state,
        seat.playerId,
        text,
        this.catalogue,
      );
      const submissionId = await tx.insertSubmission({
        phaseId: phase.id,
        playerId: seat.playerId,
        text,
        createdAt: now,
      });
      await tx.appendEvent({
        gameId,
        type: 'orders/submitted',
        data: { submissionId, player: seat.playerId, phaseId: phase.id },
        at: now,
      });
      return { submissionId, phase: phase.name, lines };
    });
  }

  /** The caller's last submission in the open phase, with each line read; null if none. */
  async mySubmission(
    caller: AccountId,
    gameId: GameId,
  ): Promise<Result<SubmissionView | null, AppError>> {
    return this.read(async (tx) => {
      const { phase, seat } = await this.playerInOpenPhase(tx, gameId, caller, false);
      return this.lastSubmission(tx, phase, seat.playerId);
    });
  }

  /**
   * Marks the caller ready (or not) in the open phase. When every player who must act is ready,
   * the phase is processed at once, in the same transaction (not while the game is paused).
   */
  async setReady(
    caller: AccountId,
    gameId: GameId,
    ready: boolean,
  ): Promise<Result<{ ready: boolean; processed: boolean }, AppError>> {
    if (typeof ready !== 'boolean') return err(invalid('ready', 'true or false'));
    return this.run(async (tx) => {
      const { phase, seat } = await this.playerInOpenPhase(tx, gameId, caller);
      const now = this.clock.now();
      if (phase.deadline !== null && now > phase.deadline)
        refuse('phase/closed', `the deadline of ${phase.name} has passed`);
      await tx.setReady({ phaseId: phase.id, playerId: seat.playerId, ready, updatedAt: now });
      await tx.appendEvent({
        gameId,
        type: 'ready/set',
        data: { player: seat.playerId, phaseId: phase.id, ready },
        at: now,
      });
      let processed = false;
      if (ready) {
        const game = await this.gameOf(tx, gameId, true);
        processed = (await this.processIfAllReady(tx, phase, game, now)) !== undefined;
      }
      return { ready, processed };
    });
  }

  // ---- reading --------------------------------------------------------------------------------

  /** The game as the caller may see it (the public, a player, or the gamesmaster). */
  async getGame(
    caller: AccountId | undefined,
    gameId: GameId,
  ): Promise<Result<GameView, AppError>> {
    return this.read(async (tx) => this.viewIn(tx, await this.gameOf(tx, gameId), caller));
  }

  /** Every processed phase of the line of play, as the caller may see it. */
  async history(
    caller: AccountId | undefined,
    gameId: GameId,
  ): Promise<Result<PhaseView[], AppError>> {
    return this.read(async (tx) => {
      const game = await this.gameOf(tx, gameId);
      const viewer = await this.viewerIn(tx, game, caller);
      const phases = await tx.phases(gameId);
      return phases
        .filter((p) => p.status === 'processed')
        .map((p) => phaseView(p, viewer))
        .filter((v) => v !== undefined);
    });
  }

  // ---- press ----------------------------------------------------------------------------------

  /**
   * Sends a message. Players write while the game is forming or running, as the game's press
   * setting and then the rules in force (`routeMessage`) allow; the gamesmaster writes to anyone
   * at any time and is not bound by either.
   */
  async sendMessage(
    caller: AccountId,
    gameId: GameId,
    input: MessageInput,
  ): Promise<Result<MessageView, AppError>> {
    if (typeof input !== 'object' || (input as unknown) === null)
      return err(invalid('input', 'must be an object'));
    const bad = checkText('text', input.text, false);
    if (bad !== undefined) return err(bad);
    const to = input.to;
    if (to !== 'public' && !(Array.isArray(to) && to.every((p) => typeof p === 'string')))
      return err(invalid('to', '"public" or a list of player ids'));
    if (input.anonymous !== undefined && typeof input.anonymous !== 'boolean')
      return err(invalid('anonymous', 'true or false'));
    return this.run(async (tx) => {
      const game = await this.gameOf(tx, gameId);
      const seats = await this.seatsOf(tx, game);
      const viewer = await this.viewerIn(tx, game, caller, seats);
      if (viewer.kind === 'public')
        refuse('game/not-a-player', 'only players and the gamesmaster send messages here');
      const from = viewer.kind === 'gm' ? 'gm' : viewer.player;
      let audience: MessageAudience = { kind: 'public' };
      if (to !== 'public') {
        const unknown = to.filter((p) => !seats.some((s) => s.playerId === p));
        if (unknown.length > 0)
          refuse('press/unknown-recipient', `no player ${unknown.join(', ')} in this game`, {
            players: unknown,
          });
        const players = [...new Set(to)].filter((p) => p !== from).sort();
        if (players.length === 0) refuse('input/invalid', 'to: nobody to send to', { field: 'to' });
        audience = { kind: 'players', players };
      }
      const now = this.clock.now();
      const open = game.status === 'running' ? await tx.openPhase(gameId) : undefined;
      let anonymous = input.anonymous ?? false;
      let copies: readonly MessageCopy[] = [];
      if (viewer.kind === 'player') {
        if (game.status === 'finished') refuse('press/not-allowed', 'the game is over');
        const press = game.settings.press;
        if (press === 'none') refuse('press/no-press', 'this game has no press');
        if (press === 'public' && audience.kind !== 'public')
          refuse('press/public-only', 'this game has public press only: send it to everyone');
        if (press === 'grey') anonymous = true;
        if (open !== undefined) {
          const message: PressMessage = { from, to: audience, text: input.text, anonymous };
          const earlier = (await tx.messages(gameId))
            .filter((m) => m.phaseId === open.id && m.from !== 'gm')
            .map((m): PressMessage => ({
              from: m.from,
              to: m.to,
              text: m.text,
              anonymous: m.anonymous,
            }));
          const variant = this.variantOf(game.variant);
          const routed = routeMessage(variant, open.state, message, earlier, this.catalogue);
          if (routed.refused !== undefined) {
            const code = routed.refused.code;
            if (ROUTED_PRESS_CODES.has(code)) refuse(code as AppErrorCode, routed.refused.message);
            refuse('press/refused', routed.refused.message, { code });
          }
          anonymous = routed.anonymous;
          copies = routed.copies;
        }
      }
      const record: Omit<MessageRecord, 'id'> = {
        gameId,
        phaseId: open?.id ?? null,
        from,
        to: audience,
        anonymous,
        text: input.text,
        createdAt: now,
        ...(copies.length === 0 ? {} : { copies }),
      };
      const id = await tx.insertMessage(record);
      await tx.appendEvent({
        gameId,
        type: 'message/sent',
        data: { messageId: id, from, phaseId: record.phaseId },
        at: now,
      });
      const phases = new Map<PhaseId, PhaseMeta>(open === undefined ? [] : [[open.id, open]]);
      const view = messageView({ ...record, id }, viewer, phases);
      if (view === undefined) throw new Error('a sender must be able to read their own message');
      return view;
    });
  }

  /** The messages the caller may read, in order; `afterId` pages on. */
  async messages(
    caller: AccountId | undefined,
    gameId: GameId,
    opts: { readonly afterId?: number } = {},
  ): Promise<Result<MessageView[], AppError>> {
    if (
      opts.afterId !== undefined &&
      (typeof opts.afterId !== 'number' || !Number.isSafeInteger(opts.afterId))
    )
      return err(invalid('afterId', 'a whole number'));
    return this.read(async (tx) => {
      const game = await this.gameOf(tx, gameId);
      const viewer = await this.viewerIn(tx, game, caller);
      const all = await tx.messages(
        gameId,
        opts.afterId === undefined ? {} : { afterId: opts.afterId },
      );
      const phases = new Map<PhaseId, PhaseMeta>();
      for (const id of new Set(all.map((m) => m.phaseId))) {
        if (id === null) continue;
        const p = await this.phaseInfo(tx, id);
        if (p !== undefined) phases.set(id, p);
      }
      return all.map((m) => messageView(m, viewer, phases)).filter((m) => m !== undefined);
    });
  }

  // ---- the gamesmaster ------------------------------------------------------------------------

  /** Stops the clock: the time left is kept and the deadline cleared. Orders are still taken. */
  async pause(
    caller: AccountId,
    gameId: GameId,
    opts?: GmOptions,
  ): Promise<Result<GameView, AppError>> {
    return this.gm(caller, gameId, opts, async (tx, game) => {
      this.mustRun(game);
      if (game.paused) refuse('game/paused', 'the game is already paused');
      const phase = await this.openOf(tx, gameId);
      const now = this.clock.now();
      const remaining =
        phase.deadline === null
          ? phaseLength(game.settings, phase.state.phase.type)
          : Math.max(0, phase.deadline - now);
      await tx.updatePhase(phase.id, { deadline: null });
      const saved = await this.saveGame(tx, game, { paused: true, pausedRemaining: remaining });
      await tx.appendEvent({
        gameId,
        type: 'gm/paused',
        data: { phaseId: phase.id, remaining },
        at: now,
      });
      return this.viewIn(tx, saved, caller);
    });
  }

  /** Restarts the clock with the time that was left; if everyone is ready, processes at once. */
  async resume(
    caller: AccountId,
    gameId: GameId,
    opts?: GmOptions,
  ): Promise<Result<GameView, AppError>> {
    return this.gm(caller, gameId, opts, async (tx, game) => {
      this.mustRun(game);
      if (!game.paused) refuse('game/not-paused', 'the game is not paused');
      const phase = await this.openOf(tx, gameId);
      const now = this.clock.now();
      const deadline =
        now + (game.pausedRemaining ?? phaseLength(game.settings, phase.state.phase.type));
      await tx.updatePhase(phase.id, { deadline });
      let saved = await this.saveGame(tx, game, { paused: false, pausedRemaining: null });
      await tx.appendEvent({
        gameId,
        type: 'gm/resumed',
        data: { phaseId: phase.id, deadline },
        at: now,
      });
      const done = await this.processIfAllReady(tx, { ...phase, deadline }, saved, now);
      if (done !== undefined) saved = done;
      return this.viewIn(tx, saved, caller);
    });
  }

  /**
   * Moves the open phase's deadline: by `seconds` from the current deadline (or from now, if it
   * has passed), or to a given time, which must be in the future.
   */
  async extend(
    caller: AccountId,
    gameId: GameId,
    by: ExtendInput,
    opts?: GmOptions,
  ): Promise<Result<GameView, AppError>> {
    if (typeof by !== 'object' || (by as unknown) === null)
      return err(invalid('extend', '{ seconds } or { deadline }'));
    if ('seconds' in by) {
      const bad = checkSeconds('seconds', by.seconds);
      if (bad !== undefined) return err(bad);
    } else if (typeof by.deadline !== 'number' || !Number.isSafeInteger(by.deadline)) {
      return err(invalid('deadline', 'a time in milliseconds since the epoch'));
    }
    return this.gm(caller, gameId, opts, async (tx, game) => {
      this.mustRun(game);
      if (game.paused) refuse('game/paused', 'the game is paused: resume it first');
      const phase = await this.openOf(tx, gameId);
      const now = this.clock.now();
      const deadline =
        'seconds' in by ? Math.max(phase.deadline ?? now, now) + by.seconds * 1000 : by.deadline;
      if (deadline <= now)
        refuse('input/invalid', 'deadline: must be in the future', { field: 'deadline' });
      await tx.updatePhase(phase.id, { deadline });
      const saved = await this.saveGame(tx, game, {});
      await tx.appendEvent({
        gameId,
        type: 'gm/extended',
        data: { phaseId: phase.id, from: phase.deadline, to: deadline },
        at: now,
      });
      return this.viewIn(tx, saved, caller);
    });
  }

  /** Processes the open phase now, whatever the deadline and readiness (paused games too). */
  async forceProcess(
    caller: AccountId,
    gameId: GameId,
    opts?: GmOptions,
  ): Promise<Result<GameView, AppError>> {
    return this.gm(caller, gameId, opts, async (tx, game) => {
      this.mustRun(game);
      const phase = await this.openOf(tx, gameId);
      const now = this.clock.now();
      await tx.appendEvent({ gameId, type: 'gm/forced', data: { phaseId: phase.id }, at: now });
      const saved = await this.process(tx, phase, game, now, 'forced');
      return this.viewIn(tx, saved, caller);
    });
  }

  /**
   * Rolls the game back to the start of `toPhase`: it and every later phase are marked
   * rolled-back (kept, with their submissions), a fresh copy of it opens with a new deadline,
   * and each player's last submission to it is carried over, so it can be corrected and played
   * again. A finished game runs again.
   */
  async rollback(
    caller: AccountId,
    gameId: GameId,
    input: { readonly toPhase: string },
    opts?: GmOptions,
  ): Promise<Result<GameView, AppError>> {
    if (typeof input !== 'object' || typeof (input as { toPhase?: unknown }).toPhase !== 'string')
      return err(invalid('toPhase', 'a phase name such as F1901M'));
    return this.gm(caller, gameId, opts, async (tx, game) => {
      if (game.status === 'forming') refuse('game/not-running', 'the game has not started');
      // Lock the open phase first, as processing does, so the two never interleave.
      await tx.openPhase(gameId, { forUpdate: true });
      const line = await tx.phases(gameId);
      const target = line.find((p) => p.name === input.toPhase);
      if (target === undefined)
        refuse('phase/not-found', `no phase ${input.toPhase} in this game's line of play`);
      const now = this.clock.now();
      const later = line.filter((p) => p.seq >= target.seq);
      for (const p of later) await tx.updatePhase(p.id, { status: 'rolled-back' });
      const length = phaseLength(game.settings, target.state.phase.type);
      const phaseId = await tx.insertPhase({
        gameId,
        seq: target.seq,
        name: target.name,
        state: target.state,
        status: 'open',
        deadline: game.paused ? null : now + length,
        openedAt: now,
        processedAt: null,
        result: null,
      });
      const carried: { player: string; from: number; to: number }[] = [];
      for (const s of await tx.latestSubmissions(target.id)) {
        const to = await tx.insertSubmission({
          phaseId,
          playerId: s.playerId,
          text: s.text,
          createdAt: now,
        });
        carried.push({ player: s.playerId, from: s.id, to });
      }
      const saved = await this.saveGame(tx, game, {
        status: 'running',
        pausedRemaining: game.paused ? length : null,
      });
      const data: RolledBackData = {
        toPhase: target.name,
        toSeq: target.seq,
        fromPhaseId: target.id,
        rolledBack: later.map((p) => p.id),
        phaseId,
        carried,
      };
      await tx.appendEvent({ gameId, type: 'gm/rolled-back', data, at: now });
      return this.viewIn(tx, saved, caller);
    });
  }

  /** Rebuilds every phase from the event log and compares it with what is stored. */
  async audit(caller: AccountId, gameId: GameId): Promise<Result<AuditReport, AppError>> {
    return this.read(async (tx) => {
      const game = await this.gameOf(tx, gameId);
      if (game.gm !== caller) refuse('game/not-gm', 'only the gamesmaster may audit the game');
      return auditGame(tx, this.variantOf(game.variant), this.catalogue, gameId);
    });
  }

  // ---- the clock ------------------------------------------------------------------------------

  /**
   * Processes open phases whose deadline has passed (in games not paused), each in its own
   * transaction, and says how many phases were processed. Safe to call from several processes
   * at once: each phase is locked and its status checked inside the transaction.
   */
  async processDue(limit = 100): Promise<number> {
    const now = this.clock.now();
    const due = await this.store.read((tx) => tx.duePhases(now, limit));
    let count = 0;
    let failure: unknown;
    for (const candidate of due) {
      try {
        count += await this.store.transaction(async (tx) => {
          const phase = await tx.phase(candidate.id, { forUpdate: true });
          if (phase?.status !== 'open' || phase.deadline === null || phase.deadline > now) return 0;
          const game = await tx.game(phase.gameId, { forUpdate: true });
          if (game === undefined || game.paused || game.status !== 'running') return 0;
          let n = 0;
          await this.process(tx, phase, game, now, 'deadline', () => {
            n++;
          });
          return n;
        });
      } catch (e) {
        // One phase failing must not stop the others; the first failure is reported after.
        failure ??= e;
      }
    }
    if (failure !== undefined)
      throw failure instanceof Error ? failure : new Error('processing failed', { cause: failure });
    return count;
  }

  // ---- processing -----------------------------------------------------------------------------

  /** Processes the phase if every player who must act is ready and the game is not paused. */
  private async processIfAllReady(
    tx: StoreTx,
    phase: PhaseRecord,
    game: GameRecord,
    now: number,
  ): Promise<GameRecord | undefined> {
    if (game.paused) return undefined;
    const variant = this.variantOf(game.variant);
    const ready = new Set(
      (await tx.readiness(phase.id)).filter((r) => r.ready).map((r) => r.playerId),
    );
    if (!everyoneReady(playersWhoMustAct(variant, phase.state, this.catalogue), ready))
      return undefined;
    return this.process(tx, phase, game, now, 'ready');
  }

  /**
   * Processes an open phase inside the caller's transaction: the counted submissions (each
   * player's last at or before the deadline) read anew, the engine run, the result stored, the
   * next phase opened (or the game finished), all recorded in the log. A phase in which nobody
   * has anything to do is processed straight after. Returns the saved game.
   */
  private async process(
    tx: StoreTx,
    first: PhaseRecord,
    game: GameRecord,
    now: number,
    firstReason: ProcessReason,
    onProcessed?: () => void,
  ): Promise<GameRecord> {
    const variant = this.variantOf(game.variant);
    let phase = first;
    let reason = firstReason;
    let saved = game;
    for (let chained = 0; ; chained++) {
      const state = phase.state;
      const kept = await tx.latestSubmissions(phase.id, phase.deadline ?? undefined);
      const used: UsedSubmission[] = state.players
        .map((p) => kept.find((s) => s.playerId === p.id))
        .filter((s) => s !== undefined)
        .map((s) => ({ submissionId: s.id, player: s.playerId, text: s.text }));
      const r = processVariantPhase(
        variant,
        state,
        engineSubmissions(variant, state, used, this.catalogue),
        this.catalogue,
      );
      if (this.duringProcessing !== undefined) await this.duringProcessing(game.id, phase.name);
      const finished = isOver(r.state, saved.settings);
      const result: StoredResult = {
        report: r.report,
        orders: r.orders,
        events: r.events,
        submissions: used,
        ...(finished ? { final: r.state } : {}),
      };
      await tx.updatePhase(phase.id, { status: 'processed', processedAt: now, result });
      let next: PhaseRecord | undefined;
      let length = 0;
      if (!finished) {
        length = phaseLength(saved.settings, r.state.phase.type);
        const record = {
          gameId: game.id,
          seq: phase.seq + 1,
          name: phaseName(r.state.phase),
          state: r.state,
          status: 'open' as const,
          deadline: saved.paused ? null : now + length,
          openedAt: now,
          processedAt: null,
          result: null,
        };
        next = { ...record, id: await tx.insertPhase(record) };
      }
      const data: ProcessedData = {
        phaseId: phase.id,
        phase: phase.name,
        seq: phase.seq,
        reason,
        submissions: used,
        nextPhaseId: next?.id ?? null,
        finished,
      };
      await tx.appendEvent({ gameId: game.id, type: 'phase/processed', data, at: now });
      saved = await this.saveGame(
        tx,
        saved,
        finished
          ? { status: 'finished', paused: false, pausedRemaining: null }
          : saved.paused
            ? { pausedRemaining: length }
            : {},
      );
      onProcessed?.();
      if (
        next === undefined ||
        saved.paused ||
        chained + 1 >= MAX_CHAINED_PHASES ||
        playersWhoMustAct(variant, next.state, this.catalogue).length > 0
      )
        return saved;
      phase = next;
      reason = 'nobody-to-act';
    }
  }

  // ---- helpers --------------------------------------------------------------------------------

  /** Runs a command in one transaction; a `Refusal` rolls it back and becomes the error. */
  private async run<T>(fn: (tx: StoreTx) => Promise<T>): Promise<Result<T, AppError>> {
    try {
      return ok(await this.store.transaction(fn));
    } catch (e) {
      if (e instanceof Refusal) return err(e.error);
      throw e;
    }
  }

  private async read<T>(fn: (tx: StoreTx) => Promise<T>): Promise<Result<T, AppError>> {
    try {
      return ok(await this.store.read(fn));
    } catch (e) {
      if (e instanceof Refusal) return err(e.error);
      throw e;
    }
  }

  /**
   * A gamesmaster command: the caller must run the game, and the game must still be at the
   * version the caller acted on (given, or read just before the transaction).
   */
  private async gm<T>(
    caller: AccountId,
    gameId: GameId,
    opts: GmOptions | undefined,
    fn: (tx: StoreTx, game: GameRecord) => Promise<T>,
  ): Promise<Result<T, AppError>> {
    if (opts?.version !== undefined && !Number.isSafeInteger(opts.version))
      return err(invalid('version', 'a whole number'));
    const expected = opts?.version ?? (await this.store.read((tx) => tx.game(gameId)))?.version;
    return this.run(async (tx) => {
      const game = await this.gameOf(tx, gameId);
      if (game.gm !== caller) refuse('game/not-gm', 'only the gamesmaster may do that');
      if (expected !== undefined && game.version !== expected)
        refuse('game/conflict', 'the game changed meanwhile; reload it and try again', {
          version: game.version,
        });
      return fn(tx, game);
    });
  }

  /** Writes the game with `change`, bumping its version; a stale copy is a conflict. */
  private async saveGame(
    tx: StoreTx,
    game: GameRecord,
    change: Partial<Pick<GameRecord, 'status' | 'paused' | 'pausedRemaining'>>,
  ): Promise<GameRecord> {
    const next: GameRecord = { ...game, ...change };
    if (!(await tx.updateGame(next)))
      refuse('game/conflict', 'the game changed meanwhile; reload it and try again');
    return { ...next, version: game.version + 1 };
  }

  private async gameOf(tx: StoreTx, gameId: GameId, forUpdate = false): Promise<GameRecord> {
    const game =
      typeof gameId === 'string'
        ? await tx.game(gameId, forUpdate ? { forUpdate: true } : {})
        : undefined;
    if (game === undefined) refuse('game/not-found', `no game ${JSON.stringify(gameId)}`);
    return game;
  }

  private mustRun(game: GameRecord): void {
    if (game.status !== 'running')
      refuse('game/not-running', `the game is ${game.status === 'forming' ? 'forming' : 'over'}`);
  }

  private async openOf(tx: StoreTx, gameId: GameId): Promise<PhaseRecord> {
    const phase = await tx.openPhase(gameId, { forUpdate: true });
    // A running game always has an open phase, except while another process is processing it.
    if (phase === undefined)
      refuse('game/conflict', 'the phase was processed meanwhile; reload the game and try again');
    return phase;
  }

  private variantOf(id: string): Variant {
    const v = this.variantTable[id];
    if (v === undefined) refuse('variant/unknown', `this server does not play ${id}`);
    return v;
  }

  private async seatsOf(tx: StoreTx, game: GameRecord): Promise<readonly SeatRecord[]> {
    const cached = game.status === 'forming' ? undefined : this.seatCache.get(game.id);
    if (cached !== undefined) return cached;
    const seats = await tx.seats(game.id);
    if (game.status !== 'forming') this.seatCache.set(game.id, seats);
    return seats;
  }

  private async viewerIn(
    tx: StoreTx,
    game: GameRecord,
    caller: AccountId | undefined,
    seats?: readonly SeatRecord[],
  ): Promise<Viewer> {
    if (caller === undefined) return { kind: 'public' };
    if (game.gm === caller) return { kind: 'gm' };
    const seat = (seats ?? (await this.seatsOf(tx, game))).find((s) => s.accountId === caller);
    return seat === undefined ? { kind: 'public' } : { kind: 'player', player: seat.playerId };
  }

  /**
   * The open phase, locked, and the caller's seat in it: the hot path of order submission, so
   * the game row is read only to explain a refusal (an open phase means a started game, whose
   * seats never change and are cached).
   */
  private async playerInOpenPhase(
    tx: StoreTx,
    gameId: GameId,
    caller: AccountId,
    lock = true,
  ): Promise<{ phase: PhaseRecord; seat: SeatRecord }> {
    const phase =
      typeof gameId === 'string'
        ? await tx.openPhase(gameId, lock ? { forUpdate: true } : {})
        : undefined;
    if (phase === undefined) {
      const game = await this.gameOf(tx, gameId);
      const seats = await this.seatsOf(tx, game);
      if (!seats.some((s) => s.accountId === caller))
        refuse('game/not-a-player', 'you have no seat in this game');
      refuse('game/not-running', `the game is ${game.status === 'forming' ? 'forming' : 'over'}`);
    }
    let seats = this.seatCache.get(gameId);
    if (seats === undefined) {
      seats = await tx.seats(gameId);
      this.seatCache.set(gameId, seats);
    }
    const seat = seats.find((s) => s.accountId === caller);
    if (seat === undefined) refuse('game/not-a-player', 'you have no seat in this game');
    return { phase, seat };
  }

  private async lastSubmission(
    tx: StoreTx,
    phase: PhaseRecord,
    player: PlayerId,
  ): Promise<SubmissionView | null> {
    const mine = await tx.submissions(phase.id, { playerId: player });
    const last = mine[mine.length - 1];
    if (last === undefined) return null;
    const variant = this.variantOf(phase.state.variant);
    const { lines } = describeSubmission(variant, phase.state, player, last.text, this.catalogue);
    return {
      submissionId: last.id,
      phase: phase.name,
      lines,
      player,
      text: last.text,
      createdAt: last.createdAt,
    };
  }

  /** A phase's name and processing time (cached once processed, when they no longer change). */
  private async phaseInfo(tx: StoreTx, id: PhaseId): Promise<PhaseMeta | undefined> {
    const cached = this.phaseCache.get(id);
    if (cached !== undefined) return cached;
    const p = await tx.phase(id);
    if (p === undefined) return undefined;
    const meta: PhaseMeta = { name: p.name, processedAt: p.processedAt };
    if (p.processedAt !== null) this.phaseCache.set(id, meta);
    return meta;
  }

  private async viewIn(
    tx: StoreTx,
    game: GameRecord,
    caller: AccountId | undefined,
  ): Promise<GameView> {
    const variant = this.variantOf(game.variant);
    const seats = await this.seatsOf(tx, game);
    const viewer = await this.viewerIn(tx, game, caller, seats);
    const latest = game.status === 'forming' ? [] : await tx.phases(game.id, { latest: 2 });
    const open = latest.find((p) => p.status === 'open');
    const last = latest.filter((p) => p.status === 'processed').pop();
    const ready =
      open === undefined
        ? []
        : (await tx.readiness(open.id)).filter((r) => r.ready).map((r) => r.playerId);
    const mine =
      viewer.kind === 'player' && open !== undefined
        ? await this.lastSubmission(tx, open, viewer.player)
        : null;
    // The gamesmaster sees every player's orders as they stand, to help and to fix mistakes.
    const pending: SubmissionView[] = [];
    if (viewer.kind === 'gm' && open !== undefined) {
      for (const seat of seats) {
        const s = await this.lastSubmission(tx, open, seat.playerId);
        if (s !== null) pending.push(s);
      }
    }
    return gameView({
      game,
      variant,
      catalogue: this.catalogue,
      seats,
      viewer,
      open,
      ready,
      last,
      mine,
      pending,
    });
  }
}

/** The variant's default seating for `count` players, as powers per seat in joining order. */
function defaultSeating(variant: Variant, count: number): (readonly string[])[] {
  const given = variant.seats?.(count);
  if (given !== undefined) return given.map((p) => p.powers);
  return Array.from({ length: count }, (_, i) => {
    const power = variant.map.powers[i];
    return power === undefined ? [] : [power];
  });
}

export type { AuditReport };
