/** Order notation, read: the many ways players write orders, turned into structured `Order`s. */
import type { Coast, Location, Order, PhaseType, Power, UnitRef, UnitType } from '../types.js';
import { invariant } from '../errors.js';
import { err, ok, type Result } from '../result.js';
import { normalizeName, type GameMap, type ProvinceInfo } from '../map/game-map.js';
import { WordTable } from '../map/word-table.js';

/** Why a line is not understood as an order. Stable codes; the messages may change. */
export type ParseErrorCode =
  | 'parse/empty'
  | 'parse/unknown-province'
  | 'parse/unknown-coast'
  | 'parse/unknown-power'
  | 'parse/expected-unit-type'
  | 'parse/expected-order'
  | 'parse/expected-location'
  | 'parse/expected-coast'
  | 'parse/expected-army'
  | 'parse/unexpected';

export interface ParseError {
  readonly code: ParseErrorCode;
  readonly message: string;
  /** The smallest bad piece of the text; empty when something is missing at the end. */
  readonly input: string;
  /** 0-based offset of `input` in the text. */
  readonly at: number;
}

/** An order as written, with the power that prefixed it if one did. */
export interface ParsedOrder {
  readonly power?: Power;
  readonly order: Order;
}

export interface ParseOptions {
  /**
   * The phase the order is for; it decides what some notations mean. In a retreat phase
   * `A par - bur` is a retreat; in an adjustment phase `A par D` removes the unit. By default
   * orders are read as for a movement phase.
   */
  readonly phase?: PhaseType;
}

/** One non-empty line of a block of orders, with what it parsed to. */
export interface ParsedLine {
  /** 1-based line number in the block. */
  readonly line: number;
  /** The line as written; `at` offsets in an error count from its start. */
  readonly text: string;
  readonly result: Result<ParsedOrder, ParseError>;
}

type Verb =
  'hold' | 'move' | 'support' | 'convoy' | 'retreat' | 'disband' | 'build' | 'remove' | 'waive';

const TYPE_WORDS: ReadonlyMap<string, UnitType> = new Map([
  ['a', 'army'],
  ['army', 'army'],
  ['f', 'fleet'],
  ['fleet', 'fleet'],
]);

const VERBS: ReadonlyMap<string, Verb> = new Map<string, Verb>([
  ['h', 'hold'],
  ['hold', 'hold'],
  ['holds', 'hold'],
  ['stand', 'hold'],
  ['stands', 'hold'],
  ['std', 'hold'],
  ['m', 'move'],
  ['move', 'move'],
  ['moves', 'move'],
  ['to', 'move'],
  ['s', 'support'],
  ['support', 'support'],
  ['supports', 'support'],
  ['c', 'convoy'],
  ['convoy', 'convoy'],
  ['convoys', 'convoy'],
  ['r', 'retreat'],
  ['retreat', 'retreat'],
  ['retreats', 'retreat'],
  ['d', 'disband'],
  ['disband', 'disband'],
  ['disbands', 'disband'],
  ['b', 'build'],
  ['build', 'build'],
  ['builds', 'build'],
  ['remove', 'remove'],
  ['removes', 'remove'],
  ['waive', 'waive'],
  ['waives', 'waive'],
]);

type PrefixVerb = 'build' | 'remove' | 'disband' | 'retreat' | 'waive';

/** Verbs that may also come first, before the unit: `Build A war`, `Disband A war`. */
const PREFIX_VERBS: ReadonlyMap<string, PrefixVerb> = new Map<string, PrefixVerb>([
  ['build', 'build'],
  ['builds', 'build'],
  ['remove', 'remove'],
  ['removes', 'remove'],
  ['disband', 'disband'],
  ['disbands', 'disband'],
  ['retreat', 'retreat'],
  ['retreats', 'retreat'],
  ['waive', 'waive'],
]);

/** Words that never name a province: a place where one is expected is then simply missing. */
const RESERVED: ReadonlySet<string> = new Set([
  ...TYPE_WORDS.keys(),
  ...VERBS.keys(),
  'via',
  'by',
  'coast',
]);

/**
 * Whether a word (any case) is a word of the order notation (`a`, `hold`, `s`, `via`, `coast`...),
 * which the parser never reads as a province: a name a game gives a province must avoid them.
 */
export function isOrderWord(word: string): boolean {
  return RESERVED.has(normalizeName(word));
}

const DIRECTIONS: Readonly<Record<string, string>> = {
  n: 'north',
  s: 'south',
  e: 'east',
  w: 'west',
};

// ---------------------------------------------------------------------------------------------
// Per-map word lists, built once per map.

