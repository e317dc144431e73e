/**
 * The ports the app needs from the outside world: a GameStore (SQLite or PostgreSQL, in
 * `@arbiter/store`) and a Clock. The app holds every rule of the service; a store only keeps
 * rows and gives transactions. Times are milliseconds since the Unix epoch; JSON columns hold
 * plain JSON values (the store parses and stringifies them).
 */
import type { Edition, MessageAddress, RoutedMessage, VariantState } from '@arbiter/engine';

export type AccountId = string;
export type GameId = string;
export type PlayerId = string;
/** A phase record's id: unique across the store, assigned by it. */
export type PhaseId = number;

/** Time, as a value the app asks for (tests pass a fixed or stepped clock). */
export interface Clock {
  now(): number;
}

export interface AccountRecord {
  readonly id: AccountId;
  /** Unique, compared case-sensitively. */
  readonly name: string;
  /** `scrypt$N$r$p$salt$hash` (the app hashes; the store only keeps it). */
  readonly passwordHash: string;
  readonly createdAt: number;
}

/** A bearer token: only its SHA-256 (hex) is kept. */
export interface TokenRecord {
  readonly tokenHash: string;
  readonly accountId: AccountId;
  readonly createdAt: number;
  /** When it stops working; null for a token made before tokens expired (the app then counts
   * its lifetime from `createdAt`). */
  readonly expiresAt?: number | null;
}

/** How players may talk: everything, public press only, nothing, or anonymous ("grey"). */
export type PressMode = 'full' | 'public' | 'none' | 'grey';

export interface GameSettings {
  /** Length of each phase, from the moment it opens to its deadline. */
  readonly phaseSeconds: number;
  /** Retreat and adjustment phases may be shorter (default: phaseSeconds). */
  readonly shortPhaseSeconds?: number;
  readonly press: PressMode;
  /**
   * The last year played: the game ends (drawn among the survivors) when the next year would
   * begin. Default: played to a solo (or the variant's own victory).
   */
  readonly endYear?: number;
  /**
   * Whether everyone may see who has said they are ready. Default (absent or false): only the
   * gamesmaster sees the list, and each player whether he himself is on it; a public list lets a
   * Fink with nothing to retreat give himself away by marking ready (RULINGS §2.1 ruling 13).
   */
  readonly publicReadiness?: boolean;
  /**
   * Civil disorder: after this many phases missed in a row (phases in which the seat had to
   * order and sent nothing), the seat is vacated and its powers are in civil disorder until the
   * gamesmaster seats someone. Default: never.
   */
  readonly civilDisorderAfter?: number;
  /**
   * Votes on draws and concessions: `secret` (default: each player sees his own vote and the
   * outcome, the gamesmaster every vote) or `public` (everyone sees every vote).
   */
  readonly drawVotes?: 'secret' | 'public';
  /**
   * The rulebook edition the game is played under (docs/editions.md), given to the engine when
   * the game starts (`GameSetup.rulebook`). Default (absent): 2023, whatever edition the variant
   * suggests; games created before editions have none.
   */
  readonly rulebook?: Edition;
}

export type GameStatus = 'forming' | 'running' | 'finished';

export interface GameRecord {
  readonly id: GameId;
  readonly name: string;
  readonly variant: string;
  /** Module settings by module id, as `GameSetup.options`. */
  readonly options: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  readonly seed: number;
  /** The account that created the game: its gamesmaster. */
  readonly gm: AccountId;
  readonly status: GameStatus;
  readonly settings: GameSettings;
  /** While paused, no deadline passes; `pausedRemaining` is the time that was left. */
  readonly paused: boolean;
  readonly pausedRemaining: number | null;
  readonly createdAt: number;
  /** Bumped on every update; `updateGame` fails if the caller's copy is stale. */
  readonly version: number;
}

/**
 * A seat in a game: a player, the account playing it (none while vacant: left, or in civil
 * disorder) and its powers.
 */
