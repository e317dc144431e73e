// Small builders shared by the engine's tests: units, locations and orders from short strings.
import { standardMap } from '../src/maps/index.js';
import { parseOrder } from '../src/orders/parse.js';
import type { Location, PhaseType, PowerOrder, Unit, UnitRef } from '../src/types.js';

/** `spa/nc` → `{ province: 'spa', coast: 'nc' }`. */
export function at(key: string): Location {
  const [province, coast] = key.split('/') as [string, string | undefined];
  return coast === undefined ? { province } : { province, coast };
}
export const army = (key: string): UnitRef => ({ type: 'army', location: at(key) });
export const fleet = (key: string): UnitRef => ({ type: 'fleet', location: at(key) });
export const bare = (key: string): UnitRef => ({ location: at(key) });

/** `RUS F stp/sc` → a unit. */
export function unit(key: string): Unit {
  const [power, t, l] = key.split(' ') as [string, string, string];
  return { power, type: t === 'A' ? 'army' : 'fleet', location: at(l) };
}

/** Orders with a power prefix (`FRA A par - bur`) on the standard map; throws on a typo. */
export function orders(phase: PhaseType, ...texts: string[]): PowerOrder[] {
  return texts.map((t) => {
    const r = parseOrder(standardMap, t, { phase });
    if (!r.ok || r.value.power === undefined) throw new Error(`bad test order: ${t}`);
    return { power: r.value.power, order: r.value.order };
  });
}
