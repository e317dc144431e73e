// Builds the Fin de Siecle world of 1880: packages/engine/src/maps/fin-de-siecle.json (the map)
// and fin-de-siecle-drawing.json (the shapes), from data/maps/fin-de-siecle/ (the spaces, with
// seed points, and the adjacency table, which is the authority) and the Natural Earth 1:110m
// land (world-atlas, public domain). Deterministic and offline.
//
// Usage: node scripts/build-fds-map.mjs [--check | --suggest]
//   --check    regenerate in memory; exit 1 if the committed files differ or the geometry
//              contradicts the adjacency table
//   --suggest  print an adjacency table read off the geometry (to start or review the table)
//
// How the drawing is made: the land is projected (Mercator, 76°N to 56°S, the seam in the
// Bering Strait at 169°W), each space is the union of the Voronoi cells of its seed points, cut
// to land for land spaces and to water for seas; the spaces are then painted on a grid to find
// which ones touch, and every adjacency the table lists must touch on the drawing (the ocean
// network's links excepted, marked `long`). Touching spaces the table does not join are
// reported too. docs/maps/fin-de-siecle.md describes the design.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Delaunay } from 'd3-delaunay';
import polygonClipping from 'polygon-clipping';
import polylabel from 'polylabel';
import { feature } from 'topojson-client';

const root = fileURLToPath(new URL('..', import.meta.url));
const src = `${root}data/maps/fin-de-siecle/`;
const mapOut = `${root}packages/engine/src/maps/fin-de-siecle.json`;
const drawingOut = `${root}packages/engine/src/maps/fin-de-siecle-drawing.json`;
const mode = process.argv[2] ?? '';

const data = JSON.parse(readFileSync(`${src}spaces.json`, 'utf8'));
const land110 = JSON.parse(readFileSync(`${root}node_modules/world-atlas/land-110m.json`, 'utf8'));

// ---- Projection: Mercator, 1000 wide, the seam at 169°W, cropped to 76°N..56°S.
const W = 1000;
const SEAM = -169;
const S = W / (2 * Math.PI);
const merc = (lat) => Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360));
const Y0 = S * merc(76);
const H = Math.round(Y0 - S * merc(-56));
const wrapLon = (lon) => (lon < SEAM ? lon + 360 : lon);
const project = ([lon, lat]) => [
  ((wrapLon(lon) - SEAM) / 360) * W,
  Y0 - S * merc(Math.max(-80, Math.min(84, lat))),
];
const RECT = [
  [
    [0, 0],
    [W, 0],
    [W, H],
    [0, H],
    [0, 0],
  ],
];

// ---- Land: the atlas's polygons, each moved whole to its side of the seam, then cut to the frame.
const ringArea = (ring) => {
  let a = 0;
  for (let i = 0; i + 1 < ring.length; i++)
    a += ring[i][0] * ring[i + 1][1] - ring[i + 1][0] * ring[i][1];
  return a / 2;
};
const polyArea = (poly) =>
  poly.reduce((s, r, i) => s + (i === 0 ? 1 : -1) * Math.abs(ringArea(r)), 0);

function landPolygons() {
  const polys = [];
  for (const f of feature(land110, land110.objects.land).features) {
    const g = f.geometry;
    for (const poly of g.type === 'Polygon' ? [g.coordinates] : g.coordinates) {
      if (Math.max(...poly[0].map((p) => p[1])) < -58) continue; // Antarctica
      // A polygon across the seam goes whole to the side of most of its points.
      const west = poly[0].filter((p) => p[0] < SEAM).length * 2 > poly[0].length;
      const shift = (lon) =>
        west ? (lon < SEAM + 180 ? lon + 360 : lon) : lon < SEAM ? lon + 360 : lon;
      polys.push(
        poly.map((ring) =>
          ring.map(([lon, lat]) => {
            const [, y] = project([0, lat]);
            return [((shift(lon) - SEAM) / 360) * W, y];
          }),
        ),
      );
    }
  }
  return polys;
}

function disc([lon, lat], r) {
  const ring = [];
  for (let i = 0; i < 16; i++) {
    const t = (i / 16) * 2 * Math.PI;
    ring.push(project([lon + r * Math.cos(t), lat + r * Math.sin(t) * 0.8]));
  }
  ring.push(ring[0]);
  return [ring];
}

