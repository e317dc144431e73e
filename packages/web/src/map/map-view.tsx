/**
 * The map: any map drawn as SVG from its data (the map's provinces and anchors, its drawing's
 * shapes) and a board, with orders as arrows and their results. Provinces can be highlighted,
 * selected and clicked (or chosen by keyboard: each is a focusable button with the province's
 * name), and the view zooms and pans by wheel, drag, pinch and buttons.
 */
import type { MapDrawing } from '@arbiter/engine';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import {
  arrowHead,
  openingRegion,
  orderShape,
  placeCentres,
  placeUnits,
  unitScales,
  trim,
  type Board,
  type MapData,
  type MapOrder,
  type OrderShape,
  type PlacedUnit,
} from './board.js';
import { NEUTRAL, powerColours } from './colours.js';
import {
  frameAspect,
  framedView,
  markSize,
  TALLEST_FRAME,
  pan,
  reframe,
  regionView,
  sameView,
  viewBoxOf,
  zoomAt,
  zoomLevel,
  type View,
} from './zoom.js';

export interface MapViewProps {
  readonly map: MapData;
  readonly drawing: MapDrawing;
  readonly board: Board;
  /** Orders to draw as arrows, with their results once adjudicated. */
  readonly orders?: readonly MapOrder[];
  /** Provinces to light up (a unit's legal destinations, say). */
  readonly highlighted?: ReadonlySet<string>;
  /** The province chosen now, drawn with a thick outline. */
  readonly selected?: string | null;
  /** Makes provinces buttons: called with the province id on click, Enter or Space. */
  readonly onProvinceClick?: (province: string) => void;
  /** The map's accessible name. */
  readonly label: string;
  /** A picture only (a printed report): no zoom buttons, wheel or drag (a map's views stay). */
  readonly isStatic?: boolean;
  /**
   * The viewer's powers: on a map with views (`drawing.views`), the map opens on the view that
   * holds most of their units (see `openingRegion`).
   */
  readonly focus?: readonly string[];
}

const UNIT_RADIUS = 6.5;
/** Province names' size on the whole map, in the drawing's units. */
const LABEL_SIZE = 7;
/** The page's phone layout (styles.css). */
const NARROW = '(max-width: 40rem)';

/** Whether the page is laid out for a phone now (kept up to date as the window changes). */
function useNarrow(): boolean {
  const query = useMemo(
    () => (typeof window === 'undefined' ? undefined : window.matchMedia(NARROW)),
    [],
  );
  const [narrow, setNarrow] = useState(query?.matches ?? false);
  useEffect(() => {
    if (query === undefined) return undefined;
    const changed = (): void => {
      setNarrow(query.matches);
    };
    query.addEventListener('change', changed);
    return () => {
      query.removeEventListener('change', changed);
    };
  }, [query]);
  return narrow;
}

/** How far a pointer may move between down and up and still be a click, in CSS pixels. */
const CLICK_SLOP = 6;