export interface SeatRecord {
  readonly gameId: GameId;
  readonly playerId: PlayerId;
  readonly accountId: AccountId | null;
  readonly name: string;
  readonly powers: readonly string[];
  /** Phases missed in a row since the seat last ordered or was filled (absent: 0). */
  readonly missed?: number;
  /** Vacated by the civil-disorder setting, until the gamesmaster seats someone (absent: false). */
  readonly civilDisorder?: boolean;
}

/**
 * One phase of a game. The open phase holds the state to be played; processing it writes its
 * result and inserts the next phase. A rollback marks phases `rolled-back` (kept, never
 * deleted) and inserts a fresh copy of the phase to replay.
 */
export type PhaseStatus = 'open' | 'processed' | 'rolled-back';

export interface PhaseRecord {
  readonly id: PhaseId;
  readonly gameId: GameId;
  /** Position in the game's line of play: 0 for the first phase. */
  readonly seq: number;
  /** `S1901M` */
  readonly name: string;
  /** The whole truth before this phase is played (views are made from it, never shown raw). */
  readonly state: VariantState;
  readonly status: PhaseStatus;
  readonly deadline: number | null;
  readonly openedAt: number;
  readonly processedAt: number | null;
  /** Set when processed: the engine's report, the adjudicated orders, the events. */
  readonly result: unknown;
}

/** Where `StoreTx.submitToOpenPhase` stored a sheet. */
export interface OpenPhaseSubmission {
  readonly submissionId: number;
  /** The phase, as it was when the sheet was stored. */
  readonly phase: PhaseRecord;
  /** The seat the sheet was stored for. */
  readonly playerId: PlayerId;
}

/** Where `StoreTx.readyInOpenPhase` recorded a player's readiness. */
export interface OpenPhaseReadiness {
  /** The phase, as it was when the readiness was stored. */
  readonly phase: PhaseRecord;
  /** The seat the readiness was stored for. */
  readonly playerId: PlayerId;
  /** The game's version and whether it was paused, as the write found them. */
  readonly gameVersion: number;
  readonly paused: boolean;
  /**
   * The phase's readiness with this one in it, where the backend can vouch that nobody else's
   * is missing (SQLite: the write holds the database's lock); otherwise read it after the write.
   */
  readonly readiness?: readonly ReadyRecord[];
}

/** What `StoreTx.gameAndPlay` reads. */
export interface GameAndPlay {
  readonly game: GameRecord;
  /** Its last two phases not rolled back, in order of seq then id. */
  readonly latest: readonly PhaseRecord[];
  /**
   * Its seats in order of player id, read with the game (as `seats(id)` would), if they were
   * asked for (`opts.seats`), the backend saves a round trip by it, and the game's version is
   * not `opts.seats.unlessVersion` (the version of the seats the caller holds).
   */
  readonly seats?: readonly SeatRecord[];
  /** The game's open phase (the latest, should there be two), if it has one. */
  readonly open?: {
    readonly id: PhaseId;
    readonly readiness: readonly ReadyRecord[];
    /** The seat the account holds, if it holds one. */
    readonly player?: PlayerId;
    /** That seat's submissions to the open phase, in the order received. */
    readonly submissions: readonly SubmissionRecord[];
  };
}

/** Every order submission is kept; the last one before the deadline counts. */
export interface SubmissionRecord {
  readonly id: number;
  readonly phaseId: PhaseId;
  readonly playerId: PlayerId;
  readonly text: string;
  readonly createdAt: number;
}

export interface ReadyRecord {
  readonly phaseId: PhaseId;
  readonly playerId: PlayerId;
  readonly ready: boolean;
  readonly updatedAt: number;
}

/** Who a message is for: the engine's own address type, stored as it is. */
export type MessageAudience = MessageAddress;

/**
 * An extra reader of a message that the rules in force add (`routeMessage`: Fin de Siecle's
 * interception): readable at once (`now`) or once the phase it was sent in is processed. The
 * engine's routing decision, stored as it is.
 */
export type MessageCopy = RoutedMessage['copies'][number];

