/**
 * The fast path of `arbiter adjudicate`: a phase record's line of JSON in, the same line with its
 * `result` out, without building the record as objects. The line is read in place, checked to
 * be JSON as `JSON.stringify` writes it (no spaces, no escapes, integers only, no repeated or
 * numeric keys; sticky regular expressions for the usual shapes, a scanner for the rest), its
 * orders through the parser's canonical fast path, and the result is written into the line
 * where `{ ...record, result }` would put it. Any line it cannot
 * vouch for, and every bad record, is left to `adjudicateRecord` (undefined), so the output and
 * the errors are those of the JSON path, byte for byte.
 */
import { ByteWriter, utf8 } from '../bytes.js';
import { adjudicateMovement } from '../adjudicate/movement.js';
import type { GameMap } from '../map/game-map.js';
import { WordTable } from '../map/word-table.js';
import { parseOrder, readCanonical } from '../orders/parse.js';
import type { PowerOrder, Unit } from '../types.js';

interface LineTables {
  readonly map: GameMap;
  /** Power ids to their places in the map's list. */
  readonly powers: WordTable<number>;
  /** Location keys (`stp/sc`) to location indices. */
  readonly locations: WordTable<number>;
  /** Each location's place in the sorted order of keys (records list units by location). */
  readonly rank: Int32Array;
  /** `"AUS"`, `"stp/sc"`: the JSON of each power id, and each location key's in UTF-8. */
  readonly powerJson: ReadonlyMap<string, string>;
  readonly locationJson: readonly Uint8Array[];
  /** `"ber"`: each province id's JSON in UTF-8 (where a dislodged unit's attacker came from). */
  readonly provinceJson: readonly Uint8Array[];
  /** Scratch: the unit at each rank, or -1. */
  readonly unitAtRank: Int32Array;
  /**
   * `{"nation":"AUS","type":"F","loc":"adr"` in UTF-8, by power index and location (twice: A, F),
   * made at first use.
   */
  readonly unitJson: (Uint8Array | undefined)[][];
  /** Scratch: provinces with a unit, marked with the record's number. */
  readonly seen: Int32Array;
  /**
   * Units as records list them, made once and shared between lines (units are never changed in
   * place): by power index, then location index × 2, + 1 for a fleet.
   */
  readonly units: (Unit | undefined)[][];
  mark: number;
}

function nextMark(t: LineTables): number {
  t.mark = (t.mark + 1) | 0;
  if (t.mark === 0) {
    t.seen.fill(0);
    t.mark = 1;
  }
  return t.mark;
}

const tablesByMap = new WeakMap<GameMap, LineTables>();
let lastTables: LineTables | undefined;

function tablesOf(map: GameMap): LineTables {
  if (lastTables?.map === map) return lastTables;
  let t = tablesByMap.get(map);
  if (t === undefined) {
    const keys = map.locations.map((l) => l.key);
    const byRank = Int32Array.from(keys.keys()).sort((a, b) =>
      keys[a]! < keys[b]! ? -1 : keys[a]! > keys[b]! ? 1 : 0,
    );
    const rank = new Int32Array(keys.length);
    byRank.forEach((l, r) => (rank[l] = r));
    t = {
      map,
      powers: new WordTable(map.powers.map((p, i) => [p, i] as const)),
      locations: new WordTable(map.locations.map((l) => [l.key, l.index] as const)),
      rank,
      powerJson: new Map(map.powers.map((p) => [p, JSON.stringify(p)])),
      locationJson: keys.map((k) => utf8(JSON.stringify(k))),
      provinceJson: map.provinces.map((p) => utf8(JSON.stringify(p.id))),
      unitAtRank: new Int32Array(keys.length).fill(-1),
      unitJson: map.powers.map(() => []),
      seen: new Int32Array(map.provinces.length),
      units: map.powers.map(() => []),
      mark: 0,
    };
    tablesByMap.set(map, t);
  }
  lastTables = t;
  return t;
}