const pointInRing = ([x, y], ring) => {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i];
    const [xj, yj] = ring[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
};
const pointInPoly = (p, poly) =>
  pointInRing(p, poly[0]) && !poly.slice(1).some((h) => pointInRing(p, h));

const spaces = data.spaces;
const isLandKind = (k) => k === 'land' || k === 'impassable';
const isles = spaces.filter((s) => s.isle !== undefined);
let land = polygonClipping.intersection(
  polygonClipping.union(...landPolygons(), ...isles.map((s) => disc(s.seeds[0], s.isle))),
  RECT,
);
// Specks of land smaller than a few pixels (the Azores, the Canaries) are left to the sea.
land = land.filter((poly) => polyArea(poly) >= 3);
// Islands the design leaves out (Kerguelen, in the open Indian Ocean).
const dropped = (data.drop ?? []).map(project);
land = land.filter((poly) => !dropped.some((p) => pointInPoly(p, poly)));
const water = polygonClipping.difference(RECT, land);

// ---- Spaces: unions of Voronoi cells of their seeds, cut to land or water.
function cells(kindTest, within) {
  const owners = [];
  const points = [];
  for (const s of spaces) {
    if (!kindTest(s.kind)) continue;
    for (const seed of s.seeds) {
      owners.push(s.id);
      points.push(project(seed));
    }
  }
  const voronoi = Delaunay.from(points).voronoi([-1, -1, W + 1, H + 1]);
  const byId = new Map();
  owners.forEach((id, i) => {
    const cell = voronoi.cellPolygon(i);
    if (cell === null) return;
    const list = byId.get(id) ?? [];
    list.push([cell]);
    byId.set(id, list);
  });
  const out = new Map();
  for (const [id, list] of byId) {
    out.set(id, polygonClipping.intersection(polygonClipping.union(...list), within));
  }
  return out;
}
const shapes = new Map([...cells(isLandKind, land), ...cells((k) => !isLandKind(k), water)]);
for (const s of spaces) {
  if ((shapes.get(s.id) ?? []).length === 0) throw new Error(`space ${s.id} has no shape`);
}

// ---- The grid: every space painted on it, to see which touch and where.
const R = 2; // cells per drawing unit
const GW = W * R;
const GH = H * R;
const grid = new Int16Array(GW * GH).fill(-1);
const index = new Map(spaces.map((s, i) => [s.id, i]));
function paint(id, mp) {
  const label = index.get(id);
  for (const poly of mp) {
    const edges = [];
    for (const ring of poly)
      for (let i = 0; i + 1 < ring.length; i++) edges.push([ring[i], ring[i + 1]]);
    const ys = poly[0].map((p) => p[1]);
    const y0 = Math.max(0, Math.floor(Math.min(...ys) * R));
    const y1 = Math.min(GH - 1, Math.ceil(Math.max(...ys) * R));
    for (let gy = y0; gy <= y1; gy++) {
      const y = (gy + 0.5) / R;
      const xs = [];
      for (const [[xa, ya], [xb, yb]] of edges) {
        if (ya > y !== yb > y) xs.push(xa + ((y - ya) * (xb - xa)) / (yb - ya));
      }
      xs.sort((a, b) => a - b);
      for (let k = 0; k + 1 < xs.length; k += 2) {
        const from = Math.max(0, Math.ceil(xs[k] * R - 0.5));
        const to = Math.min(GW - 1, Math.floor(xs[k + 1] * R - 0.5));
        for (let gx = from; gx <= to; gx++) grid[gy * GW + gx] = label;
      }
    }
  }
}
for (const s of spaces) paint(s.id, shapes.get(s.id));

