// Builds packages/engine/src/maps/standard.json from the vendored CSVs and drawing in data/maps/standard.
// Usage: node scripts/import-standard-map.mjs [--check]   (--check: exit 1 if the JSON is out of date)
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const src = `${root}data/maps/standard/`;
const out = `${root}packages/engine/src/maps/standard.json`;

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
    unitAnchors,
    supplyCenterAnchors,
  },
};

const text = JSON.stringify(map, null, 1) + '\n';
if (process.argv.includes('--check')) {
  const current = readFileSync(out, 'utf8');
  if (current !== text) {
    console.error(`${out} is out of date: run node scripts/import-standard-map.mjs`);
    process.exit(1);
  }
} else {
  writeFileSync(out, text);
  console.log(`wrote ${out}: ${provinces.length} provinces, ${adjacencies.length} adjacencies`);
}
