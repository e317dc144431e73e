/**
 * Game records written straight into bytes. A self-play worker used to build each phase's
 * record as objects, format every order as a string and `JSON.stringify` the game, then encode
 * the text as UTF-8: together about a third of its time. The engine's `ByteWriter` takes the
 * bytes as they are made, and `CompactWriter` writes the project's compact record of a phase
 * from tables of the map's power ids and location keys encoded once, as exactly the bytes of
 * `JSON.stringify` of `{ name, orders: outcomes.map(formatPowerOrder), results }` in UTF-8 (an
 * order with a part the tables do not hold, a location object of another map or a power the map
 * does not know, is formatted and stringified as before).
 */
import {
  formatPowerOrder,
  type GameMap,
  type Location,
  type OrderOutcome,
  type UnitRef,
  utf8,
} from '@arbiter/engine';
import type { ByteWriter } from '../byte-writer.js';

/** The UTF-8 of `text`, if JSON writes it as it is between its quotes; else undefined. */
function plain(text: string): Uint8Array | undefined {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20 || c > 0x7e || c === 0x22 || c === 0x5c) return undefined;
  }
  return utf8(text);
}

const QUOTE = 0x22;
const COMMA = 0x2c;
const SPACE = 0x20;
const LETTER = { army: utf8('A '), fleet: utf8('F ') } as const;
const WORD = {
  hold: utf8(' H'),
  to: utf8(' - '),
  via: utf8(' via'),
  supports: utf8(' S '),
  convoys: utf8(' C A '),
  retreats: utf8(' R '),
  disband: utf8(' D'),
  build: utf8('Build '),
  remove: utf8('Remove '),
  waive: utf8('Waive'),
  name: utf8('{"name":'),
  orders: utf8(',"orders":['),
  results: utf8('],"results":['),
  end: utf8(']}'),
} as const;

/** Writes phases of one map's games (see the module's comment). */
export class CompactWriter {
  /** Each power's id and each location's key, when JSON needs no escapes for it. */
  private readonly powers: readonly (Uint8Array | undefined)[];
  private readonly locations: readonly (Uint8Array | undefined)[];
  private readonly results = new Map<string, Uint8Array>();

  constructor(readonly map: GameMap) {
    this.powers = map.powers.map(plain);
    this.locations = map.locations.map((l) => plain(l.key));
  }

  /** `{"name":"S1901M","orders":["AUS A bud - ser",...],"results":["succeeds",...]}`. */
  phase(out: ByteWriter, name: string, outcomes: readonly OrderOutcome[]): void {
    out.bytes(WORD.name);
    out.text(JSON.stringify(name));
    out.bytes(WORD.orders);
    for (let i = 0; i < outcomes.length; i++) {
      if (i > 0) out.byte(COMMA);
      const o = outcomes[i]!;
      const at = out.length;
      if (!this.order(out, o)) {
        out.truncate(at);
        out.text(JSON.stringify(formatPowerOrder(o)));
      }
    }
    out.bytes(WORD.results);
    for (let i = 0; i < outcomes.length; i++) {
      if (i > 0) out.byte(COMMA);
      const result = outcomes[i]!.result;
      let q = this.results.get(result);
      if (q === undefined) this.results.set(result, (q = utf8(JSON.stringify(result))));
      out.bytes(q);
    }
    out.bytes(WORD.end);
  }

  /** The location's key; false when the tables do not hold it. */
  private location(out: ByteWriter, l: Location): boolean {
    const b = this.locations[this.map.indexOf(l)];
    if (b === undefined) return false;
    out.bytes(b);
    return true;
  }

  /** `A par`, `F stp/sc`, or the bare location of a unit whose type was not given. */
  private unit(out: ByteWriter, u: UnitRef): boolean {
    if (u.type !== undefined) out.bytes(u.type === 'army' ? LETTER.army : LETTER.fleet);
    return this.location(out, u.location);
  }

  /**
   * The order in canonical notation, quoted, as `formatPowerOrder` writes it; false (with
   * something written) when a part is not in the tables.
   */
  private order(out: ByteWriter, o: OrderOutcome): boolean {
    const power = this.powers[this.map.powerIndex(o.power)];
    if (power === undefined) return false;
    out.byte(QUOTE);
    out.bytes(power);
    out.byte(SPACE);
    const order = o.order;
    switch (order.kind) {
      case 'hold':
        if (!this.unit(out, order.unit)) return false;
        out.bytes(WORD.hold);
        break;
      case 'move':
        if (!this.unit(out, order.unit)) return false;
        out.bytes(WORD.to);
        if (!this.location(out, order.to)) return false;
        if (order.viaConvoy) out.bytes(WORD.via);
        break;
      case 'support-hold':
        if (!this.unit(out, order.unit)) return false;
        out.bytes(WORD.supports);
        if (!this.unit(out, order.supported)) return false;
        break;
      case 'support-move':
        if (!this.unit(out, order.unit)) return false;
        out.bytes(WORD.supports);
        if (!this.unit(out, order.supported)) return false;
        out.bytes(WORD.to);
        if (!this.location(out, order.to)) return false;
        break;
      case 'convoy':
        if (!this.unit(out, order.unit)) return false;
        out.bytes(WORD.convoys);
        if (!this.location(out, order.army)) return false;
        out.bytes(WORD.to);
        if (!this.location(out, order.to)) return false;
        break;
      case 'retreat':
        if (!this.unit(out, order.unit)) return false;
        out.bytes(WORD.retreats);
        if (!this.location(out, order.to)) return false;
        break;
      case 'disband':
        if (!this.unit(out, order.unit)) return false;
        out.bytes(WORD.disband);
        break;
      case 'build':
        out.bytes(WORD.build);
        if (!this.unit(out, order.unit)) return false;
        break;
      case 'remove':
        out.bytes(WORD.remove);
        if (!this.unit(out, order.unit)) return false;
        break;
      case 'waive':
        out.bytes(WORD.waive);
        break;
    }
    out.byte(QUOTE);
    return true;
  }
}