const kind = (i) => spaces[i].kind;
const isWater = (i) => !isLandKind(kind(i));
const pairKey = (a, b) => (a < b ? `${a},${b}` : `${b},${a}`);
const touching = new Map(); // "i,j" -> contacts
const coastal = new Map(); // land pair "i,j" -> Set of seas at their border
const shore = new Map(); // "land,sea" -> [sum x, sum y, n] of the land's grid cells on that sea
const at = (gx, gy) => grid[gy * GW + ((gx + GW) % GW)];
for (let gy = 0; gy < GH; gy++) {
  for (let gx = 0; gx < GW; gx++) {
    const a = at(gx, gy);
    if (a < 0) continue;
    for (const [dx, dy] of [
      [1, 0],
      [0, 1],
    ]) {
      if (gy + dy >= GH) continue;
      const b = at(gx + dx, gy + dy); // wraps east-west: the Bering Sea and the Pacific
      if (b < 0 || b === a) continue;
      const k = pairKey(a, b);
      touching.set(k, (touching.get(k) ?? 0) + 1);
      if (!isWater(a) && !isWater(b)) {
        for (let ey = -2; ey <= 2; ey++) {
          for (let ex = -2; ex <= 2; ex++) {
            if (gy + ey < 0 || gy + ey >= GH) continue;
            const c = at(gx + ex, gy + ey);
            if (c >= 0 && isWater(c) && !kind(c).startsWith('impassable')) {
              const set = coastal.get(k) ?? new Set();
              set.add(c);
              coastal.set(k, set);
            }
          }
        }
      } else if (isWater(a) !== isWater(b)) {
        const [l, w, lx, ly] = isWater(a) ? [b, a, gx + dx, gy + dy] : [a, b, gx, gy];
        const sk = `${l},${w}`;
        const acc = shore.get(sk) ?? [0, 0, 0];
        acc[0] += ((lx + GW) % GW) + 0.5;
        acc[1] += ly + 0.5;
        acc[2] += 1;
        shore.set(sk, acc);
      }
    }
  }
}
const MIN_CONTACT = 6;
const touches = (a, b) => (touching.get(pairKey(index.get(a), index.get(b))) ?? 0) >= MIN_CONTACT;

// ---- Suggest: the adjacency table the geometry implies.
const passable = (s) => !s.kind.startsWith('impassable');
const coastOf = (s, sea) => {
  if (s.coasts === undefined) return s.id;
  for (const [c, seas] of Object.entries(s.coasts)) if (seas.includes(sea)) return `${s.id}/${c}`;
  return undefined;
};
if (mode === '--suggest') {
  const lines = [];
  const pairs = [...touching.entries()]
    .filter(([, n]) => n >= MIN_CONTACT)
    .map(([k]) => k.split(',').map(Number))
    .sort((x, y) => x[0] - y[0] || x[1] - y[1]);
  for (const [i, j] of pairs) {
    const a = spaces[i];
    const b = spaces[j];
    if (!passable(a) || !passable(b)) continue;
    if (isWater(i) && isWater(j)) lines.push(`${a.id} ${b.id} fleet`);
    else if (isWater(i) || isWater(j)) {
      const [l, w] = isWater(i) ? [b, a] : [a, b];
      if (w.kind === 'ocean') lines.push(`# LAND-OCEAN ${l.id} ${w.id}`);
      const loc = coastOf(l, w.id);
      lines.push(loc === undefined ? `# NO COAST ${l.id} ${w.id}` : `${loc} ${w.id} fleet`);
    } else {
      const seas = [...(coastal.get(pairKey(i, j)) ?? [])].map((c) => spaces[c].id);
      const shared = seas.filter((s) => touches(a.id, s) && touches(b.id, s));
      if (shared.length === 0) lines.push(`${a.id} ${b.id} army`);
      else if (a.coasts === undefined && b.coasts === undefined) lines.push(`${a.id} ${b.id} both`);
      else {
        lines.push(`${a.id} ${b.id} army`);
        const done = new Set();
        for (const s of shared) {
          const la = coastOf(a, s);
          const lb = coastOf(b, s);
          if (la === undefined || lb === undefined || done.has(`${la} ${lb}`)) continue;
          done.add(`${la} ${lb}`);
          lines.push(`${la} ${lb} fleet`);
        }
      }
    }
  }
  const oceans = spaces.filter((s) => s.kind === 'ocean');
  for (let i = 0; i < oceans.length; i++)
    for (let j = i + 1; j < oceans.length; j++)
      if (!touches(oceans[i].id, oceans[j].id))
        lines.push(`${oceans[i].id} ${oceans[j].id} fleet long`);
  console.log(lines.join('\n'));
  process.exit(0);
}

