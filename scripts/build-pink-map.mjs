// Builds the Pink Diplomacy boards from the project's own data in data/maps/pink/:
//   packages/engine/src/maps/pink.json, pink-drawing.json    (Pink I: one board)
//   packages/engine/src/maps/pink2.json, pink2-drawing.json  (Pink II: three boards, generated)
// provinces.csv gives each province its id, name, letter, seed point, capacity and home;
// adjacencies.csv is the authority on who borders whom. The shapes are the Voronoi cells of the
// seeds clipped to the round board; the build only checks them against the table: every
// adjacency must join two shapes that share a border (any that do not are reported and the build
// fails). Usage:
//   node scripts/build-pink-map.mjs            write the four files
//   node scripts/build-pink-map.mjs --check    exit 1 if a committed file differs
//   node scripts/build-pink-map.mjs --figures  print the balance figures (docs/maps/pink.md)
//   node scripts/build-pink-map.mjs --touching print shapes that touch with no adjacency listed
//   --data=DIR                                 read the data from DIR instead
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Delaunay } from 'd3-delaunay';
import polygonClipping from 'polygon-clipping';
import polylabel from 'polylabel';

const root = fileURLToPath(new URL('..', import.meta.url));
/** `--data=DIR` reads another copy of the data (the tests use it to break a border). */
const dataArg = process.argv.find((a) => a.startsWith('--data='));
const src = dataArg === undefined ? `${root}data/maps/pink/` : `${dataArg.slice(7)}/`;
const outDir = `${root}packages/engine/src/maps/`;

const SIZE = 600;
const CENTRE = SIZE / 2;
const RADIUS = 285;
/** Levels of Pink II, bottom first, and the gap drawn between two boards. */
const LEVELS = [1, 2, 3];
const GAP = 24;
/** Pink II: Carthage is one province, with this capacity (Pink II rule 5). */
const PINK2_CARTHAGE_CAPACITY = 35;
/** Pink II: the levels whose home centres start with an army (ruling in docs/maps/pink.md). */
const PINK2_START_LEVELS = [1, 2, 3];
/** Two shapes touch when they share this much border, in drawing units. */
const MIN_BORDER = 3;

const POWERS = ['A', 'B', 'C', 'D', 'E', 'F', 'G'].map((l) => ({
  id: `PW${l}`,
  name: `Power ${l}`,
}));

const csv = (name) => {
  const [head, ...rows] = readFileSync(src + name, 'utf8')
    .trim()
    .split('\n');
  const keys = head.split(',');
  return rows.map((line) => Object.fromEntries(line.split(',').map((v, i) => [keys[i], v.trim()])));
};

const rows = csv('provinces.csv');
const edges = csv('adjacencies.csv').map((r) => [r.a, r.b]);
const CARTHAGE = 'car';
const r1 = (n) => Math.round(n * 10) / 10;

// ---- Geometry: the shape of every province, from its seed --------------------------------------
const outline = [];
for (let k = 0; k < 120; k++) {
  const a = (k / 120) * 2 * Math.PI;
  outline.push([r1(CENTRE + RADIUS * Math.cos(a)), r1(CENTRE + RADIUS * Math.sin(a))]);
}
outline.push(outline[0]);
const delaunay = Delaunay.from(
  rows,
  (r) => Number(r.x),
  (r) => Number(r.y),
);
const voronoi = delaunay.voronoi([0, 0, SIZE, SIZE]);
/** Province id to its outline: one ring, first point not repeated, rounded to 0.1. */
const rings = {};
rows.forEach((r, i) => {
  const clipped = polygonClipping.intersection([voronoi.cellPolygon(i)], [outline]);
  if (clipped.length !== 1) throw new Error(`${r.id}: its shape is ${clipped.length} pieces`);
  const ring = clipped[0][0].slice(0, -1).map(([x, y]) => [r1(x), r1(y)]);
  rings[r.id] = ring.filter(
    (p, k) => k === 0 || p[0] !== ring[k - 1][0] || p[1] !== ring[k - 1][1],
  );
});