interface Lexicon {
  /** Province by a one-token name (normalized) or a multi-word name (its words joined by ' '). */
  readonly provinces: ReadonlyMap<string, ProvinceInfo>;
  readonly maxProvinceWords: number;
  readonly powers: ReadonlyMap<string, Power>;
  readonly maxPowerWords: number;
  /** `nc`, `n`, `north` → `nc`: every way to write each coast the map has. */
  readonly coastWords: ReadonlyMap<string, Coast>;
  /** The coast ids themselves (`nc`), which may also stand alone after a province: `spa nc`. */
  readonly coastIds: ReadonlySet<string>;
}

const lexicons = new WeakMap<GameMap, Lexicon>();

function lexicon(map: GameMap): Lexicon {
  let lex = lexicons.get(map);
  if (lex === undefined) {
    lex = buildLexicon(map);
    lexicons.set(map, lex);
  }
  return lex;
}

/** A name's words exactly as the tokenizer will see them: `Mid-Atlantic Ocean` → 3 words. */
function nameWords(name: string): string[] {
  return tokenize(name)
    .filter((t) => t.kind === 'word')
    .map((t) => t.norm);
}

function buildLexicon(map: GameMap): Lexicon {
  const provinces = new Map<string, ProvinceInfo>();
  let maxProvinceWords = 1;
  for (const spec of map.spec.provinces) {
    const info = map.province(spec.id);
    if (info === undefined) continue;
    for (const name of [spec.id, spec.name, ...(spec.aliases ?? [])]) {
      provinces.set(normalizeName(name), info);
      const words = nameWords(name);
      if (words.length > 1) {
        provinces.set(words.join(' '), info);
        maxProvinceWords = Math.max(maxProvinceWords, words.length);
      }
    }
  }
  const powers = new Map<string, Power>();
  let maxPowerWords = 1;
  for (const spec of map.spec.powers) {
    const names = [spec.id, spec.name];
    if (spec.adjective !== undefined) names.push(spec.adjective);
    for (const name of names) {
      powers.set(normalizeName(name), spec.id);
      const words = nameWords(name);
      if (words.length > 1) {
        powers.set(words.join(' '), spec.id);
        maxPowerWords = Math.max(maxPowerWords, words.length);
      }
    }
  }
  const coastWords = new Map<string, Coast>();
  const coastIds = new Set<string>();
  for (const p of map.provinces) {
    for (const c of p.coasts) {
      coastIds.add(c);
      coastWords.set(normalizeName(c), c);
      const letter = c.length === 2 && c[1] === 'c' ? c[0]! : '';
      const direction = DIRECTIONS[letter];
      if (direction !== undefined) {
        coastWords.set(letter, c);
        coastWords.set(direction, c);
      }
    }
  }
  return { provinces, maxProvinceWords, powers, maxPowerWords, coastWords, coastIds };
}

// ---------------------------------------------------------------------------------------------
// Tokens: a single left-to-right pass, no regular expressions over the whole line.

type TokenKind = 'word' | 'dash' | 'open' | 'close' | 'slash' | 'colon' | 'other';

interface Token {
  readonly kind: TokenKind;
  readonly text: string;
  /** For words: lowercase letters and digits only. */
  readonly norm: string;
  readonly start: number;
  readonly end: number;
}

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

function isSpace(c: number): boolean {
  return c <= 32 || c === 0xa0 || c === 0xfeff || c === 0x3000 || (c >= 0x2000 && c <= 0x200b);
}

function isDash(c: number): boolean {
  // - = > and the Unicode dashes and arrow: `A Par-Bur`, `->`, `=>`, `–`, `→`.
  return (
    c === 45 || c === 61 || c === 62 || (c >= 0x2010 && c <= 0x2015) || c === 0x2212 || c === 0x2192
  );
}

function isWordChar(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  if ((c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57)) return true;
  if (c === 39 || c === 95 || c === 0x2019) return true; // ' _ ’
  return c >= 128 && !isSpace(c) && !isDash(c) && LETTER_OR_DIGIT.test(text.charAt(i));
}

function punctuation(c: number): TokenKind {
  switch (c) {
    case 40: // (
      return 'open';
    case 41: // )
      return 'close';
    case 47: // /
      return 'slash';
    case 58: // :
      return 'colon';
    default:
      return 'other';
  }
}

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    // Full stops and commas only separate: `Std.`, `St. Petersburg`, `A Par - Bur.`
    if (isSpace(c) || c === 46 || c === 44) {
      i++;
      continue;
    }
    const start = i;
    let kind: TokenKind;
    if (isWordChar(text, i)) {
      while (i < n && isWordChar(text, i)) i++;
      kind = 'word';
    } else if (isDash(c)) {
      while (i < n && isDash(text.charCodeAt(i))) i++;
      kind = 'dash';
    } else {
      i++;
      kind = punctuation(c);
    }
    const raw = text.slice(start, i);
    tokens.push({
      kind,
      text: raw,
      norm: kind === 'word' ? normalizeName(raw) : raw,
      start,
      end: i,
    });
  }
  return tokens;
}