export interface MessageRecord {
  readonly id: number;
  readonly gameId: GameId;
  /** The phase it was sent in. */
  readonly phaseId: PhaseId | null;
  /** A player id, or `gm`. */
  readonly from: string;
  readonly to: MessageAudience;
  /** Grey press: recipients do not learn the sender. */
  readonly anonymous: boolean;
  readonly text: string;
  readonly createdAt: number;
  /** Copies for extra readers (kept with the message, a JSON column); none if absent. */
  readonly copies?: readonly MessageCopy[];
}

/**
 * The append-only event log of a game: every command that changed it, in order, with what is
 * needed to rebuild any phase (`game/created` with the setup, `orders/submitted`,
 * `phase/processed` with the submissions used, `gm/rolled-back`, ...).
 */
export interface EventRecord {
  readonly id: number;
  readonly gameId: GameId;
  readonly type: string;
  readonly data: unknown;
  readonly at: number;
}

/**
 * A draw or a concession put to the players (`use-cases/endings.ts`): who must accept it, fixed
 * when it is made, and the votes so far. It is decided while the phase it was made in is open;
 * once that phase is processed an open proposal has lapsed (the app reads it so).
 */
export interface EndProposalRecord {
  readonly id: number;
  readonly gameId: GameId;
  /** The phase it was made in. */
  readonly phaseId: PhaseId;
  readonly kind: 'draw' | 'concession';
  /** The player who proposed it. */
  readonly proposer: PlayerId;
  /** A draw's members, or the one power conceded to: power ids. */
  readonly members: readonly string[];
  /** The players who must all accept. */
  readonly voters: readonly PlayerId[];
  /** Each voter's answer so far (true: accepts). */
  readonly votes: Readonly<Record<PlayerId, boolean>>;
  readonly status: 'open' | 'accepted' | 'refused';
  readonly createdAt: number;
  readonly closedAt: number | null;
}

type New<T extends { id: unknown }> = Omit<T, 'id'>;

/**
 * Reads and writes inside one transaction. Methods that read "for update" lock the row until the
 * transaction ends (PostgreSQL `SELECT ... FOR UPDATE`; SQLite holds the database write lock for
 * the whole transaction), so two processes never both process one phase.
 */
export interface StoreTx {
  insertAccount(a: AccountRecord): Promise<void>;
  accountById(id: AccountId): Promise<AccountRecord | undefined>;
  accountByName(name: string): Promise<AccountRecord | undefined>;
  insertToken(t: TokenRecord): Promise<void>;
  accountByTokenHash(tokenHash: string): Promise<AccountRecord | undefined>;
  /** The token with that hash and its account, if the token exists (expired or not). */
  tokenByHash(
    tokenHash: string,
  ): Promise<{ readonly account: AccountRecord; readonly token: TokenRecord } | undefined>;
  /** Revokes one token (logging out); nothing if there is none. */
  deleteToken(tokenHash: string): Promise<void>;
  /** Revokes every token of an account; how many there were. */
  deleteTokensOf(accountId: AccountId): Promise<number>;
  /** Records a failed login under `key` (`account:NAME`, `address:IP`), dropping those before `keepAfter`. */
  insertLoginFailure(key: string, at: number, keepAfter: number): Promise<void>;
  /** Failed logins under `key` after `since`. */
  loginFailures(key: string, since: number): Promise<number>;
  /** Forgets the failed logins under `key` (after a successful one). */
  clearLoginFailures(key: string): Promise<void>;

  insertGame(g: GameRecord): Promise<void>;
  game(id: GameId, opts?: { readonly forUpdate?: boolean }): Promise<GameRecord | undefined>;
  /**
   * A game and what its page shows of the play, in one read where the backend can (every read
   * of a game): what `game`, `phases(id, { latest: 2 })` and, for the game's open phase,
   * `readiness` and the `submissions` of the seat `accountId` holds (as `seatOf` finds it)
   * would give. Undefined if there is no such game.
   */
  gameAndPlay(
    id: GameId,
    accountId?: AccountId,
    opts?: { readonly seats?: { readonly unlessVersion?: number | undefined } },
  ): Promise<GameAndPlay | undefined>;
  /** Writes `g` with version `g.version + 1` if the stored version is `g.version`; false if not. */
  updateGame(g: GameRecord): Promise<boolean>;
  /** Games, newest first; optionally only those an account plays in or runs. */
  listGames(opts?: {
    readonly accountId?: AccountId;
    readonly limit?: number;
  }): Promise<GameRecord[]>;