/** Length of border two rings share: overlaps of their collinear edges. */
function sharedBorder(ra, rb) {
  let total = 0;
  const segs = (ring) => ring.map((p, k) => [p, ring[(k + 1) % ring.length]]);
  for (const [p, q] of segs(ra)) {
    const dx = q[0] - p[0];
    const dy = q[1] - p[1];
    const len = Math.hypot(dx, dy);
    if (len === 0) continue;
    const ux = dx / len;
    const uy = dy / len;
    for (const [s, t] of segs(rb)) {
      const off = (z) => Math.abs((z[0] - p[0]) * uy - (z[1] - p[1]) * ux);
      if (off(s) > 0.4 || off(t) > 0.4) continue;
      const along = (z) => (z[0] - p[0]) * ux + (z[1] - p[1]) * uy;
      const lo = Math.max(0, Math.min(along(s), along(t)));
      const hi = Math.min(len, Math.max(along(s), along(t)));
      if (hi > lo) total += hi - lo;
    }
  }
  return total;
}

/**
 * Where a province's unit and centre marker go, around its pole of inaccessibility, and its
 * label below them: the page writes labels from their start in a 7 px font (about 4.2 a letter),
 * so the label starts half its width left of the pole.
 */
function anchors(ring) {
  const [x, y] = polylabel([ring], 0.5);
  return {
    unit: [Math.round(x), Math.round(y - 3)],
    centre: [Math.round(x + 11), Math.round(y - 13)],
    label: (text) => [Math.round(x - text.length * 2.1), Math.round(y + 12)],
  };
}

const pathOf = (ring, dx = 0, dy = 0) =>
  'M' + ring.map(([x, y]) => `${r1(x + dx)},${r1(y + dy)}`).join(' ') + 'Z';
const abbreviation = (id) => id[0].toUpperCase() + id.slice(1);

