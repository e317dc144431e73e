/** Plain-text reports of phases and games for the terminal. */
import {
  centerCounts,
  describeRemoval,
  formatLocation,
  formatPowerOrder,
  supplyCentersOf,
  type GameMap,
  type GameState,
  type OrderOutcome,
  type PhaseReport,
  type Unit,
} from '@arbiter/engine';

const SEASON: Record<string, string> = { spring: 'Spring', fall: 'Fall', winter: 'Winter' };
const TYPE: Record<string, string> = {
  movement: 'movement',
  retreat: 'retreats',
  adjustment: 'adjustments',
};

function unit(u: Unit): string {
  return `${u.power} ${u.type === 'army' ? 'A' : 'F'} ${formatLocation(u.location)}`;
}

function outcomeLine(o: OrderOutcome): string {
  const order = formatPowerOrder(o).padEnd(32);
  const note =
    o.explanation !== undefined &&
    o.result !== 'succeeds' &&
    o.result !== 'given' &&
    o.result !== 'stands' &&
    o.result !== 'available'
      ? `: ${o.explanation}`
      : '';
  const fate = o.dislodged === undefined ? '' : `, ${o.dislodged}`;
  return `  ${order} ${o.result}${fate}${note}`;
}

/** Centre counts, largest first: `FRA 7, GER 6, ...`. */
export function centersLine(map: GameMap, state: GameState): string {
  const counts = centerCounts(map, state.supplyCenters);
  return map.powers
    .map((p) => [p, counts[p]!] as const)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .map(([p, n]) => `${p} ${n}`)
    .join(', ');
}

/** One phase: its title, every order with its result, and what changed on the board. */
export function phaseText(map: GameMap, report: PhaseReport, after: GameState): string {
  const { year, season, type } = report.phase;
  const lines = [`${SEASON[season] ?? season} ${year} ${TYPE[type] ?? type} (${report.name})`];
  for (const o of report.outcomes) lines.push(outcomeLine(o));
  for (const d of report.dislodged) {
    const where =
      d.retreats.length === 0
        ? 'destroyed: no retreat'
        : `may retreat to ${d.retreats.map(formatLocation).join(', ')}`;
    lines.push(`  dislodged ${unit(d.unit)} (from ${d.attackerFrom}), ${where}`);
  }
  // Every unit that leaves the board has a line saying why (the movement phase's are the
  // dislodged units with no retreat, said above).
  if (report.phase.type !== 'movement')
    for (const r of report.removals) lines.push(`  ${describeRemoval(r)}`);
  for (const [p, n] of Object.entries(report.declined))
    lines.push(`  ${p} declines ${n} build${n === 1 ? '' : 's'}`);
  for (const c of report.captured)
    lines.push(`  ${c.to} takes ${c.province}${c.from === null ? '' : ` from ${c.from}`}`);
  if (report.captured.length > 0 || report.phase.type === 'adjustment')
    lines.push(`  centres: ${centersLine(map, after)}`);
  if (report.winner !== null) {
    const centers = supplyCentersOf(map, after);
    lines.push(
      `  ${report.winner} has won with ${centers.victory} or more of the ${centers.provinces.length} centres`,
    );
  }
  return lines.join('\n');
}
