/**
 * Convoy routes drawn on the board before any orders: DATC 4.E.1 makes an army move needing a
 * convoy illegal unless fleets stand on some route (6.D.32), a convoy order illegal unless its
 * fleet lies on a proper route (one that never jumps to a place an earlier link could already
 * reach; 6.G.19), and 6.D.31 a support illegal when every route for the supported army runs
 * through the supporting fleet. Routes over the bare map are cached; routes over the seas that
 * hold fleets are searched once per board, and whether any exists is read off the groups of
 * fleets that touch one another, without a search.
 *
 * A convoy network (Fin de Siecle's oceans, `MovementRules.convoyNetwork`) adds links between
 * seas: each ocean of the network to every sea that borders any of its oceans, so one fleet-held
 * ocean carries an army across the whole network (RULINGS §2.5 ruling 8). `convoyLinks` builds
 * that adjacency; routes then walk it instead of the map's.
 */
import type { GameMap } from '../map/game-map.js';

/** The proper routes from one province to another. Filled in by a search, and reused. */
class RouteSet {
  /** Provinces on at least one proper route. */
  readonly union: Uint8Array;
  /** Provinces on every proper route (all zero when there is none). */
  readonly every: Uint8Array;
  exists = false;

  constructor(provinces: number) {
    this.union = new Uint8Array(provinces);
    this.every = new Uint8Array(provinces);
  }
}

/**
 * The map's province adjacency with a convoy network's links added: every ocean in `oceans` to
 * every sea that borders one of them (the oceans border one another already, or are joined too).
 * Only sea-to-sea pairs change, so a coast's seas are the map's.
 */
export function convoyLinks(map: GameMap, oceans: readonly number[]): Uint8Array {
  const np = map.provinces.length;
  const link = Uint8Array.from(map.provinceAdjacent);
  const adj = map.provinceAdjacent;
  const isOcean = new Uint8Array(np);
  for (const o of oceans) isOcean[o] = 1;
  const seas = map.provinces.filter((p) => p.terrain === 'sea').map((p) => p.index);
  const besideOcean = seas.filter((s) => isOcean[s] === 1 || oceans.some((o) => adj[s * np + o]));
  for (const o of oceans) {
    for (const s of besideOcean) {
      if (s === o) continue;
      link[o * np + s] = 1;
      link[s * np + o] = 1;
    }
  }
  return link;
}

export class ConvoyRoutes {
  /** Which provinces a convoy passes between: the map's adjacency, or a network's (`convoyLinks`). */
  private readonly adj: Uint8Array;
  private readonly nProv: number;
  private readonly seas: readonly number[];
  /** Per province, the passable seas beside it: `seaNext[seaStart[p] .. seaStart[p + 1]]`. */
  private readonly seaStart: Int32Array;
  private readonly seaNext: Int16Array;
  /** Routes over the bare map, by `from * nProv + to`; filled in as asked. */
  private readonly bare: (RouteSet | undefined)[];
  // The board: which provinces hold fleets. The caller changes `fleets` in place between
  // phases and calls `setBoard`, which bumps `board` so that per-board caches are dropped.
  private fleets: Uint8Array;
  private board = 0;
  /** Per sea holding a fleet, its group: seas joined by fleet-holding seas. -1 elsewhere. */
  private readonly group: Int16Array;
  private groupsBoard = -1;
  private readonly groupMark: Int32Array;
  private mark = 0;
  /** Routes over this board's fleets, by `from * nProv + to`, valid where `memoBoard` matches. */
  private readonly memo: (RouteSet | undefined)[];
  private readonly memoBoard: Int32Array;
  // The search's state: the chain of seas so far, and which seas are in it.
  private readonly chain: Int16Array;
  private depth = 0;
  private readonly inChain: Uint8Array;

  constructor(map: GameMap, links?: Uint8Array) {
    this.adj = links ?? map.provinceAdjacent;
    const np = map.provinces.length;
    this.nProv = np;
    // Since the 2023 rules only fleets in sea provinces convoy.
    this.seas = map.provinces
      .filter((p) => p.terrain === 'sea' && !p.isImpassable)
      .map((p) => p.index);
    const adj = this.adj;
    const next: number[] = [];
    this.seaStart = new Int32Array(np + 1);
    for (let p = 0; p < np; p++) {
      this.seaStart[p] = next.length;
      for (const s of this.seas) if (adj[p * np + s] === 1) next.push(s);
    }
    this.seaStart[np] = next.length;
    this.seaNext = Int16Array.from(next);
    this.bare = new Array<RouteSet | undefined>(np * np).fill(undefined);
    this.fleets = new Uint8Array(np);
    this.group = new Int16Array(np);
    this.groupMark = new Int32Array(np);
    this.memo = new Array<RouteSet | undefined>(np * np).fill(undefined);
    this.memoBoard = new Int32Array(np * np).fill(-1);
    this.chain = new Int16Array(np);
    this.inChain = new Uint8Array(np);
  }

