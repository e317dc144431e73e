/**
 * A validated, compiled map: provinces and locations numbered densely so that the adjudicator
 * works on integer indices and flat arrays, with name look-ups for the order parser.
 */
import type { Coast, Location, Power, ProvinceId, UnitType } from '../types.js';
import { err, ok, type Result } from '../result.js';
import type { MapSpec, ProvinceSpec, ProvinceTerrain } from './spec.js';
import { StringIndex } from './string-index.js';

export interface ProvinceInfo {
  readonly index: number;
  readonly id: ProvinceId;
  readonly name: string;
  readonly terrain: ProvinceTerrain;
  readonly coasts: readonly Coast[];
  readonly isSupplyCenter: boolean;
  readonly capacity: number | undefined;
  readonly home: Power | undefined;
  readonly isImpassable: boolean;
  /** The province's letter (Pink Diplomacy), if the map gives one. */
  readonly letter: string | undefined;
  /** Location index of the whole province (`spa`), whatever stands there. */
  readonly location: number;
  /** Location index where an army stands, or -1 (seas, impassable). */
  readonly armyLocation: number;
  /** Location indices where a fleet may stand: the province itself, or each of its coasts. */
  readonly fleetLocations: readonly number[];
}

export interface LocationInfo {
  readonly index: number;
  readonly province: number;
  readonly coast: Coast | undefined;
  /** `par`, `spa/nc`. */
  readonly key: string;
  readonly location: Location;
}

/**
 * On each of a map's own location objects, as a property no one else sees (a symbol, not
 * enumerable: JSON, spreads, structured clones and equality checks skip it): its
 * `LocationInfo`. The kernel, the random player and the record reader find a location's index
 * by reading it (`GameMap.ownLocation`, `provinceOf`, `indexOf`) instead of looking its province's id up, which cost
 * about 15% of a movement phase; objects made elsewhere take the look-up as before.
 */
const INFO: unique symbol = Symbol('arbiter location');

/** A location object, perhaps one of a map's own (then tagged with its `LocationInfo`). */
type Tagged = Location & { readonly [INFO]?: LocationInfo };

export interface MapProblem {
  readonly code:
    | 'map/duplicate-power'
    | 'map/duplicate-province'
    | 'map/duplicate-name'
    | 'map/unknown-location'
    | 'map/unknown-power'
    | 'map/coast-without-province'
    | 'map/bad-passage'
    | 'map/duplicate-adjacency'
    | 'map/self-adjacency'
    | 'map/impassable-adjacency'
    | 'map/bad-start'
    | 'map/home-not-center'
    | 'map/bad-capacity'
    | 'map/bad-class'
    | 'map/bad-ocean'
    | 'map/bad-letter';
  readonly message: string;
  /** Where in the spec: `provinces[3]`, `adjacencies[17]`, `startingUnits[2]`. */
  readonly at: string;
}

const ARMY = 1;
const FLEET = 2;
const PASSAGES: ReadonlySet<string> = new Set(['army', 'fleet', 'both']);
const UNIT_LETTERS: ReadonlySet<string> = new Set(['A', 'F']);

/** Lowercases and strips everything but letters and digits: `St. Petersburg` → `stpetersburg`. */
export function normalizeName(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]/g, '');
}

export class GameMap {
  readonly spec: MapSpec;
  readonly provinces: readonly ProvinceInfo[];
  readonly locations: readonly LocationInfo[];
  readonly powers: readonly Power[];
  readonly supplyCenters: readonly number[];
  readonly victoryCenters: number;
  /** Per location: reachable locations for an army and for a fleet. */
  readonly armyMoves: readonly (readonly number[])[];
  readonly fleetMoves: readonly (readonly number[])[];
  /** Flat L×L matrix: bit 1 = an army may cross, bit 2 = a fleet may cross. */
  readonly passage: Uint8Array;
  /** Flat P×P matrix: 1 where two provinces share any border (used for convoy routes). */
  readonly provinceAdjacent: Uint8Array;
  private readonly provinceByName: ReadonlyMap<string, number>;
  private readonly locationByKey: ReadonlyMap<string, number>;
  private readonly provinceById: StringIndex;
  private readonly powerById: StringIndex;
  private readonly parts: Compiled;
  /** Views of this map with extra names (`withAliases`), by their names, the latest last. */
  private readonly aliased = new Map<string, GameMap>();

