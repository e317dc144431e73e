/**
 * The MILA diplomacy engine's order notation (`A PAR - BUR`, `F STP/SC - BOT`, `A LON - BEL VIA`,
 * `F NTH C A LON - BEL`, `A PAR R BUR`, `F STP/NC B`, `WAIVE`) read into engine orders and
 * written back, and its unit and location strings (`F STP/SC`). See docs/mila-format.md.
 */
import type { GameMap } from '../map/game-map.js';
import type { PhaseType } from '../types.js';
import { err, ok, type Result } from '../result.js';
import type { Location, Order, Power, Unit, UnitRef, UnitType } from '../types.js';

/** `PAR`, `STP/SC`. */
export function formatMilaLocation(l: Location): string {
  return (l.coast === undefined ? l.province : `${l.province}/${l.coast}`).toUpperCase();
}

/** `A PAR`, `F STP/SC`: how MILA names a unit (units, results and retreats are keyed by it). */
export function formatMilaUnit(type: UnitType, l: Location): string {
  return `${type === 'army' ? 'A' : 'F'} ${formatMilaLocation(l)}`;
}

/** Reads `PAR` or `STP/SC` (any case) as a location of the map. */
export function parseMilaLocation(map: GameMap, text: string): Result<Location, string> {
  const [province = '', coast, extra] = text.toLowerCase().split('/');
  if (extra !== undefined) return err(`bad location "${text}"`);
  const p = map.province(province);
  if (p === undefined) return err(`unknown province "${province.toUpperCase()}"`);
  if (coast === undefined) return ok({ province: p.id });
  if (!p.coasts.includes(coast))
    return err(`unknown coast "${coast.toUpperCase()}" of "${p.id.toUpperCase()}"`);
  return ok({ province: p.id, coast });
}

function unitType(text: string | undefined): UnitType | undefined {
  return text === 'A' ? 'army' : text === 'F' ? 'fleet' : undefined;
}

/** Reads `A PAR` or `*F STP/SC` (a dislodged unit in a retreat phase) for a power. */
export function parseMilaUnit(
  map: GameMap,
  power: Power,
  text: string,
): Result<{ unit: Unit; isDislodged: boolean }, string> {
  const isDislodged = text.startsWith('*');
  const [t, where, ...rest] = text
    .slice(isDislodged ? 1 : 0)
    .trim()
    .split(/\s+/);
  const type = unitType(t?.toUpperCase());
  if (type === undefined) return err(`expected a unit type (A or F), not "${t ?? ''}"`);
  if (where === undefined || rest.length > 0) return err(`expected "A PAR" or "F STP/SC"`);
  const location = parseMilaLocation(map, where);
  if (!location.ok) return location;
  const li = map.indexOf(location.value);
  if (!map.canStand(type, li))
    return err(`${type === 'army' ? 'an army' : 'a fleet'} cannot stand on ${where.toUpperCase()}`);
  return ok({ unit: { power, type, location: location.value }, isDislodged });
}

/**
 * Reads one MILA order. The phase type decides what `D` means: a disband in a retreat phase, a
 * removal in an adjustment phase; in a retreat phase `A PAR - BUR` is read as a retreat too.
 * Errors name the bad piece: `unknown province "XYZ"`.
 */
export function parseMilaOrder(
  map: GameMap,
  text: string,
  phase: PhaseType,
): Result<Order, string> {
  const words = text.trim().toUpperCase().split(/\s+/);
  if (words.length === 1 && words[0] === 'WAIVE') return ok({ kind: 'waive' });
  let i = 0;
  const next = (): string | undefined => words[i++];
  const unit = (): Result<{ type: UnitType; location: Location }, string> => {
    const t = next();
    const type = unitType(t);
    if (type === undefined) return err(`expected a unit type (A or F), not "${t ?? ''}"`);
    const where = next();
    if (where === undefined) return err(`expected a location after "${t!}"`);
    const location = parseMilaLocation(map, where);
    return location.ok ? ok({ type, location: location.value }) : location;
  };
  const location = (): Result<Location, string> => {
    const where = next();
    return where === undefined ? err('expected a location') : parseMilaLocation(map, where);
  };
  const done = (order: Order): Result<Order, string> =>
    i < words.length ? err(`unexpected "${words[i]!}"`) : ok(order);

  const u = unit();
  if (!u.ok) return u;
  const ref: UnitRef = u.value;
  const verb = next();
  switch (verb) {
    case 'H':
      return done({ kind: 'hold', unit: ref });
    case '-':
    case 'R': {
      const to = location();
      if (!to.ok) return to;
      if (verb === 'R' || phase === 'retreat')
        return done({ kind: 'retreat', unit: ref, to: to.value });
      const via = words[i] === 'VIA';
      if (via) i++;
      return done({ kind: 'move', unit: ref, to: to.value, viaConvoy: via });
    }
    case 'S': {
      const supported = unit();
      if (!supported.ok) return supported;
      if (words[i] === 'H') i++;
      if (i === words.length)
        return ok({ kind: 'support-hold', unit: ref, supported: supported.value });
      if (next() !== '-')
        return err(`expected "-" or the end after the supported unit, not "${words[i - 1]!}"`);
      const to = location();
      if (!to.ok) return to;
      return done({ kind: 'support-move', unit: ref, supported: supported.value, to: to.value });
    }
    case 'C': {
      const army = unit();
      if (!army.ok) return army;
      if (army.value.type !== 'army') return err('only an army (A) is convoyed');
      if (next() !== '-') return err('expected "-" after the convoyed army');
      const to = location();
      if (!to.ok) return to;
      return done({ kind: 'convoy', unit: ref, army: army.value.location, to: to.value });
    }
    case 'D':
      return done(
        phase === 'adjustment' ? { kind: 'remove', unit: ref } : { kind: 'disband', unit: ref },
      );
    case 'B':
      return done({ kind: 'build', unit: u.value });
    case undefined:
      return err('expected an order after the unit (H, -, S, C, R, D or B)');
    default:
      return err(`unknown order "${verb}" (expected H, -, S, C, R, D or B)`);
  }
}

/**
 * Writes an order in MILA notation. A unit named without its type takes the type `typeAt`
 * gives (the unit on the board), an army where there is none.
 */
export function formatMilaOrder(
  order: Order,
  typeAt: (l: Location) => UnitType | undefined = () => undefined,
): string {
  if (order.kind === 'waive') return 'WAIVE';
  const unit = (r: UnitRef): string =>
    formatMilaUnit(r.type ?? typeAt(r.location) ?? 'army', r.location);
  const self = unit(order.unit);
  const at = formatMilaLocation;
  switch (order.kind) {
    case 'hold':
      return `${self} H`;
    case 'move':
      return `${self} - ${at(order.to)}${order.viaConvoy ? ' VIA' : ''}`;
    case 'support-hold':
      return `${self} S ${unit(order.supported)}`;
    case 'support-move':
      return `${self} S ${unit(order.supported)} - ${at(order.to)}`;
    case 'convoy':
      return `${self} C A ${at(order.army)} - ${at(order.to)}`;
    case 'retreat':
      return `${self} R ${at(order.to)}`;
    case 'disband':
    case 'remove':
      return `${self} D`;
    case 'build':
      return `${self} B`;
  }
}
