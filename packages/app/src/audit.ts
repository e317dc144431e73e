/**
 * The audit: every phase of a game rebuilt from its event log alone (the setup recorded when it
 * started, then the engine run on the submissions recorded with each processed phase, following
 * rollbacks) and compared with what the store holds: each phase's state, its result, the final
 * state, and the recorded submissions against the submissions kept.
 */
import {
  newGame,
  processVariantPhase,
  type Catalogue,
  type GameSetup,
  type Variant,
  type VariantState,
} from '@arbiter/engine';
import type { GameEnd } from './ends.js';
import { applyRuling, type RuledData } from './gm-rulings.js';
import type { EventRecord, PhaseId, PhaseRecord, StoreTx } from './ports.js';
import { canonicalJson, engineSubmissions, type UsedSubmission } from './phases.js';
import { storedResult } from './views.js';

export interface AuditMismatch {
  /** The phase's name, or `setup`. */
  readonly phase: string;
  readonly phaseId: PhaseId | null;
  readonly what:
    'setup' | 'missing' | 'state' | 'report' | 'orders' | 'events' | 'final' | 'submission';
  readonly message: string;
}

export interface AuditReport {
  readonly ok: boolean;
  /** Phases rebuilt and compared (rolled-back ones included). */
  readonly phasesChecked: number;
  readonly mismatches: readonly AuditMismatch[];
}

/** What the app records in `game/started`, `phase/processed` and `gm/rolled-back` events. */
export interface StartedData {
  readonly setup: GameSetup;
  readonly phaseId: PhaseId;
}
export interface ProcessedData {
  readonly phaseId: PhaseId;
  readonly phase: string;
  readonly seq: number;
  readonly reason: 'deadline' | 'ready' | 'forced' | 'nobody-to-act';
  readonly submissions: readonly UsedSubmission[];
  readonly nextPhaseId: PhaseId | null;
  readonly finished: boolean;
}
/**
 * What `game/ended` records. `closed`: the game ended by agreement (a draw, a concession) while
 * the phase `phaseId` was open, and that phase was closed unplayed with its state as the final
 * one; otherwise processing `phaseId` ended it.
 */
export interface EndedData {
  readonly phaseId: PhaseId;
  readonly seq: number;
  readonly closed: boolean;
  readonly end: GameEnd;
}
export interface RolledBackData {
  readonly toPhase: string;
  readonly toSeq: number;
  readonly fromPhaseId: PhaseId;
  readonly rolledBack: readonly PhaseId[];
  readonly phaseId: PhaseId;
  readonly carried: readonly {
    readonly player: string;
    readonly from: number;
    readonly to: number;
  }[];
}

function same(a: unknown, b: unknown): boolean {
  return canonicalJson(a) === canonicalJson(b);
}

