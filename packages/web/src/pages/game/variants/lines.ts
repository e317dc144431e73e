/**
 * The variant panels' lines of the order sheet: a panel reads the lines its rule module
 * understands (with the module's own grammar, so the page and the server read a line alike),
 * and adds, replaces or removes them in the one sheet the text box and the map also edit.
 * Everything here is pure, for the tests beside it.
 */
import type { GameMap, ModuleAction, RuleModule } from '@arbiter/engine';

/** One line of the sheet that a rule module reads as its action. */
export interface ActionLine {
  /** 1-based line number in the text. */
  readonly line: number;
  readonly text: string;
  readonly action: ModuleAction;
}

/** The lines of `text` that `module` reads as its actions (lines it refuses are left out). */
export function actionLines(
  module: Pick<RuleModule, 'parseAction'>,
  map: GameMap,
  text: string,
): ActionLine[] {
  const out: ActionLine[] = [];
  text.split('\n').forEach((raw, i) => {
    const t = raw.trim();
    if (t === '') return;
    const read = module.parseAction?.(t, map);
    if (read === undefined || 'error' in read) return;
    out.push({ line: i + 1, text: t, action: read });
  });
  return out;
}

/** The sheet with its line `line` (1-based) taken out. */
export function withoutLine(text: string, line: number): string {
  return text
    .split('\n')
    .filter((_, i) => i !== line - 1)
    .join('\n');
}

/** The sheet with `line` added at the end (after the last non-blank line). */
export function withLine(text: string, line: string): string {
  const lines = text.split('\n');
  while (lines.length > 0 && lines[lines.length - 1]!.trim() === '') lines.pop();
  lines.push(line);
  return lines.join('\n');
}

/**
 * The sheet with every action of `type` that `module` reads replaced by `line` (in the place
 * of the first), or `line` added when there was none; with `line` null, those lines go.
 */
export function withAction(
  module: Pick<RuleModule, 'parseAction'>,
  map: GameMap,
  text: string,
  type: string,
  line: string | null,
): string {
  const same = actionLines(module, map, text)
    .filter((l) => l.action.type === type)
    .map((l) => l.line);
  const first = same[0];
  const lines = text.split('\n');
  if (first !== undefined && line !== null) lines[first - 1] = line;
  const kept = lines.filter((_, i) => !same.includes(i + 1) || (i + 1 === first && line !== null));
  const joined = kept.join('\n');
  return first === undefined && line !== null ? withLine(joined, line) : joined;
}

// ---- Deviant Diplomacy II ----------------------------------------------------------------------

/** Votes the sheet casts, line by line (`VOTE 3 FOR A`). */
export function votesOf(
  module: Pick<RuleModule, 'parseAction'>,
  map: GameMap,
  text: string,
): {
  readonly line: number;
  readonly text: string;
  readonly count: number;
  readonly label: string;
}[] {
  return actionLines(module, map, text).flatMap((l) => {
    if (l.action.type !== 'vote') return [];
    const count = l.action.data['count'];
    const label = l.action.data['label'];
    if (typeof count !== 'number' || typeof label !== 'string') return [];
    return [{ line: l.line, text: l.text, count, label: label.toUpperCase() }];
  });
}

/** Votes left to cast: the allowance less the votes the sheet already casts (never below 0). */
export function votesLeft(allowance: number, votes: readonly { readonly count: number }[]): number {
  return Math.max(0, allowance - votes.reduce((n, v) => n + v.count, 0));
}

/**
 * A tally in the rule text's form, `A = 9, E = 3, F = 0`: labels in `order` (the players'
 * labels, in seat order) first, then any other label counted, in the order given.
 */
export function formatTally(
  totals: Readonly<Record<string, number>>,
  order: readonly string[],
): string {
  const labels = [
    ...order.filter((l) => l in totals),
    ...Object.keys(totals).filter((l) => !order.includes(l)),
  ];
  return labels.map((l) => `${l} = ${totals[l] ?? 0}`).join(', ');
}

/** A ballot line's label: `(A) No Convoy Rule ...` → `A`. */
export function ballotLabel(line: string): string | null {
  return /^\(([A-Za-z]+)\)/.exec(line)?.[1]?.toUpperCase() ?? null;
}