export function MapView(props: MapViewProps) {
  const { map, drawing, board, orders = [], highlighted, selected, onProvinceClick } = props;
  // On a phone a wide map gets a taller frame than its own shape (sea above and below the whole
  // map), and a very tall map a square one (`frameAspect`), but for a picture (a printed
  // report), which shows the whole of a tall map, as long as it is, not one part of it.
  const narrow = useNarrow();
  const [, , dw, dh] = drawing.viewBox;
  const aspect = frameAspect(dw, dh, narrow, props.isStatic === true ? 0 : TALLEST_FRAME);
  const full = useMemo(() => framedView(drawing.viewBox, aspect), [drawing, aspect]);
  const lastFull = useRef(full);
  // A printed report's map has the parts' buttons too (print leaves buttons out), not zoom; a
  // part that would show no more closely than the whole map (a level of Pink II in its own
  // tall frame) is not offered.
  const regions = useMemo(
    () => (map.drawing?.views ?? []).filter((r) => !sameView(regionView(full, r.box), full)),
    [map, full],
  );
  // Opened once on the viewer's part of the map; after that the view is the reader's own.
  const [view, setView] = useState<View>(() => {
    const region = openingRegion(map, board, props.focus ?? []);
    return region === undefined ? full : regionView(full, region.box);
  });
  useEffect(() => {
    // The frame changed shape (a phone turned, a window narrowed): the same centre and zoom.
    const before = lastFull.current;
    lastFull.current = full;
    if (before !== full) setView((v) => reframe(v, before, full));
  }, [full]);
  const colours = useMemo(() => powerColours(map.powers), [map]);
  const names = useMemo(() => new Map(map.powers.map((p) => [p.id, p.name])), [map]);
  const units = useMemo(() => placeUnits(map, board), [map, board]);
  // Marks (units, centres, names, order ends) grow on screen with the square root of the zoom,
  // not the zoom itself, so zooming in on a crowded part (Fin de Siecle's Europe) parts them.
  // The zoom is against the drawing's own width, not the frame's: a level of Pink II, which
  // fills the square frame as its drawing's width, has its marks at their whole-map size.
  const mark = markSize(dw / view.width);
  const scales = useMemo(
    () =>
      unitScales(
        units.map((u) => u.at),
        (2 * UNIT_RADIUS + 1) * mark,
      ),
    [units, mark],
  );
  const centres = useMemo(() => placeCentres(map, board), [map, board]);
  const shapes = useMemo(() => orders.flatMap((o) => orderShape(map, o) ?? []), [map, orders]);
  const unitsAt = useMemo(() => {
    const m = new Map<string, PlacedUnit[]>();
    for (const u of units) {
      if (u.dislodged) continue;
      const here = m.get(u.unit.location.province);
      if (here === undefined) m.set(u.unit.location.province, [u]);
      else here.push(u);
    }
    return m;
  }, [units]);

  const svg = useRef<SVGSVGElement>(null);
  const gesture = useRef<Gesture>({ pointers: new Map(), moved: 0, pinch: undefined });

  /** The drawing point under a screen point. */
  const toDrawing = (clientX: number, clientY: number): [number, number] => {
    const el = svg.current;
    if (el === null) return [view.x + view.width / 2, view.y + view.height / 2];
    const r = el.getBoundingClientRect();
    return [
      view.x + ((clientX - r.left) / r.width) * view.width,
      view.y + ((clientY - r.top) / r.height) * view.height,
    ];
  };
  const unitsPerPixel = (): number => {
    const w = svg.current?.getBoundingClientRect().width ?? 0;
    return w > 0 ? view.width / w : 1;
  };

  const onWheel = (e: WheelEvent): void => {
    e.preventDefault();
    setView((v) => zoomAt(v, full, Math.exp(-e.deltaY * 0.002), toDrawing(e.clientX, e.clientY)));
  };
  const onPointerDown = (e: PointerEvent): void => {
    const g = gesture.current;
    g.pointers.set(e.pointerId, [e.clientX, e.clientY]);
    if (g.pointers.size === 1) g.moved = 0;
    if (g.pointers.size === 2) g.pinch = spread(g.pointers);
  };
  const onPointerMove = (e: PointerEvent): void => {
    const g = gesture.current;
    const last = g.pointers.get(e.pointerId);
    if (last === undefined) return;
    const dx = e.clientX - last[0];
    const dy = e.clientY - last[1];
    g.pointers.set(e.pointerId, [e.clientX, e.clientY]);
    g.moved += Math.hypot(dx, dy);
    if (g.pointers.size === 2 && g.pinch !== undefined) {
      const next = spread(g.pointers);
      const factor = next.distance / Math.max(1, g.pinch.distance);
      g.pinch = next;
      setView((v) => zoomAt(v, full, factor, toDrawing(next.centre[0], next.centre[1])));
    } else if (g.pointers.size === 1 && g.moved > CLICK_SLOP && zoomLevel(view, full) > 1) {
      if (!svg.current?.hasPointerCapture(e.pointerId)) {
        svg.current?.setPointerCapture(e.pointerId);
      }
      const k = unitsPerPixel();
      setView((v) => pan(v, full, -dx * k, -dy * k));
    }
  };
  const onPointerUp = (e: PointerEvent): void => {
    const g = gesture.current;
    g.pointers.delete(e.pointerId);
    if (g.pointers.size < 2) g.pinch = undefined;
  };
  const choose = (province: string): void => {
    // The end of a drag or a pinch is not a click.
    if (gesture.current.moved > CLICK_SLOP) return;
    onProvinceClick?.(province);
  };
  const onKey = (province: string) => (e: KeyboardEvent) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      onProvinceClick?.(province);
    }
  };
  const zoomBy = (factor: number): void => {
    setView((v) => zoomAt(v, full, factor, [v.x + v.width / 2, v.y + v.height / 2]));
  };

  const zoomed = zoomLevel(view, full) > 1.001;
  const interactive = onProvinceClick !== undefined;

  return (
    <figure class="map">
      {regions.length > 0 && (
        <div class="map-regions" role="group" aria-label="Parts of the map">
          {[...regions, undefined].map((r) => {
            const target = r === undefined ? full : regionView(full, r.box);
            return (
              <button
                key={r?.id ?? ''}
                type="button"
                data-region={r?.id ?? ''}
                aria-pressed={sameView(view, target)}
                onClick={() => {
                  setView(target);
                }}
              >
                {r?.name ?? 'Whole map'}
              </button>
            );
          })}
        </div>
      )}
      {props.isStatic !== true && (
        <div class="map-tools" role="group" aria-label="Zoom">
          <button
            type="button"
            onClick={() => {
              zoomBy(1.5);
            }}
            aria-label="Zoom in"
          >
            +
          </button>
          <button
            type="button"
            onClick={() => {
              zoomBy(1 / 1.5);
            }}
            aria-label="Zoom out"
          >
            −
          </button>
          <button
            type="button"
            onClick={() => {
              setView(full);
            }}
            disabled={!zoomed}
            aria-label="Show the whole map"
          >
            ⤢
          </button>
        </div>
      )}
      <svg
        ref={svg}
        class={zoomed && props.isStatic !== true ? 'map-svg zoomed' : 'map-svg'}
        viewBox={viewBoxOf(view)}
        role="group"
        aria-label={props.label}
        {...(props.isStatic === true
          ? {}
          : {
              onWheel,
              onPointerDown,
              onPointerMove,
              onPointerUp,
              onPointerCancel: onPointerUp,
            })}
      >
        <g class="provinces">
          {map.provinces.map((p) => {
            const shape = drawing.provinces[p.id];
            if (shape === undefined) return null;
            const terrain =
              p.impassable === true ? 'impassable' : p.terrain === 'sea' ? 'sea' : 'land';
            const here = unitsAt.get(p.id) ?? [];
            const owner = board.supplyCenters[p.id];
            const name = accessibleName(p.name, here, owner, names);
            const active = interactive && p.impassable !== true;
            const cls = [
              'province',
              terrain,
              highlighted?.has(p.id) === true ? 'highlighted' : '',
              selected === p.id ? 'selected' : '',
            ]
              .filter((c) => c !== '')
              .join(' ');
            return (
              <g
                key={p.id}
                class={cls}
                data-province={p.id}
                {...(p.impassable === true ? { 'data-impassable': '' } : {})}
                {...(active
                  ? {
                      role: 'button',
                      // Lower case: in SVG, attribute names are case-sensitive.
                      tabindex: 0,
                      'aria-label': name,
                      'aria-pressed': selected === p.id,
                      onClick: () => {
                        choose(p.id);
                      },
                      onKeyDown: onKey(p.id),
                    }
                  : {})}
              >
                <title>{name}</title>
                <path class="shape" d={shape.path} />
                {shape.water !== undefined && <path class="water" d={shape.water} />}
              </g>
            );
          })}
        </g>
        <g
          class="labels"
          aria-hidden="true"
          style={{ fontSize: `${(LABEL_SIZE * mark).toFixed(2)}px` }}
        >
          {map.provinces.map((p) => {
            const shape = drawing.provinces[p.id];
            if (shape?.label === undefined) return null;
            return (
              <text key={p.id} x={shape.label[0]} y={shape.label[1]}>
                {shape.text ?? p.id}
              </text>
            );
          })}
        </g>
        <g class="centres" aria-hidden="true">
          {centres.map((c) => (
            <circle
              key={c.province}
              data-centre={c.province}
              data-owner={c.owner ?? ''}
              cx={c.at[0]}
              cy={c.at[1]}
              r={3.4 * mark}
              fill={c.owner === undefined ? NEUTRAL : (colours.get(c.owner) ?? NEUTRAL)}
            />
          ))}
        </g>
        <g class="orders" aria-hidden="true">
          {shapes.map((s, i) => (
            <OrderMark key={i} shape={s} colour={colours.get(s.power) ?? '#333'} size={mark} />
          ))}
        </g>
        <g class="units" aria-hidden="true">
          {units.map((u, i) => (
            <UnitMark
              key={u.unit.id ?? `${u.unit.location.province}${u.dislodged ? '!' : ''}${i}`}
              placed={u}
              scale={(scales[i] ?? 1) * mark}
              colour={colours.get(u.unit.power) ?? '#333'}
            />
          ))}
        </g>
      </svg>
    </figure>
  );
}

