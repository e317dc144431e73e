/**
 * Who must be ready before a phase is processed early: the engine's `currentStep(...).mayAct`,
 * every seated player except in retreat phases, where only players with a dislodged unit to
 * order (a unit of a power they may order, or one whose retreat a module hands them, as the
 * Fink's).
 */
import {
  currentStep,
  type Catalogue,
  type PlayerId,
  type Variant,
  type VariantState,
} from '@arbiter/engine';

export function playersWhoMustAct(
  variant: Variant,
  state: VariantState,
  catalogue: Catalogue | undefined,
): PlayerId[] {
  return [...currentStep(variant, state, catalogue).mayAct];
}

/** Whether every player who must act has said they are ready (true if nobody must act). */
export function everyoneReady(mustAct: readonly PlayerId[], ready: ReadonlySet<PlayerId>): boolean {
  return mustAct.every((p) => ready.has(p));
}