// ---------------------------------------------------------------------------------------------
// The grammar, by recursive descent over the tokens.

type Parsed<T> = Result<T, ParseError>;

interface ProvinceMatch {
  readonly province: ProvinceInfo;
  /** Index of the first token after the name. */
  readonly next: number;
}

class Parser {
  pos: number;

  constructor(
    private readonly lex: Lexicon,
    private readonly text: string,
    private readonly tokens: readonly Token[],
    private readonly phase: PhaseType,
    start: number,
  ) {
    this.pos = start;
  }

  peek(ahead = 0): Token | undefined {
    return this.tokens[this.pos + ahead];
  }

  /** The normalized word at `pos + ahead`, or undefined if that token is not a word. */
  word(ahead = 0): string | undefined {
    const t = this.peek(ahead);
    return t?.kind === 'word' ? t.norm : undefined;
  }

  verb(ahead = 0): Verb | undefined {
    const w = this.word(ahead);
    return w === undefined ? undefined : VERBS.get(w);
  }

  fail(
    code: ParseErrorCode,
    message: string,
    first?: Token,
    last: Token | undefined = first,
  ): { readonly ok: false; readonly error: ParseError } {
    if (first === undefined) {
      const end = this.tokens.at(-1)?.end ?? this.text.length;
      return err({ code, message, input: '', at: end });
    }
    const input = this.text.slice(first.start, (last ?? first).end);
    return err({ code, message, input, at: first.start });
  }

  /** The whole line is used up: the order is complete. */
  end(order: Order): Parsed<Order> {
    const t = this.peek();
    if (t !== undefined) return this.fail('parse/unexpected', `unexpected '${t.text}'`, t);
    return ok(order);
  }

  body(): Parsed<Order> {
    const t = this.peek();
    if (t === undefined) return this.fail('parse/expected-order', 'expected an order');
    const prefix = PREFIX_VERBS.get(this.word() ?? '');
    if (prefix !== undefined) return this.prefixed(prefix);
    if (t.kind === 'word' && !TYPE_WORDS.has(t.norm) && !this.startsProvince(this.pos)) {
      // A line that starts with an unknown word: a misspelt province if an order follows it,
      // otherwise not an order at all.
      const after = this.tokens[this.unknownRun(this.pos) + 1];
      const verbFollows = after !== undefined && (after.kind === 'dash' || VERBS.has(after.norm));
      if (RESERVED.has(t.norm) || !verbFollows) {
        return this.fail('parse/expected-order', `expected an order, found '${t.text}'`, t);
      }
    }
    const unitStart = this.peek();
    const unit = this.unit(false);
    if (!unit.ok) return unit;
    return this.tail(unit.value, unitStart);
  }

  /** `Build F stp/sc`, `Remove A war`, `Disband A war`, `Retreat A par to bur`, `Waive`. */
  private prefixed(verb: PrefixVerb): Parsed<Order> {
    this.pos++;
    switch (verb) {
      case 'waive':
        return this.end({ kind: 'waive' });
      case 'build': {
        if (this.verb() === 'waive') {
          this.pos++;
          return this.end({ kind: 'waive' });
        }
        const unit = this.unit(true);
        if (!unit.ok) return unit;
        const { type, location } = unit.value;
        invariant(type !== undefined, 'unit(true) returns a unit with its type');
        return this.end({ kind: 'build', unit: { type, location } });
      }
      case 'remove': {
        const unit = this.unit(false);
        if (!unit.ok) return unit;
        return this.end({ kind: 'remove', unit: unit.value });
      }
      case 'disband': {
        const unit = this.unit(false);
        if (!unit.ok) return unit;
        return this.end(this.disband(unit.value));
      }
      case 'retreat': {
        const unit = this.unit(false);
        if (!unit.ok) return unit;
        return this.retreatTo(unit.value);
      }
    }
  }

