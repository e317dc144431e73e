/**
 * Convoy routes drawn on the board before any orders: DATC 4.E.1 makes an army move needing a
 * convoy illegal unless fleets stand on some route (6.D.32), a convoy order illegal unless its
 * fleet lies on a proper route (one that never jumps to a place an earlier link could already
 * reach; 6.G.19), and 6.D.31 a support illegal when every route for the supported army runs
 * through the supporting fleet. Routes over the bare map are cached; routes over the seas that
 * hold fleets are searched per phase.
 */
import type { GameMap } from '../map/game-map.js';

interface RouteSet {
  /** Provinces on at least one proper route. */
  readonly union: Uint8Array;
  /** Provinces on every proper route (all zero when there is none). */
  readonly every: Uint8Array;
  readonly exists: boolean;
}

export class ConvoyRoutes {
  private readonly map: GameMap;
  private readonly nProv: number;
  private readonly seas: readonly number[];
  private readonly cache = new Map<number, RouteSet>();

  constructor(map: GameMap) {
    this.map = map;
    this.nProv = map.provinces.length;
    // Since the 2023 rules only fleets in sea provinces convoy.
    this.seas = map.provinces
      .filter((p) => p.terrain === 'sea' && !p.isImpassable)
      .map((p) => p.index);
  }

  /**
   * Whether a route carries an army from one province to the other: over any seas, or with
   * `fleets` (1 per province holding a fleet) only over seas that hold one.
   */
  exists(from: number, to: number, fleets?: Uint8Array): boolean {
    if (!this.routes(from, to).exists) return false;
    return fleets === undefined || this.search(from, to, fleets).exists;
  }

  /** Whether a fleet in `fleet` is a link of some proper route over the seas holding fleets. */
  isOnRoute(fleet: number, from: number, to: number, fleets: Uint8Array): boolean {
    if (this.routes(from, to).union[fleet] !== 1) return false;
    return this.search(from, to, fleets).union[fleet] === 1;
  }

  /** Whether every proper route over the seas holding fleets runs through `province`. */
  isOnEveryRoute(province: number, from: number, to: number, fleets: Uint8Array): boolean {
    const r = this.search(from, to, fleets);
    return r.exists && r.every[province] === 1;
  }

  private routes(from: number, to: number): RouteSet {
    const key = from * this.nProv + to;
    let r = this.cache.get(key);
    if (r === undefined) {
      r = this.search(from, to, undefined);
      this.cache.set(key, r);
    }
    return r;
  }

  private search(from: number, to: number, fleets: Uint8Array | undefined): RouteSet {
    const np = this.nProv;
    const adj = this.map.provinceAdjacent;
    const union = new Uint8Array(np);
    const every = new Uint8Array(np);
    let found = false;
    const chain: number[] = [];
    const inChain = new Uint8Array(np);
    const record = (): void => {
      if (!found) {
        for (const c of chain) every[c] = 1;
      } else {
        for (let p = 0; p < np; p++) if (every[p] === 1 && inChain[p] === 0) every[p] = 0;
      }
      found = true;
      for (const c of chain) union[c] = 1;
    };
    const extend = (): void => {
      const last = chain[chain.length - 1]!;
      if (adj[last * np + to] === 1) {
        record();
        return;
      }
      for (const s of this.seas) {
        if (inChain[s] === 1 || adj[last * np + s] !== 1) continue;
        if (fleets !== undefined && fleets[s] !== 1) continue;
        // Proper: the new link is not reachable from the army or any earlier link.
        if (adj[from * np + s] === 1) continue;
        let skip = false;
        for (let i = 0; i < chain.length - 1; i++) {
          if (adj[chain[i]! * np + s] === 1) {
            skip = true;
            break;
          }
        }
        if (skip) continue;
        chain.push(s);
        inChain[s] = 1;
        extend();
        chain.pop();
        inChain[s] = 0;
      }
    };
    if (from !== to) {
      for (const s of this.seas) {
        if (adj[from * np + s] !== 1) continue;
        if (fleets !== undefined && fleets[s] !== 1) continue;
        chain.push(s);
        inChain[s] = 1;
        extend();
        chain.pop();
        inChain[s] = 0;
      }
    }
    return { union, every, exists: found };
  }
}
