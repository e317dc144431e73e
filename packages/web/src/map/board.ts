/**
 * What the map draws, worked out from the map's data and a board before any SVG is written:
 * where each unit, centre and dislodged unit goes, and each order as a line with a result. Pure,
 * so the geometry is tested without a browser; the component only turns these into elements.
 */
import {
  formatLocation,
  type DislodgedUnit,
  type Location,
  type MapRegion,
  type Order,
  type OrderResult,
  type Unit,
} from '@arbiter/engine';

/** The part of a map the drawing needs; both the engine's `MapSpec` and the API's map fit it. */
export interface MapData {
  readonly id: string;
  readonly powers: readonly { readonly id: string; readonly name: string }[];
  readonly provinces: readonly {
    readonly id: string;
    readonly name: string;
    readonly terrain: 'land' | 'sea' | 'coast';
    readonly supplyCenter?: boolean | { readonly capacity: number } | undefined;
    readonly impassable?: boolean | undefined;
  }[];
  readonly drawing?:
    | {
        readonly viewBox?: readonly [number, number, number, number] | undefined;
        readonly unitAnchors?: Readonly<Record<string, readonly [number, number]>> | undefined;
        readonly supplyCenterAnchors?:
          Readonly<Record<string, readonly [number, number]>> | undefined;
        readonly views?: readonly MapRegion[] | undefined;
      }
    | undefined;
}

/** A board: who stands where, who owns which centre, who must retreat. */
export interface Board {
  readonly units: readonly Unit[];
  readonly supplyCenters: Readonly<Record<string, string>>;
  /**
   * The provinces that are supply centres, when rules in force changed the map's (Deviant
   * Diplomacy II's NEW_CENTRES, REMOVE_CENTRES); absent, the map's.
   */
  readonly centres?: readonly string[];
  readonly dislodged?: readonly DislodgedUnit[];
}

/** An order to draw, with its result once adjudicated. */
export interface MapOrder {
  readonly power: string;
  readonly order: Order;
  readonly result?: OrderResult;
}

export type Point = readonly [number, number];

/** Where a dislodged unit is drawn, from its own anchor: beside it, down and to the right. */
export const DISLODGED_OFFSET: Point = [11, 9];

/** Where a unit at `l` is drawn: its coast's anchor, else its province's. */
export function anchorOf(map: MapData, l: Location): Point | undefined {
  const anchors = map.drawing?.unitAnchors ?? {};
  // The anchor tables are keyed as locations are written: `par`, `spa/nc`.
  return anchors[formatLocation(l)] ?? anchors[l.province];
}

/** A unit as drawn. */
export interface PlacedUnit {
  readonly unit: Unit;
  readonly at: Point;
  readonly dislodged: boolean;
  /** Pink Diplomacy: a unit below full strength (public); undefined for a full or plain unit. */
  readonly strength?: 'half' | 'unsupplied';
}

/** How far apart units sharing one space (Fin de Siecle's oceans) are drawn, side by side. */
export const SHARED_STEP = 12;

/** A unit's strength below full, from its public attributes (Pink Diplomacy's `pink-strength`). */
export function reducedStrength(unit: Unit): 'half' | 'unsupplied' | undefined {
  const attrs = unit.attrs?.['pink-strength'];
  const strength =
    typeof attrs === 'object' && attrs !== null
      ? (attrs as { readonly strength?: unknown }).strength
      : undefined;
  return strength === 'half' || strength === 'unsupplied' ? strength : undefined;
}

/**
 * The view a page opens the map on (`DrawingSpec.views`): the one whose box holds most of the
 * units of `powers` (the viewer's), the first on a tie, when they have none in any, or for a
 * viewer with no power; undefined for a map with no views (the page shows the whole drawing).
 */
