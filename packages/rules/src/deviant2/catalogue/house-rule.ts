/**
 * What a Deviant Diplomacy II house rule is: a catalogue rule module plus what the governance
 * needs to propose it — the names players may write for it, its parameters with their ranges,
 * and a headline that shows the parameters. Negating an enacted house rule always means
 * repealing it (the settings it had before are restored); negating a repeal re-enacts it.
 */
import {
  err,
  ok,
  supplyCentersOf,
  type GameMap,
  type ProvinceInfo,
  type Result,
  type RuleModule,
  type RuleSetEntry,
  type SupplyCenters,
} from '@arbiter/engine';

export type Settings = Readonly<Record<string, unknown>>;

/** What a proposal's parameters are checked against: the map and the game as it stands. */
export interface ParamContext {
  readonly map: GameMap;
  /** The supply centres in force now. */
  readonly centers: SupplyCenters;
  /** The settings of a rule while it is in force now, by rule id. */
  readonly inForce: (rule: string) => Settings | undefined;
}

/** Why a proposal's parameters cannot be read, with a stable code. */
export interface ParamProblem {
  readonly code:
    | 'deviant/bad-params'
    | 'deviant/unknown-province'
    | 'deviant/already-a-centre'
    | 'deviant/not-a-centre';
  readonly message: string;
}

/** A whole-number parameter a proposal may set, e.g. `PROPOSE BUILD_CAP max=2`. */
export interface IntParam {
  readonly kind?: 'int';
  readonly name: string;
  readonly min: number;
  /** The largest value; a function when it depends on the game (a victory count). */
  readonly max: number | ((ctx: ParamContext) => number);
  /** What the parameter means, for error messages and the README. */
  readonly about: string;
}

/**
 * A list of provinces, e.g. `PROPOSE NEW_CENTRES provinces=ruh,bur` (or `NEW_CENTRES Ruhr
 * Burgundy`): names or ids, at least one, kept as sorted ids. `check` says why one may not be
 * named (it is not a centre, or already one).
 */
export interface ProvincesParam {
  readonly kind: 'provinces';
  readonly name: string;
  readonly about: string;
  readonly check: (province: ProvinceInfo, ctx: ParamContext) => ParamProblem | undefined;
}

export type ParamSpec = IntParam | ProvincesParam;

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

/** The context to check parameters against in a game state (the map's centres if none). */
export function paramContext(
  map: GameMap,
  state?: {
    readonly supplyCenterIds?: readonly string[];
    readonly ruleSet: readonly RuleSetEntry[];
    readonly phaseIndex: number;
  },
): ParamContext {
  return {
    map,
    centers: supplyCentersOf(map, state ?? {}),
    inForce: (rule) =>
      state?.ruleSet.find(
        (e) =>
          e.module === rule &&
          e.from <= state.phaseIndex &&
          (e.until === undefined || e.until > state.phaseIndex),
      )?.settings,
  };
}

const bad = (message: string): ParamProblem => ({ code: 'deviant/bad-params', message });

/**
 * Reads a proposal's parameters: `max=2` pairs, or bare values taken in the order the rule lists
 * its parameters (a province list, when last, takes every bare value left). A whole number must
 * be in range; a province list names at least one province, each as its id or name, separated by
 * commas or spaces, each one the rule allows. Unknown names, repeats and extra values are
 * errors. Parameters not given keep the rule's defaults (a province list must be given).
 */
export function readParams(
  rule: HouseRule,
  words: readonly string[],
  ctx: ParamContext,
): Result<Settings, ParamProblem> {
  const out: Record<string, unknown> = { ...(rule.settings ?? {}) };
  const given = new Set<string>();
  const lists: Record<string, string[]> = {};
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
          bad(
            rule.params.length === 0
              ? `${name} takes no parameters`
              : `${name} has no parameter "${key}" (it has: ${known})`,
          ),
        );
      }
    } else {
      spec = rule.params[next];
      value = word;
      // Bare values after a province list, the rule's last parameter, go on the list.
      const last = rule.params[next - 1];
      if (spec === undefined && last?.kind === 'provinces' && next === rule.params.length) {
        lists[last.name]!.push(...value.split(',').filter((v) => v !== ''));
        continue;
      }
      if (spec === undefined) {
        return err(
          bad(
            rule.params.length === 0
              ? `${name} takes no parameters, but "${word}" was given`
              : `${name} takes ${rule.params.length} parameter(s); "${word}" is one too many`,
          ),
        );
      }
    }
    next = rule.params.indexOf(spec) + 1;
    if (given.has(spec.name)) return err(bad(`${name}: parameter "${spec.name}" is given twice`));
    given.add(spec.name);
    if (spec.kind === 'provinces') {
      lists[spec.name] = value.split(',').filter((v) => v !== '');
      continue;
    }
    const max = typeof spec.max === 'number' ? spec.max : spec.max(ctx);
    if (!/^-?\d+$/.test(value)) {
      return err(bad(`${name}: ${spec.name} must be a whole number from ${spec.min} to ${max}`));
    }
    const n = Number(value);
    if (n < spec.min || n > max) {
      return err(bad(`${name}: ${spec.name} must be from ${spec.min} to ${max}, not ${n}`));
    }
    out[spec.name] = n;
  }
  for (const spec of rule.params) {
    if (spec.kind !== 'provinces') continue;
    const read = readProvinces(name, spec, lists[spec.name] ?? [], ctx);
    if (!read.ok) return read;
    out[spec.name] = read.value;
  }
  return ok(out);
}

/** A province list: each item a province the rule allows; sorted ids, each once. */
function readProvinces(
  name: string,
  spec: ProvincesParam,
  items: readonly string[],
  ctx: ParamContext,
): Result<readonly string[], ParamProblem> {
  if (items.length === 0) {
    return err(
      bad(`${name}: name the ${spec.about} (${spec.name}=lvp,wal or just Liverpool Wales)`),
    );
  }
  const ids = new Set<string>();
  for (const item of items) {
    const p = ctx.map.findProvince(item);
    if (p === undefined) {
      return err({
        code: 'deviant/unknown-province',
        message: `${name}: there is no province "${item}" on the map`,
      });
    }
    const problem = spec.check(p, ctx);
    if (problem !== undefined) return err(problem);
    ids.add(p.id);
  }
  return ok([...ids].sort());
}

/** The provinces a setting lists (ids), or none. */
export function provincesSetting(settings: Settings, name: string): readonly string[] {
  const v = settings[name];
  return Array.isArray(v) ? v.filter((p): p is string => typeof p === 'string') : [];
}

/**
 * Writes settings back as proposal parameters: `max=2`, `provinces=bur,ruh` (only the declared
 * parameters).
 */
export function formatParams(rule: HouseRule, settings: Settings): string {
  return rule.params
    .map((p) =>
      p.kind === 'provinces'
        ? `${p.name}=${provincesSetting(settings, p.name).join(',')}`
        : `${p.name}=${String(intSetting(settings, p.name, 0))}`,
    )
    .join(' ');
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