interface Gesture {
  readonly pointers: Map<number, [number, number]>;
  /** How far the pointer travelled since it went down, in CSS pixels. */
  moved: number;
  pinch: { distance: number; centre: [number, number] } | undefined;
}

function spread(pointers: ReadonlyMap<number, [number, number]>): {
  distance: number;
  centre: [number, number];
} {
  const [a, b] = [...pointers.values()];
  if (a === undefined || b === undefined) return { distance: 1, centre: [0, 0] };
  return {
    distance: Math.hypot(a[0] - b[0], a[1] - b[1]),
    centre: [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2],
  };
}

/**
 * "Paris: French army, French centre" — what a screen reader says for a province; every unit in a
 * shared space, and a Pink unit's strength below full ("French army at half strength").
 */
function accessibleName(
  name: string,
  units: readonly PlacedUnit[],
  owner: string | undefined,
  names: ReadonlyMap<string, string>,
): string {
  const parts: string[] = [];
  for (const unit of units) {
    const type = unit.unit.type === 'army' ? 'army' : 'fleet';
    const coast = unit.unit.location.coast === undefined ? '' : ` (${unit.unit.location.coast})`;
    const strength =
      unit.strength === undefined
        ? ''
        : unit.strength === 'half'
          ? ' at half strength'
          : ' (unsupplied)';
    parts.push(`${names.get(unit.unit.power) ?? unit.unit.power} ${type}${coast}${strength}`);
  }
  if (owner !== undefined) parts.push(`centre of ${names.get(owner) ?? owner}`);
  return parts.length === 0 ? name : `${name}: ${parts.join(', ')}`;
}

