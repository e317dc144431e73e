/**
 * The Fink in the movement phase: other powers' supports to the Fink's units are void (and, with
 * FINK_NO_CONVOY, their convoys of his armies); the spring fink dislodges a victim unit after
 * the moves; and /ngf/ marks a void support only where counting it would have changed the result.
 */
import {
  adjudicateMovement,
  formatLocation,
  formatPowerOrder,
  type DislodgedUnit,
  type GameEvent,
  type GameMap,
  type Location,
  type MovementResolution,
  type MovementRules,
  type OrderOutcome,
  type Power,
  type PowerOrder,
  type ProvinceId,
  type Unit,
  type VariantState,
} from '@arbiter/engine';
import { finkPowers, unitKey, type FinkSettings, type FinkState } from './state.js';

/** The explanation a void support or convoy carries when it changed the result. */
export const NGF_SUPPORT =
  '/ngf/ (no good fink): support from another power for a unit of the Fink';
export const NGF_CONVOY = '/ngf/ (no good fink): convoy by another power of an army of the Fink';

function unitAt(state: VariantState, province: ProvinceId): Unit | undefined {
  return state.units.find((u) => u.location.province === province);
}

/**
 * The combat rules while there is a Fink. `counted` names the supporting (or convoying) units'
 * provinces whose help counts after all: the counterfactual runs for /ngf/ (ruling 8).
 */
export function finkMovementRules(
  state: VariantState,
  own: FinkState,
  settings: FinkSettings,
  counted: ReadonlySet<ProvinceId> = new Set(),
): MovementRules | undefined {
  const powers = finkPowers(state, own);
  if (powers.length === 0) return undefined;
  const isFinks = (p: Power): boolean => powers.includes(p);
  const supportCounts = (supporter: Unit, supported: Unit): boolean =>
    !isFinks(supported.power) ||
    isFinks(supporter.power) ||
    counted.has(supporter.location.province);
  if (!settings.FINK_NO_CONVOY) return { supportCounts };
  return {
    supportCounts,
    illegal: (order, unit) => {
      if (order.kind !== 'convoy' || isFinks(unit.power)) return undefined;
      if (counted.has(unit.location.province)) return undefined;
      const army = unitAt(state, order.army.province);
      return army !== undefined && army.type === 'army' && isFinks(army.power)
        ? 'forbidden-by-rule'
        : undefined;
    },
  };
}

/** Whether outcome o is a support or convoy that the Fink rule voided. */
function voidedByFink(
  state: VariantState,
  rules: MovementRules,
  o: OrderOutcome,
): 'support' | 'convoy' | undefined {
  const order = o.order;
  if (
    (order.kind === 'support-hold' || order.kind === 'support-move') &&
    o.reason === 'support-not-counted'
  ) {
    const supporter = unitAt(state, order.unit.location.province);
    const supported = unitAt(state, order.supported.location.province);
    if (supporter === undefined || supported === undefined) return undefined;
    return rules.supportCounts?.(supporter, supported) === false ? 'support' : undefined;
  }
  if (order.kind === 'convoy' && o.reason === 'forbidden-by-rule') {
    const fleet = unitAt(state, order.unit.location.province);
    if (fleet === undefined) return undefined;
    return rules.illegal?.(order, fleet) === 'forbidden-by-rule' ? 'convoy' : undefined;
  }
  return undefined;
}

/** Everything the adjudication decided, except the outcomes of the orders in `skip`. */
function decided(r: MovementResolution, skip: ReadonlySet<number>): string {
  const outcomes = r.outcomes.map((o, k) =>
    skip.has(k) ? '' : `${o.result}:${o.dislodged ?? ''}`,
  );
  const units = r.units.map(unitKey).sort();
  const dislodged = r.dislodged
    .map((d) => `${unitKey(d.unit)}>${d.retreats.map(formatLocation).sort().join(',')}`)
    .sort();
  return JSON.stringify([outcomes, units, dislodged, [...r.contested].sort()]);
}

/** One void support (or convoy) and what became of it in the report. */
export interface VoidHelp {
  /** Its index among the phase's outcomes. */
  readonly k: number;
  readonly kind: 'support' | 'convoy';
  /** Whether counting it (alone or with the others) changes a result: then it is /ngf/. */
  readonly mattered: boolean;
}

