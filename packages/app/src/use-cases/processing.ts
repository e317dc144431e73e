/**
 * Processing and deadlines: a phase is processed exactly once, all or nothing, inside one
 * transaction: when its deadline passes (`processDue`, the server's timer), when everyone who
 * must act is ready (`setReady`, `resume`), or when the gamesmaster forces it. No route of its
 * own: the server's timer calls `processDue`.
 */
import { GAMESMASTER, phaseName, processVariantPhase, type Variant } from '@arbiter/engine';
import type { EndedData, ProcessedData } from '../audit.js';
import {
  afterCommit,
  saveGame,
  seatsOf,
  transaction,
  variantOf,
  type AppContext,
} from '../context.js';
import { seatChanges } from '../disorder.js';
import { naturalEnd } from '../ends.js';
import { engineSubmissions, isOver, phaseLength, type UsedSubmission } from '../phases.js';
import type { GameRecord, PhaseRecord, ReadyRecord, SeatRecord, StoreTx } from '../ports.js';
import { everyoneReady, playersWhoMustAct } from '../readiness.js';
import type { StoredResult } from '../views.js';

type ProcessReason = ProcessedData['reason'];

/** Bounds the phases processed one after another because nobody has anything to do. */
const MAX_CHAINED_PHASES = 20;

/**
 * Processes open phases whose deadline has passed (in games not paused), each in its own
 * transaction, and says how many phases were processed. Safe to call from several processes
 * at once: each phase is locked and its status checked inside the transaction.
 */