function UnitMark({
  placed,
  scale,
  colour,
}: {
  readonly placed: PlacedUnit;
  /** Below 1 where units stand close together (see `unitScales`). */
  readonly scale: number;
  readonly colour: string;
}) {
  const [x, y] = placed.at;
  const { unit } = placed;
  const cls = placed.dislodged ? 'unit dislodged' : 'unit';
  const common = {
    class: cls,
    'data-unit': unit.type,
    'data-power': unit.power,
    'data-location': unit.location.province,
  };
  const letter = unit.type === 'army' ? 'A' : 'F';
  // Pink Diplomacy: a half-strength unit is half filled, an unsupplied one an empty ring; the
  // accessible name says it in words.
  const strength = placed.strength;
  return (
    <g
      {...common}
      {...(strength === undefined ? {} : { 'data-strength': strength })}
      transform={`translate(${x} ${y})${scale < 1 ? ` scale(${scale.toFixed(2)})` : ''}`}
    >
      {unit.type === 'army' ? (
        strength === undefined ? (
          <circle r={UNIT_RADIUS} fill={colour} />
        ) : (
          <>
            <circle r={UNIT_RADIUS} fill="#fff" style={{ stroke: colour, strokeWidth: 2 }} />
            {strength === 'half' && (
              <path
                d={`M${-UNIT_RADIUS},0 A${UNIT_RADIUS},${UNIT_RADIUS} 0 0 0 ${UNIT_RADIUS},0 Z`}
                fill={colour}
              />
            )}
          </>
        )
      ) : (
        // A hull: flat deck, pointed bow and stern, unlike the army's disc.
        <path d="M-9,-4.5 H9 L5.5,5 H-5.5 Z" fill={colour} />
      )}
      <text
        class={strength === undefined ? 'unit-letter' : 'unit-letter reduced'}
        y={unit.type === 'army' ? 2.8 : 2.6}
      >
        {letter}
      </text>
    </g>
  );
}