export function openingRegion(
  map: MapData,
  board: Board,
  powers: readonly string[],
): MapRegion | undefined {
  const views = map.drawing?.views ?? [];
  let best = views[0];
  let most = 0;
  const mine = new Set(powers);
  for (const view of views) {
    const [x, y, w, h] = view.box;
    let n = 0;
    for (const unit of board.units) {
      if (!mine.has(unit.power)) continue;
      const at = anchorOf(map, unit.location);
      if (at !== undefined && at[0] >= x && at[0] <= x + w && at[1] >= y && at[1] <= y + h) n++;
    }
    if (n > most) {
      most = n;
      best = view;
    }
  }
  return best;
}

/**
 * Every unit of the board where it is drawn; dislodged ones beside their province. Units that
 * share a location (any number of fleets in an ocean) stand side by side around its anchor, in
 * board order.
 */
export function placeUnits(map: MapData, board: Board): PlacedUnit[] {
  const out: PlacedUnit[] = [];
  const sharing = new Map<string, number>();
  for (const unit of board.units) {
    const key = formatLocation(unit.location);
    sharing.set(key, (sharing.get(key) ?? 0) + 1);
  }
  const seen = new Map<string, number>();
  for (const unit of board.units) {
    const anchor = anchorOf(map, unit.location);
    if (anchor === undefined) continue;
    const key = formatLocation(unit.location);
    const n = sharing.get(key)!;
    const k = seen.get(key) ?? 0;
    seen.set(key, k + 1);
    const at: Point = n === 1 ? anchor : [anchor[0] + (k - (n - 1) / 2) * SHARED_STEP, anchor[1]];
    const strength = reducedStrength(unit);
    out.push(
      strength === undefined
        ? { unit, at, dislodged: false }
        : { unit, at, dislodged: false, strength },
    );
  }
  for (const d of board.dislodged ?? []) {
    const at = anchorOf(map, d.unit.location);
    if (at !== undefined) {
      out.push({
        unit: d.unit,
        at: [at[0] + DISLODGED_OFFSET[0], at[1] + DISLODGED_OFFSET[1]],
        dislodged: true,
      });
    }
  }
  return out;
}

/** A supply centre as drawn, with its owner (undefined when nobody owns it). */
export interface PlacedCentre {
  readonly province: string;
  readonly at: Point;
  readonly owner: string | undefined;
}

/** Where a centre the map does not have is drawn: beside its province's unit, down and right. */
export const NEW_CENTRE_OFFSET: Point = [12, 12];

/**
 * The supply centres to draw: the map's, or those the board lists (a centre a rule removed is
 * not drawn; one a rule made, which has no anchor of its own, beside its province's unit).
 */
export function placeCentres(map: MapData, board: Board): PlacedCentre[] {
  const anchors = map.drawing?.supplyCenterAnchors ?? {};
  const units = map.drawing?.unitAnchors ?? {};
  const listed = board.centres === undefined ? undefined : new Set(board.centres);
  const out: PlacedCentre[] = [];
  for (const p of map.provinces) {
    const isCentre =
      listed === undefined
        ? p.supplyCenter !== undefined && p.supplyCenter !== false
        : listed.has(p.id);
    const unit = units[p.id];
    const at =
      anchors[p.id] ??
      (unit === undefined
        ? undefined
        : ([unit[0] + NEW_CENTRE_OFFSET[0], unit[1] + NEW_CENTRE_OFFSET[1]] as const));
    if (!isCentre || at === undefined) continue;
    out.push({ province: p.id, at, owner: board.supplyCenters[p.id] });
  }
  return out;
}

/** How an order's result is shown: as ordered (no result yet), done, or failed. */
export type Outcome = 'pending' | 'ok' | 'failed';

export function outcomeOf(result: OrderResult | undefined): Outcome {
  switch (result) {
    case undefined:
      return 'pending';
    case 'succeeds':
    case 'stands':
    case 'given':
    case 'available':
      return 'ok';
    case 'fails':
    case 'dislodged':
    case 'cut':
    case 'disrupted':
    case 'illegal':
    case 'invalid':
      return 'failed';
  }
}

