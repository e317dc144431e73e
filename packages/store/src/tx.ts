/**
 * StoreTx written once over the shared SQL layer: every query of the port, with the rows mapped
 * to and from the port's records. Backends differ only in the executor and dialect they pass.
 */
import type {
  AccountId,
  AccountRecord,
  EndProposalRecord,
  EventRecord,
  GameAndPlay,
  GameId,
  GameRecord,
  GameSettings,
  OpenPhaseReadiness,
  OpenPhaseSubmission,
  GameStatus,
  MessageAudience,
  MessageCopy,
  MessageRecord,
  PhaseId,
  PhaseRecord,
  PhaseStatus,
  PlayerId,
  ReadyRecord,
  SeatRecord,
  StoreTx,
  SubmissionRecord,
  TokenRecord,
} from '@arbiter/app';
import type { VariantState } from '@arbiter/engine';
import { DuplicateRecordError, TransactionFailedError } from './errors.js';
import type { Dialect, Executor, Param, Row } from './sql.js';
import { readInt, readIntOrNull, readText, readTextOrNull } from './sql.js';

/**
 * How a SqlStoreTx may be used: in a transaction (writes, locks), for reads only, or for one
 * statement that commits on its own (`GameStore.single`: writes and locks, but a second
 * statement is refused, since it would not be part of the first's transaction).
 */
export type TxMode = 'transaction' | 'read' | 'single';

/**
 * The port's StoreTx over one executor. It refuses writes in `read` mode (they would commit one
 * statement at a time) and any use once `end()` has been called (a query left running after its
 * transaction would land outside it).
 */
export class SqlStoreTx implements StoreTx {
  private ended = false;
  /** Statements sent (counted in `single` mode only). */
  private sent = 0;
  /** The first error of a transaction: after it, the transaction can only roll back. */
  private failure: unknown = undefined;

  /** Phases whose state or result this transaction wrote: their bodies are not kept. */
  private readonly wrotePhases = new Set<PhaseId>();

  constructor(
    private readonly exec: Executor,
    private readonly d: Dialect,
    private readonly mode: TxMode,
    /** The store's parsed phase bodies (see {@link PhaseBodies}). */
    private readonly bodies: PhaseBodies,
  ) {}

  /** Marks the transaction finished: later calls throw. */
  end(): void {
    this.ended = true;
  }

  /**
   * Throws if a statement of this transaction failed, even if `fn` caught the error and went
   * on: PostgreSQL would turn the COMMIT into a silent ROLLBACK, so the store never commits one.
   */
  checkCommittable(): void {
    if (this.failure !== undefined) {
      throw new TransactionFailedError(
        `store: not committing: a statement failed (${messageOf(this.failure)}) and the ` +
          'error was caught inside the transaction',
        { cause: this.failure },
      );
    }
  }

  /** The error that failed this transaction, if one did (to retry on a serialization failure). */
  get failedWith(): unknown {
    return this.failure;
  }

  // --- accounts and tokens

  async insertAccount(a: AccountRecord): Promise<void> {
    await this.write(
      'insertAccount',
      'INSERT INTO accounts (id, name, password_hash, created_at) VALUES (?, ?, ?, ?)',
      [a.id, a.name, a.passwordHash, a.createdAt],
    );
  }

  async accountById(id: AccountId): Promise<AccountRecord | undefined> {
    const rows = await this.query('SELECT * FROM accounts WHERE id = ?', [id]);
    return first(rows, toAccount);
  }

  async accountByName(name: string): Promise<AccountRecord | undefined> {
    const rows = await this.query('SELECT * FROM accounts WHERE name = ?', [name]);
    return first(rows, toAccount);
  }

  async insertToken(t: TokenRecord): Promise<void> {
    await this.write(
      'insertToken',
      'INSERT INTO tokens (token_hash, account_id, created_at, expires_at) VALUES (?, ?, ?, ?)',
      [t.tokenHash, t.accountId, t.createdAt, t.expiresAt ?? null],
    );
  }

  async tokenByHash(
    tokenHash: string,
  ): Promise<{ readonly account: AccountRecord; readonly token: TokenRecord } | undefined> {
    const rows = await this.query(
      `SELECT a.*, t.token_hash, t.created_at AS token_created_at, t.expires_at
       FROM tokens t JOIN accounts a ON a.id = t.account_id WHERE t.token_hash = ?`,
      [tokenHash],
    );
    return first(rows, (r) => ({
      account: toAccount(r),
      token: {
        tokenHash: readText(r.token_hash),
        accountId: readText(r.id),
        createdAt: readInt(r.token_created_at),
        expiresAt: readIntOrNull(r.expires_at),
      },
    }));
  }

  async deleteToken(tokenHash: string): Promise<void> {
    await this.write('deleteToken', 'DELETE FROM tokens WHERE token_hash = ?', [tokenHash]);
  }

  async deleteTokensOf(accountId: AccountId): Promise<number> {
    return this.write('deleteTokensOf', 'DELETE FROM tokens WHERE account_id = ?', [accountId]);
  }

  async insertLoginFailure(key: string, at: number, keepAfter: number): Promise<void> {
    await this.write('insertLoginFailure', 'DELETE FROM login_failures WHERE key = ? AND at <= ?', [
      key,
      keepAfter,
    ]);
    await this.write('insertLoginFailure', 'INSERT INTO login_failures (key, at) VALUES (?, ?)', [
      key,
      at,
    ]);
  }

  async loginFailures(key: string, since: number): Promise<number> {
    const rows = await this.query(
      'SELECT COUNT(*) AS n FROM login_failures WHERE key = ? AND at > ?',
      [key, since],
    );
    return readInt(rows[0]?.n ?? 0);
  }

  async clearLoginFailures(key: string): Promise<void> {
    await this.write('clearLoginFailures', 'DELETE FROM login_failures WHERE key = ?', [key]);
  }

  async accountByTokenHash(tokenHash: string): Promise<AccountRecord | undefined> {
    const rows = await this.query(
      `SELECT a.* FROM tokens t JOIN accounts a ON a.id = t.account_id WHERE t.token_hash = ?`,
      [tokenHash],
    );
    return first(rows, toAccount);
  }

  // --- games and seats

