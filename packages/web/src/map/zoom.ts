/**
 * Zoom and pan as pure arithmetic on the SVG's view box: the component keeps a `View` and asks
 * these functions for the next one, so the gestures (wheel, drag, pinch, buttons) share one
 * set of rules and are tested without a browser.
 */

/** The visible part of the drawing, in its coordinates. */
export interface View {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** The closest zoom: a tenth of the drawing's width. */
export const MAX_ZOOM = 10;

/** The widest a map's frame is on a phone (width / height): the standard map's is about 1.09. */
export const PHONE_FRAME = 1.1;
/**
 * The tallest a map's frame is (width / height). A taller drawing, Pink II's three boards
 * stacked (600 × 1848), is framed square with sea beside it, so the map stays beside the order
 * menu instead of running three screens down the page; its views (one a level) fill the frame.
 */
export const TALLEST_FRAME = 1;

/**
 * The proportions (width / height) of the frame a drawing of `width` × `height` is shown in:
 * its own, but on a phone (`narrow`) no wider than `PHONE_FRAME`, so that a part zoomed into
 * fills more of the small screen, and never taller than `tallest` (0: as tall as it is).
 */
export function frameAspect(
  width: number,
  height: number,
  narrow: boolean,
  tallest = TALLEST_FRAME,
): number {
  const own = width / height;
  return Math.max(tallest, narrow ? Math.min(own, PHONE_FRAME) : own);
}

/**
 * The whole drawing as shown in a frame of proportions `aspect` (width / height): the drawing's
 * view box, widened or heightened about its centre to those proportions (the extra shows the
 * map's background, sea). A phone gives a wide world map a taller frame than its own shape, so
 * that a zoomed-in part fills more of the screen.
 */
export function framedView(
  viewBox: readonly [number, number, number, number],
  aspect: number,
): View {
  const [x, y, width, height] = viewBox;
  if (Math.abs(width / height - aspect) < 1e-9) return { x, y, width, height };
  if (width / height > aspect) {
    const h = width / aspect;
    return { x, y: y - (h - height) / 2, width, height: h };
  }
  const w = height * aspect;
  return { x: x - (w - width) / 2, y, width: w, height };
}

/**
 * `view`, seen in `from`, moved to `to` (the frame changed shape: a phone turned): the same
 * centre and zoom level, inside `to`.
 */
export function reframe(view: View, from: View, to: View): View {
  return centredView(to, zoomLevel(view, from), view.x + view.width / 2, view.y + view.height / 2);
}

/** The view at zoom `level` of `full` centred on the drawing point (`cx`, `cy`), inside `full`. */
function centredView(full: View, level: number, cx: number, cy: number): View {
  const width = full.width / level;
  const height = full.height / level;
  return clamp({ x: cx - width / 2, y: cy - height / 2, width, height }, full);
}

/** How far in `view` is zoomed (1 = the whole drawing). */
export function zoomLevel(view: View, full: View): number {
  return full.width / view.width;
}

/**
 * Zooms by `factor` (above 1: closer) keeping the drawing point `at` where it is on screen,
 * clamped between the whole drawing and `MAX_ZOOM`.
 */
export function zoomAt(
  view: View,
  full: View,
  factor: number,
  at: readonly [number, number],
): View {
  const level = Math.min(MAX_ZOOM, Math.max(1, zoomLevel(view, full) * factor));
  const width = full.width / level;
  const height = full.height / level;
  const [px, py] = at;
  const fx = (px - view.x) / view.width;
  const fy = (py - view.y) / view.height;
  return clamp({ x: px - fx * width, y: py - fy * height, width, height }, full);
}

/**
 * The view that shows `box` (`[x, y, width, height]`, a region of the drawing) as large as it
 * fits: centred on it, at the whole drawing's proportions (so the map keeps its size on the
 * page), zoomed between the whole drawing and `MAX_ZOOM`, inside the drawing.
 */
export function regionView(full: View, box: readonly [number, number, number, number]): View {
  const [x, y, w, h] = box;
  const fit = Math.min(full.width / Math.max(w, 1e-9), full.height / Math.max(h, 1e-9));
  return centredView(full, Math.min(MAX_ZOOM, Math.max(1, fit)), x + w / 2, y + h / 2);
}

/** Whether two views show the same part of the drawing (to a hundredth of a unit). */
export function sameView(a: View, b: View): boolean {
  const near = (p: number, q: number): boolean => Math.abs(p - q) < 0.01;
  return near(a.x, b.x) && near(a.y, b.y) && near(a.width, b.width) && near(a.height, b.height);
}

/**
 * How large the map's marks are drawn at a zoom level, against their size on the whole map:
 * one over the square root of the level, in steps of a quarter level (so a wheel's many small
 * steps do not each work out the units' spacing afresh).
 */
export function markSize(level: number): number {
  return 1 / Math.sqrt(Math.max(1, Math.round(level * 4) / 4));
}

/** Moves the view by `dx`, `dy` drawing units, never past the drawing's edges. */
export function pan(view: View, full: View, dx: number, dy: number): View {
  return clamp({ ...view, x: view.x + dx, y: view.y + dy }, full);
}

/** Keeps the view inside the drawing. */
export function clamp(view: View, full: View): View {
  const x = Math.min(Math.max(view.x, full.x), full.x + full.width - view.width);
  const y = Math.min(Math.max(view.y, full.y), full.y + full.height - view.height);
  return { ...view, x, y };
}

/** The view box attribute of a view. */
export function viewBoxOf(view: View): string {
  const r = (n: number): number => Math.round(n * 100) / 100;
  return `${r(view.x)} ${r(view.y)} ${r(view.width)} ${r(view.height)}`;
}