export async function auditGame(
  tx: StoreTx,
  variant: Variant,
  catalogue: Catalogue | undefined,
  gameId: string,
): Promise<AuditReport> {
  const events: EventRecord[] = await tx.events(gameId);
  const phases = await tx.phases(gameId, { includeRolledBack: true });
  const byId = new Map<PhaseId, PhaseRecord>(phases.map((p) => [p.id, p]));
  const mismatches: AuditMismatch[] = [];
  const line = new Map<number, VariantState>();
  let checked = 0;
  const report = (m: AuditMismatch): void => {
    mismatches.push(m);
  };
  // A phase's state is compared once the whole log is read: a gamesmaster's ruling may change
  // an open phase's state after the event that created it.
  const expectedStates: { id: PhaseId | null; name: string; expected: VariantState }[] = [];
  const expectedById = new Map<PhaseId, VariantState>();
  const expectState = (id: PhaseId | null, expected: VariantState, name: string): void => {
    expectedStates.push({ id, name, expected });
    if (id !== null) expectedById.set(id, expected);
  };
  const compareState = (id: PhaseId | null, expected: VariantState, name: string): void => {
    const stored = id === null ? undefined : byId.get(id);
    if (stored === undefined) {
      report({
        phase: name,
        phaseId: id,
        what: 'missing',
        message: 'the phase is not in the store',
      });
    } else if (!same(stored.state, expected)) {
      report({
        phase: stored.name,
        phaseId: id,
        what: 'state',
        message: 'the stored state differs from the state rebuilt from the log',
      });
    }
  };

  for (const e of events) {
    if (e.type === 'game/started') {
      const data = e.data as StartedData;
      const started = newGame(variant, data.setup);
      if (!started.ok) {
        report({ phase: 'setup', phaseId: null, what: 'setup', message: started.error.message });
        break;
      }
      line.clear();
      line.set(0, started.value);
      expectState(data.phaseId, started.value, 'first phase');
    } else if (e.type === 'phase/processed') {
      const data = e.data as ProcessedData;
      const input = line.get(data.seq);
      if (input === undefined) {
        report({
          phase: data.phase,
          phaseId: data.phaseId,
          what: 'missing',
          message: 'the log has no state for this phase to be played from',
        });
        continue;
      }
      checked++;
      const stored = byId.get(data.phaseId);
      const kept = await tx.submissions(data.phaseId);
      for (const u of data.submissions) {
        const k = kept.find((s) => s.id === u.submissionId);
        if (k?.text !== u.text || k.playerId !== u.player) {
          report({
            phase: data.phase,
            phaseId: data.phaseId,
            what: 'submission',
            message: `submission ${u.submissionId} of ${u.player} is not kept as it was used`,
          });
        }
      }
      const r = processVariantPhase(
        variant,
        input,
        engineSubmissions(variant, input, data.submissions, catalogue),
        catalogue,
      );
      const result = stored === undefined ? undefined : storedResult(stored);
      if (stored === undefined || result === undefined) {
        report({
          phase: data.phase,
          phaseId: data.phaseId,
          what: 'missing',
          message: 'the processed phase or its result is not in the store',
        });
      } else {
        const parts = [
          ['report', result.report, r.report],
          ['orders', result.orders, r.orders],
          ['events', result.events, r.events],
        ] as const;
        for (const [what, kept, rebuilt] of parts) {
          if (!same(kept, rebuilt))
            report({
              phase: data.phase,
              phaseId: data.phaseId,
              what,
              message: `the stored ${what} differ from those rebuilt from the log`,
            });
        }
        if (data.finished && !same(result.final, r.state))
          report({
            phase: data.phase,
            phaseId: data.phaseId,
            what: 'final',
            message: 'the stored final state differs from the one rebuilt from the log',
          });
      }
      for (const seq of [...line.keys()]) if (seq > data.seq) line.delete(seq);
      line.set(data.seq + 1, r.state);
      if (data.nextPhaseId !== null) expectState(data.nextPhaseId, r.state, 'next phase');
    } else if (e.type === 'gm/rolled-back') {
      const data = e.data as RolledBackData;
      for (const seq of [...line.keys()]) if (seq > data.toSeq) line.delete(seq);
      const back = line.get(data.toSeq);
      if (back === undefined) {
        report({
          phase: data.toPhase,
          phaseId: data.phaseId,
          what: 'missing',
          message: 'the log has no state to roll back to',
        });
      } else {
        expectState(data.phaseId, back, data.toPhase);
      }
    } else if (e.type === 'gm/ruled') {
      const data = e.data as RuledData;
      const before = line.get(data.seq);
      const ruled =
        before === undefined
          ? undefined
          : applyRuling(variant.map, before, data.label, data.ruling);
      if (ruled?.ok !== true) {
        report({
          phase: `phase ${String(data.seq)}`,
          phaseId: data.phaseId,
          what: 'state',
          message: `the gamesmaster's ruling on (${data.label}) cannot be replayed`,
        });
      } else {
        line.set(data.seq, ruled.value);
        expectState(data.phaseId, ruled.value, `phase ${String(data.seq)}`);
      }
    } else if (e.type === 'game/ended') {
      const data = e.data as EndedData;
      if (!data.closed) continue;
      checked++;
      const stored = byId.get(data.phaseId);
      const result = stored === undefined ? undefined : storedResult(stored);
      const kept = line.get(data.seq);
      if (kept === undefined || !same(result?.final, kept))
        report({
          phase: stored?.name ?? `phase ${String(data.seq)}`,
          phaseId: data.phaseId,
          what: 'final',
          message:
            'the game ended by agreement, but its stored final state is not the phase it ended in',
        });
    }
  }
  const compared = new Set<PhaseId>();
  for (const { id, name, expected } of expectedStates) {
    if (id !== null && compared.has(id)) continue;
    if (id !== null) compared.add(id);
    compareState(id, (id === null ? undefined : expectedById.get(id)) ?? expected, name);
  }
  return { ok: mismatches.length === 0, phasesChecked: checked, mismatches };
}
