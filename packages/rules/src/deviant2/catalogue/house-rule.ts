/**
 * What a Deviant Diplomacy II house rule is: a catalogue rule module plus what the governance
 * needs to propose it — the names players may write for it, its parameters with their ranges,
 * and a headline that shows the parameters. Negating an enacted house rule always means
 * repealing it (the settings it had before are restored); negating a repeal re-enacts it.
 */
import type { GameMap, RuleModule } from '@arbiter/engine';
import { err, ok, type Result } from '@arbiter/engine';

export type Settings = Readonly<Record<string, unknown>>;

/** A whole-number parameter a proposal may set, e.g. `PROPOSE BUILD_CAP max=2`. */
export interface ParamSpec {
  readonly name: string;
  readonly min: number;
  /** The largest value; a function when it depends on the map (a victory count). */
  readonly max: number | ((map: GameMap) => number);
  /** What the parameter means, for error messages and the README. */
  readonly about: string;
}

export interface HouseRule extends RuleModule {
  /** Other names players may write after PROPOSE (`no-convoy` for `no-convoys`). */
  readonly aliases: readonly string[];
  /** Parameters a proposal may set; their defaults are in `settings`. */
  readonly params: readonly ParamSpec[];
  /** The headline with these settings: "Build Cap Rule: at most 2 builds a winter." */
  readonly describe: (settings: Settings) => string;
  /** The negation of enacting this rule: always its repeal. */
  readonly negation: 'repeal';
}

/** Declares a house rule: a rule module with its aliases, parameters and headline. */
export function houseRule(
  rule: RuleModule & {
    readonly aliases?: readonly string[];
    readonly params?: readonly ParamSpec[];
    readonly describe?: (settings: Settings) => string;
  },
): HouseRule {
  return {
    ...rule,
    aliases: rule.aliases ?? [],
    params: rule.params ?? [],
    describe: rule.describe ?? (() => rule.headline),
    negation: 'repeal',
  };
}

/** A whole-number setting, or its default when it is missing or not a whole number. */
export function intSetting(settings: Settings, name: string, fallback: number): number {
  const v = settings[name];
  return typeof v === 'number' && Number.isInteger(v) ? v : fallback;
}

/** `no_convoy`, `No Convoy`, `NO-CONVOYS` → `no-convoy`, `no-convoys`: lower case, dashes. */
export function normalizeRuleId(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '-');
}

/** How a rule id is written in orders and reports: `no-convoys` → `NO_CONVOYS`. */
export function displayRuleId(id: string): string {
  return id.toUpperCase().replace(/-/g, '_');
}

/**
 * Reads a proposal's parameters: `max=2` pairs, or bare values taken in the order the rule lists
 * its parameters. Every parameter must be a whole number in range; unknown names, repeats and
 * extra values are errors. Parameters not given keep the rule's defaults.
 */
export function readParams(
  rule: HouseRule,
  words: readonly string[],
  map: GameMap,
): Result<Settings, string> {
  const out: Record<string, unknown> = { ...(rule.settings ?? {}) };
  const given = new Set<string>();
  let next = 0;
  const name = displayRuleId(rule.id);
  for (const word of words) {
    const eq = word.indexOf('=');
    let spec: ParamSpec | undefined;
    let value: string;
    if (eq >= 0) {
      const key = word.slice(0, eq).trim().toLowerCase();
      value = word.slice(eq + 1).trim();
      spec = rule.params.find((p) => p.name === key);
      if (spec === undefined) {
        const known = rule.params.map((p) => p.name).join(', ');
        return err(
          rule.params.length === 0
            ? `${name} takes no parameters`
            : `${name} has no parameter "${key}" (it has: ${known})`,
        );
      }
    } else {
      spec = rule.params[next];
      value = word;
      if (spec === undefined) {
        return err(
          rule.params.length === 0
            ? `${name} takes no parameters, but "${word}" was given`
            : `${name} takes ${rule.params.length} parameter(s); "${word}" is one too many`,
        );
      }
    }
    next = rule.params.indexOf(spec) + 1;
    if (given.has(spec.name)) return err(`${name}: parameter "${spec.name}" is given twice`);
    given.add(spec.name);
    const max = typeof spec.max === 'number' ? spec.max : spec.max(map);
    if (!/^-?\d+$/.test(value)) {
      return err(`${name}: ${spec.name} must be a whole number from ${spec.min} to ${max}`);
    }
    const n = Number(value);
    if (n < spec.min || n > max) {
      return err(`${name}: ${spec.name} must be from ${spec.min} to ${max}, not ${n}`);
    }
    out[spec.name] = n;
  }
  return ok(out);
}

/** Writes settings back as proposal parameters: `max=2` (only the declared parameters). */
export function formatParams(rule: HouseRule, settings: Settings): string {
  return rule.params.map((p) => `${p.name}=${String(intSetting(settings, p.name, 0))}`).join(' ');
}

/** Each power's capital on the standard map (for the capital rules). */
export const STANDARD_CAPITALS: Readonly<Record<string, string>> = {
  AUS: 'vie',
  ENG: 'lon',
  FRA: 'par',
  GER: 'ber',
  ITA: 'rom',
  RUS: 'mos',
  TUR: 'con',
};

/** The capitals a rule's settings name (a map other than the standard one must give them). */
export function capitalsSetting(settings: Settings): Readonly<Record<string, string>> {
  const v = settings['capitals'];
  if (typeof v !== 'object' || v === null) return STANDARD_CAPITALS;
  const out: Record<string, string> = {};
  for (const [k, p] of Object.entries(v)) if (typeof p === 'string') out[k] = p;
  return out;
}