  private constructor(spec: MapSpec, parts: Compiled) {
    this.spec = spec;
    this.parts = parts;
    this.provinces = parts.provinces;
    this.locations = parts.locations;
    this.powers = spec.powers.map((p) => p.id);
    this.supplyCenters = parts.provinces.filter((p) => p.isSupplyCenter).map((p) => p.index);
    this.victoryCenters = spec.victoryCenters ?? Math.floor(this.supplyCenters.length / 2) + 1;
    this.passage = parts.passage;
    this.provinceAdjacent = parts.provinceAdjacent;
    const l = parts.locations.length;
    const army: number[][] = [];
    const fleet: number[][] = [];
    for (let a = 0; a < l; a++) {
      const am: number[] = [];
      const fm: number[] = [];
      for (let b = 0; b < l; b++) {
        const bits = parts.passage[a * l + b]!;
        if (bits & ARMY) am.push(b);
        if (bits & FLEET) fm.push(b);
      }
      army.push(am);
      fleet.push(fm);
    }
    this.armyMoves = army;
    this.fleetMoves = fleet;
    this.provinceByName = parts.provinceByName;
    this.locationByKey = parts.locationByKey;
    this.provinceById = new StringIndex(parts.provinces.map((p) => [p.id, p.index] as const));
    this.powerById = new StringIndex(this.powers.map((p, i) => [p, i] as const));
  }

  /** Validates a map spec and compiles it; every problem found is listed, not just the first. */
  static load(spec: MapSpec): Result<GameMap, readonly MapProblem[]> {
    const compiled = compile(spec);
    if (compiled.problems.length > 0) return err(compiled.problems);
    return ok(new GameMap(spec, compiled));
  }

  /** Like `load`, for maps shipped with the engine: a problem there is a bug. */
  static loadOrThrow(spec: MapSpec): GameMap {
    const loaded = GameMap.load(spec);
    if (!loaded.ok) {
      throw new Error(
        `map ${spec.id} is invalid:\n` +
          loaded.error.map((p) => `  ${p.at}: ${p.message}`).join('\n'),
      );
    }
    return loaded.value;
  }

  /**
   * This map with more names for its provinces (`{ ursula: 'ulm', urs: 'ulm' }`: a name or
   * abbreviation → a province id), for reading a game's orders when a rule names provinces
   * (Pink Diplomacy's rule 11). Everything else is this map's own: the ids, the provinces and
   * locations (the very objects), the adjacencies, so orders read on the view are the orders
   * read on the map. A name that already names a province or a power, or that names an unknown
   * province, is refused (`map/duplicate-name`, `map/unknown-location`), never shadowed. The
   * views are kept per set of names, so asking again gives the same object (and the parser's
   * tables for it are built once).
   */
  withAliases(
    aliases: Readonly<Record<string, ProvinceId>>,
  ): Result<GameMap, readonly MapProblem[]> {
    const entries = Object.entries(aliases).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    if (entries.length === 0) return ok(this);
    const key = JSON.stringify(entries);
    const kept = this.aliased.get(key);
    if (kept !== undefined) return ok(kept);
    const problems: MapProblem[] = [];
    const byName = new Map(this.parts.provinceByName);
    const powerNames = new Map<string, Power>();
    for (const p of this.spec.powers)
      for (const n of [p.id, p.name, p.adjective ?? p.id]) powerNames.set(normalizeName(n), p.id);
    const added = new Map<ProvinceId, string[]>();
    for (const [name, id] of entries) {
      const at = `aliases.${name}`;
      const index = this.provinceById.get(id);
      const n = normalizeName(name);
      const owner = byName.get(n);
      const power = powerNames.get(n);
      if (index < 0) {
        problems.push({ code: 'map/unknown-location', at, message: `no province ${id}` });
      } else if (n === '') {
        problems.push({ code: 'map/duplicate-name', at, message: `"${name}" names nothing` });
      } else if (owner !== undefined && owner !== index) {
        const other = this.provinces[owner]!.id;
        problems.push({
          code: 'map/duplicate-name',
          at,
          message: `the name "${name}" for ${id} already names ${other}`,
        });
      } else if (power !== undefined) {
        problems.push({
          code: 'map/duplicate-name',
          at,
          message: `the name "${name}" for ${id} already names the power ${power}`,
        });
      } else {
        byName.set(n, index);
        added.set(id, [...(added.get(id) ?? []), name]);
      }
    }
    if (problems.length > 0) return err(problems);
    const spec: MapSpec = {
      ...this.spec,
      provinces: this.spec.provinces.map((ps) => {
        const more = added.get(ps.id);
        return more === undefined ? ps : { ...ps, aliases: [...(ps.aliases ?? []), ...more] };
      }),
    };
    const view = new GameMap(spec, { ...this.parts, provinceByName: byName });
    // A game's names change seldom: a few views are enough.
    if (this.aliased.size >= 8) this.aliased.delete(this.aliased.keys().next().value!);
    this.aliased.set(key, view);
    return ok(view);
  }