  insertSeat(s: SeatRecord): Promise<void>;
  updateSeat(s: SeatRecord): Promise<void>;
  /** Removes a seat (a player leaving a game that has not started). */
  deleteSeat(gameId: GameId, playerId: PlayerId): Promise<void>;
  seats(gameId: GameId): Promise<SeatRecord[]>;
  /**
   * The seat `accountId` holds in the game, as `seats(gameId).find(...)` would find it (the
   * first by player id): one row read instead of every seat, on every order submission.
   */
  seatOf(gameId: GameId, accountId: AccountId): Promise<SeatRecord | undefined>;

  insertPhase(p: New<PhaseRecord>): Promise<PhaseId>;
  phase(id: PhaseId, opts?: { readonly forUpdate?: boolean }): Promise<PhaseRecord | undefined>;
  /**
   * The game's open phase, if any, and the seat `accountId` holds in the game (as `seatOf`
   * finds it), in one read: every order submission and readiness starts here. `lock: 'update'`
   * locks the phase's row until the transaction ends, as `openPhase` with `forUpdate` does;
   * `lock: 'share'` keeps out only those who would change the phase (processing it), so that
   * the other players' submissions to it go on meanwhile.
   */
  openPhaseAndSeat(
    gameId: GameId,
    accountId: AccountId,
    opts?: {
      readonly lock?: 'update' | 'share';
      /** Also the seat's submissions to the phase, in the order received, when there is a seat. */
      readonly sheets?: boolean;
    },
  ): Promise<{
    readonly phase?: PhaseRecord;
    readonly seat?: SeatRecord;
    readonly sheets?: readonly SubmissionRecord[];
  }>;
  /** The game's open phase, if any. */
  openPhase(
    gameId: GameId,
    opts?: { readonly forUpdate?: boolean },
  ): Promise<PhaseRecord | undefined>;
  /**
   * The game's phases in order of seq then id; rolled-back ones only if asked. `latest: n` keeps
   * only the last n of them (still in order): a hint, callers must cope with more.
   */
  phases(
    gameId: GameId,
    opts?: { readonly includeRolledBack?: boolean; readonly latest?: number },
  ): Promise<PhaseRecord[]>;
  /** `state` is written only for the open phase (a gamesmaster's ruling on a Deviant proposal). */
  updatePhase(
    id: PhaseId,
    change: Partial<Pick<PhaseRecord, 'status' | 'deadline' | 'processedAt' | 'result' | 'state'>>,
  ): Promise<void>;
  /**
   * Open phases whose deadline is at or before `now`, in games not paused, oldest deadline
   * first. PostgreSQL skips rows another transaction has locked.
   */
  duePhases(now: number, limit: number): Promise<PhaseRecord[]>;

