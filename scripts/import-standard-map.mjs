// Builds packages/engine/src/maps/standard.json (the map) and standard-drawing.json (the province
// shapes, a CC BY-SA derivative of the drawing) from the vendored sources in data/maps/standard.
// Usage: node scripts/import-standard-map.mjs [--check]   (--check: exit 1 if either is out of date)
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const src = `${root}data/maps/standard/`;
const out = `${root}packages/engine/src/maps/standard.json`;
const drawingOut = `${root}packages/engine/src/maps/standard-drawing.json`;

const csv = (name) =>
  readFileSync(src + name, 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => line.split(',').map((s) => s.trim()));

const POWERS = [
  { id: 'AUS', name: 'Austria', adjective: 'Austrian' },
  { id: 'ENG', name: 'England', adjective: 'English' },
  { id: 'FRA', name: 'France', adjective: 'French' },
  { id: 'GER', name: 'Germany', adjective: 'German' },
  { id: 'ITA', name: 'Italy', adjective: 'Italian' },
  { id: 'RUS', name: 'Russia', adjective: 'Russian' },
  { id: 'TUR', name: 'Turkey', adjective: 'Turkish' },
];

// Names players write besides the id and the full name (other judges' abbreviations included).
const ALIASES = {
  adr: ['adriatic'],
  aeg: ['aegean'],
  bal: ['baltic'],
  bar: ['barents'],
  bla: ['black'],
  bot: ['gob', 'bothnia'],
  eas: ['emed', 'eastern med', 'eastmed'],
  eng: ['ech', 'channel', 'english'],
  hel: ['heligoland bight', 'helgoland', 'heligoland', 'hbt'],
  ion: ['ionian'],
  iri: ['irish', 'irs'],
  lyo: ['gol', 'gulf of lions', 'lyon', 'lions'],
  mao: ['mid', 'mat', 'mid atlantic', 'midatlantic'],
  nao: ['nat', 'north atlantic', 'natl'],
  nth: ['nts', 'north'],
  nwg: ['nrg', 'norwegian', 'nwgs'],
  ska: ['skagerak'],
  tys: ['tyn', 'tyrrhenian', 'tyrr'],
  wes: ['wmed', 'western med', 'westmed'],
  mar: ['marseille'],
  stp: ['st petersburg', 'saint petersburg', 'petersburg'],
  lvn: ['livona'],
  naf: ['nora', 'nafr'],
  con: ['istanbul'],
  sev: ['sevastapol'],
  gre: ['greece'],
  tri: ['triest'],
};

// Coasts are written n/s/e in the CSV; the engine spells them nc/sc/ec as the DATC does.
const coast = (c) => (c === '' ? undefined : `${c}c`);
const regionKey = (r) => r.replace(/\((\w+)\)/, '/$1');

const coasts = {};
for (const [province, c] of csv('regions.csv')) {
  if (c !== '') (coasts[province] ??= []).push(coast(c));
}
const terrainOf = {};
for (const [province, c, terrain] of csv('regions.csv'))
  if (c === '') terrainOf[province] = terrain;

const provinces = csv('provinces.csv').map(([id, name, sc]) => {
  const p = { id, name };
  const aliases = ALIASES[id];
  if (aliases) p.aliases = aliases;
  // A split-coast province is a coastal province whose fleets stand on its coasts.
  p.terrain = coasts[id] ? 'coast' : (terrainOf[id] ?? 'land');
  if (coasts[id]) p.coasts = coasts[id].sort();
  if (sc) p.supplyCenter = true;
  if (sc && sc !== 'neutral') p.home = sc;
  if (id === 'swi') p.impassable = true;
  return p;
});

const PASSAGE = { land: 'army', sea: 'fleet', coast: 'both' };
// Each edge once, ends in order: borders.csv lists eng-iri twice (as eng,iri and iri,eng).
const edges = new Map();
for (const [a, b, t] of csv('borders.csv')) {
  const [x, y] = [regionKey(a), regionKey(b)].sort();
  edges.set(`${x} ${y}`, [x, y, PASSAGE[t]]);
}
const adjacencies = [...edges.values()].sort((p, q) =>
  p[0] + ' ' + p[1] < q[0] + ' ' + q[1] ? -1 : 1,
);

const startingUnits = [
  ['AUS', 'A', 'vie'],
  ['AUS', 'A', 'bud'],
  ['AUS', 'F', 'tri'],
  ['ENG', 'F', 'lon'],
  ['ENG', 'F', 'edi'],
  ['ENG', 'A', 'lvp'],
  ['FRA', 'F', 'bre'],
  ['FRA', 'A', 'par'],
  ['FRA', 'A', 'mar'],
  ['GER', 'F', 'kie'],
  ['GER', 'A', 'ber'],
  ['GER', 'A', 'mun'],
  ['ITA', 'F', 'nap'],
  ['ITA', 'A', 'rom'],
  ['ITA', 'A', 'ven'],
  ['RUS', 'A', 'war'],
  ['RUS', 'A', 'mos'],
  ['RUS', 'F', 'sev'],
  ['RUS', 'F', 'stp/sc'],
  ['TUR', 'F', 'ank'],
  ['TUR', 'A', 'con'],
  ['TUR', 'A', 'smy'],
].map(([power, type, location]) => ({ power, type, location }));