  async insertGame(g: GameRecord): Promise<void> {
    await this.write(
      'insertGame',
      `INSERT INTO games (id, name, variant, options, seed, gm, status, settings, paused,
         paused_remaining, created_at, version)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [g.id, ...this.gameValues(g), g.version],
    );
  }

  async game(id: GameId, opts?: { readonly forUpdate?: boolean }): Promise<GameRecord | undefined> {
    const rows = await this.query(`SELECT * FROM games WHERE id = ?${this.lock(opts)}`, [id]);
    return first(rows, (r) => this.toGame(r));
  }

  async gameAndPlay(
    id: GameId,
    accountId?: AccountId,
    opts?: { readonly seats?: { readonly unlessVersion?: number | undefined } },
  ): Promise<GameAndPlay | undefined> {
    if (this.d.name !== 'postgres') {
      // SQLite: no round trips to save, so the reads one by one.
      const game = await this.game(id);
      if (game === undefined) return undefined;
      const latest = await this.phases(id, { latest: 2 });
      const [open] = await this.query(OPEN_PHASE_ID, [id]);
      if (open === undefined) return { game, latest };
      const openId = readInt(open.id);
      const readiness = await this.readiness(openId);
      const [seat] = accountId === undefined ? [] : await this.query(SEAT_PLAYER, [id, accountId]);
      if (seat === undefined)
        return { game, latest, open: { id: openId, readiness, submissions: [] } };
      const player = readText(seat.player_id);
      const submissions = await this.submissions(openId, { playerId: player });
      return { game, latest, open: { id: openId, readiness, player, submissions } };
    }
    // PostgreSQL: one statement; the phases, readiness, submissions and seats as JSON arrays of
    // rows (a seat's powers as text, as a column of its own reads).
    const rows = await this.query(
      `SELECT g.*, o.id AS play_open, s.player_id AS play_player,
         CASE WHEN ? OR g.version = ? THEN NULL
           ELSE (SELECT COALESCE(json_agg(x ORDER BY x.player_id), '[]'::json) FROM
             (SELECT game_id, player_id, account_id, name, powers::text AS powers, missed,
                civil_disorder FROM seats WHERE game_id = g.id) x) END AS play_seats,
         (SELECT json_agg(x ORDER BY x.seq, x.id) FROM (SELECT ${PHASE_HEAD} FROM phases
            WHERE game_id = g.id AND status <> 'rolled-back' ORDER BY seq DESC, id DESC LIMIT 2) x)
           AS play_latest,
         (SELECT json_agg(r ORDER BY r.player_id) FROM readiness r WHERE r.phase_id = o.id)
           AS play_readiness,
         (SELECT json_agg(m ORDER BY m.id) FROM submissions m
            WHERE m.phase_id = o.id AND m.player_id = s.player_id) AS play_submissions
       FROM games g
       LEFT JOIN LATERAL (${OPEN_PHASE_ID.replace('game_id = ?', 'game_id = g.id')}) o ON true
       LEFT JOIN LATERAL (${SEAT_PLAYER.replace('game_id = ?', 'game_id = g.id')}) s ON true
       WHERE g.id = ?`,
      [opts?.seats === undefined, opts?.seats?.unlessVersion ?? null, accountId ?? null, id],
    );
    const r = rows[0];
    if (r === undefined) return undefined;
    const game = this.toGame(r);
    const latest = await this.toPhases(jsonRows(r.play_latest));
    const seats =
      r.play_seats === null || r.play_seats === undefined
        ? {}
        : { seats: jsonRows(r.play_seats).map((x) => this.toSeat(x)) };
    if (r.play_open === null || r.play_open === undefined) return { game, latest, ...seats };
    const readiness = jsonRows(r.play_readiness).map((x) => this.toReady(x));
    const submissions = jsonRows(r.play_submissions).map(toSubmission);
    const open = { id: readInt(r.play_open), readiness, submissions };
    const player = readTextOrNull(r.play_player);
    return { game, latest, ...seats, open: player === null ? open : { ...open, player } };
  }

  async updateGame(g: GameRecord): Promise<boolean> {
    // Optimistic: the row changes only if nobody bumped the version since the caller read it.
    const changed = await this.write(
      'updateGame',
      `UPDATE games SET name = ?, variant = ?, options = ?, seed = ?, gm = ?, status = ?,
         settings = ?, paused = ?, paused_remaining = ?, created_at = ?, version = version + 1
       WHERE id = ? AND version = ?`,
      [...this.gameValues(g), g.id, g.version],
    );
    return changed === 1;
  }

  async listGames(opts?: {
    readonly accountId?: AccountId;
    readonly limit?: number;
  }): Promise<GameRecord[]> {
    const params: Param[] = [];
    let sql = 'SELECT * FROM games g';
    if (opts?.accountId !== undefined) {
      sql += ` WHERE g.gm = ? OR EXISTS
        (SELECT 1 FROM seats s WHERE s.game_id = g.id AND s.account_id = ?)`;
      params.push(opts.accountId, opts.accountId);
    }
    sql += ' ORDER BY g.created_at DESC, g.id DESC';
    if (opts?.limit !== undefined) {
      sql += ' LIMIT ?';
      params.push(checkLimit('listGames', opts.limit));
    }
    const rows = await this.query(sql, params);
    return rows.map((r) => this.toGame(r));
  }

  async insertSeat(s: SeatRecord): Promise<void> {
    await this.write(
      'insertSeat',
      `INSERT INTO seats (game_id, player_id, account_id, name, powers, missed, civil_disorder)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
      [s.gameId, s.playerId, ...this.seatValues(s)],
    );
  }

  async updateSeat(s: SeatRecord): Promise<void> {
    const changed = await this.write(
      'updateSeat',
      `UPDATE seats SET account_id = ?, name = ?, powers = ?, missed = ?, civil_disorder = ?
       WHERE game_id = ? AND player_id = ?`,
      [...this.seatValues(s), s.gameId, s.playerId],
    );
    if (changed !== 1) {
      throw new Error(`store.updateSeat: no seat for player "${s.playerId}" in game "${s.gameId}"`);
    }
  }

  async deleteSeat(gameId: GameId, playerId: PlayerId): Promise<void> {
    const changed = await this.write(
      'deleteSeat',
      'DELETE FROM seats WHERE game_id = ? AND player_id = ?',
      [gameId, playerId],
    );
    if (changed !== 1) {
      throw new Error(`store.deleteSeat: no seat for player "${playerId}" in game "${gameId}"`);
    }
  }

