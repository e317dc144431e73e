/**
 * Pure pieces of processing a phase, shared by the processing transaction and the audit (which
 * must do exactly what processing did): which submissions the engine gets, phase lengths, the
 * end of the game.
 */
import {
  GAMESMASTER,
  parseSubmission,
  type Catalogue,
  type PhaseType,
  type PlayerId,
  type Submission,
  type Variant,
  type VariantState,
} from '@arbiter/engine';
import type { GameSettings } from './ports.js';

/** A submission that counted, as recorded with the processed phase. */
export interface UsedSubmission {
  readonly submissionId: number;
  readonly player: PlayerId;
  readonly text: string;
}

/**
 * The engine's input: one submission per player of the state, in seating order, each read anew
 * from its text against the phase's state; a player with none gives an empty one (units hold).
 */
export function engineSubmissions(
  variant: Variant,
  state: VariantState,
  used: readonly UsedSubmission[],
  catalogue: Catalogue | undefined,
): Submission[] {
  const players = state.players.map((p) => {
    const s = used.find((u) => u.player === p.id);
    return s === undefined
      ? { player: p.id, orders: [], actions: [] }
      : parseSubmission(variant, state, p.id, s.text, catalogue).submission;
  });
  // The gamesmaster's own sheet (module actions such as Pink's bonus), after the players'.
  const gm = used.find((u) => u.player === GAMESMASTER);
  return gm === undefined
    ? players
    : [...players, parseSubmission(variant, state, GAMESMASTER, gm.text, catalogue).submission];
}

/** Milliseconds from a phase's opening to its deadline. */
export function phaseLength(settings: GameSettings, type: PhaseType): number {
  const seconds =
    type === 'movement'
      ? settings.phaseSeconds
      : (settings.shortPhaseSeconds ?? settings.phaseSeconds);
  return seconds * 1000;
}

/** Whether the game is over: a solo, or winners decided by a module. */
export function isOver(state: VariantState, settings?: GameSettings): boolean {
  if (state.winner !== null || state.winners !== null) return true;
  return settings?.endYear !== undefined && state.phase.year > settings.endYear;
}

/** JSON with sorted keys: equal values give equal text, whatever order a store keeps keys in. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return v;
    const sorted: Record<string, unknown> = {};
    for (const k of Object.keys(v).sort()) sorted[k] = (v as Record<string, unknown>)[k];
    return sorted;
  });
}