  /** What follows the ordered unit. */
  private tail(unit: UnitRef, unitStart: Token | undefined): Parsed<Order> {
    const t = this.peek();
    if (t === undefined) {
      // A unit alone (`F Spain(nc)`) holds; outside a movement phase it says nothing.
      if (this.phase === 'movement') return ok({ kind: 'hold', unit });
      return this.fail('parse/expected-order', 'expected an order after the unit');
    }
    const verb = t.kind === 'dash' ? 'move' : this.verb();
    switch (verb) {
      case 'move': {
        this.moveOperator();
        const to = this.location();
        if (!to.ok) return to;
        const viaConvoy = this.via();
        if (this.phase === 'retreat' && !viaConvoy) {
          return this.end({ kind: 'retreat', unit, to: to.value });
        }
        return this.end({ kind: 'move', unit, to: to.value, viaConvoy });
      }
      case 'hold':
        this.pos++;
        return this.end({ kind: 'hold', unit });
      case 'support': {
        this.pos++;
        const supported = this.unit(false);
        if (!supported.ok) return supported;
        if (this.isMoveOperator()) {
          this.moveOperator();
          const to = this.location();
          if (!to.ok) return to;
          return this.end({ kind: 'support-move', unit, supported: supported.value, to: to.value });
        }
        if (this.verb() === 'hold') this.pos++;
        return this.end({ kind: 'support-hold', unit, supported: supported.value });
      }
      case 'convoy': {
        this.pos++;
        const type = TYPE_WORDS.get(this.word() ?? '');
        if (type === 'fleet') {
          return this.fail('parse/expected-army', 'only an army can be convoyed', this.peek());
        }
        if (type === 'army') this.pos++;
        const army = this.location();
        if (!army.ok) return army;
        if (!this.isMoveOperator()) {
          return this.fail(
            'parse/expected-location',
            "expected '-' and the convoyed army's destination",
            this.peek(),
          );
        }
        this.moveOperator();
        const to = this.location();
        if (!to.ok) return to;
        return this.end({ kind: 'convoy', unit, army: army.value, to: to.value });
      }
      case 'retreat':
        this.pos++;
        return this.retreatTo(unit);
      case 'disband':
        this.pos++;
        return this.end(this.disband(unit));
      case 'build': {
        this.pos++;
        if (unit.type === undefined) {
          return this.fail('parse/expected-unit-type', 'a build needs A or F', unitStart);
        }
        return this.end({ kind: 'build', unit: { type: unit.type, location: unit.location } });
      }
      case 'remove':
        this.pos++;
        return this.end({ kind: 'remove', unit });
      case 'waive':
      case undefined:
        return this.fail('parse/expected-order', `expected an order, found '${t.text}'`, t);
    }
  }

  private disband(unit: UnitRef): Order {
    return this.phase === 'adjustment' ? { kind: 'remove', unit } : { kind: 'disband', unit };
  }

  /** After `R` or `Retreat A par`: an optional `to` or `-`, then the destination. */
  private retreatTo(unit: UnitRef): Parsed<Order> {
    if (this.isMoveOperator()) this.moveOperator();
    const to = this.location();
    if (!to.ok) return to;
    return this.end({ kind: 'retreat', unit, to: to.value });
  }

  private isMoveOperator(): boolean {
    return this.peek()?.kind === 'dash' || this.verb() === 'move';
  }

  /** Skips `-`, `->`, `to`, `move`, `moves to`. */
  private moveOperator(): void {
    const w = this.word();
    this.pos++;
    if ((w === 'move' || w === 'moves') && this.word() === 'to') this.pos++;
  }

  /** `via`, `via convoy`, `by convoy`. */
  private via(): boolean {
    const w = this.word();
    if (w === 'via') {
      this.pos++;
      if (this.verb() === 'convoy') this.pos++;
      return true;
    }
    if (w === 'by' && this.verb(1) === 'convoy') {
      this.pos += 2;
      return true;
    }
    return false;
  }

  /** `A par`, `F stp/sc`, `F(StP)sc`, or a bare location; `typeRequired` for builds. */
  unit(typeRequired: boolean): Parsed<UnitRef> {
    const t = this.peek();
    const type = t?.kind === 'word' ? TYPE_WORDS.get(t.norm) : undefined;
    if (type !== undefined) {
      this.pos++;
    } else if (typeRequired) {
      return this.fail('parse/expected-unit-type', 'expected A or F', t);
    }
    const location = this.location();
    if (!location.ok) return location;
    return ok(
      type === undefined ? { location: location.value } : { type, location: location.value },
    );
  }

  /** A province, perhaps in parentheses, then perhaps a coast: `spa/nc`, `Spain (north coast)`. */
  location(): Parsed<Location> {
    let t = this.peek();
    const open = t?.kind === 'open';
    if (open) {
      this.pos++;
      t = this.peek();
    }
    if (t?.kind !== 'word') {
      const found = t === undefined ? '' : `, found '${t.text}'`;
      return this.fail('parse/expected-location', `expected a province${found}`, t);
    }
    const match = this.matchProvince(this.pos);
    if (match === undefined) {
      if (RESERVED.has(t.norm)) {
        return this.fail('parse/expected-location', `expected a province, found '${t.text}'`, t);
      }
      const last = this.tokens[this.unknownRun(this.pos)]!;
      const input = this.text.slice(t.start, last.end);
      return this.fail('parse/unknown-province', `unknown province '${input}'`, t, last);
    }
    this.pos = match.next;
    const province = match.province;
    let coast: Coast | undefined;
    if (open) {
      const inside = this.coast(province);
      if (!inside.ok) return inside;
      coast = inside.value;
      const close = this.peek();
      if (close?.kind !== 'close') return this.fail('parse/unexpected', "expected ')'", close);
      this.pos++;
    }
    if (coast === undefined) {
      const after = this.coast(province);
      if (!after.ok) return after;
      coast = after.value;
    }
    return ok(coast === undefined ? { province: province.id } : { province: province.id, coast });
  }

