/** What stands in the province chosen on the map: its unit and its centre's owner, in words. */
import type { ApiMap } from '@arbiter/server/api-types';
import type { Board } from '../map/board.js';

export function ProvinceNote({
  map,
  board,
  selected,
  powerName,
}: {
  readonly map: ApiMap;
  readonly board: Board;
  readonly selected: string | null;
  readonly powerName: (p: string) => string;
}) {
  if (selected === null) {
    return (
      <p class="hint">Choose a province (click, tap, or Tab and Enter) to see what is there.</p>
    );
  }
  const p = map.provinces.find((x) => x.id === selected);
  if (p === undefined) return null;
  const unit = board.units.find((u) => u.location.province === selected);
  const owner = board.supplyCenters[selected];
  // Rules in force may have made or unmade centres: the board then lists those that exist.
  const isCentre =
    board.centres?.includes(p.id) ?? (p.supplyCenter !== undefined && p.supplyCenter !== false);
  return (
    <p class="province-note" aria-live="polite">
      <strong>{p.name}</strong> ({p.id}
      {isCentre ? ', supply centre' : ''}):{' '}
      {unit === undefined
        ? 'no unit'
        : `${powerName(unit.power)} ${unit.type}${unit.location.coast === undefined ? '' : ` on the ${unit.location.coast}`}`}
      {owner === undefined ? '' : `; owned by ${powerName(owner)}`}.
    </p>
  );
}