/** Nesting deeper than this is left to `JSON.parse`. */
const MAX_DEPTH = 64;

// The common shapes are checked by sticky regular expressions, which run as native code and
// cost a fraction of a character-by-character scan in JavaScript; a line that fails one is read
// by the scanner (or left to `JSON.parse`).

/** A string `JSON.stringify` writes as it is read: no escapes, controls or surrogates. */
const STRING = '"[^"\\\\\\x00-\\x1f\\ud800-\\udfff]*"';
const SCALAR = `(?:${STRING}|(?:0|-?[1-9][0-9]{0,14})(?![0-9.eE])|true|false|null)`;
const list = (v: string): string => `(?:${v}(?:,${v})*)?`;
const nest = (v: string): string => `(?:${v}|\\[${list(v)}\\]|\\{${list(`${STRING}:${v}`)}\\})`;
/** Any JSON value nested up to three deep (a record's `result`), keys unchecked. */
const RESULT_VALUE = new RegExp(nest(nest(nest(SCALAR))), 'y');
/** `"nation":"AUS","type":"F","loc":"adr"`: a unit's members, exactly so. */
const UNIT_MEMBERS = `"nation":${STRING},"type":"[AF]","loc":${STRING}`;
/** `[{"nation":"AUS","type":"F","loc":"adr"},...]` */
const UNITS = `\\[${list(`\\{${UNIT_MEMBERS}\\}`)}\\]`;
const UNITS_VALUE = new RegExp(UNITS, 'y');
/**
 * A result as `arbiter adjudicate` writes it (`{"units":[...],"dislodged":[...],
 * "retreat_options":{...}}`), the usual incoming one: literal keys are matched faster than any
 * value's alternatives.
 */
const WRITTEN_RESULT = new RegExp(
  `\\{"units":${UNITS},` +
    `"dislodged":\\[${list(`\\{${UNIT_MEMBERS},"attacker_from":${STRING}\\}`)}\\],` +
    `"retreat_options":\\{${list(`${STRING}:\\[${list(STRING)}\\]`)}\\}\\}`,
  'y',
);
/** `{"ank":"TUR",...}`: an object of strings, keys unchecked. */
const STRINGS_OBJECT = new RegExp(`\\{${list(`${STRING}:${STRING}`)}\\}`, 'y');

/** Reads a line of JSON in place; every method returns false on anything it cannot vouch for. */
class Scanner {
  i = 0;
  /** The keys of the objects being read, innermost last: start and end of each, in pairs. */
  private readonly keys: number[] = [];
  /** Where the last string read starts and ends (its contents, without the quotes). */
  from = 0;
  to = 0;

  constructor(readonly s: string) {}

  /**
   * An object of strings (`supply_centers`) with its keys in increasing order, so that none
   * repeats; a key starting with a digit or `_` (array indices, `__proto__`) is left to the
   * scanner.
   */
  sortedStrings(): boolean {
    const s = this.s;
    const from = this.i;
    if (!this.matches(STRINGS_OBJECT)) return false;
    let prev = -1;
    let prevEnd = -1;
    for (let p = from + 1; p < this.i - 1;) {
      const key = p + 1;
      const keyEnd = closingQuote(s, key);
      const c = s.charCodeAt(key);
      if ((c >= 48 && c <= 57) || c === 95) return false; // a digit, or `_` (for `__proto__`)
      if (prev >= 0 && this.compare(prev, prevEnd, key, keyEnd) >= 0) return false;
      prev = key;
      prevEnd = keyEnd;
      p = closingQuote(s, keyEnd + 3) + 2;
    }
    return true;
  }

  /** Whether a sticky expression matches at `i`; steps past the match if so. */
  matches(re: RegExp): boolean {
    re.lastIndex = this.i;
    if (!re.test(this.s)) return false;
    this.i = re.lastIndex;
    return true;
  }