  /** An optional coast after a province: `/nc`, `/n`, `(nc)`, `(north coast)`, ` nc`. */
  private coast(province: ProvinceInfo): Parsed<Coast | undefined> {
    const t = this.peek();
    if (t === undefined) return ok(undefined);
    if (t.kind === 'slash') {
      const w = this.peek(1);
      if (w?.kind !== 'word')
        return this.fail('parse/expected-coast', "expected a coast after '/'", w);
      this.pos += 2;
      let last = w;
      const more = this.peek();
      if (more?.kind === 'word' && more.norm === 'coast') {
        last = more;
        this.pos++;
      }
      return this.checkCoast(province, this.lex.coastWords.get(w.norm), w, last);
    }
    if (t.kind === 'open') {
      const w = this.peek(1);
      if (w?.kind !== 'word') return ok(undefined);
      let last = w;
      let close = 2;
      const more = this.peek(2);
      if (more?.kind === 'word' && more.norm === 'coast') {
        last = more;
        close = 3;
      }
      if (this.peek(close)?.kind !== 'close') return ok(undefined);
      this.pos += close + 1;
      return this.checkCoast(province, this.lex.coastWords.get(w.norm), w, last);
    }
    if (t.kind === 'word') {
      if (this.lex.coastIds.has(t.norm)) {
        this.pos++;
        return this.checkCoast(province, t.norm, t, t);
      }
      const c = this.lex.coastWords.get(t.norm);
      const more = this.peek(1);
      if (c !== undefined && more?.kind === 'word' && more.norm === 'coast') {
        this.pos += 2;
        return this.checkCoast(province, c, t, more);
      }
    }
    return ok(undefined);
  }

  private checkCoast(
    province: ProvinceInfo,
    coast: Coast | undefined,
    first: Token,
    last: Token,
  ): Parsed<Coast> {
    const written = this.text.slice(first.start, last.end);
    if (coast === undefined) {
      return this.fail('parse/unknown-coast', `unknown coast '${written}'`, first, last);
    }
    if (!province.coasts.includes(coast)) {
      const has = province.coasts.length === 0 ? 'has no coasts' : `has no coast '${written}'`;
      return this.fail('parse/unknown-coast', `${province.name} ${has}`, first, last);
    }
    return ok(coast);
  }

  /**
   * The longest run of words from token `i` that names a province. Words are joined by spaces,
   * or by a hyphen written without spaces (`Mid-Atlantic`); a run of several words must be one of
   * the map's multi-word names, so `Swe-Den` stays a move and `Tyr R` a retreat.
   */
  private matchProvince(i: number): ProvinceMatch | undefined {
    const tokens = this.tokens;
    const first = tokens[i];
    if (first?.kind !== 'word') return undefined;
    const words = [first.norm];
    const ends = [i + 1];
    let j = i;
    while (words.length < this.lex.maxProvinceWords) {
      const next = tokens[j + 1];
      if (next?.kind === 'word') {
        j += 1;
      } else if (
        next?.kind === 'dash' &&
        next.start === tokens[j]!.end &&
        tokens[j + 2]?.kind === 'word' &&
        tokens[j + 2]!.start === next.end
      ) {
        j += 2;
      } else {
        break;
      }
      words.push(tokens[j]!.norm);
      ends.push(j + 1);
    }
    for (let k = words.length; k >= 2; k--) {
      const province = this.lex.provinces.get(words.slice(0, k).join(' '));
      if (province !== undefined) return { province, next: ends[k - 1]! };
    }
    const province = this.lex.provinces.get(first.norm);
    return province === undefined ? undefined : { province, next: i + 1 };
  }

  /** Whether a province's name starts here and runs past token `end`. */
  namesLongerProvince(end: number): boolean {
    const match = this.matchProvince(this.pos);
    return match !== undefined && match.next > end;
  }

  private startsProvince(i: number): boolean {
    const t = this.tokens[i];
    if (t?.kind === 'open') return this.matchProvince(i + 1) !== undefined;
    return this.matchProvince(i) !== undefined;
  }

  /** Where an unknown name starting at token `i` ends: up to 4 words that are nothing else. */
  private unknownRun(i: number): number {
    const tokens = this.tokens;
    let last = tokens[i]!;
    let j = i;
    for (let count = 1; count < 4; count++) {
      let k = j + 1;
      const next = tokens[k];
      if (next?.kind === 'dash' && next.start === last.end) {
        k++;
        if (tokens[k]?.start !== next.end) break;
      }
      const w = tokens[k];
      if (w?.kind !== 'word' || RESERVED.has(w.norm)) break;
      if (this.lex.provinces.has(w.norm) || this.lex.coastIds.has(w.norm)) break;
      last = w;
      j = k;
    }
    return j;
  }