  insertSubmission(s: New<SubmissionRecord>): Promise<number>;
  /**
   * Stores a submission and logs it: what `insertSubmission` then `appendEvent` of `type` with
   * data `{ submissionId, player, phaseId }` at the submission's time would do, in one round trip
   * where the backend can (the hot path of every order sheet). Resolves to the submission's id.
   */
  insertSubmissionLogged(
    s: New<SubmissionRecord>,
    event: { readonly gameId: GameId; readonly type: string },
  ): Promise<number>;
  /**
   * Stores a sheet in the game's open phase for the seat `accountId` holds (as
   * `openPhaseAndSeat` finds them) and logs it as `insertSubmissionLogged` does with `type`, if
   * the game is of one of `variants`, has an open phase whose deadline is not past at
   * `createdAt`, and the account holds a seat in it; the phase is held against processing until
   * the write commits. Resolves to where the sheet went, or to undefined, writing nothing. One
   * statement on PostgreSQL (for `GameStore.single`), which brings the phase's state along only
   * when this store does not hold it already.
   */
  submitToOpenPhase(
    gameId: GameId,
    accountId: AccountId,
    sheet: { readonly text: string; readonly createdAt: number },
    opts: { readonly type: string; readonly variants: readonly string[] },
  ): Promise<OpenPhaseSubmission | undefined>;
  /**
   * What `setReadyLogged` does for the account's seat in the game's open phase, under the
   * conditions of `submitToOpenPhase` (a variant of `variants`, an open phase whose deadline is
   * not past at `updatedAt`, a seat): resolves to where the readiness went, or to undefined,
   * writing nothing. One statement on PostgreSQL (for `GameStore.single`), which does not read
   * the phase's readiness: a statement sees what was committed when it began, which need not
   * include a player's who said ready at the same moment; a read after it commits does.
   */
  readyInOpenPhase(
    gameId: GameId,
    accountId: AccountId,
    readiness: { readonly ready: boolean; readonly updatedAt: number },
    opts: { readonly variants: readonly string[] },
  ): Promise<OpenPhaseReadiness | undefined>;
  /** All submissions to a phase, in the order received (id order). */
  submissions(
    phaseId: PhaseId,
    opts?: { readonly playerId?: PlayerId },
  ): Promise<SubmissionRecord[]>;
  /** Each player's last submission to a phase made at or before `until` (default: any time). */
  latestSubmissions(phaseId: PhaseId, until?: number): Promise<SubmissionRecord[]>;

  setReady(r: ReadyRecord): Promise<void>;
  /**
   * What `setReady` then `appendEvent` of `ready/set` with data `{ player, phaseId, ready }` at
   * `r.updatedAt` would do, in one round trip where the backend can (every "ready" a player
   * says). Resolves to the phase's readiness with `r` in it, as `readiness(r.phaseId)` would
   * read it next (the caller holds the phase's lock, so nobody else changes it meanwhile).
   */
  setReadyLogged(r: ReadyRecord, gameId: GameId): Promise<ReadyRecord[]>;
  readiness(phaseId: PhaseId): Promise<ReadyRecord[]>;

  insertMessage(m: New<MessageRecord>): Promise<number>;
  /** A game's messages in order; `afterId` pages on. */
  messages(
    gameId: GameId,
    opts?: { readonly afterId?: number; readonly limit?: number },
  ): Promise<MessageRecord[]>;

  insertEndProposal(p: New<EndProposalRecord>): Promise<number>;
  /** A game's draw and concession proposals, oldest first. */
  endProposals(gameId: GameId): Promise<EndProposalRecord[]>;
  updateEndProposal(
    id: number,
    change: Partial<Pick<EndProposalRecord, 'votes' | 'status' | 'closedAt'>>,
  ): Promise<void>;

  /**
   * Appends to a game's log. Ids grow across the store; within one game they follow the order
   * in which the transactions commit (the store locks the game's row until the commit), so a
   * reader that has seen event n of a game will never later find one below n.
   */
  appendEvent(e: New<EventRecord>): Promise<number>;
  events(gameId: GameId, opts?: { readonly afterId?: number }): Promise<EventRecord[]>;
}

/** A store: transactions over StoreTx. Everything a transaction wrote lands, or nothing does. */
export interface GameStore {
  readonly backend: 'sqlite' | 'postgres';
  /**
   * Runs `fn` in one transaction and commits if it resolves; rolls back and rethrows if it
   * rejects. Transactions that conflict are serialised (or retried) by the store, never
   * interleaved in a way that loses a write.
   */
  transaction<T>(fn: (tx: StoreTx) => Promise<T>): Promise<T>;
  /** Reads outside a transaction (each call is its own snapshot). */
  read<T>(fn: (tx: StoreTx) => Promise<T>): Promise<T>;
  /**
   * `fn` as a transaction of one SQL statement, which may write: on PostgreSQL the statement is
   * sent on its own and commits on its own (one round trip where `transaction` takes three: no
   * BEGIN, no COMMIT), and a second statement is refused before it is sent; on SQLite, a
   * transaction. For the hot paths whose work the store does in one statement
   * (`submitToOpenPhase`).
   */
  single<T>(fn: (tx: StoreTx) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