  /** A string with no escapes, control characters or surrogates: `"..."`. */
  string(): boolean {
    const s = this.s;
    let i = this.i;
    if (s.charCodeAt(i) !== 34) return false;
    const from = ++i;
    for (;;) {
      const c = s.charCodeAt(i);
      if (c === 34) break;
      // NaN (past the end) fails every test below but this one.
      if (c < 32 || c === 92 || (c >= 0xd800 && c <= 0xdfff) || c !== c) return false;
      i++;
    }
    this.from = from;
    this.to = i;
    this.i = i + 1;
    return true;
  }

  /** An integer as `JSON.stringify` writes it (safe, no `-0`). */
  private number(): boolean {
    const s = this.s;
    let i = this.i;
    if (s.charCodeAt(i) === 45) i++;
    const first = i;
    let c = s.charCodeAt(i);
    if (c === 48) {
      if (first !== this.i) return false; // -0
      i++;
    } else {
      while (c >= 48 && c <= 57) c = s.charCodeAt(++i);
      if (i === first || i - first > 15) return false;
    }
    c = s.charCodeAt(i);
    if (c === 46 || c === 101 || c === 69 || (c >= 48 && c <= 57)) return false;
    this.i = i;
    return true;
  }

  private literal(word: string): boolean {
    if (!this.s.startsWith(word, this.i)) return false;
    this.i += word.length;
    return true;
  }

  /** Any value, checked to read back as written. */
  value(depth: number): boolean {
    switch (this.s.charCodeAt(this.i)) {
      case 34:
        return this.string();
      case 123:
        return depth < MAX_DEPTH && this.object(depth + 1);
      case 91:
        return depth < MAX_DEPTH && this.array(depth + 1);
      case 116:
        return this.literal('true');
      case 102:
        return this.literal('false');
      case 110:
        return this.literal('null');
      default:
        return this.number();
    }
  }

  private array(depth: number): boolean {
    const s = this.s;
    this.i++;
    if (s.charCodeAt(this.i) === 93) {
      this.i++;
      return true;
    }
    for (;;) {
      if (!this.value(depth)) return false;
      const c = s.charCodeAt(this.i++);
      if (c === 93) return true;
      if (c !== 44) return false;
    }
  }

  private object(depth: number): boolean {
    const s = this.s;
    this.i++;
    if (s.charCodeAt(this.i) === 125) {
      this.i++;
      return true;
    }
    const base = this.open();
    for (;;) {
      if (!this.key() || !this.value(depth)) return false;
      const c = s.charCodeAt(this.i++);
      if (c === 125) return this.close(base);
      if (c !== 44) return false;
    }
  }

  /** Starts an object's keys; returns where they start on the stack. */
  open(): number {
    return this.keys.length;
  }

  /** Ends an object's keys: whether none repeats. */
  close(base: number): boolean {
    const ok = this.distinct(base);
    this.keys.length = base;
    return ok;
  }

  /**
   * A member's key and its colon; its place goes into `keys`. A key that starts with a digit
   * (JavaScript puts array-index keys first) or is `__proto__` is left to `JSON.parse`.
   */
  key(): boolean {
    if (!this.string()) return false;
    const c = this.s.charCodeAt(this.from);
    if ((c >= 48 && c <= 57) || this.is('__proto__')) return false;
    this.keys.push(this.from, this.to);
    return this.s.charCodeAt(this.i++) === 58;
  }

  /** Whether the last string read is `word`. */
  is(word: string): boolean {
    const n = word.length;
    if (this.to - this.from !== n) return false;
    const s = this.s;
    const from = this.from;
    for (let k = 0; k < n; k++) if (s.charCodeAt(from + k) !== word.charCodeAt(k)) return false;
    return true;
  }