  /** A power named at the start: its id, name or adjective, in one or more words. */
  power(): { readonly power: Power; readonly next: number } | undefined {
    const words: string[] = [];
    for (let k = 0; k < this.lex.maxPowerWords; k++) {
      const w = this.word(k);
      if (w === undefined) break;
      words.push(w);
    }
    for (let k = words.length; k >= 2; k--) {
      const power = this.lex.powers.get(words.slice(0, k).join(' '));
      if (power !== undefined) return { power, next: this.pos + k };
    }
    const first = words[0];
    const power = first === undefined ? undefined : this.lex.powers.get(first);
    return power === undefined ? undefined : { power, next: this.pos + 1 };
  }

  /** A first word that is not a power but is written where one would be: `XYZ:`, `XYZ A par`. */
  unknownPower(): Parsed<never> | undefined {
    const t = this.peek();
    if (t?.kind !== 'word') return undefined;
    for (let k = 1; k <= Math.max(this.lex.maxPowerWords, 4); k++) {
      const after = this.peek(k);
      if (after?.kind === 'colon') {
        const last = this.peek(k - 1);
        const name = this.text.slice(t.start, last?.end);
        return this.fail('parse/unknown-power', `unknown power '${name}'`, t, last);
      }
      if (after?.kind !== 'word') break;
    }
    const next = this.word(1);
    const known = TYPE_WORDS.has(t.norm) || VERBS.has(t.norm) || this.startsProvince(this.pos);
    if (!known && next !== undefined && (TYPE_WORDS.has(next) || PREFIX_VERBS.has(next))) {
      return this.fail('parse/unknown-power', `unknown power '${t.text}'`, t);
    }
    return undefined;
  }
}

function errorAt(r: Parsed<unknown>): number {
  return r.ok ? Infinity : r.error.at;
}

/**
 * Reads one order in any common notation: `A Par-Bur`, `F StP(sc) - GoB`, `FRA A mar S A par`,
 * `England: F London - North Sea`, `Build F stp/sc`. The order only has to be understood; whether
 * it is legal (the unit exists, the move is possible) is for the adjudicator to judge.
 *
 * @example parseOrder(standardMap, 'A Lon - Nwy via convoy')
 * // { ok: true, value: { order: { kind: 'move', unit: { type: 'army', location: { province: 'lon' } },
 * //   to: { province: 'nwy' }, viaConvoy: true } } }
 */
export function parseOrder(
  map: GameMap,
  text: string,
  options: ParseOptions = {},
): Result<ParsedOrder, ParseError> {
  const fast = readCanonical(map, text, options.phase ?? 'movement');
  return fast === undefined ? parseOrderForgiving(map, text, options) : ok(fast);
}

/**
 * `parseOrder` without its fast path for canonical notation: every line goes through the
 * tokenizer and the grammar. The two give the same result for every line (a test checks it
 * over the corpus); this one is for such comparisons.
 */
export function parseOrderForgiving(
  map: GameMap,
  text: string,
  options: ParseOptions = {},
): Result<ParsedOrder, ParseError> {
  const lex = lexicon(map);
  const tokens = tokenize(text);
  if (tokens.length === 0) {
    return err({ code: 'parse/empty', message: 'no order given', input: '', at: 0 });
  }
  const phase = options.phase ?? 'movement';
  const plain = new Parser(lex, text, tokens, phase, 0);
  const prefix = plain.power();
  if (prefix !== undefined) {
    const hasColon = tokens[prefix.next]?.kind === 'colon';
    // `English Channel - Brest`: a province's name that starts with a power's name.
    const alone = hasColon || !plain.namesLongerProvince(prefix.next) ? undefined : plain.body();
    if (alone?.ok === true) return ok({ order: alone.value });
    const start = hasColon ? prefix.next + 1 : prefix.next;
    const withPower = new Parser(lex, text, tokens, phase, start).body();
    if (withPower.ok) return ok({ power: prefix.power, order: withPower.value });
    if (hasColon) return withPower;
    // `eng - bre`, `English H`: the word was the province, not the power.
    plain.pos = 0;
    const again = alone ?? plain.body();
    if (again.ok) return ok({ order: again.value });
    return errorAt(again) > errorAt(withPower) ? again : withPower;
  }
  const badPower = plain.unknownPower();
  if (badPower !== undefined) return badPower;
  const order = plain.body();
  return order.ok ? ok({ order: order.value }) : order;
}

// ---------------------------------------------------------------------------------------------
// The fast path: canonical notation, as `formatPowerOrder` writes it (`AUS A bud - ser`,
// `ENG F nth C A lon - nwy`, `RUS F stp/sc S A fin - bot`, `FRA Build F bre`), read in place:
// words are found between single spaces and looked up by their characters, with no tokens, no
// slices and no normalizing. It gives the very orders the grammar would (their locations are
// the map's own objects), and leaves everything else (other spellings, extra spaces, mistakes)
// to the grammar, which also words the errors. It takes a word as a location or a power only
// when the grammar would read it the same way: the map's own ids, none of which starts a longer
// name or would be taken for a coast or a verb.

