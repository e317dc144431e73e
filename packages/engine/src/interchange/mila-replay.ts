/**
 * Replaying a MILA saved game with Arbiter: each phase is set up from the file's own board,
 * adjudicated with the file's orders, and what Arbiter gets (the next phase, its units, retreats
 * and centres, and every unit's result words) is compared with what the file recorded. Where
 * Arbiter differs because it follows the 2023 rules (DATC v3.2) and the file's engine the older
 * ones, the difference names the rule.
 */
import type { OrderOutcome } from '../adjudicate/outcome.js';
import type { GameMap } from '../map/game-map.js';
import { phaseName, processPhase, type GameState, type PhaseReport } from '../game/state.js';
import type { MoveOrder, Power, PowerOrder, Unit } from '../types.js';
import { milaPowerNames, milaResults } from './mila-export.js';
import type { MilaRead, MilaReadPhase } from './mila-import.js';
import { formatMilaLocation, formatMilaOrder, formatMilaUnit } from './mila-orders.js';

/** What replaying one phase found. */
export interface MilaPhaseCheck {
  readonly index: number;
  readonly name: string;
  readonly agrees: boolean;
  /** What differs, one line each: `units: only in the file: FRANCE A BEL; ...`. */
  readonly differences: readonly string[];
  /**
   * Why, where a rule explains it: `A YOR - BEL VIA: DATC 4.A.3, 6.G.8 (2023 rules): ...`.
   */
  readonly reasons: readonly string[];
}

/**
 * Replays every phase that has a next phase to compare with (the last phase is where the game
 * stands: nothing to compare). Phases are independent: each starts from the file's own board,
 * so one difference does not spill into the phases after it.
 */
export function replayMilaGame(map: GameMap, read: MilaRead): MilaPhaseCheck[] {
  const names = milaPowerNames(map);
  const checks: MilaPhaseCheck[] = [];
  let previous: PhaseReport | undefined;
  for (let i = 0; i + 1 < read.phases.length; i++) {
    const r = replayPhase(map, names, read.phases[i]!, read.phases[i + 1]!, previous);
    checks.push(r.check);
    previous = r.report;
  }
  return checks;
}

function replayPhase(
  map: GameMap,
  names: Readonly<Record<Power, string>>,
  phase: MilaReadPhase,
  next: MilaReadPhase,
  previous: PhaseReport | undefined,
): { check: MilaPhaseCheck; report: PhaseReport } {
  const { state, report } = processPhase(map, phase.state, phase.orders, { explain: false });
  const differences: string[] = [];
  const standoffs: string[] = [];
  const involved = new Set<string>();

  const ours = state.winner !== null ? 'COMPLETED' : phaseName(state.phase);
  if (ours !== next.name)
    differences.push(`next phase: the file goes to ${next.name}, Arbiter to ${ours}`);

  const unitName = (u: Unit, star = ''): string =>
    `${names[u.power]!} ${star}${formatMilaUnit(u.type, u.location)}`;
  const boardOf = (s: GameState): Set<string> =>
    new Set([...s.units.map((u) => unitName(u)), ...s.dislodged.map((d) => unitName(d.unit, '*'))]);
  const theirs = boardOf(next.state);
  const mine = boardOf(state);
  const onlyTheirs = [...theirs].filter((u) => !mine.has(u));
  const onlyMine = [...mine].filter((u) => !theirs.has(u));
  if (onlyTheirs.length + onlyMine.length > 0) {
    differences.push(
      `units: only in the file: ${list(onlyTheirs)}; only in Arbiter's: ${list(onlyMine)}`,
    );
    for (const u of [...onlyTheirs, ...onlyMine]) involved.add(u.slice(-3).toLowerCase());
  }

  for (const d of state.dislodged) {
    const other = next.state.dislodged.find(
      (x) => x.unit.location.province === d.unit.location.province,
    );
    if (other === undefined) continue;
    const a = other.retreats.map(formatMilaLocation).sort().join(' ');
    const b = d.retreats.map(formatMilaLocation).sort().join(' ');
    if (a !== b) {
      differences.push(
        `retreats of ${unitName(d.unit, '*')}: the file allows ${a || 'none'}, Arbiter ${b || 'none'}`,
      );
      involved.add(d.unit.location.province);
      for (const l of other.retreats) {
        if (d.retreats.some((x) => x.province === l.province)) continue;
        const bounced = report.outcomes.some(
          (o) =>
            o.order.kind === 'move' && o.order.to.province === l.province && o.result === 'fails',
        );
        if (bounced)
          standoffs.push(
            `${unitName(d.unit, '*')} R ${formatMilaLocation(l)}: DATC 6.H.6: a unit may not ` +
              'retreat to a province left empty by a standoff',
          );
      }
    }
  }

  for (const p of map.powers) {
    const owned = (s: GameState): string =>
      Object.keys(s.supplyCenters)
        .filter((c) => s.supplyCenters[c] === p)
        .map((c) => c.toUpperCase())
        .sort()
        .join(' ');
    const a = owned(next.state);
    const b = owned(state);
    if (a !== b) differences.push(`centres of ${names[p]!}: the file has ${a}, Arbiter ${b}`);
  }

  const results = milaResults(phase.state, report, previous);
  for (const key of new Set([...Object.keys(phase.results), ...Object.keys(results)])) {
    const a = words(phase.results[key]);
    const b = words(results[key]);
    if (a === b) continue;
    differences.push(`results of ${key}: the file says ${a}, Arbiter ${b}`);
    involved.add(key.slice(2, 5).toLowerCase());
  }

  const reasons =
    differences.length === 0
      ? []
      : [...explain(map, phase, report.outcomes, involved), ...standoffs];
  return {
    check: {
      index: phase.index,
      name: phase.name,
      agrees: differences.length === 0,
      differences,
      reasons,
    },
    report,
  };
}