/** What ruling 8 makes of a movement phase: the report everyone sees, and each void help. */
export interface NgfAnalysis {
  /** The resolution to report: the counterfactual one, with /ngf/ marks where they belong. */
  readonly resolution: MovementResolution;
  readonly voids: readonly VoidHelp[];
}

/**
 * Ruling 8. The void supports (and, with FINK_NO_CONVOY, convoys) are re-adjudicated as if they
 * had counted: each on its own, then the rest of them together. One whose counting alone changes
 * a result is marked /ngf/. If the others together change a result, each of them without which
 * that joint count would come out differently is marked too (all of them if none is needed on its
 * own, as when any two of three would do). The report is then the adjudication in which every
 * unmarked void help counts: every strength and sentence as if they had been given, so that no
 * line gives the Fink away. Its results are the real ones (else all the rest are marked too).
 */
export function analyseNgf(
  map: GameMap,
  state: VariantState,
  own: FinkState,
  settings: FinkSettings,
  real: MovementResolution,
): NgfAnalysis {
  const rules = finkMovementRules(state, own, settings);
  if (rules === undefined) return { resolution: real, voids: [] };
  const found: { k: number; kind: 'support' | 'convoy'; province: ProvinceId }[] = [];
  real.outcomes.forEach((o, k) => {
    const kind = voidedByFink(state, rules, o);
    if (kind !== undefined && o.order.kind !== 'waive' && o.order.kind !== 'build')
      found.push({ k, kind, province: o.order.unit.location.province });
  });
  if (found.length === 0) return { resolution: real, voids: [] };
  const orders: PowerOrder[] = real.outcomes.map((o) => ({ power: o.power, order: o.order }));
  const skip = new Set(found.map((v) => v.k));
  const truth = decided(real, skip);
  const run = (counted: readonly { province: ProvinceId }[], explain = false): MovementResolution =>
    adjudicateMovement(map, state.units, orders, {
      rules: finkMovementRules(state, own, settings, new Set(counted.map((v) => v.province)))!,
      explain,
    });
  const marked = new Set<number>();
  for (const v of found) if (decided(run([v]), skip) !== truth) marked.add(v.k);
  const rest = found.filter((v) => !marked.has(v.k));
  if (rest.length > 1) {
    const together = decided(run(rest), skip);
    if (together !== truth) {
      const needed = rest.filter(
        (v) => decided(run(rest.filter((w) => w !== v)), skip) !== together,
      );
      for (const v of needed.length > 0 ? needed : rest) marked.add(v.k);
    }
  }
  let counted = found.filter((v) => !marked.has(v.k));
  let report = counted.length === 0 ? real : run(counted, true);
  if (counted.length > 0 && decided(report, skip) !== truth) {
    // The unmarked ones still change a result together: they mattered after all.
    for (const v of counted) marked.add(v.k);
    counted = [];
    report = real;
  }
  const outcomes = report.outcomes.map((o, k): OrderOutcome => {
    const v = found.find((x) => x.k === k);
    if (v === undefined || !marked.has(k)) return o;
    const why = v.kind === 'support' ? NGF_SUPPORT : NGF_CONVOY;
    return { ...real.outcomes[k]!, explanation: `${why}; it does not count` };
  });
  return {
    resolution: { ...real, outcomes },
    voids: found.map((v) => ({ k: v.k, kind: v.kind, mattered: marked.has(v.k) })),
  };
}

/** The places a unit the Fink dislodged may retreat to: as for a normal retreat, any attacker aside. */
export function finkRetreats(map: GameMap, r: MovementResolution, unit: Unit): Location[] {
  // Every province occupied after the moves, the finked one included (ruling 2), and standoffs.
  const blocked = new Set<string>([...r.units.map((u) => u.location.province), ...r.contested]);
  const from = map.indexOf(unit.location);
  const moves = (unit.type === 'army' ? map.armyMoves[from] : map.fleetMoves[from]) ?? [];
  const out: Location[] = [];
  for (const l of moves) {
    const info = map.locations[l]!;
    if (!blocked.has(map.provinces[info.province]!.id)) out.push(info.location);
  }
  return out;
}

/** Whether outcome o is an order of the unit that ended the moves at `province`. */
function orderOfUnitAt(o: OrderOutcome, unit: Unit, province: ProvinceId): boolean {
  if (o.power !== unit.power) return false;
  const order = o.order;
  if (order.kind === 'waive' || order.kind === 'build') return false;
  if (order.kind === 'move' && o.result === 'succeeds') return order.to.province === province;
  return order.unit.location.province === province;
}