// ---- Checks of the data ------------------------------------------------------------------------
const problems = [];
const ids = new Set(rows.map((r) => r.id));
if (!ids.has(CARTHAGE)) problems.push('no Carthage (car)');
for (const [a, b] of edges) {
  if (!ids.has(a) || !ids.has(b)) {
    problems.push(`adjacency ${a}-${b} names an unknown province`);
    continue;
  }
  const border = sharedBorder(rings[a], rings[b]);
  if (border < MIN_BORDER) {
    problems.push(`${a}-${b} is listed as adjacent but their shapes share ${r1(border)} of border`);
  }
}
if (problems.length > 0) {
  console.error(`data/maps/pink is inconsistent:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}

// ---- Pink I ------------------------------------------------------------------------------------
const homesOf = (power) => rows.filter((r) => r.home === power).map((r) => r.id);
const provinceSpec = (r, id, name, capacity) => {
  const p = { id, name, terrain: 'land', letter: r.letter };
  if (capacity !== '') p.supplyCenter = { capacity: Number(capacity) };
  if (r.home !== '') p.home = r.home;
  return p;
};
const centreCount = rows.filter((r) => r.capacity !== '').length;
const ATTRIBUTION =
  'Designed for the Arbiter project (MIT): the text of Pink Diplomacy (David Pink, 1974) ' +
  'survives but its map is lost; see docs/maps/pink.md.';
const pinkAnchors = Object.fromEntries(rows.map((r) => [r.id, anchors(rings[r.id])]));

const pink = {
  id: 'pink',
  name: 'Pink Diplomacy',
  attribution: ATTRIBUTION,
  powers: POWERS,
  provinces: rows.map((r) => provinceSpec(r, r.id, r.name, r.capacity)),
  adjacencies: edges.map(([a, b]) => [a, b, 'army']),
  startingUnits: POWERS.flatMap((p) =>
    homesOf(p.id).map((h) => ({ power: p.id, type: 'A', location: h })),
  ),
  victoryCenters: Math.floor(centreCount / 2) + 1,
  startYear: 1901,
  drawing: {
    attribution: ATTRIBUTION,
    viewBox: [0, 0, SIZE, SIZE],
    shapes: 'pink-drawing.json',
    unitAnchors: Object.fromEntries(rows.map((r) => [r.id, pinkAnchors[r.id].unit])),
    supplyCenterAnchors: Object.fromEntries(
      rows.filter((r) => r.capacity !== '').map((r) => [r.id, pinkAnchors[r.id].centre]),
    ),
  },
};
const pinkDrawing = {
  map: 'pink',
  attribution: ATTRIBUTION,
  licence: 'MIT',
  changes:
    'Generated by scripts/build-pink-map.mjs: the Voronoi cells of the seed points in ' +
    'data/maps/pink/provinces.csv, clipped to a round board.',
  viewBox: [0, 0, SIZE, SIZE],
  provinces: Object.fromEntries(
    rows.map((r) => [
      r.id,
      {
        path: pathOf(rings[r.id]),
        label: pinkAnchors[r.id].label(abbreviation(r.id)),
        text: abbreviation(r.id),
      },
    ]),
  ),
};

// ---- Pink II: three boards, level 1 at the bottom ----------------------------------------------
const at = (id, level) => (id === CARTHAGE ? CARTHAGE : `${id}${level}`);
/** Boards are stacked with level 3 on top, so a province sits right above its level below. */
const dyOf = (level) => (LEVELS.length - level) * (SIZE + GAP);
const rest = rows.filter((r) => r.id !== CARTHAGE);
const carthage = rows.find((r) => r.id === CARTHAGE);
const pink2Provinces = [
  provinceSpec(carthage, CARTHAGE, carthage.name, String(PINK2_CARTHAGE_CAPACITY)),
  ...LEVELS.flatMap((level) =>
    rest.map((r) => ({
      ...provinceSpec(r, at(r.id, level), `${r.name} ${level}`, r.capacity),
      aliases: [`${r.name} level ${level}`],
    })),
  ),
];
const pink2Edges = [];
for (const level of LEVELS) {
  for (const [a, b] of edges) {
    // Carthage has one level and borders its neighbours on every level (Pink II rule 5).
    pink2Edges.push([at(a, level), at(b, level), 'army']);
  }
}
for (const level of LEVELS.slice(0, -1)) {
  for (const r of rest) pink2Edges.push([at(r.id, level), at(r.id, level + 1), 'army']);
}
const pink2Centres = pink2Provinces.filter((p) => p.supplyCenter !== undefined).length;
const middle = LEVELS[Math.floor(LEVELS.length / 2)];
const shift = ([x, y], level) => [x, y + dyOf(level)];
const pink2Height = LEVELS.length * SIZE + (LEVELS.length - 1) * GAP;
const pink2 = {
  id: 'pink2',
  name: 'Pink Diplomacy II',
  attribution: ATTRIBUTION + ' Pink II is three copies of it, generated.',
  powers: POWERS,
  provinces: pink2Provinces,
  adjacencies: pink2Edges,
  startingUnits: POWERS.flatMap((p) =>
    PINK2_START_LEVELS.flatMap((level) =>
      homesOf(p.id).map((h) => ({ power: p.id, type: 'A', location: at(h, level) })),
    ),
  ),
  victoryCenters: Math.floor(pink2Centres / 2) + 1,
  startYear: 1901,
  drawing: {
    attribution: ATTRIBUTION,
    viewBox: [0, 0, SIZE, pink2Height],
    shapes: 'pink2-drawing.json',
    unitAnchors: Object.fromEntries([
      [CARTHAGE, shift(pinkAnchors[CARTHAGE].unit, middle)],
      ...LEVELS.flatMap((level) =>
        rest.map((r) => [at(r.id, level), shift(pinkAnchors[r.id].unit, level)]),
      ),
    ]),
    supplyCenterAnchors: Object.fromEntries([
      [CARTHAGE, shift(pinkAnchors[CARTHAGE].centre, middle)],
      ...LEVELS.flatMap((level) =>
        rest
          .filter((r) => r.capacity !== '')
          .map((r) => [at(r.id, level), shift(pinkAnchors[r.id].centre, level)]),
      ),
    ]),
    // One view a level, top to bottom as drawn; the page frames the tall drawing square
    // (packages/web/src/map/zoom.ts), so a level fills the frame.
    views: [...LEVELS].reverse().map((level) => ({
      id: `level-${level}`,
      name: `Level ${level}`,
      box: [0, dyOf(level), SIZE, SIZE],
    })),
  },
};
const pink2Drawing = {
  map: 'pink2',
  attribution: ATTRIBUTION,
  licence: 'MIT',
  changes:
    'Generated by scripts/build-pink-map.mjs from the Pink board: three copies stacked, level 3 ' +
    'on top, each province right above the same province one level down (its vertical ' +
    'neighbours); Carthage is one province drawn on every level, its unit on the middle one.',
  viewBox: [0, 0, SIZE, pink2Height],
  provinces: Object.fromEntries([
    [
      CARTHAGE,
      {
        path: LEVELS.map((level) => pathOf(rings[CARTHAGE], 0, dyOf(level))).join(' '),
        label: shift(pinkAnchors[CARTHAGE].label(abbreviation(CARTHAGE)), middle),
        text: abbreviation(CARTHAGE),
      },
    ],
    ...LEVELS.flatMap((level) =>
      rest.map((r) => [
        at(r.id, level),
        {
          path: pathOf(rings[r.id], 0, dyOf(level)),
          label: shift(pinkAnchors[r.id].label(abbreviation(at(r.id, level))), level),
          text: abbreviation(at(r.id, level)),
        },
      ]),
    ),
  ]),
};

// ---- Balance figures ---------------------------------------------------------------------------
/** Moves from `from` to every province, by breadth-first search over the adjacency table. */
function distances(from) {
  const next = new Map([...ids].map((id) => [id, []]));
  for (const [a, b] of edges) {
    next.get(a).push(b);
    next.get(b).push(a);
  }
  const d = new Map(from.map((id) => [id, 0]));
  const queue = [...from];
  while (queue.length > 0) {
    const id = queue.shift();
    for (const n of next.get(id)) {
      if (!d.has(n)) {
        d.set(n, d.get(id) + 1);
        queue.push(n);
      }
    }
  }
  return d;
}

function figures() {
  const lines = [
    '| power | homes (capacity) | neutral centres within 2 moves (capacity) | capacity near home | neutral centres within 3 moves (capacity) | moves to Carthage | nearest foreign home |',
    '| --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const p of POWERS) {
    const homes = rows.filter((r) => r.home === p.id);
    const d = distances(homes.map((h) => h.id));
    const within = (n) =>
      rows.filter(
        (r) => r.capacity !== '' && r.home === '' && r.id !== CARTHAGE && d.get(r.id) <= n,
      );
    const near = within(2);
    const three = within(3);
    const cap = (list) => list.reduce((s, r) => s + Number(r.capacity), 0);
    const foreign = Math.min(
      ...rows.filter((r) => r.home !== '' && r.home !== p.id).map((r) => d.get(r.id)),
    );
    lines.push(
      `| ${p.name} (${p.id}) | ${homes.map((h) => `${h.id} ${h.capacity}`).join(', ')} | ` +
        `${near.length}: ${near.map((r) => `${r.id} ${r.capacity}`).join(', ')} | ` +
        `${cap(homes) + cap(near)} | ${three.length} (${cap(three)}) | ${d.get(CARTHAGE)} | ` +
        `${foreign} |`,
    );
  }
  return lines.join('\n');
}

if (process.argv.includes('--figures')) {
  console.log(figures());
  process.exit(0);
}
if (process.argv.includes('--touching')) {
  const listed = new Set(edges.map(([a, b]) => [a, b].sort().join('-')));
  const list = [...ids].sort();
  for (let i = 0; i < list.length; i++) {
    for (let j = i + 1; j < list.length; j++) {
      const border = sharedBorder(rings[list[i]], rings[list[j]]);
      if (border >= MIN_BORDER && !listed.has(`${list[i]}-${list[j]}`)) {
        console.log(`${list[i]},${list[j]}`);
      }
    }
  }
  process.exit(0);
}

const outputs = [
  ['pink.json', pink],
  ['pink-drawing.json', pinkDrawing],
  ['pink2.json', pink2],
  ['pink2-drawing.json', pink2Drawing],
];
let stale = false;
for (const [name, doc] of outputs) {
  const file = outDir + name;
  const text = JSON.stringify(doc, null, 1) + '\n';
  if (process.argv.includes('--check')) {
    let old = '';
    try {
      old = readFileSync(file, 'utf8');
    } catch {
      // a missing file is out of date too
    }
    if (old !== text) {
      console.error(`${file} is out of date: run node scripts/build-pink-map.mjs`);
      stale = true;
    }
  } else {
    writeFileSync(file, text);
    console.log(`wrote ${file}`);
  }
}
if (stale) process.exit(1);