function list(units: readonly string[]): string {
  return units.length === 0 ? 'none' : [...units].sort().join(', ');
}

/** Result words as MILA would print them, in a stable order: `[bounce, dislodged]`. */
function words(w: readonly string[] | undefined): string {
  return w === undefined
    ? '(none)'
    : `[${[...w]
        .sort()
        .map((x) => JSON.stringify(x))
        .join(', ')}]`;
}

/**
 * The rules behind a difference, for the orders of the units involved: where Arbiter follows the
 * 2023 rules and the older engines did not.
 */
function explain(
  map: GameMap,
  phase: MilaReadPhase,
  outcomes: readonly OrderOutcome[],
  involved: ReadonlySet<string>,
): string[] {
  const reasons: string[] = [];
  const convoys = phase.orders.filter((o) => o.order.kind === 'convoy');
  for (const o of outcomes) {
    if (o.order.kind !== 'move' || o.order.unit.type === 'fleet') continue;
    const move = o.order;
    if (!involved.has(move.unit.location.province) && !involved.has(move.to.province)) continue;
    const from = map.indexOf(move.unit.location);
    const to = map.indexOf({ province: move.to.province });
    if (from < 0 || to < 0 || !map.canMove('army', from, to)) continue;
    const text = formatMilaOrder(move);
    if (move.viaConvoy && o.result !== 'succeeds') {
      reasons.push(
        `${text}: DATC 4.A.3, 6.G.8 (2023 rules): an army ordered "via" convoy to an ` +
          'adjacent province moves only by convoy; with no convoy it stays (the older rules ' +
          'moved it over land)',
      );
    } else if (!move.viaConvoy && ownConvoy(convoys, o.power, move)) {
      reasons.push(
        `${text}: DATC 4.A.3, 6.G.1 (2023 rules): an army convoyed by its own power goes by ` +
          'convoy even to an adjacent province without "via" (the older rules moved it over land)',
      );
    }
  }
  return reasons;
}

function ownConvoy(convoys: readonly PowerOrder[], power: Power, move: MoveOrder): boolean {
  return convoys.some(
    (c) =>
      c.power === power &&
      c.order.kind === 'convoy' &&
      c.order.army.province === move.unit.location.province &&
      c.order.to.province === move.to.province,
  );
}