  /** No key twice: pairwise for a few keys, else they must be in increasing order. */
  private distinct(base: number): boolean {
    const keys = this.keys;
    const n = keys.length;
    if (n - base <= 32) {
      for (let a = base; a < n; a += 2)
        for (let b = a + 2; b < n; b += 2)
          if (this.compare(keys[a]!, keys[a + 1]!, keys[b]!, keys[b + 1]!) === 0) return false;
      return true;
    }
    for (let a = base + 2; a < n; a += 2)
      if (this.compare(keys[a - 2]!, keys[a - 1]!, keys[a]!, keys[a + 1]!) >= 0) return false;
    return true;
  }

  compare(a: number, aEnd: number, b: number, bEnd: number): number {
    const s = this.s;
    for (; a < aEnd && b < bEnd; a++, b++) {
      const d = s.charCodeAt(a) - s.charCodeAt(b);
      if (d !== 0) return d;
    }
    return aEnd - a - (bEnd - b);
  }
}

/** What the scan of a record found: its units and orders, and where its result goes. */
interface Found {
  readonly units: Unit[];
  readonly orders: PowerOrder[];
  /** Where the result's value starts and ends (with none, both are at the closing brace). */
  readonly from: number;
  readonly to: number;
  readonly hasResult: boolean;
}

function scanRecord(map: GameMap, t: LineTables, line: string): Found | undefined {
  const r = new Scanner(line);
  if (line.charCodeAt(0) !== 123) return undefined;
  r.i = 1;
  const base = r.open();
  let units: Unit[] | undefined;
  let orders: PowerOrder[] | undefined;
  let resultFrom = -1;
  let resultTo = -1;
  if (line.charCodeAt(1) === 125) return undefined;
  for (;;) {
    if (!r.key()) return undefined;
    if (r.is('units')) {
      units = readUnits(map, t, r);
      if (units === undefined) return undefined;
    } else if (r.is('orders')) {
      orders = readOrders(map, r);
      if (orders === undefined) return undefined;
    } else if (r.is('type')) {
      if (!r.string() || !r.is('Movement')) return undefined;
    } else if (r.is('result')) {
      resultFrom = r.i;
      if (!r.matches(WRITTEN_RESULT) && !r.matches(RESULT_VALUE) && !r.value(1)) return undefined;
      resultTo = r.i;
    } else if (line.charCodeAt(r.i) === 123) {
      const at = r.i;
      if (!r.sortedStrings()) {
        r.i = at;
        if (!r.value(1)) return undefined;
      }
    } else if (!r.value(1)) {
      return undefined;
    }
    const c = line.charCodeAt(r.i++);
    if (c === 125) break;
    if (c !== 44) return undefined;
  }
  if (r.i !== line.length || !r.close(base) || units === undefined || orders === undefined)
    return undefined;
  const hasResult = resultFrom >= 0;
  return {
    units,
    orders,
    from: hasResult ? resultFrom : line.length - 1,
    to: hasResult ? resultTo : line.length - 1,
    hasResult,
  };
}

/** `[{"nation":"AUS","type":"F","loc":"adr"},...]`, each unit as `readRecord` would take it. */
function readUnits(map: GameMap, t: LineTables, r: Scanner): Unit[] | undefined {
  const from = r.i;
  if (r.matches(UNITS_VALUE)) return readPlainUnits(map, t, r.s, from, r.i);
  return readAnyUnits(map, t, r);
}

/**
 * A unit of the power at place `p` in the map's list, as `readRecord` takes it (made once and
 * shared); undefined if it would refuse it.
 */
function unitOf(
  map: GameMap,
  t: LineTables,
  p: number | undefined,
  type: number,
  loc: number,
  mark: number,
): Unit | undefined {
  if (p === undefined || loc < 0) return undefined;
  const unitType = type === 65 ? 'army' : type === 70 ? 'fleet' : undefined;
  if (unitType === undefined || !map.canStand(unitType, loc)) return undefined;
  const info = map.locations[loc]!;
  if (t.seen[info.province] === mark) return undefined;
  t.seen[info.province] = mark;
  const k = 2 * loc + (type === 70 ? 1 : 0);
  return (t.units[p]![k] ??= { power: map.powers[p]!, type: unitType, location: info.location });
}