  /** The province whose id, name or alias this is, in any case and spacing. */
  findProvince(text: string): ProvinceInfo | undefined {
    const i = this.provinceByName.get(normalizeName(text));
    return i === undefined ? undefined : this.provinces[i];
  }

  province(id: ProvinceId): ProvinceInfo | undefined {
    return this.provinces[this.provinceById.get(id)];
  }

  /**
   * The `LocationInfo` of one of this map's own location objects (`locations[i].location`, which
   * parsed orders and moved units stand on), read off the object; undefined for any other
   * object, even an equal one (then look it up: `indexOf`, `provinceIndex`).
   */
  ownLocation(l: Location): LocationInfo | undefined {
    const info = (l as Tagged)[INFO];
    return info !== undefined && this.locations[info.index] === info ? info : undefined;
  }

  /** The index of the province of a location (its id looked up unless it is the map's own). */
  provinceOf(l: Location): number {
    const info = (l as Tagged)[INFO];
    if (info !== undefined && this.locations[info.index] === info) return info.province;
    return this.provinceById.get(l.province);
  }

  /** The index of the province with this exact id, or -1. */
  provinceIndex(id: ProvinceId): number {
    return this.provinceById.get(id);
  }

  /** Location index of `spa/nc`, `par`; -1 if there is none. */
  locationIndex(key: string): number {
    return this.locationByKey.get(key) ?? -1;
  }

  /** Location index of a structured location; -1 if there is none. */
  indexOf(l: Location): number {
    const own = this.ownLocation(l);
    if (own !== undefined) return own.index;
    const p = this.provinces[this.provinceById.get(l.province)];
    if (p === undefined) return -1;
    if (l.coast === undefined) return p.location;
    for (const fl of p.fleetLocations) if (this.locations[fl]!.coast === l.coast) return fl;
    return -1;
  }

  powerIndex(power: Power): number {
    return this.powerById.get(power);
  }

  /** Whether a unit of this type may stand on this location. */
  canStand(type: UnitType, loc: number): boolean {
    const info = this.locations[loc];
    if (info === undefined) return false;
    const p = this.provinces[info.province]!;
    return type === 'army' ? p.armyLocation === loc : p.fleetLocations.includes(loc);
  }

  /** Whether a unit of this type may move from one location to the other in one step. */
  canMove(type: UnitType, from: number, to: number): boolean {
    return (
      (this.passage[from * this.locations.length + to]! & (type === 'army' ? ARMY : FLEET)) !== 0
    );
  }

  /** The location keys a unit of this type can reach from `key` (for tools and tests). */
  movesFrom(type: UnitType, key: string): string[] {
    const from = this.locationIndex(key);
    if (from < 0) return [];
    const moves = type === 'army' ? this.armyMoves[from]! : this.fleetMoves[from]!;
    return moves.map((i) => this.locations[i]!.key);
  }
}

interface Compiled {
  provinces: ProvinceInfo[];
  locations: LocationInfo[];
  passage: Uint8Array;
  provinceAdjacent: Uint8Array;
  provinceByName: Map<string, number>;
  locationByKey: Map<string, number>;
  problems: MapProblem[];
}

