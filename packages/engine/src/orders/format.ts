/** Order notation, written: the canonical short form (`A par - bur`) and a long form for reports. */
import type { GameMap } from '../map/game-map.js';
import { formatLocation } from '../types.js';
import type { Coast, Location, Order, PowerOrder, UnitRef, UnitType } from '../types.js';

const COAST_NAMES: Readonly<Record<string, string>> = {
  nc: 'north coast',
  sc: 'south coast',
  ec: 'east coast',
  wc: 'west coast',
};

function typeLetter(type: UnitType): string {
  return type === 'army' ? 'A' : 'F';
}

/** `A par`, `F stp/sc`; a unit whose type was not given is its bare location: `yor`. */
export function formatUnit(unit: UnitRef): string {
  const where = formatLocation(unit.location);
  return unit.type === undefined ? where : `${typeLetter(unit.type)} ${where}`;
}

/**
 * The canonical short form, which `parseOrder` reads back to the same order (a move as a move
 * outside a retreat phase, a disband as a disband outside an adjustment phase).
 *
 * @example formatOrder({ kind: 'move', unit: { type: 'army', location: { province: 'lon' } },
 *   to: { province: 'nwy' }, viaConvoy: true }) // 'A lon - nwy via'
 */
export function formatOrder(order: Order): string {
  switch (order.kind) {
    case 'hold':
      return `${formatUnit(order.unit)} H`;
    case 'move': {
      const move = `${formatUnit(order.unit)} - ${formatLocation(order.to)}`;
      return order.viaConvoy ? `${move} via` : move;
    }
    case 'support-hold':
      return `${formatUnit(order.unit)} S ${formatUnit(order.supported)}`;
    case 'support-move':
      return `${formatUnit(order.unit)} S ${formatUnit(order.supported)} - ${formatLocation(order.to)}`;
    case 'convoy':
      return `${formatUnit(order.unit)} C A ${formatLocation(order.army)} - ${formatLocation(order.to)}`;
    case 'retreat':
      return `${formatUnit(order.unit)} R ${formatLocation(order.to)}`;
    case 'disband':
      return `${formatUnit(order.unit)} D`;
    case 'build':
      return `Build ${formatUnit(order.unit)}`;
    case 'remove':
      return `Remove ${formatUnit(order.unit)}`;
    case 'waive':
      return 'Waive';
  }
}

/** `ENG F lon - nth`. */
export function formatPowerOrder(p: PowerOrder): string {
  return `${p.power} ${formatOrder(p.order)}`;
}

function coastName(coast: Coast): string {
  return COAST_NAMES[coast] ?? coast;
}

/** `Paris`, `St Petersburg (south coast)`; an id the map does not know is written as it is. */
export function formatLocationLong(map: GameMap, location: Location): string {
  const name = map.province(location.province)?.name ?? location.province;
  return location.coast === undefined ? name : `${name} (${coastName(location.coast)})`;
}

/** `A Paris`, `F St Petersburg (south coast)`, or just `Yorkshire` when no type was given. */
export function formatUnitLong(map: GameMap, unit: UnitRef): string {
  const where = formatLocationLong(map, unit.location);
  return unit.type === undefined ? where : `${typeLetter(unit.type)} ${where}`;
}

/**
 * The order with the provinces' full names, for reports and people: `A Paris - Burgundy`,
 * `F North Sea Convoys A London - Norway`. `parseOrder` reads it back too.
 */
export function formatOrderLong(map: GameMap, order: Order): string {
  const place = (l: Location): string => formatLocationLong(map, l);
  const unit = (u: UnitRef): string => formatUnitLong(map, u);
  switch (order.kind) {
    case 'hold':
      return `${unit(order.unit)} Holds`;
    case 'move': {
      const move = `${unit(order.unit)} - ${place(order.to)}`;
      return order.viaConvoy ? `${move} via Convoy` : move;
    }
    case 'support-hold':
      return `${unit(order.unit)} Supports ${unit(order.supported)}`;
    case 'support-move':
      return `${unit(order.unit)} Supports ${unit(order.supported)} - ${place(order.to)}`;
    case 'convoy':
      return `${unit(order.unit)} Convoys A ${place(order.army)} - ${place(order.to)}`;
    case 'retreat':
      return `${unit(order.unit)} Retreats to ${place(order.to)}`;
    case 'disband':
      return `${unit(order.unit)} Disbands`;
    case 'build':
      return `Build ${unit(order.unit)}`;
    case 'remove':
      return `Remove ${unit(order.unit)}`;
    case 'waive':
      return 'Waive';
  }
}

/** `England: F London - North Sea`. */
export function formatPowerOrderLong(map: GameMap, p: PowerOrder): string {
  const name = map.spec.powers.find((s) => s.id === p.power)?.name ?? p.power;
  return `${name}: ${formatOrderLong(map, p.order)}`;
}
