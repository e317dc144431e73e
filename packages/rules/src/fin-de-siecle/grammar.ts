/**
 * Fin de Siecle's dip spends as written (RULINGS.md §2.5): bought supports (`3 DIPS SUPPORT
 * A(LON)-PLY`), paid messages (`MSG TO FRANCE, ITALY: text`), interceptions (`INTERCEPT FRANCE
 * ENGLAND`) and protections (`PROTECT AGAINST TURKEY`), each optionally headed by the power that
 * pays (`AUSTRIA: MSG TO ...`). Reading is lenient and never decides legality: names that are no
 * power are kept as written, and `checkAction` refuses them with a stable code.
 */
import type { GameMap, ModuleAction, Power } from '@arbiter/engine';

export const DIPS_ID = 'fds-dips';
export const PRESS_ID = 'fds-press';

/** What a dip support backs: the unit staying where it is, or its move to `to`. */
export interface SupportData {
  readonly kind: 'hold' | 'move';
  readonly unitType: 'A' | 'F';
  /** The supported unit's province. */
  readonly province: string;
  /** The move's destination (a province id), for `kind: 'move'`. */
  readonly to?: string;
  /** The supported unit's power as named (`SUPPORTING MEXICO ...`), or null. */
  readonly owner: Power | null;
  /** A power named but not found, as written. */
  readonly unknown?: readonly string[];
}

/** Fields every spend carries: who pays (as written) and what it costs. */
export interface SpendData {
  /** The paying power named at the head of the line (`AUSTRIA: ...`), or null. */
  readonly payer: Power | null;
  readonly dips: number;
  /** The number of dips written (`5 DIPS SUPPORT ...`), if any. */
  readonly written?: number;
  /** Names read as powers that are none, as written. */
  readonly unknown?: readonly string[];
}

/** A message's readers and text. */
export interface MessageData {
  readonly to: readonly Power[];
  readonly text: string;
}

/** The cost of each kind of spend (the rules' M.1 table; ruling 1: a support is 3). */
export const COST = { support: 3, intercept: 2, protect: 1 } as const;

/** Words per dip for a message (M.1: "1 Dip to send a message of 50 words"). */
export const WORDS_PER_DIP = 50;

/** The dips a message costs: one per 50 words or part of 50 (ruling 5). */
export function messageCost(text: string): number {
  const words = text
    .trim()
    .split(/\s+/)
    .filter((w) => w !== '').length;
  return Math.max(1, Math.ceil(words / WORDS_PER_DIP));
}

/** The power a name means: its id (`ENG`), name (`England`) or adjective, any case. */
export function findPower(map: GameMap, text: string): Power | null {
  const t = text.trim().replace(/\s+/g, ' ').toLowerCase();
  for (const p of map.spec.powers) {
    if (p.id.toLowerCase() === t || p.name.toLowerCase() === t) return p.id;
    if (p.adjective?.toLowerCase() === t) return p.id;
  }
  return null;
}

/**
 * Reads a list of powers (`FRANCE, ITALY`, `FRA AND ITA`, `Great Britain Chile`): the longest
 * power name at each place first; words that start no name are kept as unknown.
 */
export function readPowers(
  map: GameMap,
  text: string,
): { readonly powers: Power[]; readonly unknown: string[] } {
  const words = text
    .replace(/[,;&/]/g, ' ')
    .split(/\s+/)
    .filter((w) => w !== '' && !/^and$/i.test(w));
  const powers: Power[] = [];
  const unknown: string[] = [];
  let i = 0;
  while (i < words.length) {
    let found = 0;
    for (let j = words.length; j > i; j--) {
      const p = findPower(map, words.slice(i, j).join(' '));
      if (p !== null) {
        powers.push(p);
        found = j - i;
        break;
      }
    }
    if (found === 0) {
      unknown.push(words[i]!);
      i++;
    } else i += found;
  }
  return { powers, unknown };
}

/** Splits off a paying power at the head (`AUSTRIA: ...`), if what comes before `:` is one. */
function payerOf(map: GameMap, line: string): { payer: Power | null; rest: string } {
  const m = /^([^:]+?)\s*:\s*(.+)$/.exec(line);
  if (m === null) return { payer: null, rest: line };
  const p = findPower(map, m[1]!);
  return p === null ? { payer: null, rest: line } : { payer: p, rest: m[2]! };
}

/** A province written as an id or name, with any coast (`spa/sc`, `STP(SC)`) dropped. */
function provinceOf(map: GameMap, text: string): string | undefined {
  const bare = text
    .trim()
    .replace(/\s*[/(]\s*[a-z]{2}\s*\)?$/i, '')
    .replace(/[.]$/, '');
  return map.findProvince(bare)?.id;
}

const SUPPORT = /^(?:(\d+)\s*DIPS?\s+)?(?:TO\s+)?SUPPORT(?:ING|S)?\s+(.+)$/i;
const UNIT = /^(?:(.+?)\s+)?([AF])\s*(?:\(\s*([^)]+?)\s*\)|\s+([^\s-]+))\s*(.*)$/i;
const HOLD = /^(?:HOLDS?|H|STANDS?|STAYS?)\.?$/i;
const MOVE = /^(?:-+>?|=>|TO|MOVES?\s+TO|M)\s*(.+)$/i;
const MESSAGE = /^(?:MSG|MESSAGE|SEND)\s+(?:TO\s+)?([^:]+?)\s*:\s*(.*)$/i;
const INTERCEPT = /^INTERCEPT(?:\s+MESSAGES)?(?:\s+BETWEEN)?\s+(.+)$/i;
const PROTECT = /^PROTECT(?:\s+(?:MY\s+)?MESSAGES)?\s+AGAINST\s+(.+)$/i;

