/**
 * Who must act in a phase, for "process as soon as everyone is ready": every seated player in
 * movement and adjustment phases; in retreat phases only players with a dislodged unit to order
 * (a unit of a power they may order, or one whose retreat a module hands them, as the Fink's).
 */
import {
  activeModules,
  orderablePowers,
  Rng,
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
  const all = state.players.map((p) => p.id);
  if (state.phase.type !== 'retreat') return all;
  const active = activeModules(variant, state, catalogue);
  const rng = new Rng(state.rng);
  return all.filter((player) => {
    const powers = orderablePowers(variant, state, player, catalogue);
    return state.dislodged.some(
      (d) =>
        powers.includes(d.unit.power) ||
        active.some(
          (a) =>
            a.module
              .retreatController?.(
                {
                  map: variant.map,
                  state,
                  own: state.modules[a.module.id],
                  settings: a.settings,
                  rng,
                },
                d.unit,
              )
              ?.includes(player) === true,
        ),
    );
  });
}

/** Whether every player who must act has said they are ready (true if nobody must act). */
export function everyoneReady(mustAct: readonly PlayerId[], ready: ReadonlySet<PlayerId>): boolean {
  return mustAct.every((p) => ready.has(p));
}