  /** Sets the board for the queries that follow: `fleets` is 1 per province holding a fleet. */
  setBoard(fleets: Uint8Array): void {
    this.fleets = fleets;
    this.board++;
  }

  /**
   * Whether a route over the seas holding fleets carries an army from one province to the
   * other. Some proper route exists exactly when any route does (a shortest one is proper), so
   * this only asks whether a fleet beside `from` and one beside `to` are in one group.
   */
  exists(from: number, to: number): boolean {
    if (from === to) return false;
    if (this.groupsBoard !== this.board) this.findGroups();
    const group = this.group;
    const next = this.seaNext;
    const mark = ++this.mark;
    for (let k = this.seaStart[from]!, end = this.seaStart[from + 1]!; k < end; k++) {
      const g = group[next[k]!]!;
      if (g >= 0) this.groupMark[g] = mark;
    }
    for (let k = this.seaStart[to]!, end = this.seaStart[to + 1]!; k < end; k++) {
      const g = group[next[k]!]!;
      if (g >= 0 && this.groupMark[g] === mark) return true;
    }
    return false;
  }

  /** Whether a fleet in `fleet` is a link of some proper route over the seas holding fleets. */
  isOnRoute(fleet: number, from: number, to: number): boolean {
    if (this.routes(from, to).union[fleet] !== 1) return false;
    return this.onBoard(from, to).union[fleet] === 1;
  }

  /** Whether every proper route over the seas holding fleets runs through `province`. */
  isOnEveryRoute(province: number, from: number, to: number): boolean {
    const r = this.onBoard(from, to);
    return r.exists && r.every[province] === 1;
  }

  /**
   * Every province a route over the seas holding fleets carries an army to from `from`: sets
   * `bit` in `out` for each (`from` itself excluded), exactly where `exists(from, to)` holds.
   */
  markDestinations(from: number, out: Uint8Array, bit: number): void {
    if (this.groupsBoard !== this.board) this.findGroups();
    const group = this.group;
    const next = this.seaNext;
    const mark = ++this.mark;
    let any = false;
    for (let k = this.seaStart[from]!, end = this.seaStart[from + 1]!; k < end; k++) {
      const g = group[next[k]!]!;
      if (g >= 0) {
        this.groupMark[g] = mark;
        any = true;
      }
    }
    if (!any) return;
    for (let p = 0; p < this.nProv; p++) {
      if (p === from) continue;
      for (let k = this.seaStart[p]!, end = this.seaStart[p + 1]!; k < end; k++) {
        const g = group[next[k]!]!;
        if (g >= 0 && this.groupMark[g] === mark) {
          out[p]! |= bit;
          break;
        }
      }
    }
  }

  /** The group of fleet-holding seas that sea province `p` belongs to, or -1. */
  groupOf(p: number): number {
    if (this.groupsBoard !== this.board) this.findGroups();
    return this.group[p]!;
  }

  /** Whether province `p` borders a sea of group `g` (see `groupOf`). */
  isBeside(p: number, g: number): boolean {
    const next = this.seaNext;
    for (let k = this.seaStart[p]!, end = this.seaStart[p + 1]!; k < end; k++) {
      if (this.group[next[k]!] === g) return true;
    }
    return false;
  }

  /**
   * Whether a chain of the seas `allowed` marks (1 per province) carries an army from one
   * province to the other: for routes over only the fleets a rule module lets convoy.
   */
  existsOver(from: number, to: number, allowed: Uint8Array): boolean {
    if (from === to) return false;
    const np = this.nProv;
    const adj = this.adj;
    const next = this.seaNext;
    const mark = ++this.mark;
    const seen = this.groupMark;
    const stack: number[] = [];
    for (let k = this.seaStart[from]!, end = this.seaStart[from + 1]!; k < end; k++) {
      const s = next[k]!;
      if (allowed[s] === 1 && seen[s] !== mark) {
        seen[s] = mark;
        stack.push(s);
      }
    }
    while (stack.length > 0) {
      const a = stack.pop()!;
      if (adj[a * np + to] === 1) return true;
      for (let k = this.seaStart[a]!, end = this.seaStart[a + 1]!; k < end; k++) {
        const b = next[k]!;
        if (allowed[b] === 1 && seen[b] !== mark) {
          seen[b] = mark;
          stack.push(b);
        }
      }
    }
    return false;
  }