function compile(spec: MapSpec): Compiled {
  const problems: MapProblem[] = [];
  const problem = (code: MapProblem['code'], at: string, message: string): void => {
    problems.push({ code, at, message });
  };
  const powerIds = new Set<string>();
  spec.powers.forEach((p, i) => {
    if (powerIds.has(p.id))
      problem('map/duplicate-power', `powers[${i}]`, `power ${p.id} is listed twice`);
    powerIds.add(p.id);
    // Specs arrive as JSON: check the class at run time.
    const cls: unknown = p.class;
    if (cls !== undefined && cls !== 'major' && cls !== 'minor') {
      problem('map/bad-class', `powers[${i}]`, `power ${p.id} has class ${JSON.stringify(cls)}`);
    }
  });

  const provinces: ProvinceInfo[] = [];
  const locations: LocationInfo[] = [];
  const provinceByName = new Map<string, number>();
  const locationByKey = new Map<string, number>();
  const nameOwner = new Map<string, string>();
  const addLocation = (province: number, id: string, coast: string | undefined): number => {
    const key = coast === undefined ? id : `${id}/${coast}`;
    const index = locations.length;
    const info: LocationInfo = {
      index,
      province,
      coast,
      key,
      location: coast === undefined ? { province: id } : { province: id, coast },
    };
    Object.defineProperty(info.location, INFO, { value: info });
    locations.push(info);
    locationByKey.set(key, index);
    return index;
  };

  spec.provinces.forEach((ps: ProvinceSpec, i) => {
    const at = `provinces[${i}]`;
    if (provinceByName.has(ps.id) && nameOwner.get(ps.id) === ps.id) {
      problem('map/duplicate-province', at, `province ${ps.id} is listed twice`);
      return;
    }
    const index = provinces.length;
    const coasts = ps.coasts ?? [];
    if (coasts.length > 0 && ps.terrain !== 'coast') {
      problem(
        'map/coast-without-province',
        at,
        `${ps.id} has coasts but terrain ${ps.terrain}, not coast`,
      );
    }
    const impassable = ps.impassable === true;
    let armyLocation = -1;
    const fleetLocations: number[] = [];
    const whole = addLocation(index, ps.id, undefined);
    if (!impassable) {
      if (ps.terrain !== 'sea') armyLocation = whole;
      if (ps.terrain === 'sea' || (ps.terrain === 'coast' && coasts.length === 0))
        fleetLocations.push(whole);
      for (const c of coasts) fleetLocations.push(addLocation(index, ps.id, c));
    }
    const ocean: unknown = ps.ocean;
    if (ocean !== undefined && (typeof ocean !== 'boolean' || (ocean && ps.terrain !== 'sea'))) {
      problem('map/bad-ocean', at, `${ps.id} is marked an ocean but is not a sea`);
    }
    const sc = ps.supplyCenter;
    const capacity = typeof sc === 'object' ? sc.capacity : undefined;
    if (capacity !== undefined && !(Number.isInteger(capacity) && capacity > 0)) {
      problem(
        'map/bad-capacity',
        at,
        `${ps.id} has capacity ${capacity}; it must be a positive whole number`,
      );
    }
    if (ps.letter !== undefined) {
      if (!/^[A-Z]$/.test(ps.letter)) {
        problem('map/bad-letter', at, `${ps.id} has letter "${ps.letter}"; it must be one of A-Z`);
      } else if (!ps.name.toUpperCase().startsWith(ps.letter)) {
        problem(
          'map/bad-letter',
          at,
          `${ps.id} is named "${ps.name}", which does not begin with its letter ${ps.letter}`,
        );
      }
    }
    if (ps.home !== undefined && !powerIds.has(ps.home)) {
      problem('map/unknown-power', at, `${ps.id} is a home centre of unknown power ${ps.home}`);
    }
    if (ps.home !== undefined && sc === undefined) {
      problem(
        'map/home-not-center',
        at,
        `${ps.id} is a home centre of ${ps.home} but not a supply centre`,
      );
    }
    provinces.push({
      index,
      id: ps.id,
      name: ps.name,
      terrain: ps.terrain,
      coasts,
      isSupplyCenter: sc !== undefined && sc !== false,
      capacity,
      home: ps.home,
      isImpassable: impassable,
      letter: ps.letter,
      location: whole,
      armyLocation,
      fleetLocations,
    });
    for (const name of [ps.id, ps.name, ...(ps.aliases ?? [])]) {
      const n = name === ps.id ? ps.id : normalizeName(name);
      const owner = nameOwner.get(n);
      if (owner !== undefined && owner !== ps.id) {
        problem('map/duplicate-name', at, `the name "${name}" of ${ps.id} already names ${owner}`);
        continue;
      }
      nameOwner.set(n, ps.id);
      provinceByName.set(n, index);
    }
  });

  const l = locations.length;
  const p = provinces.length;
  const passage = new Uint8Array(l * l);
  const provinceAdjacent = new Uint8Array(p * p);
  const seen = new Set<string>();
  spec.adjacencies.forEach(([ka, kb, kind], i) => {
    const at = `adjacencies[${i}]`;
    const a = locationByKey.get(ka);
    const b = locationByKey.get(kb);
    let bad = false;
    for (const [k, v] of [
      [ka, a],
      [kb, b],
    ] as const) {
      if (v !== undefined) continue;
      bad = true;
      const slash = k.indexOf('/');
      if (slash >= 0 && provinceByName.get(k.slice(0, slash)) === undefined) {
        problem('map/coast-without-province', at, `coast ${k} belongs to no province`);
      } else {
        problem('map/unknown-location', at, `unknown location ${k}`);
      }
    }
    // Specs arrive as JSON, so the types promise less than they say: check at run time.
    if (!PASSAGES.has(kind)) {
      problem('map/bad-passage', at, `passage must be army, fleet or both, not ${kind}`);
      bad = true;
    }
    if (bad || a === undefined || b === undefined) return;
    const la = locations[a]!;
    const lb = locations[b]!;
    if (la.province === lb.province) {
      problem('map/self-adjacency', at, `${ka} and ${kb} are the same province`);
      return;
    }
    const pair = a < b ? `${a},${b}` : `${b},${a}`;
    if (seen.has(pair)) {
      problem('map/duplicate-adjacency', at, `${ka}-${kb} is listed twice`);
      return;
    }
    seen.add(pair);
    const pa = provinces[la.province]!;
    const pb = provinces[lb.province]!;
    if (pa.isImpassable || pb.isImpassable) {
      problem('map/impassable-adjacency', at, `${ka}-${kb} touches an impassable province`);
      return;
    }
    let bits = 0;
    if (kind !== 'fleet') {
      // Armies cross between whole provinces, never sea.
      if (pa.armyLocation !== a || pb.armyLocation !== b) {
        problem(
          'map/bad-passage',
          at,
          `armies cannot cross ${ka}-${kb}: one end is not a land location`,
        );
        return;
      }
      bits |= ARMY;
    }
    if (kind !== 'army') {
      if (!pa.fleetLocations.includes(a) || !pb.fleetLocations.includes(b)) {
        problem(
          'map/bad-passage',
          at,
          `fleets cannot cross ${ka}-${kb}: one end is not a fleet location`,
        );
        return;
      }
      bits |= FLEET;
    }
    passage[a * l + b]! |= bits;
    passage[b * l + a]! |= bits;
    provinceAdjacent[la.province * p + lb.province] = 1;
    provinceAdjacent[lb.province * p + la.province] = 1;
  });

  const occupied = new Set<number>();
  spec.startingUnits.forEach((u, i) => {
    const at = `startingUnits[${i}]`;
    if (!powerIds.has(u.power)) problem('map/unknown-power', at, `unknown power ${u.power}`);
    const loc = locationByKey.get(u.location);
    if (loc === undefined) {
      problem('map/unknown-location', at, `unknown location ${u.location}`);
      return;
    }
    const info = locations[loc]!;
    const prov = provinces[info.province]!;
    if (!UNIT_LETTERS.has(u.type)) {
      problem('map/bad-start', at, `unit type must be A or F, not ${u.type}`);
    } else if (u.type === 'F' && !prov.fleetLocations.includes(loc)) {
      problem(
        'map/bad-start',
        at,
        prov.terrain === 'land'
          ? `a fleet cannot start on inland ${u.location}`
          : `a fleet must start on one of the coasts of ${prov.id}`,
      );
    } else if (u.type === 'A' && prov.armyLocation !== loc) {
      problem('map/bad-start', at, `an army cannot start at ${u.location}`);
    }
    if (occupied.has(info.province)) problem('map/bad-start', at, `two units start in ${prov.id}`);
    occupied.add(info.province);
  });

  return {
    provinces,
    locations,
    passage,
    provinceAdjacent,
    provinceByName,
    locationByKey,
    problems,
  };
}