/** One order as drawn. */
export type OrderShape =
  | {
      readonly kind: 'move' | 'retreat';
      readonly power: string;
      readonly from: Point;
      readonly to: Point;
      readonly outcome: Outcome;
    }
  | {
      /** A support or a convoy: a line from the unit to the middle of what it helps. */
      readonly kind: 'support' | 'convoy';
      readonly power: string;
      readonly from: Point;
      readonly to: Point;
      readonly outcome: Outcome;
    }
  | {
      readonly kind: 'hold' | 'build' | 'remove';
      readonly power: string;
      readonly at: Point;
      readonly outcome: Outcome;
    };

const midpoint = (a: Point, b: Point): Point => [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];

/** The shape of one order, or undefined when the map has no anchor for a place it names. */
export function orderShape(map: MapData, o: MapOrder): OrderShape | undefined {
  const outcome = outcomeOf(o.result);
  const power = o.power;
  const order = o.order;
  switch (order.kind) {
    case 'hold':
    case 'remove':
    case 'disband': {
      const at = anchorOf(map, order.unit.location);
      const kind = order.kind === 'hold' ? 'hold' : 'remove';
      return at === undefined ? undefined : { kind, power, at, outcome };
    }
    case 'build': {
      const at = anchorOf(map, order.unit.location);
      return at === undefined ? undefined : { kind: 'build', power, at, outcome };
    }
    case 'move':
    case 'retreat': {
      const from = anchorOf(map, order.unit.location);
      const to = anchorOf(map, order.to);
      if (from === undefined || to === undefined) return undefined;
      return { kind: order.kind, power, from, to, outcome };
    }
    case 'support-hold': {
      const from = anchorOf(map, order.unit.location);
      const to = anchorOf(map, order.supported.location);
      if (from === undefined || to === undefined) return undefined;
      return { kind: 'support', power, from, to, outcome };
    }
    case 'support-move':
    case 'convoy': {
      const from = anchorOf(map, order.unit.location);
      const start = anchorOf(map, order.kind === 'convoy' ? order.army : order.supported.location);
      const end = anchorOf(map, order.to);
      if (from === undefined || start === undefined || end === undefined) return undefined;
      const kind = order.kind === 'convoy' ? 'convoy' : 'support';
      return { kind, power, from, to: midpoint(start, end), outcome };
    }
    case 'waive':
      return undefined;
  }
}

/** The line from `a` to `b` with `startGap` and `endGap` cut off its ends (around the units). */
export function trim(a: Point, b: Point, startGap: number, endGap: number): [Point, Point] {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const length = Math.hypot(dx, dy);
  if (length <= startGap + endGap) return [a, b];
  const ux = dx / length;
  const uy = dy / length;
  return [
    [a[0] + ux * startGap, a[1] + uy * startGap],
    [b[0] - ux * endGap, b[1] - uy * endGap],
  ];
}

/** The head of an arrow ending at `tip`, coming from `from`: a triangle's three points. */
export function arrowHead(from: Point, tip: Point, size: number): [Point, Point, Point] {
  const dx = tip[0] - from[0];
  const dy = tip[1] - from[1];
  const length = Math.hypot(dx, dy) || 1;
  const ux = dx / length;
  const uy = dy / length;
  const bx = tip[0] - ux * size;
  const by = tip[1] - uy * size;
  const half = size * 0.55;
  return [tip, [bx - uy * half, by + ux * half], [bx + uy * half, by - ux * half]];
}

/**
 * How much to shrink each placed unit's mark so that it does not cover its neighbours: 1 where
 * the nearest other unit is at least `span` away (the standard and Pink boards everywhere),
 * down to `least` where units stand closer (Fin de Siecle's Europe on the world map).
 */
export function unitScales(points: readonly Point[], span: number, least = 0.45): number[] {
  return points.map(([x, y], i) => {
    let near = Infinity;
    points.forEach(([a, b], j) => {
      if (j !== i) near = Math.min(near, Math.hypot(a - x, b - y));
    });
    return near >= span ? 1 : Math.max(least, near / span);
  });
}