export async function processDue(ctx: AppContext, limit = 100): Promise<number> {
  const now = ctx.clock.now();
  const due = await ctx.store.read((tx) => tx.duePhases(now, limit));
  let count = 0;
  let failure: unknown;
  for (const candidate of due) {
    try {
      count += await transaction(ctx, async (tx) => {
        const phase = await tx.phase(candidate.id, { forUpdate: true });
        if (phase?.status !== 'open' || phase.deadline === null || phase.deadline > now) return 0;
        const game = await tx.game(phase.gameId, { forUpdate: true });
        if (game === undefined || game.paused || game.status !== 'running') return 0;
        let n = 0;
        await processPhase(ctx, tx, phase, game, now, 'deadline', () => {
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

/** Processes the phase if every player who must act is ready and the game is not paused. */
export async function processIfAllReady(
  ctx: AppContext,
  tx: StoreTx,
  phase: PhaseRecord,
  game: GameRecord,
  now: number,
  /** The phase's readiness, if the caller has just read it under the phase's lock. */
  readiness?: readonly ReadyRecord[],
): Promise<GameRecord | undefined> {
  if (game.paused) return undefined;
  const variant = variantOf(ctx, game.variant);
  const ready = readiness ?? (await tx.readiness(phase.id));
  // The seats as of the game's version: every caller holds the game's row, so they are current.
  if (!allReady(ctx, variant, phase, ready, await seatsOf(ctx, tx, game))) return undefined;
  return processPhase(ctx, tx, phase, game, now, 'ready');
}

/**
 * Whether every player who must act in the phase is ready. A vacant seat cannot say it is
 * ready: it never holds the phase up, its deadline does.
 */
export function allReady(
  ctx: AppContext,
  variant: Variant,
  phase: PhaseRecord,
  readiness: readonly ReadyRecord[],
  seats: readonly SeatRecord[],
): boolean {
  const ready = new Set(readiness.filter((r) => r.ready).map((r) => r.playerId));
  const vacant = new Set(seats.filter((s) => s.accountId === null).map((s) => s.playerId));
  const mustAct = playersWhoMustAct(variant, phase.state, ctx.catalogue).filter(
    (p) => !vacant.has(p),
  );
  return everyoneReady(mustAct, ready);
}

/**
 * Processes an open phase inside the caller's transaction: the counted submissions (each
 * player's last at or before the deadline) read anew, the engine run, the result stored with
 * the seats that missed it (their counts moved on, civil disorder declared where the game's
 * setting says), the next phase opened (or the game finished), all recorded in the log. A phase in which nobody
 * has anything to do is processed straight after. Returns the saved game.
 */
export async function processPhase(
  ctx: AppContext,
  tx: StoreTx,
  first: PhaseRecord,
  game: GameRecord,
  now: number,
  firstReason: ProcessReason,
  onProcessed?: () => void,
): Promise<GameRecord> {
  const variant = variantOf(ctx, game.variant);
  let phase = first;
  let reason = firstReason;
  let saved = game;
  for (let chained = 0; ; chained++) {
    const started = performance.now();
    const state = phase.state;
    const kept = await tx.latestSubmissions(phase.id, phase.deadline ?? undefined);
    // Every player's last sheet, then the gamesmaster's (module actions such as Pink's bonus).
    const used: UsedSubmission[] = [...state.players.map((p) => p.id), GAMESMASTER]
      .map((id) => kept.find((s) => s.playerId === id))
      .filter((s) => s !== undefined)
      .map((s) => ({ submissionId: s.id, player: s.playerId, text: s.text }));
    const r = processVariantPhase(
      variant,
      state,
      engineSubmissions(variant, state, used, ctx.catalogue),
      ctx.catalogue,
    );
    if (ctx.duringProcessing !== undefined) await ctx.duringProcessing(game.id, phase.name);
    const finished = isOver(r.state, saved.settings);
    const seats = seatChanges(
      variant,
      saved,
      state,
      // As of the game's version: the transaction holds its row.
      await seatsOf(ctx, tx, saved),
      new Set(used.map((u) => u.player)),
      ctx.catalogue,
    );
    for (const seat of seats.seats) await tx.updateSeat(seat);
    for (const d of seats.disorder) {
      await tx.appendEvent({
        gameId: game.id,
        type: 'seat/civil-disorder',
        data: { phaseId: phase.id, phase: phase.name, player: d.player, account: d.account },
        at: now,
      });
    }
    const end = finished
      ? naturalEnd(variant, r.state, saved.settings, state.phase, r.events)
      : undefined;
    const result: StoredResult = {
      report: r.report,
      orders: r.orders,
      events: r.events,
      submissions: used,
      missed: seats.missed,
      ...(end === undefined ? {} : { final: r.state, end }),
    };
    await tx.updatePhase(phase.id, { status: 'processed', processedAt: now, result });
    // Messages the rules' actions sent (paid press), delivered with the results.
    for (const m of r.messages ?? []) {
      const copies = m.copies ?? [];
      const id = await tx.insertMessage({
        gameId: game.id,
        phaseId: phase.id,
        from: m.from,
        to: m.to,
        anonymous: m.anonymous,
        text: m.text,
        createdAt: now,
        ...(copies.length === 0 ? {} : { copies }),
      });
      await tx.appendEvent({
        gameId: game.id,
        type: 'message/sent',
        data: { messageId: id, from: m.from, phaseId: phase.id },
        at: now,
      });
    }
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
    if (end !== undefined) {
      const ended: EndedData = { phaseId: phase.id, seq: phase.seq, closed: false, end };
      await tx.appendEvent({ gameId: game.id, type: 'game/ended', data: ended, at: now });
    }
    saved = await saveGame(
      tx,
      saved,
      finished
        ? { status: 'finished', paused: false, pausedRemaining: null }
        : saved.paused
          ? { pausedRemaining: length }
          : {},
    );
    onProcessed?.();
    const report = ctx.onPhaseProcessed;
    if (report !== undefined) {
      const info = {
        gameId: game.id,
        phase: phase.name,
        reason,
        finished,
        ms: Math.round((performance.now() - started) * 100) / 100,
      };
      afterCommit(tx, () => {
        report(info);
      });
    }
    if (
      next === undefined ||
      saved.paused ||
      chained + 1 >= MAX_CHAINED_PHASES ||
      playersWhoMustAct(variant, next.state, ctx.catalogue).length > 0
    )
      return saved;
    phase = next;
    reason = 'nobody-to-act';
  }
}
