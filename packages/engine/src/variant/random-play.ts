/** Seeded random players for any variant: legal unit orders plus each module's random actions. */
import { randomOrders } from '../game/random-player.js';
import { formatPowerOrder } from '../orders/format.js';
import { Rng } from '../random.js';
import type { PowerOrder } from '../types.js';
import type { GameSetup, Rejection, Submission, Variant } from './module.js';
import type { PlayerId } from './state.js';
import {
  activeModules,
  newGame,
  orderablePowers,
  parseSubmission,
  processVariantPhase,
  victoryAtEnd,
  type Catalogue,
  type VariantPhaseResult,
} from './pipeline.js';
import type { VariantState } from './state.js';

/**
 * What one random player sends: orders for every unit of every power it may order (and the
 * retreats a module hands it), then its modules' random actions, as text.
 */
export function randomText(
  variant: Variant,
  state: VariantState,
  player: PlayerId,
  rng: Rng,
  catalogue?: Catalogue,
): string {
  const lines: string[] = [];
  const powers = orderablePowers(variant, state, player, catalogue);
  const active = activeModules(variant, state, catalogue);
  for (const power of powers)
    for (const po of randomOrders(variant.map, state, power, rng)) lines.push(formatPowerOrder(po));
  if (state.phase.type === 'retreat') {
    for (const d of state.dislodged) {
      if (powers.includes(d.unit.power)) continue;
      const chooses = active.some((a) =>
        a.module
          .retreatController?.(
            { map: variant.map, state, own: state.modules[a.module.id], settings: a.settings, rng },
            d.unit,
          )
          ?.includes(player),
      );
      const to = rng.pick(d.retreats);
      if (chooses && to !== undefined) {
        const po: PowerOrder = {
          power: d.unit.power,
          order: { kind: 'retreat', unit: { type: d.unit.type, location: d.unit.location }, to },
        };
        lines.push(formatPowerOrder(po));
      }
    }
  }
  for (const a of active) {
    const ctx = {
      map: variant.map,
      state,
      own: state.modules[a.module.id],
      settings: a.settings,
      rng,
    };
    const unitOrders = (power: string): PowerOrder[] =>
      randomOrders(variant.map, state, power, rng);
    lines.push(...(a.module.randomActions?.(ctx, player, unitOrders) ?? []));
  }
  return lines.join('\n');
}

export interface VariantPlayedPhase extends VariantPhaseResult {
  readonly submissions: readonly Submission[];
  /** Lines the random players sent that were refused: a bug in a random player if non-empty. */
  readonly rejections: readonly Rejection[];
}

/** Plays a variant game between random players until someone wins or `lastYear` ends. */
export function* playVariantGame(
  variant: Variant,
  setup: GameSetup,
  options: { readonly lastYear?: number; readonly catalogue?: Catalogue } = {},
): Generator<VariantPlayedPhase, VariantState> {
  const started = newGame(variant, setup);
  if (!started.ok) throw new RangeError(started.error.message);
  let state = started.value;
  const rng = new Rng(setup.seed ^ 0x5eed);
  const lastYear = options.lastYear ?? Number.POSITIVE_INFINITY;
  while (state.winner === null && state.winners === null && state.phase.year <= lastYear) {
    const submissions: Submission[] = [];
    const rejections: Rejection[] = [];
    for (const p of state.players) {
      const parsed = parseSubmission(
        variant,
        state,
        p.id,
        randomText(variant, state, p.id, rng, options.catalogue),
        options.catalogue,
      );
      submissions.push(parsed.submission);
      rejections.push(...parsed.rejections);
    }
    const result = processVariantPhase(variant, state, submissions, options.catalogue);
    state = result.state;
    // Written out, in the result's own order of keys: a literal that spreads an object and then
    // adds keys took 2% of a game here (V8's slow path for it, Node 20).
    const { report, orders, events, messages } = result;
    yield messages === undefined
      ? { state, report, orders, events, submissions, rejections }
      : { state, report, orders, events, messages, submissions, rejections };
  }
  // Stopped at the last year: a module may still name the winners (Fiascomacy's Score).
  const end = victoryAtEnd(variant, state, `The game ends after ${lastYear}`, options.catalogue);
  return end === undefined ? state : { ...state, winners: end.winners };
}