// Anchors from the drawing's DTD entities: `&Name;` unit, `&scName;` centre, `&Spain__nc;` coast.
const svg = readFileSync(src + 'Diplomacy.svg', 'latin1');
const entities = {};
for (const m of svg.matchAll(/<!ENTITY ([\w-]+) "(\d+),(\d+)">/g))
  entities[m[1]] = [Number(m[2]), Number(m[3])];
const entityName = (name) => name.replace(/ /g, '_');
const unitAnchors = {};
const supplyCenterAnchors = {};
for (const p of provinces) {
  const e = entityName(p.name);
  if (entities[e]) unitAnchors[p.id] = entities[e];
  for (const c of p.coasts ?? []) {
    const ce = entities[`${e}__${c}`];
    if (ce) unitAnchors[`${p.id}/${c}`] = ce;
  }
  if (entities[`sc${e}`]) supplyCenterAnchors[p.id] = entities[`sc${e}`];
}

const map = {
  id: 'standard',
  name: 'Standard Diplomacy',
  attribution:
    'Provinces and borders from TedDriggs/diplomacy (MIT, Copyright (c) 2025 Ted Driggs), with corrections; see data/maps/standard/README.md.',
  powers: POWERS,
  provinces,
  adjacencies,
  startingUnits,
  victoryCenters: 18,
  startYear: 1901,
  drawing: {
    file: 'data/maps/standard/Diplomacy.svg',
    attribution:
      'Map based on "Diplomacy.svg" by Martin Asal, Wikimedia Commons, CC BY-SA 3.0 (https://creativecommons.org/licenses/by-sa/3.0/). Anchors derived by the Arbiter project.',
    viewBox: [0, 0, 610, 560],
    shapes: 'standard-drawing.json',
    unitAnchors,
    supplyCenterAnchors,
  },
};

