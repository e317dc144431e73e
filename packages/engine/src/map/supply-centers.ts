/**
 * The supply centres that exist. In a standard game they are the map's; a rule module may turn
 * provinces into centres or take that away (`RuleModule.supplyCenters`: Deviant Diplomacy II's
 * NEW_CENTRES and REMOVE_CENTRES), and the game state then lists the centres that exist
 * (`GameState.supplyCenterIds`). The Fall ownership update, builds and removals, civil disorder
 * and the solo all count these.
 */
import type { GameMap } from './game-map.js';
import type { ProvinceId } from '../types.js';

/** The supply centres in force, and the solo count that goes with them. */
export interface SupplyCenters {
  /** The provinces that are supply centres, sorted by id. */
  readonly provinces: readonly ProvinceId[];
  /** Whether a province is a supply centre. */
  readonly has: (province: ProvinceId) => boolean;
  /** Whether the province with this index (`ProvinceInfo.index`) is a supply centre. */
  readonly hasIndex: (index: number) => boolean;
  /**
   * Centres a power must own to win: the map's count while its centres are unchanged (18 of 34
   * on the standard map); otherwise a majority of the centres that exist, ⌊N/2⌋ + 1 (Deviant
   * Diplomacy II's rule 9: "a majority of the existing supply centers").
   */
  readonly victory: number;
}

/** More than half of `n`: ⌊n/2⌋ + 1. */
export function majorityOf(n: number): number {
  return Math.floor(n / 2) + 1;
}

const OF_MAP = new WeakMap<GameMap, SupplyCenters>();
const OF_LIST = new WeakMap<readonly ProvinceId[], SupplyCenters>();

// A flag per province index, read through the map's own fast index: as quick as reading
// `ProvinceInfo.isSupplyCenter`, which the kernel did before centres could change.
function make(map: GameMap, provinces: readonly ProvinceId[], victory: number): SupplyCenters {
  const flags = new Uint8Array(map.provinces.length);
  for (const id of provinces) {
    const i = map.provinceIndex(id);
    if (i >= 0) flags[i] = 1;
  }
  return {
    provinces,
    has: (p) => flags[map.provinceIndex(p)] === 1,
    hasIndex: (i) => flags[i] === 1,
    victory,
  };
}

/** The map's own supply centres (computed once per map). */
export function mapSupplyCenters(map: GameMap): SupplyCenters {
  let c = OF_MAP.get(map);
  if (c === undefined) {
    const ids = map.supplyCenters.map((i) => map.provinces[i]!.id).sort();
    c = make(map, ids, map.victoryCenters);
    OF_MAP.set(map, c);
  }
  return c;
}

/** Whether two sorted lists of province ids are the same. */
export function sameProvinces(a: readonly ProvinceId[], b: readonly ProvinceId[]): boolean {
  return a.length === b.length && a.every((p, i) => p === b[i]);
}

/**
 * The supply centres `provinces` (sorted by id, each once), with their solo count. Cached by
 * the list itself, so a state's list is read once however often it is asked for.
 */
export function supplyCenterSet(map: GameMap, provinces: readonly ProvinceId[]): SupplyCenters {
  let c = OF_LIST.get(provinces);
  if (c === undefined) {
    const own = mapSupplyCenters(map);
    c = sameProvinces(provinces, own.provinces)
      ? own
      : make(map, provinces, majorityOf(provinces.length));
    OF_LIST.set(provinces, c);
  }
  return c;
}

/** The supply centres in force in a state: those it lists, or else the map's. */
export function supplyCentersOf(
  map: GameMap,
  state: { readonly supplyCenterIds?: readonly ProvinceId[] | undefined },
): SupplyCenters {
  const ids = state.supplyCenterIds;
  return ids === undefined ? mapSupplyCenters(map) : supplyCenterSet(map, ids);
}