interface CanonicalWords {
  /** `par`, `stp/sc`: the map's location keys, except provinces a longer name could start with. */
  readonly locations: WordTable<Location>;
  /** Power ids, except those a longer province or power name could start with. */
  readonly powers: WordTable<Power>;
  /** Whether an order may leave out its power here (no power is called `A`, `F`, `Build`...). */
  readonly bare: boolean;
}

const canonicalWords = new WeakMap<GameMap, CanonicalWords | null>();
let lastCanonical: { map: GameMap; words: CanonicalWords | null } | undefined;

/** The words of canonical notation for a map; null when its names make the fast path unsafe. */
function canonicalOf(map: GameMap): CanonicalWords | null {
  if (lastCanonical?.map === map) return lastCanonical.words;
  let words = canonicalWords.get(map);
  if (words === undefined) {
    words = buildCanonical(map, lexicon(map));
    canonicalWords.set(map, words);
  }
  lastCanonical = { map, words };
  return words;
}

function buildCanonical(map: GameMap, lex: Lexicon): CanonicalWords | null {
  // Words that come right after a location: were one a coast, the grammar would read it so.
  for (const w of ['h', 's', 'c', 'r', 'd', 'via']) if (lex.coastIds.has(w)) return null;
  const firstWords = (names: Iterable<string>): Set<string> =>
    new Set([...names].filter((k) => k.includes(' ')).map((k) => k.split(' ')[0]!));
  const startsProvince = firstWords(lex.provinces.keys());
  const startsPower = firstWords(lex.powers.keys());
  const locations: [string, Location][] = [];
  for (const l of map.locations) {
    const p = map.provinces[l.province]!;
    if (
      lex.provinces.get(p.id) === p &&
      /^[a-z0-9]+$/.test(p.id) &&
      !RESERVED.has(p.id) &&
      !startsProvince.has(p.id) &&
      (l.coast === undefined || lex.coastWords.get(l.coast) === l.coast)
    )
      locations.push([l.key, l.location]);
  }
  const powers: [string, Power][] = [];
  for (const id of map.powers) {
    const norm = normalizeName(id);
    if (
      lex.powers.get(norm) === id &&
      /^[A-Za-z0-9]+$/.test(id) &&
      !startsProvince.has(norm) &&
      !startsPower.has(norm)
    )
      powers.push([id, id]);
  }
  const bare = ['a', 'f', 'build', 'remove', 'waive'].every(
    (w) => !lex.powers.has(w) && !startsPower.has(w),
  );
  return { locations: new WordTable(locations), powers: new WordTable(powers), bare };
}

/** Reads canonical notation from `text[from, to)`; `at` is where the next word starts. */
class CanonicalReader {
  at = 0;
  private words: CanonicalWords | undefined;
  private text = '';
  private to = 0;

  /** Starts on a new text (one reader serves every call: it holds nothing between them). */
  reset(words: CanonicalWords, text: string, from: number, to: number): this {
    this.words = words;
    this.text = text;
    this.at = from;
    this.to = to;
    return this;
  }

  /** The end of the word at `at` (a space or `to`). */
  private wordEnd(): number {
    // A loop, not `indexOf`: words are short, and the text may be a long line of JSON.
    const text = this.text;
    const to = this.to;
    let i = this.at;
    while (i < to && text.charCodeAt(i) !== 32) i++;
    return i;
  }

  /** Steps past the word ending at `end` and its space; false when that was the last word. */
  private step(end: number): boolean {
    this.at = end + 1;
    return end < this.to;
  }

  done(): boolean {
    return this.at > this.to;
  }

  /** The first character of the word at `at`, or NaN past the end. */
  first(): number {
    return this.at < this.to ? this.text.charCodeAt(this.at) : NaN;
  }

  /** The one-character word at `at` (`A`, `-`, `S`...) as a char code, or -1. */
  letter(): number {
    const at = this.at;
    if (at >= this.to || (at + 1 < this.to && this.text.charCodeAt(at + 1) !== 32)) return -1;
    return this.text.charCodeAt(at);
  }

  /** Steps past a one-character word. */
  skipLetter(): void {
    this.at += 2;
  }

  /** Whether the word at `at` is `word`; steps past it if so. */
  is(word: string): boolean {
    const end = this.wordEnd();
    if (end - this.at !== word.length || !this.text.startsWith(word, this.at)) return false;
    this.step(end);
    return true;
  }

  power(): Power | undefined {
    const end = this.wordEnd();
    const power = this.words!.powers.find(this.text, this.at, end);
    if (power !== undefined && !this.step(end)) return undefined;
    return power;
  }