/** A catalogue rule's id as players write it: `build-cap` → `BUILD_CAP`. */
export function ruleWord(id: string): string {
  return id.toUpperCase().replace(/-/g, '_');
}

/** A proposal line: a catalogue rule with its parameters, its repeal, or free text. */
export function proposalLine(
  p:
    | {
        readonly form: 'rule';
        readonly rule: string;
        /** Whole numbers, or a province list written `ruh,bur`. */
        readonly params: Readonly<Record<string, number | string>>;
      }
    | { readonly form: 'repeal'; readonly rule: string }
    | { readonly form: 'text'; readonly text: string },
): string {
  switch (p.form) {
    case 'rule': {
      const params = Object.entries(p.params).map(([k, v]) => ` ${k}=${v}`);
      return `PROPOSE ${ruleWord(p.rule)}${params.join('')}`;
    }
    case 'repeal':
      return `PROPOSE REPEAL ${ruleWord(p.rule)}`;
    case 'text':
      return `PROPOSE "${p.text.replace(/["“”]/g, "'").trim()}"`;
  }
}

// ---- Fiascomacy --------------------------------------------------------------------------------

/** The investments the sheet makes (`INVEST 3 IN RUSSIA`), with the power each names. */
export function investmentsOf(
  module: Pick<RuleModule, 'parseAction'>,
  map: GameMap,
  text: string,
): {
  readonly line: number;
  readonly text: string;
  readonly amount: number;
  readonly power: string | null;
}[] {
  return actionLines(module, map, text).flatMap((l) => {
    if (l.action.type !== 'invest') return [];
    const amount = l.action.data['amount'];
    const power = l.action.data['power'];
    if (typeof amount !== 'number') return [];
    return [
      { line: l.line, text: l.text, amount, power: typeof power === 'string' ? power : null },
    ];
  });
}

/** PF still to place this season: those received less those the sheet invests. */
export function pfLeft(pf: number, invests: readonly { readonly amount: number }[]): number {
  return (
    pf -
    invests.reduce((n, i) => n + (Number.isInteger(i.amount) && i.amount > 0 ? i.amount : 0), 0)
  );
}

/** Each player's Score: Σ PF invested in a power × that power's supply centres (ruling 10). */
export function scores(
  invested: Readonly<Record<string, Readonly<Record<string, number>>>>,
  supplyCenters: Readonly<Record<string, string>>,
): Record<string, number> {
  const centres: Record<string, number> = {};
  for (const owner of Object.values(supplyCenters)) centres[owner] = (centres[owner] ?? 0) + 1;
  const out: Record<string, number> = {};
  for (const [player, by] of Object.entries(invested)) {
    out[player] = Object.entries(by).reduce((n, [power, pf]) => n + pf * (centres[power] ?? 0), 0);
  }
  return out;
}

/** One unit's tally as the module publishes it (`fiascomacy/tally`'s `data.units`). */
export interface UnitTally {
  readonly unit: string;
  readonly votes: readonly { readonly order: string; readonly weight: number }[];
  readonly carried: readonly string[];
  readonly note?: string;
}

/** The unit tallies of a `fiascomacy/tally` event's data, checked for their shape. */
export function unitTallies(data: unknown): { power: string; units: UnitTally[] } | null {
  if (typeof data !== 'object' || data === null) return null;
  const { power, units } = data as { power?: unknown; units?: unknown };
  if (typeof power !== 'string' || !Array.isArray(units)) return null;
  const ok = (units as unknown[]).filter(
    (u): u is UnitTally =>
      typeof u === 'object' &&
      u !== null &&
      typeof (u as UnitTally).unit === 'string' &&
      Array.isArray((u as UnitTally).votes) &&
      Array.isArray((u as UnitTally).carried),
  );
  return { power, units: ok };
}

// ---- the Fink ----------------------------------------------------------------------------------

/**
 * Provinces worth finking on: where the victim has a unit, less those this player finked
 * successfully before (a successful fink may not be repeated), sorted.
 */
export function finkTargets(
  units: readonly { readonly power: string; readonly location: { readonly province: string } }[],
  victim: string,
  history: readonly string[],
): string[] {
  return [...new Set(units.filter((u) => u.power === victim).map((u) => u.location.province))]
    .filter((p) => !history.includes(p))
    .sort();
}