// ---- The adjacency table.
const table = readFileSync(`${src}adjacencies.txt`, 'utf8')
  .split('\n')
  .map((line) => line.replace(/#.*/, '').trim())
  .filter((line) => line !== '')
  .map((line) => {
    const [a, b, passage, flag] = line.split(/\s+/);
    return { a, b, passage, long: flag === 'long' };
  });

const problems = [];
const province = (loc) => loc.split('/')[0];
const listed = new Set();
for (const e of table) {
  const pa = province(e.a);
  const pb = province(e.b);
  if (!index.has(pa) || !index.has(pb)) {
    problems.push(`${e.a}-${e.b}: unknown space`);
    continue;
  }
  listed.add(pairKey(index.get(pa), index.get(pb)));
  const touch = touches(pa, pb);
  if (!touch && !e.long) problems.push(`${e.a}-${e.b} is listed but the shapes do not touch`);
  if (touch && e.long) problems.push(`${e.a}-${e.b} is marked long but the shapes touch`);
  if (e.long && !(spaces[index.get(pa)].kind === 'ocean' && spaces[index.get(pb)].kind === 'ocean'))
    problems.push(`${e.a}-${e.b}: only the ocean network may have long links`);
}
for (const [k, n] of touching) {
  if (n < MIN_CONTACT || listed.has(k)) continue;
  const [i, j] = k.split(',').map(Number);
  if (!passable(spaces[i]) || !passable(spaces[j])) continue;
  problems.push(`${spaces[i].id}-${spaces[j].id} touch on the drawing but are not adjacent`);
}
for (const s of spaces.filter((x) => x.kind === 'ocean')) {
  for (const e of table) {
    const other =
      province(e.a) === s.id ? province(e.b) : province(e.b) === s.id ? province(e.a) : undefined;
    if (other !== undefined && isLandKind(spaces[index.get(other)].kind))
      problems.push(`${e.a}-${e.b}: an ocean borders only seas and oceans`);
  }
}

// ---- The map.
const fleetEdge = new Set();
for (const e of table) {
  if (e.passage !== 'army') {
    fleetEdge.add(province(e.a));
    fleetEdge.add(province(e.b));
  }
}
const r1 = (v) => Math.round(v * 10) / 10;
const pt = ([x, y]) => [r1(x), r1(y)];
const provinces = spaces.map((s) => {
  const p = { id: s.id, name: s.name };
  if (s.aliases !== undefined) p.aliases = s.aliases;
  if (isLandKind(s.kind)) p.terrain = fleetEdge.has(s.id) ? 'coast' : 'land';
  else p.terrain = 'sea';
  if (s.coasts !== undefined) p.coasts = Object.keys(s.coasts);
  if (s.sc === true) p.supplyCenter = true;
  if (s.home !== undefined) p.home = s.home;
  if (s.kind.startsWith('impassable')) p.impassable = true;
  if (s.kind === 'ocean') p.ocean = true;
  return p;
});

// Anchors: units at each space's pole of inaccessibility (its largest piece), split coasts on
// their own shore, centres and labels beside the unit.
const largest = (mp) => mp.reduce((best, poly) => (polyArea(poly) > polyArea(best) ? poly : best));
const unitAnchors = {};
const supplyCenterAnchors = {};
const labels = {};
for (const s of spaces) {
  const poly = largest(shapes.get(s.id));
  const pole = polylabel(poly, 0.2);
  const [px, py] = [pole[0], pole[1]];
  labels[s.id] = pt([px, py - 4]);
  if (s.kind.startsWith('impassable')) continue;
  unitAnchors[s.id] = pt([px, py + 2]);
  if (s.sc === true) supplyCenterAnchors[s.id] = pt(pointNear(poly, [px + 6, py + 4], [px, py]));
  for (const [c, seas] of Object.entries(s.coasts ?? {})) {
    let sx = 0;
    let sy = 0;
    let n = 0;
    for (const sea of seas) {
      const acc = shore.get(`${index.get(s.id)},${index.get(sea)}`);
      if (acc === undefined) continue;
      sx += acc[0];
      sy += acc[1];
      n += acc[2];
    }
    if (n === 0) throw new Error(`${s.id}/${c} touches none of ${seas.join(' ')}`);
    const shoreAt = [sx / n / R, sy / n / R];
    unitAnchors[`${s.id}/${c}`] = pt(
      pointNear(poly, [(shoreAt[0] * 2 + px) / 3, (shoreAt[1] * 2 + py) / 3], [px, py]),
    );
  }
}
/** The point on the way from `want` to `home` nearest `want` that lies inside the polygon. */
function pointNear(poly, want, home) {
  for (let t = 0; t <= 1; t += 0.1) {
    const p = [want[0] + (home[0] - want[0]) * t, want[1] + (home[1] - want[1]) * t];
    if (pointInPoly(p, poly)) return p;
  }
  return home;
}

const attribution =
  'Coastlines from Natural Earth (1:110m land, via world-atlas), public domain. Spaces designed and drawn by the Arbiter project.';
const spec = {
  id: 'fin-de-siecle',
  name: 'Fin de Siecle: the world of 1880',
  attribution:
    'Designed by the Arbiter project after the Fin de Siecle rules by Paul Barker (gp38); coastlines from Natural Earth (public domain).',
  powers: data.powers,
  provinces,
  adjacencies: table.map((e) => [e.a, e.b, e.passage]),
  startingUnits: spaces
    .filter((s) => s.home !== undefined)
    .map((s) => ({ power: s.home, type: 'A', location: s.id })),
  startYear: 1880,
  drawing: {
    attribution,
    viewBox: [0, 0, W, H],
    shapes: 'fin-de-siecle-drawing.json',
    unitAnchors,
    supplyCenterAnchors,
    // The parts a page offers to show at once: on the whole world Europe's spaces are a few
    // pixels wide. Europe first: a page opens there unless the viewer's units are elsewhere.
    views: [
      { id: 'europe', name: 'Europe', box: [440, 100, 170, 150] },
      { id: 'americas', name: 'Americas', box: [0, 70, 430, 440] },
      { id: 'africa', name: 'Africa', box: [400, 230, 260, 280] },
      { id: 'asia', name: 'Asia and the Pacific', box: [600, 80, 400, 420] },
    ],
  },
};

const pathOf = (mp) => {
  const parts = [];
  for (const poly of mp) {
    for (const ring of poly) {
      const pts = [];
      for (const p of ring.slice(0, -1)) {
        const [x, y] = pt(p);
        const last = pts[pts.length - 1];
        if (last === undefined || last[0] !== x || last[1] !== y) pts.push([x, y]);
      }
      if (pts.length >= 3) parts.push(`M${pts.map(([x, y]) => `${x},${y}`).join(' ')}Z`);
    }
  }
  return parts.join('');
};
const drawing = {
  map: 'fin-de-siecle',
  attribution,
  licence: 'public domain (Natural Earth); the design: the Arbiter project',
  changes:
    'Natural Earth 1:110m land, Mercator from 76°N to 56°S with the seam at 169°W; specks under 3 square units dropped; four Pacific isles drawn as discs; land and water cut into spaces by the Voronoi cells of seed points (scripts/build-fds-map.mjs).',
  viewBox: [0, 0, W, H],
  provinces: Object.fromEntries(
    spaces.map((s) => [
      s.id,
      { path: pathOf(shapes.get(s.id)), label: labels[s.id], text: s.id.toUpperCase() },
    ]),
  ),
};

const json = (v) => `${JSON.stringify(v, null, 2)}\n`;
const mapText = json(spec);
const drawingText = `${JSON.stringify(drawing)}\n`;
for (const p of problems) console.error(`fin-de-siecle: ${p}`);
if (mode === '--check') {
  let stale = false;
  for (const [file, text] of [
    [mapOut, mapText],
    [drawingOut, drawingText],
  ]) {
    let old = '';
    try {
      old = readFileSync(file, 'utf8');
    } catch {
      // missing: stale
    }
    if (old !== text) {
      console.error(`${file} is out of date: run node scripts/build-fds-map.mjs`);
      stale = true;
    }
  }
  process.exit(stale || problems.length > 0 ? 1 : 0);
}
writeFileSync(mapOut, mapText);
writeFileSync(drawingOut, drawingText);
console.log(
  `fin-de-siecle: ${spaces.length} spaces, ${table.length} adjacencies, ${mapText.length} + ${drawingText.length} bytes, ${problems.length} problems`,
);
process.exit(problems.length > 0 ? 1 : 0);