  location(): Location | undefined {
    const at = this.at;
    const to = this.to;
    if (at >= to) return undefined;
    // Most locations are three letters followed by a space or the end: that is checked, not
    // searched for (`find` checks that they are letters).
    const text = this.text;
    const end =
      (at + 3 === to || (at + 3 < to && text.charCodeAt(at + 3) === 32)) &&
      text.charCodeAt(at + 1) !== 32 &&
      text.charCodeAt(at + 2) !== 32
        ? at + 3
        : this.wordEnd();
    const location = this.words!.locations.find(text, at, end);
    if (location !== undefined) this.step(end);
    return location;
  }

  /** `A par`, `F stp/sc`. */
  unit(): { type: UnitType; location: Location } | undefined {
    const c = this.letter();
    const type = c === 65 ? 'army' : c === 70 ? 'fleet' : undefined;
    if (type === undefined) return undefined;
    this.skipLetter();
    const location = this.location();
    return location === undefined ? undefined : { type, location };
  }
}

const reader = new CanonicalReader();

/**
 * Reads an order in canonical notation exactly as `parseOrderForgiving` would; undefined for
 * anything else (`parseOrder` then has the grammar read it). `from` and `to` read a part of
 * `text` in place (an order inside a line of JSON).
 *
 * @example readCanonical(standardMap, 'AUS A bud - ser', 'movement')
 * // { power: 'AUS', order: { kind: 'move', unit: { type: 'army', location: { province: 'bud' } },
 * //   to: { province: 'ser' }, viaConvoy: false } }
 */
export function readCanonical(
  map: GameMap,
  text: string,
  phase: PhaseType,
  from = 0,
  to = text.length,
): ParsedOrder | undefined {
  const words = canonicalOf(map);
  if (words === null || to <= from) return undefined;
  const r = reader.reset(words, text, from, to);
  const power = r.power();
  if (power === undefined && (!words.bare || r.at !== from)) return undefined;
  const order = canonicalOrder(r, phase);
  if (order === undefined || !r.done()) return undefined;
  return power === undefined ? { order } : { power, order };
}

function canonicalOrder(r: CanonicalReader, phase: PhaseType): Order | undefined {
  // Most orders start with a unit (`A`, `F`): the adjustment words are looked for only when not.
  const first = r.first();
  if (first !== 65 && first !== 70) {
    if (r.is('Waive')) return { kind: 'waive' };
    if (r.is('Build')) {
      const unit = r.unit();
      return unit === undefined ? undefined : { kind: 'build', unit };
    }
    if (r.is('Remove')) {
      const unit = r.unit();
      return unit === undefined ? undefined : { kind: 'remove', unit };
    }
  }
  const unit = r.unit();
  if (unit === undefined) return undefined;
  if (r.done()) return phase === 'movement' ? { kind: 'hold', unit } : undefined;
  const verb = r.letter();
  r.skipLetter();
  switch (verb) {
    case 72: // H
      return { kind: 'hold', unit };
    case 68: // D
      return phase === 'adjustment' ? { kind: 'remove', unit } : { kind: 'disband', unit };
    case 82: {
      // R
      const to = r.location();
      return to === undefined ? undefined : { kind: 'retreat', unit, to };
    }
    case 45: {
      // -
      const to = r.location();
      if (to === undefined) return undefined;
      const viaConvoy = !r.done() && r.is('via');
      if (phase === 'retreat' && !viaConvoy) return { kind: 'retreat', unit, to };
      return { kind: 'move', unit, to, viaConvoy };
    }
    case 83: {
      // S
      const supported = r.unit();
      if (supported === undefined) return undefined;
      if (r.done()) return { kind: 'support-hold', unit, supported };
      if (r.letter() !== 45) return undefined;
      r.skipLetter();
      const to = r.location();
      return to === undefined ? undefined : { kind: 'support-move', unit, supported, to };
    }
    case 67: {
      // C
      if (r.letter() !== 65) return undefined;
      r.skipLetter();
      const army = r.location();
      if (army === undefined || r.letter() !== 45) return undefined;
      r.skipLetter();
      const to = r.location();
      return to === undefined ? undefined : { kind: 'convoy', unit, army, to };
    }
    default:
      return undefined;
  }
}

/**
 * Reads a block of orders, one per line; blank lines are skipped and a bad line spoils only
 * itself.
 */
export function parseOrders(map: GameMap, text: string, options: ParseOptions = {}): ParsedLine[] {
  const lines: ParsedLine[] = [];
  let start = 0;
  let line = 1;
  while (start <= text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    let lineText = text.slice(start, end);
    if (lineText.endsWith('\r')) lineText = lineText.slice(0, -1);
    if (lineText.trim() !== '') {
      lines.push({ line, text: lineText, result: parseOrder(map, lineText, options) });
    }
    start = end + 1;
    line++;
  }
  return lines;
}