  async seats(gameId: GameId): Promise<SeatRecord[]> {
    const rows = await this.query('SELECT * FROM seats WHERE game_id = ? ORDER BY player_id', [
      gameId,
    ]);
    return rows.map((r) => this.toSeat(r));
  }

  async seatOf(gameId: GameId, accountId: AccountId): Promise<SeatRecord | undefined> {
    const rows = await this.query(
      'SELECT * FROM seats WHERE game_id = ? AND account_id = ? ORDER BY player_id LIMIT 1',
      [gameId, accountId],
    );
    return first(rows, (r) => this.toSeat(r));
  }

  // --- phases

  async insertPhase(p: Omit<PhaseRecord, 'id'>): Promise<PhaseId> {
    const rows = await this.writeReturning(
      'insertPhase',
      `INSERT INTO phases (game_id, seq, name, state, status, deadline, opened_at, processed_at,
         result)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
      [
        p.gameId,
        p.seq,
        p.name,
        this.d.json(p.state),
        p.status,
        p.deadline,
        p.openedAt,
        p.processedAt,
        this.d.json(p.result),
      ],
    );
    const id = returnedId(rows);
    this.wrotePhases.add(id);
    return id;
  }

  async phase(
    id: PhaseId,
    opts?: { readonly forUpdate?: boolean },
  ): Promise<PhaseRecord | undefined> {
    const rows = await this.query(
      `SELECT ${PHASE_HEAD} FROM phases WHERE id = ?${this.lock(opts)}`,
      [id],
    );
    return (await this.toPhases(rows))[0];
  }

  async openPhaseAndSeat(
    gameId: GameId,
    accountId: AccountId,
    opts?: { readonly lock?: 'update' | 'share'; readonly sheets?: boolean },
  ): Promise<{
    readonly phase?: PhaseRecord;
    readonly seat?: SeatRecord;
    readonly sheets?: readonly SubmissionRecord[];
  }> {
    const lock =
      opts?.lock === undefined || this.mode !== 'transaction'
        ? ''
        : this.d.lockRows({ of: 'p', shared: opts.lock === 'share' });
    // On PostgreSQL the seat's sheets come along as a JSON array of rows: one round trip.
    const sheetsHere = opts?.sheets === true && this.d.name === 'postgres';
    const sheets = sheetsHere
      ? `, (SELECT json_agg(m ORDER BY m.id) FROM submissions m
           WHERE m.phase_id = p.id AND m.player_id = s.player_id) AS seat_sheets`
      : '';
    const rows = await this.query(
      `SELECT ${PHASE_HEAD_P}, s.player_id AS seat_player_id, s.account_id AS seat_account_id,
         s.name AS seat_name, s.powers AS seat_powers, s.missed AS seat_missed,
         s.civil_disorder AS seat_civil_disorder${sheets}
       FROM phases p LEFT JOIN seats s ON s.game_id = p.game_id AND s.account_id = ?
       WHERE p.game_id = ? AND p.status = 'open'
       ORDER BY p.seq DESC, p.id DESC, s.player_id LIMIT 1${lock}`,
      [accountId, gameId],
    );
    const r = rows[0];
    const phase = (await this.toPhases(rows))[0];
    if (r === undefined || phase === undefined) return {};
    if (r.seat_player_id === null || r.seat_player_id === undefined) return { phase };
    const seat = this.toSeat({
      game_id: r.game_id,
      player_id: r.seat_player_id,
      account_id: r.seat_account_id,
      name: r.seat_name,
      powers: r.seat_powers,
      missed: r.seat_missed,
      civil_disorder: r.seat_civil_disorder,
    });
    if (opts?.sheets !== true) return { phase, seat };
    return {
      phase,
      seat,
      sheets: sheetsHere
        ? jsonRows(r.seat_sheets).map(toSubmission)
        : await this.submissions(phase.id, { playerId: seat.playerId }),
    };
  }

  async openPhase(
    gameId: GameId,
    opts?: { readonly forUpdate?: boolean },
  ): Promise<PhaseRecord | undefined> {
    // The app keeps at most one open phase per game; should there be two, the latest counts.
    const rows = await this.query(
      `SELECT ${PHASE_HEAD} FROM phases WHERE game_id = ? AND status = 'open'
       ORDER BY seq DESC, id DESC LIMIT 1${this.lock(opts)}`,
      [gameId],
    );
    return (await this.toPhases(rows))[0];
  }

  async phases(
    gameId: GameId,
    opts?: { readonly includeRolledBack?: boolean; readonly latest?: number },
  ): Promise<PhaseRecord[]> {
    const sql = `SELECT ${PHASE_HEAD} FROM phases WHERE game_id = ?${
      opts?.includeRolledBack === true ? '' : ` AND status <> 'rolled-back'`
    }`;
    if (opts?.latest !== undefined) {
      // The last n, found newest first down the (game_id, seq, id) index, then put back in
      // order here: sorting them again in SQL copied each row, state and result, once more.
      const rows = await this.query(`${sql} ORDER BY seq DESC, id DESC LIMIT ?`, [
        gameId,
        checkLimit('phases', opts.latest),
      ]);
      return this.toPhases(rows.reverse());
    }
    const rows = await this.query(`${sql} ORDER BY seq, id`, [gameId]);
    return this.toPhases(rows);
  }

  async updatePhase(
    id: PhaseId,
    change: Partial<Pick<PhaseRecord, 'status' | 'deadline' | 'processedAt' | 'result' | 'state'>>,
  ): Promise<void> {
    const set = new SetClause();
    // A key that is present is written, even as null; an absent key is left alone.
    if (change.status !== undefined) set.add('status', change.status);
    if ('deadline' in change) set.add('deadline', change.deadline ?? null);
    if ('processedAt' in change) set.add('processed_at', change.processedAt ?? null);
    if ('result' in change) set.add('result', this.d.json(change.result));
    if (change.state !== undefined) set.add('state', this.d.json(change.state));
    // The database raises the phase's revision (a trigger of migration 6).
    if ('result' in change || change.state !== undefined) this.wrotePhases.add(id);
    if (set.isEmpty) {
      // Nothing to write, but a missing phase is still the caller's bug.
      if ((await this.phase(id)) === undefined) throw noPhase(id);
      return;
    }
    const changed = await this.write('updatePhase', `UPDATE phases SET ${set.sql} WHERE id = ?`, [
      ...set.params,
      id,
    ]);
    if (changed !== 1) throw noPhase(id);
  }

  async duePhases(now: number, limit: number): Promise<PhaseRecord[]> {
    // In a transaction on PostgreSQL, rows another worker has claimed are skipped rather than
    // waited for, so several workers share the queue; a plain read takes no locks.
    const lock = this.mode === 'transaction' ? this.d.lockRows({ of: 'p', skipLocked: true }) : '';
    const rows = await this.query(
      `SELECT ${PHASE_HEAD_P} FROM phases p JOIN games g ON g.id = p.game_id
       WHERE p.status = 'open' AND p.deadline IS NOT NULL AND p.deadline <= ? AND g.paused = ?
       ORDER BY p.deadline, p.id LIMIT ?${lock}`,
      [now, this.d.bool(false), checkLimit('duePhases', limit)],
    );
    return this.toPhases(rows);
  }

  // --- submissions and readiness

  async insertSubmission(s: Omit<SubmissionRecord, 'id'>): Promise<number> {
    const rows = await this.writeReturning(
      'insertSubmission',
      `INSERT INTO submissions (phase_id, player_id, text, created_at) VALUES (?, ?, ?, ?)
       RETURNING id`,
      [s.phaseId, s.playerId, s.text, s.createdAt],
    );
    return returnedId(rows);
  }

  async insertSubmissionLogged(
    s: Omit<SubmissionRecord, 'id'>,
    event: { readonly gameId: GameId; readonly type: string },
  ): Promise<number> {
    if (this.d.name !== 'postgres') {
      const submissionId = await this.insertSubmission(s);
      await this.appendEvent({
        gameId: event.gameId,
        type: event.type,
        data: { submissionId, player: s.playerId, phaseId: s.phaseId },
        at: s.createdAt,
      });
      return submissionId;
    }
    // One statement for the three of appendEvent and insertSubmission: the game's row is locked
    // (g) before the event's id is drawn, as appendEvent does, so events still follow commits.
    const rows = await this.writeReturning(
      'insertSubmissionLogged',
      `WITH g AS (SELECT id FROM games WHERE id = ? FOR UPDATE),
         s AS (INSERT INTO submissions (phase_id, player_id, text, created_at)
               VALUES (?, ?, ?, ?) RETURNING id),
         e AS (INSERT INTO events (game_id, type, data, at)
               SELECT g.id, ?, jsonb_build_object('submissionId', s.id, 'player', ?::text,
                 'phaseId', ?::bigint), ? FROM g, s RETURNING id)
       SELECT (SELECT id FROM s) AS id, (SELECT count(*) FROM e) AS events`,
      [
        event.gameId,
        s.phaseId,
        s.playerId,
        s.text,
        s.createdAt,
        event.type,
        s.playerId,
        s.phaseId,
        s.createdAt,
      ],
    );
    if (readInt(rows[0]?.events) !== 1) {
      throw new Error(`store.insertSubmissionLogged: no game ${JSON.stringify(event.gameId)}`);
    }
    return returnedId(rows);
  }

  async submitToOpenPhase(
    gameId: GameId,
    accountId: AccountId,
    sheet: { readonly text: string; readonly createdAt: number },
    opts: { readonly type: string; readonly variants: readonly string[] },
  ): Promise<OpenPhaseSubmission | undefined> {
    const { type } = opts;
    if (this.d.name !== 'postgres') {
      const open = await this.openPhaseToWrite(gameId, accountId, sheet.createdAt, opts.variants);
      if (open === undefined) return undefined;
      const { phase, seat } = open;
      const submissionId = await this.insertSubmissionLogged(
        { phaseId: phase.id, playerId: seat.playerId, ...sheet },
        { gameId, type },
      );
      return { submissionId, phase, playerId: seat.playerId };
    }
    // One statement (see openPhaseWrite).
    const open = this.openPhaseWrite(gameId, accountId, sheet.createdAt, opts.variants);
    const rows = await this.writeReturning(
      'submitToOpenPhase',
      `${open.ctes},
         s AS (INSERT INTO submissions (phase_id, player_id, text, created_at)
               SELECT p.id, t.player_id, ?, ? FROM p, t, g RETURNING id, player_id),
         e AS (INSERT INTO events (game_id, type, data, at)
               SELECT g.id, ?, jsonb_build_object('submissionId', s.id, 'player', s.player_id,
                 'phaseId', p.id), ? FROM g, s, p RETURNING id)
       SELECT p.*, s.id AS submission_id, s.player_id AS submission_player,
         (SELECT count(*) FROM e) AS events
       FROM p, s`,
      [...open.params, sheet.text, sheet.createdAt, type, sheet.createdAt],
    );
    const r = rows[0];
    if (r === undefined) return undefined;
    return {
      submissionId: readInt(r.submission_id),
      phase: open.phase(r, 'submitToOpenPhase'),
      playerId: readText(r.submission_player),
    };
  }

  async readyInOpenPhase(
    gameId: GameId,
    accountId: AccountId,
    readiness: { readonly ready: boolean; readonly updatedAt: number },
    opts: { readonly variants: readonly string[] },
  ): Promise<OpenPhaseReadiness | undefined> {
    const { ready, updatedAt } = readiness;
    if (this.d.name !== 'postgres') {
      const open = await this.openPhaseToWrite(gameId, accountId, updatedAt, opts.variants);
      if (open === undefined) return undefined;
      const { game, phase, seat } = open;
      // The transaction holds the write lock: the readiness read after the write is complete.
      const counted = await this.setReadyLogged(
        { phaseId: phase.id, playerId: seat.playerId, ...readiness },
        gameId,
      );
      return {
        phase,
        playerId: seat.playerId,
        gameVersion: game.version,
        paused: game.paused,
        readiness: counted,
      };
    }
    // One statement, as submitToOpenPhase's: the readiness upserted and `ready/set` logged with
    // the data setReadyLogged gives it.
    const open = this.openPhaseWrite(gameId, accountId, updatedAt, opts.variants);
    const rows = await this.writeReturning(
      'readyInOpenPhase',
      `${open.ctes},
         r AS (INSERT INTO readiness (phase_id, player_id, ready, updated_at)
               SELECT p.id, t.player_id, ?, ? FROM p, t, g
               ON CONFLICT (phase_id, player_id)
               DO UPDATE SET ready = excluded.ready, updated_at = excluded.updated_at
               RETURNING player_id),
         e AS (INSERT INTO events (game_id, type, data, at)
               SELECT g.id, 'ready/set', jsonb_build_object('player', r.player_id,
                 'phaseId', p.id, 'ready', ?::boolean), ? FROM g, r, p RETURNING id)
       SELECT p.*, r.player_id AS ready_player, g.version AS game_version,
         g.paused AS game_paused, (SELECT count(*) FROM e) AS events
       FROM p, r, g`,
      [...open.params, this.d.bool(ready), updatedAt, ready, updatedAt],
    );
    const r = rows[0];
    if (r === undefined) return undefined;
    return {
      phase: open.phase(r, 'readyInOpenPhase'),
      playerId: readText(r.ready_player),
      gameVersion: readInt(r.game_version),
      paused: this.d.readBool(r.game_paused),
    };
  }

  /**
   * What openPhaseWrite's CTEs find, on SQLite, read one by one: the transaction holds the
   * database's write lock, so the reads and then the writes.
   */
  private async openPhaseToWrite(
    gameId: GameId,
    accountId: AccountId,
    at: number,
    variants: readonly string[],
  ): Promise<{ game: GameRecord; phase: PhaseRecord; seat: SeatRecord } | undefined> {
    const game = await this.game(gameId);
    if (game === undefined || !variants.includes(game.variant)) return undefined;
    const { phase, seat } = await this.openPhaseAndSeat(gameId, accountId, { lock: 'share' });
    if (phase === undefined || seat === undefined) return undefined;
    if (phase.deadline !== null && at > phase.deadline) return undefined;
    return { game, phase, seat };
  }

  /**
   * The head of a one-statement write to a game's open phase on PostgreSQL (submitToOpenPhase,
   * readyInOpenPhase): the CTEs p, t and g, their parameters, and the reading of p's row. The
   * open phase's row is locked for share first (p: a processing that changed it meanwhile is
   * waited for and the row taken as it now is, so a closed phase takes nothing), then the
   * game's for update (g, from p: in the order a write in a transaction takes them) before an
   * event's id is drawn, as appendEvent does; g is empty, and so nothing is written, unless the
   * account holds a seat (t), the deadline is not past at `at` and the game is of one of
   * `variants`. The phase's state and result come along unless they are the body this store
   * last kept for the game's open phase (`hint`), held here so that it cannot be dropped while
   * the statement runs.
   */
  private openPhaseWrite(
    gameId: GameId,
    accountId: AccountId,
    at: number,
    variants: readonly string[],
  ): { ctes: string; params: Param[]; phase: (r: Row, what: string) => PhaseRecord } {
    const hint = this.bodies.lastOpen(gameId);
    const unlessHeld = (column: string): string =>
      `CASE WHEN id = ? AND rev = ? THEN NULL ELSE ${column} END AS ${column}`;
    const held = [hint?.id ?? null, hint?.body.rev ?? null];
    const ctes = `WITH p AS MATERIALIZED (
           SELECT ${PHASE_HEAD}, ${unlessHeld('state')}, ${unlessHeld('result')} FROM phases
           WHERE game_id = ? AND status = 'open' ORDER BY seq DESC, id DESC LIMIT 1 FOR SHARE),
         t AS MATERIALIZED (${SEAT_PLAYER}),
         g AS MATERIALIZED (SELECT id, version, paused FROM games
           WHERE id = (SELECT game_id FROM p WHERE deadline IS NULL OR deadline >= ?)
             AND EXISTS (SELECT 1 FROM t)
             AND variant IN (SELECT jsonb_array_elements_text(?::jsonb)) FOR UPDATE)`;
    const params = [...held, ...held, gameId, gameId, accountId, at, this.d.json(variants)];
    const phase = (r: Row, what: string): PhaseRecord => {
      const id = readInt(r.id);
      if (readInt(r.events) !== 1)
        throw new Error(`store.${what}: no event logged for phase ${id}`);
      let body: PhaseBody;
      if (r.state === null || r.state === undefined) {
        // Left out: the database found the held body's phase and revision.
        if (hint === undefined || hint.id !== id)
          throw new Error('store: a phase came without its state');
        body = hint.body;
      } else {
        body = this.keptBody(id, r);
      }
      this.bodies.openIn(gameId, id);
      return this.toPhase(r, body);
    };
    return { ctes, params, phase };
  }

  async submissions(
    phaseId: PhaseId,
    opts?: { readonly playerId?: PlayerId },
  ): Promise<SubmissionRecord[]> {
    const byPlayer = opts?.playerId !== undefined;
    const rows = await this.query(
      `SELECT * FROM submissions WHERE phase_id = ?${byPlayer ? ' AND player_id = ?' : ''}
       ORDER BY id`,
      byPlayer ? [phaseId, opts.playerId] : [phaseId],
    );
    return rows.map(toSubmission);
  }

  async latestSubmissions(phaseId: PhaseId, until?: number): Promise<SubmissionRecord[]> {
    // "Last" is the last received (highest id), among those made by `until`.
    const bounded = until !== undefined;
    const rows = await this.query(
      `SELECT s.* FROM submissions s JOIN (
         SELECT player_id, MAX(id) AS id FROM submissions
         WHERE phase_id = ?${bounded ? ' AND created_at <= ?' : ''}
         GROUP BY player_id
       ) latest ON latest.id = s.id
       ORDER BY s.player_id`,
      bounded ? [phaseId, until] : [phaseId],
    );
    return rows.map(toSubmission);
  }

  async setReady(r: ReadyRecord): Promise<void> {
    await this.write(
      'setReady',
      `INSERT INTO readiness (phase_id, player_id, ready, updated_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (phase_id, player_id)
       DO UPDATE SET ready = excluded.ready, updated_at = excluded.updated_at`,
      [r.phaseId, r.playerId, this.d.bool(r.ready), r.updatedAt],
    );
  }

  async setReadyLogged(r: ReadyRecord, gameId: GameId): Promise<ReadyRecord[]> {
    const data = { player: r.playerId, phaseId: r.phaseId, ready: r.ready };
    if (this.d.name !== 'postgres') {
      await this.setReady(r);
      await this.appendEvent({ gameId, type: 'ready/set', data, at: r.updatedAt });
      return this.readiness(r.phaseId);
    }
    // One statement for setReady, appendEvent and readiness: the game's row is locked (g)
    // before the event's id is drawn, as appendEvent does; the phase's other rows as committed
    // (the statement does not see its own upsert, r, which is added to them).
    const rows = await this.writeReturning(
      'setReadyLogged',
      `WITH g AS (SELECT id FROM games WHERE id = ? FOR UPDATE),
         r AS (INSERT INTO readiness (phase_id, player_id, ready, updated_at) VALUES (?, ?, ?, ?)
               ON CONFLICT (phase_id, player_id)
               DO UPDATE SET ready = excluded.ready, updated_at = excluded.updated_at
               RETURNING phase_id, player_id, ready, updated_at),
         e AS (INSERT INTO events (game_id, type, data, at)
               SELECT g.id, 'ready/set', ?::jsonb, ?::bigint FROM g RETURNING id)
       SELECT x.*, (SELECT count(*) FROM e) AS events FROM (
         SELECT phase_id, player_id, ready, updated_at FROM readiness
         WHERE phase_id = ? AND player_id <> ?
         UNION ALL SELECT * FROM r) x
       ORDER BY x.player_id`,
      [
        gameId,
        r.phaseId,
        r.playerId,
        this.d.bool(r.ready),
        r.updatedAt,
        this.d.json(data),
        r.updatedAt,
        r.phaseId,
        r.playerId,
      ],
    );
    if (readInt(rows[0]?.events) !== 1)
      throw new Error(`store.setReadyLogged: no game ${JSON.stringify(gameId)}`);
    return rows.map((x) => this.toReady(x));
  }

  async readiness(phaseId: PhaseId): Promise<ReadyRecord[]> {
    const rows = await this.query('SELECT * FROM readiness WHERE phase_id = ? ORDER BY player_id', [
      phaseId,
    ]);
    return rows.map((r) => this.toReady(r));
  }

  // --- messages and events

  async insertMessage(m: Omit<MessageRecord, 'id'>): Promise<number> {
    const rows = await this.writeReturning(
      'insertMessage',
      `INSERT INTO messages (game_id, phase_id, sender, audience, anonymous, text, created_at,
         copies)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
      [
        m.gameId,
        m.phaseId,
        m.from,
        this.d.json(m.to),
        this.d.bool(m.anonymous),
        m.text,
        m.createdAt,
        // Absent stays absent (NULL); an empty list is kept as one.
        this.d.json(m.copies),
      ],
    );
    return returnedId(rows);
  }

  async messages(
    gameId: GameId,
    opts?: { readonly afterId?: number; readonly limit?: number },
  ): Promise<MessageRecord[]> {
    const params: Param[] = [gameId, opts?.afterId ?? 0];
    let sql = 'SELECT * FROM messages WHERE game_id = ? AND id > ? ORDER BY id';
    if (opts?.limit !== undefined) {
      sql += ' LIMIT ?';
      params.push(checkLimit('messages', opts.limit));
    }
    const rows = await this.query(sql, params);
    return rows.map((r) => {
      const message: MessageRecord = {
        id: readInt(r.id),
        gameId: readText(r.game_id),
        phaseId: readIntOrNull(r.phase_id),
        from: readText(r.sender),
        to: this.d.readJson(r.audience) as MessageAudience,
        anonymous: this.d.readBool(r.anonymous),
        text: readText(r.text),
        createdAt: readInt(r.created_at),
      };
      const copies = this.d.readJson(r.copies) as MessageCopy[] | null;
      return copies === null ? message : { ...message, copies };
    });
  }

  // --- draw and concession proposals

  async insertEndProposal(p: Omit<EndProposalRecord, 'id'>): Promise<number> {
    const rows = await this.writeReturning(
      'insertEndProposal',
      `INSERT INTO end_proposals (game_id, phase_id, kind, proposer, members, voters, votes,
         status, created_at, closed_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
      [
        p.gameId,
        p.phaseId,
        p.kind,
        p.proposer,
        this.d.json(p.members),
        this.d.json(p.voters),
        this.d.json(p.votes),
        p.status,
        p.createdAt,
        p.closedAt,
      ],
    );
    return returnedId(rows);
  }

  async endProposals(gameId: GameId): Promise<EndProposalRecord[]> {
    const rows = await this.query('SELECT * FROM end_proposals WHERE game_id = ? ORDER BY id', [
      gameId,
    ]);
    return rows.map((r) => ({
      id: readInt(r.id),
      gameId: readText(r.game_id),
      phaseId: readInt(r.phase_id),
      kind: readText(r.kind) as EndProposalRecord['kind'],
      proposer: readText(r.proposer),
      members: this.d.readJson(r.members) as string[],
      voters: this.d.readJson(r.voters) as string[],
      votes: this.d.readJson(r.votes) as Record<string, boolean>,
      status: readText(r.status) as EndProposalRecord['status'],
      createdAt: readInt(r.created_at),
      closedAt: readIntOrNull(r.closed_at),
    }));
  }

  async updateEndProposal(
    id: number,
    change: Partial<Pick<EndProposalRecord, 'votes' | 'status' | 'closedAt'>>,
  ): Promise<void> {
    const set = new SetClause();
    if (change.votes !== undefined) set.add('votes', this.d.json(change.votes));
    if (change.status !== undefined) set.add('status', change.status);
    if ('closedAt' in change) set.add('closed_at', change.closedAt ?? null);
    if (set.isEmpty) return;
    const changed = await this.write(
      'updateEndProposal',
      `UPDATE end_proposals SET ${set.sql} WHERE id = ?`,
      [...set.params, id],
    );
    if (changed !== 1) throw new Error(`store.updateEndProposal: no proposal ${String(id)}`);
  }

  async appendEvent(e: Omit<EventRecord, 'id'>): Promise<number> {
    // A game's events are numbered in the order their transactions commit (the event stream
    // reads them by id): the game row stays locked from the id's allocation to the commit.
    // SQLite has one writer at a time anyway.
    if (this.d.name === 'postgres') {
      // One statement, one round trip: the game's row is locked (g) before the id is drawn.
      const rows = await this.writeReturning(
        'appendEvent',
        `WITH g AS (SELECT id FROM games WHERE id = ?${this.lock({ forUpdate: true })})
         INSERT INTO events (game_id, type, data, at)
         SELECT g.id, ?::text, ?::jsonb, ?::bigint FROM g RETURNING id`,
        [e.gameId, e.type, this.d.json(e.data), e.at],
      );
      if (rows.length === 0)
        throw new Error(`store.appendEvent: no game ${JSON.stringify(e.gameId)}`);
      return returnedId(rows);
    }
    const rows = await this.writeReturning(
      'appendEvent',
      'INSERT INTO events (game_id, type, data, at) VALUES (?, ?, ?, ?) RETURNING id',
      [e.gameId, e.type, this.d.json(e.data), e.at],
    );
    return returnedId(rows);
  }

  async events(gameId: GameId, opts?: { readonly afterId?: number }): Promise<EventRecord[]> {
    const rows = await this.query('SELECT * FROM events WHERE game_id = ? AND id > ? ORDER BY id', [
      gameId,
      opts?.afterId ?? 0,
    ]);
    return rows.map((r) => ({
      id: readInt(r.id),
      gameId: readText(r.game_id),
      type: readText(r.type),
      data: this.d.readJson(r.data),
      at: readInt(r.at),
    }));
  }

  // --- plumbing

  private lock(opts: { readonly forUpdate?: boolean } | undefined): string {
    // Outside a transaction a lock would be released as soon as the statement ends.
    return opts?.forUpdate === true && this.mode !== 'read' ? this.d.lockRows() : '';
  }

  private query(sql: string, params: readonly Param[]): Promise<Row[]> {
    this.checkOpen();
    return this.watch(this.exec.all(sql, params), undefined);
  }

  private write(what: string, sql: string, params: readonly Param[]): Promise<number> {
    this.checkWritable(what);
    return this.watch(this.exec.run(sql, params), what);
  }

  private writeReturning(what: string, sql: string, params: readonly Param[]): Promise<Row[]> {
    this.checkWritable(what);
    return this.watch(this.exec.all(sql, params), what);
  }

  /** Names a unique-key collision, and remembers any failure so the transaction can't go on. */
  private async watch<T>(pending: Promise<T>, what: string | undefined): Promise<T> {
    try {
      return await pending;
    } catch (e) {
      const error =
        what !== undefined && this.d.isUniqueViolation(e)
          ? new DuplicateRecordError(
              `store.${what}: a record with the same key already exists (${messageOf(e)})`,
              { cause: e },
            )
          : e;
      if (this.mode !== 'read') this.failure ??= error;
      throw error;
    }
  }

  private checkOpen(): void {
    if (this.mode === 'single' && this.sent++ > 0) {
      throw new Error(
        "store.single: a second statement, which would not be part of the first one's " +
          'transaction (use store.transaction)',
      );
    }
    if (this.ended) {
      throw new Error(
        'store: a StoreTx was used after its transaction or read ended (a query not awaited?)',
      );
    }
    if (this.failure !== undefined) {
      throw new TransactionFailedError(
        `store: this transaction already failed (${messageOf(this.failure)}); ` +
          'let the error propagate so it rolls back',
        { cause: this.failure },
      );
    }
  }

  private checkWritable(what: string): void {
    this.checkOpen();
    if (this.mode === 'read') {
      throw new Error(`store.read: ${what} writes, and writes belong in store.transaction`);
    }
  }

  /** What `insertGame` and `updateGame` both write, in the order both name the columns. */
  private gameValues(g: GameRecord): Param[] {
    return [
      g.name,
      g.variant,
      this.d.json(g.options),
      g.seed,
      g.gm,
      g.status,
      this.d.json(g.settings),
      this.d.bool(g.paused),
      g.pausedRemaining,
      g.createdAt,
    ];
  }

  /** What `insertSeat` and `updateSeat` both write, in the order both name the columns. */
  private seatValues(s: SeatRecord): Param[] {
    return [
      s.accountId,
      s.name,
      this.d.json(s.powers),
      s.missed ?? 0,
      this.d.bool(s.civilDisorder ?? false),
    ];
  }

  private toGame(r: Row): GameRecord {
    return {
      id: readText(r.id),
      name: readText(r.name),
      variant: readText(r.variant),
      options: this.d.readJson(r.options) as GameRecord['options'],
      seed: readInt(r.seed),
      gm: readText(r.gm),
      status: readText(r.status) as GameStatus,
      settings: this.d.readJson(r.settings) as GameSettings,
      paused: this.d.readBool(r.paused),
      pausedRemaining: readIntOrNull(r.paused_remaining),
      createdAt: readInt(r.created_at),
      version: readInt(r.version),
    };
  }

  private toReady(r: Row): ReadyRecord {
    return {
      phaseId: readInt(r.phase_id),
      playerId: readText(r.player_id),
      ready: this.d.readBool(r.ready),
      updatedAt: readInt(r.updated_at),
    };
  }

  private toSeat(r: Row): SeatRecord {
    return {
      gameId: readText(r.game_id),
      playerId: readText(r.player_id),
      accountId: readTextOrNull(r.account_id),
      name: readText(r.name),
      powers: this.d.readJson(r.powers) as string[],
      // 0 and false are left out: a seat that never missed a phase reads as it was first written.
      ...(readInt(r.missed) === 0 ? {} : { missed: readInt(r.missed) }),
      ...(this.d.readBool(r.civil_disorder) ? { civilDisorder: true } : {}),
    };
  }

  /**
   * Phase records from rows of {@link PHASE_HEAD}: the state and result of each come from the
   * store's kept bodies when it holds the row's revision, else from one more read of the whole
   * rows, whose bodies are then kept (unless this transaction wrote them: they may yet be
   * rolled back, and another body could then be stored under the same revision).
   */
  private async toPhases(rows: readonly Row[]): Promise<PhaseRecord[]> {
    const missing: PhaseId[] = [];
    for (const r of rows) {
      if (this.bodies.get(readInt(r.id), readInt(r.rev)) === undefined) missing.push(readInt(r.id));
    }
    const whole = new Map<PhaseId, Row>();
    if (missing.length > 0) {
      const found = await this.query(
        `SELECT * FROM phases WHERE id IN (${missing.map(() => '?').join(', ')})`,
        missing,
      );
      for (const r of found) whole.set(readInt(r.id), r);
    }
    return rows.map((head) => {
      const id = readInt(head.id);
      // A row read whole is taken whole: its small columns go with its body.
      const r = whole.get(id) ?? head;
      let body = this.bodies.get(id, readInt(r.rev));
      if (body === undefined) {
        if (r === head) throw new Error(`store: phase ${String(id)} is gone from the database`);
        body = this.keptBody(id, r);
      }
      return this.toPhase(r, body);
    });
  }

  /**
   * The body of phase `id` from a row with its state and result, parsed and frozen, and kept by
   * the store unless this transaction wrote it (it may yet be rolled back).
   */
  private keptBody(id: PhaseId, r: Row): PhaseBody {
    const body = {
      rev: readInt(r.rev),
      state: deepFreeze(this.d.readJson(r.state)) as VariantState,
      result: deepFreeze(this.d.readJson(r.result)),
    };
    if (!this.wrotePhases.has(id)) this.bodies.keep(id, body);
    return body;
  }

  /** A phase record from a row of {@link PHASE_HEAD} and the phase's body. */
  private toPhase(r: Row, body: PhaseBody): PhaseRecord {
    return {
      id: readInt(r.id),
      gameId: readText(r.game_id),
      seq: readInt(r.seq),
      name: readText(r.name),
      state: body.state,
      status: readText(r.status) as PhaseStatus,
      deadline: readIntOrNull(r.deadline),
      openedAt: readInt(r.opened_at),
      processedAt: readIntOrNull(r.processed_at),
      result: body.result,
    };
  }
}

/** The id of a game's open phase (the latest, should there be two). */
const OPEN_PHASE_ID = `SELECT id FROM phases WHERE game_id = ? AND status = 'open'
  ORDER BY seq DESC, id DESC LIMIT 1`;

/** The seat an account holds in a game, as seatOf finds it. */
const SEAT_PLAYER = `SELECT player_id FROM seats WHERE game_id = ? AND account_id = ?
  ORDER BY player_id LIMIT 1`;

/** The rows of a JSON array of them (PostgreSQL's json_agg, null for none), as text. */
function jsonRows(value: unknown): Row[] {
  if (value === null || value === undefined) return [];
  if (typeof value !== 'string') throw new Error('store: expected a JSON array of rows as text');
  return JSON.parse(value) as Row[];
}

/** A phase's state and result, parsed and frozen, as stored at revision `rev`. */
interface PhaseBody {
  readonly rev: number;
  readonly state: VariantState;
  readonly result: unknown;
}

/**
 * The columns of a phase but its state and result (a standard game's are 7 KB of JSON each):
 * most reads find both already parsed in the store's {@link PhaseBodies}.
 */
const PHASE_COLUMNS = [
  'id',
  'game_id',
  'seq',
  'name',
  'status',
  'deadline',
  'opened_at',
  'processed_at',
  'rev',
];
export const PHASE_HEAD = PHASE_COLUMNS.join(', ');
const PHASE_HEAD_P = PHASE_COLUMNS.map((c) => `p.${c}`).join(', ');

/**
 * A store's phases' states and results, parsed once and shared frozen between reads, by phase
 * id and revision: every order sheet of a phase is read against its state, and every read of a
 * game shows the last result. A revision names one content for good: ids are never reused,
 * and the revision rises with every committed change of either. At most `limit` are kept, the
 * oldest dropped first. One per store (per database): ids are a database's own.
 */
export class PhaseBodies {
  private readonly kept = new Map<PhaseId, PhaseBody>();
  /** The phase each game had open when a sheet was last stored in it, by `submitToOpenPhase`. */
  private readonly open = new Map<GameId, PhaseId>();

  constructor(private readonly limit = 1000) {}

  /** The kept body of the phase last seen open in the game, if it is still kept. */
  lastOpen(gameId: GameId): { readonly id: PhaseId; readonly body: PhaseBody } | undefined {
    const id = this.open.get(gameId);
    const body = id === undefined ? undefined : this.kept.get(id);
    return id === undefined || body === undefined ? undefined : { id, body };
  }

  /** Notes the phase a game has open. */
  openIn(gameId: GameId, id: PhaseId): void {
    setNewest(this.open, gameId, id, this.limit);
  }

  get(id: PhaseId, rev: number): PhaseBody | undefined {
    const body = this.kept.get(id);
    return body?.rev === rev ? body : undefined;
  }

  keep(id: PhaseId, body: PhaseBody): void {
    setNewest(this.kept, id, body, this.limit);
  }

  /** Forgets them all: a commit failed after its transactions' reads kept what they saw. */
  clear(): void {
    this.kept.clear();
    this.open.clear();
  }
}

/** Sets `key` as the newest entry of `map`, dropping the oldest if it holds `limit` already. */
function setNewest<K, V>(map: Map<K, V>, key: K, value: V, limit: number): void {
  map.delete(key);
  if (map.size >= limit) map.delete(map.keys().next().value!);
  map.set(key, value);
}

/**
 * Freezes a parsed value through: nothing may change a value other reads hold (the engine makes
 * new states, views copy what they change; a change in place would throw).
 */
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

function toAccount(r: Row): AccountRecord {
  return {
    id: readText(r.id),
    name: readText(r.name),
    passwordHash: readText(r.password_hash),
    createdAt: readInt(r.created_at),
  };
}

function toSubmission(r: Row): SubmissionRecord {
  return {
    id: readInt(r.id),
    phaseId: readInt(r.phase_id),
    playerId: readText(r.player_id),
    text: readText(r.text),
    createdAt: readInt(r.created_at),
  };
}

/** The `SET` list of an UPDATE of only the columns a change names, and its values. */
class SetClause {
  private readonly columns: string[] = [];
  readonly params: Param[] = [];

  add(column: string, value: Param): void {
    this.columns.push(`${column} = ?`);
    this.params.push(value);
  }

  get isEmpty(): boolean {
    return this.columns.length === 0;
  }

  get sql(): string {
    return this.columns.join(', ');
  }
}

function first<T>(rows: readonly Row[], map: (r: Row) => T): T | undefined {
  const r = rows[0];
  return r === undefined ? undefined : map(r);
}

function returnedId(rows: readonly Row[]): number {
  const r = rows[0];
  if (r === undefined) throw new Error('store: INSERT ... RETURNING id returned no row');
  return readInt(r.id);
}

function checkLimit(what: string, limit: number): number {
  if (!Number.isSafeInteger(limit) || limit < 0) {
    throw new RangeError(`store.${what}: limit must be a whole number >= 0, not ${limit}`);
  }
  return limit;
}

function noPhase(id: PhaseId): Error {
  return new Error(`store.updatePhase: no phase ${id}`);
}

function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