/**
 * The closing quote of the string whose characters start at `from`: most of a record's words are
 * three characters, checked in place, before `indexOf` is called.
 */
function closingQuote(s: string, from: number): number {
  return s.charCodeAt(from + 3) === 34 &&
    s.charCodeAt(from) !== 34 &&
    s.charCodeAt(from + 1) !== 34 &&
    s.charCodeAt(from + 2) !== 34
    ? from + 3
    : s.indexOf('"', from);
}

/** Units in exactly the shape `UNITS_VALUE` checked, read at fixed offsets. */
function readPlainUnits(
  map: GameMap,
  t: LineTables,
  s: string,
  from: number,
  to: number,
): Unit[] | undefined {
  const units: Unit[] = [];
  const mark = nextMark(t);
  // The nation starts 11 characters into `{"nation":"`, the type 10 after its end (`","type":"`),
  // the location 10 after the type (`F","loc":"`).
  for (let p = from + 1; p < to - 1;) {
    const nation = p + 11;
    const nationEnd = closingQuote(s, nation);
    const type = nationEnd + 10;
    const loc = type + 10;
    const locEnd = closingQuote(s, loc);
    const unit = unitOf(
      map,
      t,
      t.powers.find(s, nation, nationEnd),
      s.charCodeAt(type),
      t.locations.find(s, loc, locEnd) ?? -1,
      mark,
    );
    if (unit === undefined) return undefined;
    units.push(unit);
    p = locEnd + 3;
  }
  return units;
}

/** Units in any JSON shape, read by the scanner. */
function readAnyUnits(map: GameMap, t: LineTables, r: Scanner): Unit[] | undefined {
  const s = r.s;
  if (s.charCodeAt(r.i) !== 91) return undefined;
  r.i++;
  const units: Unit[] = [];
  const mark = nextMark(t);
  if (s.charCodeAt(r.i) === 93) {
    r.i++;
    return units;
  }
  for (;;) {
    if (s.charCodeAt(r.i) !== 123) return undefined;
    r.i++;
    const base = r.open();
    let power: number | undefined;
    let type = 0;
    let loc = -1;
    for (;;) {
      if (!r.key()) return undefined;
      if (r.is('nation')) {
        if (!r.string()) return undefined;
        power = t.powers.find(s, r.from, r.to);
      } else if (r.is('type')) {
        if (!r.string() || r.to - r.from !== 1) return undefined;
        type = s.charCodeAt(r.from);
      } else if (r.is('loc')) {
        if (!r.string()) return undefined;
        loc = t.locations.find(s, r.from, r.to) ?? -1;
      } else if (!r.value(2)) {
        return undefined;
      }
      const c = s.charCodeAt(r.i++);
      if (c === 125) break;
      if (c !== 44) return undefined;
    }
    if (!r.close(base)) return undefined;
    const unit = unitOf(map, t, power, type, loc, mark);
    if (unit === undefined) return undefined;
    units.push(unit);
    const c = s.charCodeAt(r.i++);
    if (c === 93) return units;
    if (c !== 44) return undefined;
  }
}

/**
 * `["AUS A bud - gal",...]`, each order with its power, as `readRecord` would take it. An order
 * the canonical reader takes is made of the map's words, letters and single spaces, which JSON
 * writes as they are; any other is checked to be such a string (`Scanner.string`) before the
 * grammar reads it.
 */
