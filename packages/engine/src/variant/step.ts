/**
 * The step a game is at, described for whoever runs it: its kind and name, who must act in it,
 * who may, and whether it takes unit orders. The app asks this, and only this, to decide when
 * everyone is ready and who missed a phase; the plan (`plan` hooks) decides which step comes.
 */
import { adjustmentCounts } from '../adjudicate/adjustment.js';
import { supplyCentersOf } from '../map/supply-centers.js';
import { phaseName, type Phase } from '../game/state.js';
import type { PhaseType } from '../types.js';
import { Rng } from '../random.js';
import type { Variant } from './module.js';
import { activeModules, orderablePowers, type Catalogue } from './pipeline.js';
import type { PlayerId, VariantState } from './state.js';

export interface Step {
  readonly phase: Phase;
  /** `S1901M`, `S1901R-fink`, `W1901-budget-a`. */
  readonly name: string;
  readonly kind: PhaseType;
  /** The module whose own phase (or later step of a standard kind) this is. */
  readonly module?: string;
  /**
   * Players with business here, who miss a phase if they send nothing: in a movement phase those
   * with a unit on the board, or with no power at all (an investor orders through investments);
   * in a retreat, those with a dislodged unit of their own; in an adjustment, those with a build
   * or a removal to make by the supply-centre count; in a module's own phase, whom its `actors`
   * hook names (nobody without one).
   */
  readonly mustAct: readonly PlayerId[];
  /**
   * Players who may send something, whom "process when everyone is ready" waits for: every
   * seated player, except in a retreat, where only those with a retreat to order (a unit of a
   * power they may order, or one a module hands them, as the Fink's).
   */
  readonly mayAct: readonly PlayerId[];
  /** Whether it takes unit orders; a module's own phase takes its module actions only. */
  readonly takesOrders: boolean;
}

/** The step `state` is at. */
export function currentStep(variant: Variant, state: VariantState, catalogue?: Catalogue): Step {
  const phase = state.phase;
  const all = state.players.map((p) => p.id);
  const active = activeModules(variant, state, catalogue);
  const rng = new Rng(state.rng);
  const ctx = (a: (typeof active)[number]) => ({
    map: variant.map,
    state,
    own: state.modules[a.module.id],
    settings: a.settings,
    rng,
  });
  const owns = (player: PlayerId, power: string): boolean =>
    state.players.find((p) => p.id === player)?.powers.includes(power) === true;
  let mustAct: readonly PlayerId[];
  let mayAct: readonly PlayerId[] = all;
  switch (phase.type) {
    case 'movement':
      mustAct = state.players
        .filter((p) => p.powers.length === 0 || state.units.some((u) => owns(p.id, u.power)))
        .map((p) => p.id);
      break;
    case 'retreat':
      mustAct = all.filter((p) => state.dislodged.some((d) => owns(p, d.unit.power)));
      mayAct = all.filter((player) => {
        const powers = orderablePowers(variant, state, player, catalogue);
        return state.dislodged.some(
          (d) =>
            powers.includes(d.unit.power) ||
            active.some((a) => a.module.retreatController?.(ctx(a), d.unit)?.includes(player)),
        );
      });
      break;
    case 'adjustment': {
      const counts = adjustmentCounts(
        variant.map,
        state.units,
        state.supplyCenters,
        supplyCentersOf(variant.map, state),
      );
      mustAct = state.players
        .filter((p) => p.powers.some((power) => (counts[power] ?? 0) !== 0))
        .map((p) => p.id);
      break;
    }
    case 'module': {
      const owner = active.find((a) => a.module.id === phase.module);
      mustAct = owner?.module.actors?.(ctx(owner)) ?? [];
      break;
    }
  }
  return {
    phase,
    name: phaseName(phase),
    kind: phase.type,
    ...(phase.module === undefined ? {} : { module: phase.module }),
    mustAct,
    mayAct,
    takesOrders: phase.type !== 'module',
  };
}
