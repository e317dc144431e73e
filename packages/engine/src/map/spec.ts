/**
 * The map format: a map is plain JSON data (`MapSpec`), validated and compiled into a `GameMap`.
 * The format is documented in docs/map-format.md.
 */
import type { Power } from '../types.js';

export type ProvinceTerrain = 'land' | 'sea' | 'coast';
/** Who may cross an adjacency: armies, fleets, or both. */
export type Passage = 'army' | 'fleet' | 'both';

export interface PowerSpec {
  readonly id: Power;
  readonly name: string;
  readonly adjective?: string;
  /** Fin de Siecle's classes: a major power has more diplomacy and buys dip supports. */
  readonly class?: 'major' | 'minor';
}

export interface ProvinceSpec {
  readonly id: string;
  readonly name: string;
  /** Other names players write for it (`gol` for `lyo`, `norwegian`...); matched case-insensitively. */
  readonly aliases?: readonly string[];
  readonly terrain: ProvinceTerrain;
  /** Split coasts (`nc`, `sc`, ...): fleets stand on a coast, never on the whole province. */
  readonly coasts?: readonly string[];
  /** A supply centre; `capacity` is for variants whose centres hold a quantity (Pink Diplomacy). */
  readonly supplyCenter?: boolean | { readonly capacity: number };
  /** The power whose home centre this is. */
  readonly home?: Power;
  /** No unit may enter (Switzerland). */
  readonly impassable?: boolean;
  /** An ocean (Fin de Siecle): a sea the rule modules treat apart; only on `sea` terrain. */
  readonly ocean?: boolean;
  /**
   * The letter the province's name begins with, one capital `A`-`Z` (Pink Diplomacy rule 11:
   * the map gives each province a letter and the players name it).
   */
  readonly letter?: string;
}

export interface StartingUnitSpec {
  readonly power: Power;
  readonly type: 'A' | 'F';
  /** A location key: `par`, `stp/sc`. */
  readonly location: string;
}

/** Where the drawing puts things, in the drawing's own coordinates. */
export interface DrawingSpec {
  readonly file?: string;
  readonly attribution?: string;
  readonly viewBox?: readonly [number, number, number, number];
  /**
   * The map's drawing document (`MapDrawing`: the province shapes), named by its file beside
   * the map (`standard-drawing.json`); `loadMapDrawing` fetches it. Kept apart from the map so
   * the rules never carry the shapes, and a page loads them once, as a file of their own.
   */
  readonly shapes?: string;
  /** Location key (`par`, `spa/nc`) to the point where a unit is drawn. */
  readonly unitAnchors?: Readonly<Record<string, readonly [number, number]>>;
  /** Province id to the point where its supply-centre marker is drawn. */
  readonly supplyCenterAnchors?: Readonly<Record<string, readonly [number, number]>>;
  /**
   * Parts of a large drawing a page offers to show at once (Fin de Siecle's Europe, whose
   * spaces are too small to read or click on the whole world). A page opens on the one that
   * holds most of the viewer's units, the first when it has none there or the viewer none.
   */
  readonly views?: readonly MapRegion[];
}

/** A named part of a drawing, for a page to show (see `DrawingSpec.views`). */
export interface MapRegion {
  /** Unique among the drawing's views: `europe`. */
  readonly id: string;
  /** What a button says: `Europe`. */
  readonly name: string;
  /** The box to fit on screen, `[x, y, width, height]`, inside the drawing's viewBox. */
  readonly box: readonly [number, number, number, number];
}

export interface MapSpec {
  readonly id: string;
  readonly name: string;
  readonly attribution?: string;
  readonly powers: readonly PowerSpec[];
  readonly provinces: readonly ProvinceSpec[];
  /** Undirected edges between location keys, with who may cross them. */
  readonly adjacencies: readonly (readonly [string, string, Passage])[];
  readonly startingUnits: readonly StartingUnitSpec[];
  /** Centres a power needs for a solo; by default more than half of all supply centres. */
  readonly victoryCenters?: number;
  readonly startYear?: number;
  readonly drawing?: DrawingSpec;
}

/** One province as drawn: its outline, any water drawn inside it, and its name label. */
export interface ProvinceShape {
  /**
   * SVG path data in the drawing's coordinates. A province drawn in several pieces (the two
   * halves of a split-coast province) has several subpaths; an open subpath is filled as if
   * closed but its closing edge is not stroked, so the line between two halves stays undrawn.
   */
  readonly path: string;
  /** Water art inside a land province (a strait or canal), drawn over it. */
  readonly water?: string;
  /** Where the province's label is written, and what it says (`NWG`, `Lvp`). */
  readonly label?: readonly [number, number];
  readonly text?: string;
}

/**
 * A map's drawing: the shapes of its provinces keyed by province id, in the coordinates of the
 * map's `drawing.viewBox` (where its unit and supply-centre anchors are too). Drawings are often
 * under a licence of their own, so the document carries its attribution.
 */
export interface MapDrawing {
  /** The map's id. */
  readonly map: string;
  /** The credit line to show wherever the drawing is shown. */
  readonly attribution: string;
  readonly licence?: string;
  /** What was changed from the source drawing (licences such as CC BY-SA ask for it). */
  readonly changes?: string;
  readonly viewBox: readonly [number, number, number, number];
  readonly provinces: Readonly<Record<string, ProvinceShape>>;
}