function readOrders(map: GameMap, r: Scanner): PowerOrder[] | undefined {
  const s = r.s;
  if (s.charCodeAt(r.i) !== 91) return undefined;
  const orders: PowerOrder[] = [];
  let p = r.i + 1;
  if (s.charCodeAt(p) === 93) {
    r.i = p + 1;
    return orders;
  }
  for (;;) {
    if (s.charCodeAt(p) !== 34) return undefined;
    const start = p + 1;
    const end = s.indexOf('"', start);
    if (end < 0) return undefined;
    let parsed = readCanonical(map, s, 'movement', start, end);
    if (parsed === undefined) {
      r.i = p;
      if (!r.string()) return undefined;
      const full = parseOrder(map, s.slice(start, end), { phase: 'movement' });
      if (!full.ok) return undefined;
      parsed = full.value;
    }
    if (parsed.power === undefined) return undefined;
    // `{ power, order }`: the parse is the power's order as it stands.
    orders.push(parsed as PowerOrder);
    const c = s.charCodeAt(end + 1);
    if (c === 93) {
      r.i = end + 2;
      return orders;
    }
    if (c !== 44) return undefined;
    p = end + 2;
  }
}

/** `{"nation":"AUS","type":"F","loc":"adr"`, without the closing brace, in UTF-8. */
function unitJson(t: LineTables, u: Unit, loc: number): Uint8Array {
  const type = u.type === 'army' ? 'A' : 'F';
  const write = (): Uint8Array =>
    utf8(
      `{"nation":${t.powerJson.get(u.power) ?? JSON.stringify(u.power)},` +
        `"type":"${type}","loc":${JSON.stringify(t.map.locations[loc]!.key)}`,
    );
  // By a scan of the map's few powers (`===` on the map's own strings, which units carry).
  const powers = t.map.powers;
  let p = powers.length - 1;
  while (p >= 0 && powers[p] !== u.power) p--;
  if (p < 0) return write();
  const k = 2 * loc + (type === 'A' ? 0 : 1);
  return (t.unitJson[p]![k] ??= write());
}

/**
 * The WHATWG text decoder, which every runtime the engine runs on has (Node, browsers); the
 * engine is built against ES2022's types alone, which lack it.
 */
declare const TextDecoder: new () => { decode(bytes: Uint8Array): string };

const decoder = new TextDecoder();

/**
 * The new result's bytes, written into one buffer that every call reuses (it grows as needed):
 * a record's result is about a kilobyte, copied from pieces encoded once (each unit's JSON, each
 * location's and province's), where building it as a string and encoding that cost about a ninth
 * of `arbiter adjudicate` (V8 copies the concatenated string into one before it is encoded).
 */
const result = new ByteWriter(1 << 14);
const COMMA = 0x2c;
const CLOSE = 0x7d;
const WORDS = {
  resultKey: utf8(',"result":'),
  units: utf8('{"units":['),
  dislodged: utf8('],"dislodged":['),
  attackerFrom: utf8(',"attacker_from":'),
  options: utf8('],"retreat_options":{'),
  open: utf8(':['),
  end: utf8('}}'),
} as const;

/**
 * Indices into `locs` in the order of their keys, as the record's sort puts them; undefined
 * if a location is unknown or repeated (then the JSON path decides).
 */
function byLocation(t: LineTables, locs: readonly number[]): number[] | undefined {
  for (const l of locs) if (l < 0) return undefined;
  if (locs.length <= 8) {
    // A few (the dislodged, their retreats): sorted by insertion, not by a walk of every rank.
    const out: number[] = [];
    for (let k = 0; k < locs.length; k++) {
      const r = t.rank[locs[k]!]!;
      let j = out.length;
      for (; j > 0 && t.rank[locs[out[j - 1]!]!]! >= r; j--) {
        if (t.rank[locs[out[j - 1]!]!]! === r) return undefined;
      }
      out.splice(j, 0, k);
    }
    return out;
  }
  const at = t.unitAtRank;
  for (let k = 0; k < locs.length; k++) at[t.rank[locs[k]!]!] = k;
  const out: number[] = [];
  for (let r = 0; r < at.length; r++) {
    if (at[r]! >= 0) {
      out.push(at[r]!);
      at[r] = -1;
    }
  }
  return out.length === locs.length ? out : undefined;
}