// The shapes (DRAWING-README.md, "Browser caveat"): the drawing's first groups, up to its second
// <defs>, are the provinces. Each becomes one entry keyed by province id, its points written out
// (the DTD entities expanded), the two halves of a split-coast province merged into one path,
// and the set-up blocks after the <defs> (1901 centres and units) left behind.
const shapesPart = svg.slice(svg.indexOf('<g title='), svg.lastIndexOf('<defs>'));
const byName = new Map(provinces.map((p) => [p.name.toLowerCase(), p.id]));
const drawingProvinces = {};
for (const g of shapesPart.matchAll(/<g title="([^"]+)">([\s\S]*?)<\/g>/g)) {
  const title = g[1].replace(/_/g, ' ').replace(/ \((nc|sc|ec)\)$/, '');
  const id = byName.get(title.toLowerCase());
  if (id === undefined) throw new Error(`drawing: no province is called "${g[1]}"`);
  const entry = (drawingProvinces[id] ??= { path: '', label: undefined, text: undefined });
  let main;
  for (const el of g[2].matchAll(/<(polygon|polyline|path) class="(\w)" (?:points|d)="([^"]+)"/g)) {
    const [, tag, cls, data] = el;
    main ??= cls;
    // A polyline's fill closes itself, but its stroke does not: the line between two halves
    // of a split-coast province stays undrawn, so they are left open here too.
    const d = tag === 'path' ? data : `M${points(data)}${tag === 'polygon' ? 'Z' : ''}`;
    // Water art inside a land province (the straits of Constantinople, Denmark and Kiel).
    if (cls !== main) entry.water = (entry.water ?? '') + d;
    else entry.path += d;
  }
  const label = /<text x="(\d+)" y="(\d+)">([^<]+)<\/text>/.exec(g[2]);
  if (label) {
    entry.label = [Number(label[1]), Number(label[2])];
    entry.text = label[3];
  }
}
// Labels the drawing puts where a unit or a centre is drawn (Berlin, Vienna, London ...) would be
// hidden under it: each such label moves to the nearest free spot inside its province. The box
// of a label is its text at the page's 7 px font (about 4.2 px a letter, baseline at y); a unit
// covers 8 px around its anchor, a centre 4.5 px.
const LETTER = 4.2;
const blockers = [
  ...Object.values(unitAnchors).map(([x, y]) => ({ x, y, r: 8 })),
  ...Object.values(supplyCenterAnchors).map(([x, y]) => ({ x, y, r: 4.5 })),
];
function labelBox([x, y], text) {
  return { x0: x - 1, x1: x + text.length * LETTER + 1, y0: y - 6, y1: y + 1.5 };
}
function boxHits(b, c) {
  const dx = c.x - Math.max(b.x0, Math.min(c.x, b.x1));
  const dy = c.y - Math.max(b.y0, Math.min(c.y, b.y1));
  return dx * dx + dy * dy < c.r * c.r;
}
/** The rings of a path (M, L and implicit pairs; an arc by its end point), for inside tests. */
function rings(d) {
  const out = [];
  for (const part of d.split(/[Mm]/).slice(1)) {
    const tokens = part.replace(/[Zz]/g, ' ').split(/(?=[A-Za-z])/);
    const ring = [];
    for (const t of tokens) {
      const nums = t
        .replace(/^[A-Za-z]/, '')
        .trim()
        .split(/[\s,]+/)
        .filter(Boolean)
        .map(Number);
      if (/^[Aa]/.test(t)) ring.push(nums.slice(5, 7));
      else for (let i = 0; i + 1 < nums.length; i += 2) ring.push([nums[i], nums[i + 1]]);
    }
    out.push(ring);
  }
  return out;
}
function inside(rs, [px, py]) {
  let odd = false;
  for (const r of rs)
    for (let i = 0, j = r.length - 1; i < r.length; j = i++) {
      const [xi, yi] = r[i];
      const [xj, yj] = r[j];
      if (yi > py !== yj > py && px < ((xj - xi) * (py - yi)) / (yj - yi) + xi) odd = !odd;
    }
  return odd;
}
/** Whether a label at `at` is clear of units, centres and the labels already placed. */
function labelClear(at, text, placed) {
  const b = labelBox(at, text);
  const overlaps = (o) => b.x0 < o.x1 && o.x0 < b.x1 && b.y0 < o.y1 && o.y0 < b.y1;
  return !blockers.some((c) => boxHits(b, c)) && !placed.some(overlaps);
}
/** Whether a label at `at` lies inside its province: the whole box, or (`loose`) its middle. */
function labelInside(at, text, rs, loose) {
  const b = labelBox(at, text);
  const middle = [(b.x0 + b.x1) / 2, (b.y0 + b.y1) / 2];
  const corners = [
    [b.x0, b.y0],
    [b.x1, b.y0],
    [b.x0, b.y1],
    [b.x1, b.y1],
  ];
  return loose ? inside(rs, middle) : corners.every((c) => inside(rs, c));
}
const OFFSETS = [];
for (let dx = -24; dx <= 24; dx += 1) for (let dy = -18; dy <= 18; dy += 1) OFFSETS.push([dx, dy]);
OFFSETS.sort((a, b) => Math.hypot(...a) - Math.hypot(...b) || a[1] - b[1] || a[0] - b[0]);
let labelsMoved = 0;
{
  const entries = Object.entries(drawingProvinces).filter(([, e]) => e.label !== undefined);
  const fits = (e, at, placed, loose) =>
    labelClear(at, e.text, placed) && labelInside(at, e.text, rings(e.path), loose);
  // Labels that fit where the drawing put them stay, and the others keep clear of them.
  const placed = entries
    .filter(([, e]) => fits(e, e.label, [], false))
    .map(([, e]) => labelBox(e.label, e.text));
  for (const [id, e] of entries) {
    if (fits(e, e.label, [], false)) continue;
    const near = OFFSETS.map(([dx, dy]) => [e.label[0] + dx, e.label[1] + dy]);
    const spot =
      near.find((at) => fits(e, at, placed, false)) ?? near.find((at) => fits(e, at, placed, true));
    if (spot === undefined) throw new Error(`drawing: no free place for the label of ${id}`);
    e.label = spot;
    placed.push(labelBox(spot, e.text));
    labelsMoved++;
  }
}
function points(list) {
  return list
    .trim()
    .split(/[\s,]+/)
    .reduce((acc, n, i) => acc + (i === 0 ? '' : i % 2 === 1 ? ',' : ' ') + n, '');
}
const drawing = {
  map: 'standard',
  attribution:
    'Map based on "Diplomacy.svg" by Martin Asal, Wikimedia Commons, CC BY-SA 3.0 ' +
    '(https://creativecommons.org/licenses/by-sa/3.0/). Modified by the Arbiter project.',
  licence: 'CC BY-SA 3.0',
  changes:
    'Province shapes taken out of the drawing and keyed by province id; DTD entities expanded; ' +
    'the two halves of each split-coast province merged; styles, symbols and the 1901 set-up ' +
    `dropped; ${labelsMoved} labels moved off the unit or centre drawn over them. Derived by ` +
    'scripts/import-standard-map.mjs from data/maps/standard/Diplomacy.svg.',
  viewBox: [0, 0, 610, 560],
  provinces: Object.fromEntries(
    Object.entries(drawingProvinces)
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([id, e]) => [id, JSON.parse(JSON.stringify(e))]),
  ),
};

const outputs = [
  [
    out,
    JSON.stringify(map, null, 1) + '\n',
    `${provinces.length} provinces, ${adjacencies.length} adjacencies`,
  ],
  [
    drawingOut,
    JSON.stringify(drawing, null, 1) + '\n',
    `${Object.keys(drawing.provinces).length} province shapes`,
  ],
];
for (const [file, text, what] of outputs) {
  if (process.argv.includes('--check')) {
    if (readFileSync(file, 'utf8') !== text) {
      console.error(`${file} is out of date: run node scripts/import-standard-map.mjs`);
      process.exit(1);
    }
  } else {
    writeFileSync(file, text);
    console.log(`wrote ${file}: ${what}`);
  }
}