function OrderMark({
  shape,
  colour,
  size,
}: {
  readonly shape: OrderShape;
  readonly colour: string;
  /** The marks' size at this zoom (`markSize`). */
  readonly size: number;
}) {
  const r = UNIT_RADIUS * size;
  const failed = shape.outcome === 'failed';
  const cls = `order ${shape.kind} ${shape.outcome}`;
  switch (shape.kind) {
    case 'move':
    case 'retreat':
    case 'support':
    case 'convoy': {
      const endGap = shape.kind === 'move' || shape.kind === 'retreat' ? r + size : 2 * size;
      const arrow = shape.kind === 'move' || shape.kind === 'retreat';
      const [a, tip] = trim(shape.from, shape.to, r + size, endGap);
      const head = arrowHead(a, tip, 5 * size);
      // The line stops where the head begins, so the head's point stays sharp.
      const b = arrow
        ? ([(head[1][0] + head[2][0]) / 2, (head[1][1] + head[2][1]) / 2] as const)
        : tip;
      const style = { stroke: colour };
      return (
        <g class={cls} data-order={shape.kind} data-outcome={shape.outcome}>
          <line class="halo" x1={a[0]} y1={a[1]} x2={b[0]} y2={b[1]} />
          <line x1={a[0]} y1={a[1]} x2={b[0]} y2={b[1]} style={style} />
          {arrow ? (
            <polygon
              class="head"
              points={head.map((p) => p.join(',')).join(' ')}
              style={{ fill: colour }}
            />
          ) : (
            <circle class="end" cx={b[0]} cy={b[1]} r={1.8 * size} style={{ fill: colour }} />
          )}
          {failed && (
            <Cross at={arrow ? tip : [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2]} size={size} />
          )}
        </g>
      );
    }
    case 'hold':
      return (
        <g class={cls} data-order="hold" data-outcome={shape.outcome}>
          <circle cx={shape.at[0]} cy={shape.at[1]} r={r + 3 * size} style={{ stroke: colour }} />
          {failed && <Cross at={[shape.at[0] + 8 * size, shape.at[1] - 8 * size]} size={size} />}
        </g>
      );
    case 'build':
    case 'remove':
      return (
        <g class={cls} data-order={shape.kind} data-outcome={shape.outcome}>
          <circle cx={shape.at[0]} cy={shape.at[1]} r={r + 3 * size} style={{ stroke: colour }} />
          {(shape.kind === 'remove' || failed) && <Cross at={shape.at} size={size} />}
        </g>
      );
  }
}

/** The mark of a failed order: a red cross with a white edge, legible on any colour. */
function Cross({ at, size }: { readonly at: readonly [number, number]; readonly size: number }) {
  const h = 3.5 * size;
  const d = `M${at[0] - h},${at[1] - h} l${2 * h},${2 * h} m0,${-2 * h} l${-2 * h},${2 * h}`;
  return (
    <g class="cross">
      <path class="cross-halo" d={d} />
      <path class="cross-line" d={d} />
    </g>
  );
}