  /** Labels the groups of fleet-holding seas, each by a flood fill from its first sea. */
  private findGroups(): void {
    const group = this.group;
    const fleets = this.fleets;
    const next = this.seaNext;
    group.fill(-1);
    let groups = 0;
    const stack: number[] = [];
    for (const s of this.seas) {
      if (fleets[s] !== 1 || group[s] !== -1) continue;
      group[s] = groups;
      stack.push(s);
      while (stack.length > 0) {
        const a = stack.pop()!;
        for (let k = this.seaStart[a]!, end = this.seaStart[a + 1]!; k < end; k++) {
          const b = next[k]!;
          if (fleets[b] === 1 && group[b] === -1) {
            group[b] = groups;
            stack.push(b);
          }
        }
      }
      groups++;
    }
    this.groupsBoard = this.board;
  }

  private routes(from: number, to: number): RouteSet {
    const key = from * this.nProv + to;
    let r = this.bare[key];
    if (r === undefined) {
      r = new RouteSet(this.nProv);
      this.search(from, to, undefined, r);
      this.bare[key] = r;
    }
    return r;
  }

  /**
   * Routes over this board's fleets: several fleets convoying one army ask the same. A set
   * found on an earlier board is searched again in place, to allocate nothing per phase.
   */
  private onBoard(from: number, to: number): RouteSet {
    const key = from * this.nProv + to;
    let r = this.memo[key];
    if (r === undefined) {
      r = new RouteSet(this.nProv);
      this.memo[key] = r;
    } else if (this.memoBoard[key] === this.board) {
      return r;
    } else {
      r.union.fill(0);
      r.every.fill(0);
      r.exists = false;
    }
    this.search(from, to, this.fleets, r);
    this.memoBoard[key] = this.board;
    return r;
  }

  /**
   * Finds every proper route, depth first, into `out` (which starts empty): chains of seas
   * (holding fleets, when `fleets` is given) from beside `from` to beside `to`.
   */
  private search(from: number, to: number, fleets: Uint8Array | undefined, out: RouteSet): void {
    if (from === to) return;
    const np = this.nProv;
    const adj = this.adj;
    for (const s of this.seas) {
      if (adj[from * np + s] !== 1) continue;
      if (fleets !== undefined && fleets[s] !== 1) continue;
      this.push(s);
      this.extend(from, to, fleets, out);
      this.pop(s);
    }
  }

  private extend(from: number, to: number, fleets: Uint8Array | undefined, out: RouteSet): void {
    const np = this.nProv;
    const adj = this.adj;
    const chain = this.chain;
    const depth = this.depth;
    const last = chain[depth - 1]!;
    if (adj[last * np + to] === 1) {
      this.record(out);
      return;
    }
    for (const s of this.seas) {
      if (this.inChain[s] === 1 || adj[last * np + s] !== 1) continue;
      if (fleets !== undefined && fleets[s] !== 1) continue;
      // Proper: the new link is not reachable from the army or any earlier link.
      if (adj[from * np + s] === 1) continue;
      let skip = false;
      for (let i = 0; i < depth - 1; i++) {
        if (adj[chain[i]! * np + s] === 1) {
          skip = true;
          break;
        }
      }
      if (skip) continue;
      this.push(s);
      this.extend(from, to, fleets, out);
      this.pop(s);
    }
  }

  /** Adds the chain as found: to the union, and intersected with the earlier routes. */
  private record(out: RouteSet): void {
    const { union, every } = out;
    if (!out.exists) {
      for (let i = 0; i < this.depth; i++) every[this.chain[i]!] = 1;
    } else {
      for (let p = 0; p < this.nProv; p++)
        if (every[p] === 1 && this.inChain[p] === 0) every[p] = 0;
    }
    out.exists = true;
    for (let i = 0; i < this.depth; i++) union[this.chain[i]!] = 1;
  }

  private push(s: number): void {
    this.chain[this.depth++] = s;
    this.inChain[s] = 1;
  }

  private pop(s: number): void {
    this.depth--;
    this.inChain[s] = 0;
  }
}