function action(module: string, type: string, data: object): ModuleAction {
  return { module, type, data: { ...data } };
}

/** Reads a dip support, or `undefined` if the line is none. */
export function parseSupport(
  text: string,
  map: GameMap,
): ModuleAction | { readonly error: string } | undefined {
  const { payer, rest } = payerOf(map, text.trim());
  const s = SUPPORT.exec(rest);
  if (s === null) return undefined;
  const usage = 'write e.g. 3 DIPS SUPPORT A(LON)-PLY, or 3 DIPS SUPPORTING FRANCE A(PAR) HOLD';
  const u = UNIT.exec(s[2]!.trim());
  if (u === null) return { error: `"${s[2]!}": no unit read (${usage})` };
  const province = provinceOf(map, u[3] ?? u[4] ?? '');
  if (province === undefined) return { error: `"${u[3] ?? u[4] ?? ''}" is no province (${usage})` };
  const ownerText = u[1]?.trim();
  const owner = ownerText === undefined ? null : findPower(map, ownerText);
  const unknown = ownerText !== undefined && owner === null ? [ownerText] : [];
  const tail = u[5]!.trim();
  let kind: 'hold' | 'move';
  let to: string | undefined;
  if (HOLD.test(tail)) kind = 'hold';
  else {
    const m = MOVE.exec(tail);
    if (m === null) return { error: `"${tail || s[2]!}": say HOLD or -<province> (${usage})` };
    to = provinceOf(map, m[1]!);
    if (to === undefined) return { error: `"${m[1]!}" is no province (${usage})` };
    kind = 'move';
  }
  const written = s[1] === undefined ? undefined : Number(s[1]);
  return action(DIPS_ID, 'support', {
    kind,
    unitType: u[2]!.toUpperCase() as 'A' | 'F',
    province,
    ...(to === undefined ? {} : { to }),
    owner,
    payer,
    dips: COST.support,
    ...(written === undefined ? {} : { written }),
    ...(unknown.length === 0 ? {} : { unknown }),
  });
}

/** Reads a paid message, an interception or a protection, or `undefined` if the line is none. */
export function parsePress(
  text: string,
  map: GameMap,
): ModuleAction | { readonly error: string } | undefined {
  const { payer, rest } = payerOf(map, text.trim());
  const msg = MESSAGE.exec(rest);
  if (msg !== null) {
    const body = msg[2]!.trim();
    if (body === '') return { error: 'the message is empty (write MSG TO FRANCE: your text)' };
    const { powers, unknown } = readPowers(map, msg[1]!);
    return action(PRESS_ID, 'message', {
      to: [...new Set(powers)],
      text: body,
      payer,
      dips: messageCost(body),
      ...(unknown.length === 0 ? {} : { unknown }),
    });
  }
  const icp = INTERCEPT.exec(rest);
  if (icp !== null) {
    const { powers, unknown } = readPowers(map, icp[1]!);
    if (powers.length + unknown.length !== 2)
      return { error: `"${icp[1]!}": name two powers (write INTERCEPT FRANCE ENGLAND)` };
    return action(PRESS_ID, 'intercept', {
      between: powers,
      payer,
      dips: COST.intercept,
      ...(unknown.length === 0 ? {} : { unknown }),
    });
  }
  const pro = PROTECT.exec(rest);
  if (pro !== null) {
    const { powers, unknown } = readPowers(map, pro[1]!);
    if (powers.length + unknown.length !== 1)
      return { error: `"${pro[1]!}": name one power (write PROTECT AGAINST TURKEY)` };
    return action(PRESS_ID, 'protect', {
      against: powers[0] ?? null,
      payer,
      dips: COST.protect,
      ...(unknown.length === 0 ? {} : { unknown }),
    });
  }
  return undefined;
}

/** A spend in its canonical notation (`ENG: 3 DIPS SUPPORT GER A(MUN)-BUR`). */
export function formatSpend(a: ModuleAction): string {
  const d = a.data;
  const payer = typeof d['payer'] === 'string' ? `${d['payer']}: ` : '';
  switch (a.type) {
    case 'support': {
      const owner = typeof d['owner'] === 'string' ? `${d['owner']} ` : '';
      const unit = `${String(d['unitType'])}(${String(d['province']).toUpperCase()})`;
      const what = d['kind'] === 'move' ? `-${String(d['to']).toUpperCase()}` : ' HOLD';
      return `${payer}${COST.support} DIPS SUPPORT ${owner}${unit}${what}`;
    }
    case 'message':
      return `${payer}MSG TO ${(d['to'] as string[]).join(', ')}: ${String(d['text'])}`;
    case 'intercept':
      return `${payer}INTERCEPT ${(d['between'] as string[]).join(' ')}`;
    case 'protect':
      return `${payer}PROTECT AGAINST ${String(d['against'])}`;
    default:
      return `${payer}${a.type}`;
  }
}