/**
 * The fink step (sequence step 2): the victim's unit standing in `province` after the moves is
 * dislodged, unless it was dislodged in combat (it is then not among the units). Undefined when
 * there is no such unit.
 */
export function finkDislodge(
  map: GameMap,
  r: MovementResolution,
  victim: Power,
  province: ProvinceId,
): { readonly resolution: MovementResolution; readonly dislodged: DislodgedUnit } | undefined {
  const i = r.units.findIndex((u) => u.power === victim && u.location.province === province);
  if (i < 0) return undefined;
  const unit = r.units[i]!;
  const retreats = finkRetreats(map, r, unit);
  const fate: 'destroyed' | 'dislodged' = retreats.length === 0 ? 'destroyed' : 'dislodged';
  const outcomes = r.outcomes.map((o): OrderOutcome =>
    orderOfUnitAt(o, unit, province)
      ? {
          ...o,
          dislodged: fate,
          explanation: `${o.explanation ?? o.result}; then dislodged by the Fink`,
        }
      : o,
  );
  const dislodged: DislodgedUnit = { unit, attackerFrom: province, retreats };
  return {
    resolution: {
      ...r,
      outcomes,
      units: r.units.filter((_, j) => j !== i),
      dislodged: [...r.dislodged, dislodged],
    },
    dislodged,
  };
}

function line(o: OrderOutcome): string {
  const fate = o.dislodged === undefined ? '' : `, ${o.dislodged}`;
  return `${formatPowerOrder(o)}: ${o.result}${fate} (${o.explanation ?? o.reason})`;
}

/**
 * The notices ruling 8 gives: to everyone, "/ngf/" for each void help that mattered; to the
 * gamesmaster, every void help with why it was void and how it is reported, and the real lines
 * wherever the report shows the counterfactual instead (so the gamesmaster's log keeps the truth).
 */
export function ngfEvents(
  state: VariantState,
  real: MovementResolution,
  ngf: NgfAnalysis,
): GameEvent[] {
  const shown = ngf.resolution.outcomes;
  const events: GameEvent[] = [];
  for (const v of ngf.voids) {
    if (!v.mattered) continue;
    const order = formatPowerOrder(shown[v.k]!);
    events.push({
      type: 'fink/ngf',
      audience: { kind: 'public' },
      text: `/ngf/: ${order} did not count (no good fink).`,
      data: { order },
    });
  }
  for (const v of ngf.voids) {
    const o = real.outcomes[v.k]!;
    const order = o.order;
    const helped =
      order.kind === 'support-hold' || order.kind === 'support-move'
        ? unitAt(state, order.supported.location.province)
        : order.kind === 'convoy'
          ? unitAt(state, order.army.province)
          : undefined;
    const what =
      v.kind === 'support'
        ? 'a support from another power for a unit of the Fink'
        : 'a convoy by another power of an army of the Fink (FINK_NO_CONVOY)';
    const fate = v.mattered
      ? 'counting it would change the result, so it is reported /ngf/'
      : `counting it would change no result, so the report shows it as ${shown[v.k]!.result} ` +
        'and every line as if it had counted';
    events.push({
      type: 'fink/void-support',
      audience: { kind: 'gm' },
      text: `Void: ${formatPowerOrder(o)}, ${what}${helped === undefined ? '' : ` (${unitKey(helped)})`}; ${fate}.`,
      data: {
        order: formatPowerOrder(o),
        kind: v.kind,
        ...(helped === undefined ? {} : { helped: unitKey(helped) }),
        mattered: v.mattered,
        reported: shown[v.k]!.result,
      },
    });
  }
  // The real lines the report does not show (an /ngf/ line shows its real result already).
  const marked = new Set(ngf.voids.filter((v) => v.mattered).map((v) => v.k));
  const differ = real.outcomes.filter((o, k) => {
    const s = shown[k]!;
    return (
      !marked.has(k) &&
      (line(o) !== line(s) || o.strength !== s.strength || o.against !== s.against)
    );
  });
  if (differ.length > 0) {
    events.push({
      type: 'fink/true-report',
      audience: { kind: 'gm' },
      text: `In truth, where the report differs: ${differ.map(line).join('; ')}.`,
      data: { lines: differ.map(line) },
    });
  }
  return events;
}