/**
 * The line `arbiter adjudicate` writes for a record, as a change to the record's own line: the
 * line with `line.slice(from, to)` replaced by `bytes` (the incoming `result`'s value replaced by
 * the new one, or `,"result":...` put before the closing brace), in UTF-8. A caller holding the
 * line's bytes copies the rest of them as they are instead of building the answer as a string.
 */
export interface RecordLineResult {
  readonly from: number;
  readonly to: number;
  /** The new text's UTF-8: a view of a buffer the next call writes over (copy it to keep it). */
  readonly bytes: Uint8Array;
}

/**
 * Adjudicates a phase record given as its line of JSON and returns the line `arbiter adjudicate`
 * writes for it: exactly `JSON.stringify(adjudicateRecord(map, JSON.parse(line)).value.record)`.
 * Undefined when the line is not one it reads in place (unusual JSON, a bad record): then that
 * path must be taken, and it words any error.
 */
export function adjudicateRecordLine(map: GameMap, line: string): string | undefined {
  const r = recordLineResult(map, line);
  return r === undefined
    ? undefined
    : line.slice(0, r.from) + decoder.decode(r.bytes) + line.slice(r.to);
}

/** `adjudicateRecordLine`'s answer as the change it makes to the line (`RecordLineResult`). */
export function recordLineResult(map: GameMap, line: string): RecordLineResult | undefined {
  const t = tablesOf(map);
  const found = scanRecord(map, t, line);
  if (found === undefined) return undefined;
  const r = adjudicateMovement(map, found.units, found.orders, {
    explain: false,
    outcomes: false,
  });
  const after = r.units;
  const locs = after.map((u) => t.map.indexOf(u.location));
  const order = byLocation(t, locs);
  if (order === undefined) return undefined;
  const retreating = r.dislodged.filter((d) => d.retreats.length > 0);
  const dLocs = retreating.map((d) => t.map.indexOf(d.unit.location));
  const dOrder = byLocation(t, dLocs);
  if (dOrder === undefined) return undefined;
  const retreats: number[][] = [];
  for (const k of dOrder) {
    const to = retreating[k]!.retreats.map((l) => t.map.indexOf(l));
    const toOrder = byLocation(t, to);
    if (toOrder === undefined) return undefined;
    retreats.push(toOrder.map((j) => to[j]!));
  }
  // `{"units":[...],"dislodged":[...],"retreat_options":{...}}`, after `,"result":` if the line
  // had none.
  const out = result;
  out.length = 0;
  if (!found.hasResult) out.bytes(WORDS.resultKey);
  out.bytes(WORDS.units);
  for (let i = 0; i < order.length; i++) {
    const k = order[i]!;
    if (i > 0) out.byte(COMMA);
    out.bytes(unitJson(t, after[k]!, locs[k]!));
    out.byte(CLOSE);
  }
  out.bytes(WORDS.dislodged);
  for (let i = 0; i < dOrder.length; i++) {
    const k = dOrder[i]!;
    if (i > 0) out.byte(COMMA);
    out.bytes(unitJson(t, retreating[k]!.unit, dLocs[k]!));
    out.bytes(WORDS.attackerFrom);
    const from = retreating[k]!.attackerFrom;
    out.bytes(t.provinceJson[t.map.provinceIndex(from)] ?? utf8(JSON.stringify(from)));
    out.byte(CLOSE);
  }
  out.bytes(WORDS.options);
  for (let i = 0; i < dOrder.length; i++) {
    if (i > 0) out.byte(COMMA);
    out.bytes(t.locationJson[dLocs[dOrder[i]!]!]!);
    out.bytes(WORDS.open);
    const to = retreats[i]!;
    for (let j = 0; j < to.length; j++) {
      if (j > 0) out.byte(COMMA);
      out.bytes(t.locationJson[to[j]!]!);
    }
    out.byte(0x5d); // ]
  }
  out.bytes(WORDS.end);
  return { from: found.from, to: found.to, bytes: out.view() };
}
