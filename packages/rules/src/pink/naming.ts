/**
 * Pink Diplomacy's rule 11 as an option (`pink-naming`, setting `NAMING`, off by default): before
 * the first Spring the players, in alphabetical order, name the provinces of their block of four
 * letters (A–D, E–H, …; the gamesmaster Y and Z; with seven players the seventh names nothing),
 * each name beginning with the province's letter. Cosmetic (RULINGS.md §2.4 ruling 13): the
 * names are more ways to write a province in orders and budget lines (`provinceAliases`), the ids
 * stay the map's. README.md beside this file.
 */
import {
  defineModule,
  GAMESMASTER,
  isOrderWord,
  normalizeName,
  setting,
  settingsSchema,
  type GameEvent,
  type GameMap,
  type HookContext,
  type ModuleAction,
  type Phase,
  type PlayerId,
  type ProvinceId,
  type ProvinceInfo,
  type SettingsOf,
  type VariantState,
} from '@arbiter/engine';

export const NAMING_ID = 'pink-naming';
export const NAMING_STEP = 'naming';

export const NAMING_SETTINGS = settingsSchema({
  NAMING: setting.boolean(
    false,
    'Rule 11: before the first Spring the players name the provinces of their letters (cosmetic).',
  ),
});
export type NamingSettings = SettingsOf<typeof NAMING_SETTINGS>;

/** A chosen name and its three-letter abbreviation (lower case). */
export interface ChosenName {
  readonly name: string;
  readonly abbr: string;
  /** Who chose it. */
  readonly by: PlayerId;
}

/** The module's state, public: the names chosen, by province (Pink II: by its base, `ulm`). */
export interface NamingState {
  readonly names: Readonly<Record<string, ChosenName>>;
}

/** The naming step: before the first Spring movement. */
export function namingPhase(year = 1901): Phase {
  return { year, season: 'spring', type: 'module', module: NAMING_ID, step: NAMING_STEP };
}

/**
 * A province to name: one of the map, or on Pink II's stacked boards the same province on every
 * level (`ulm`: `ulm1`, `ulm2`, `ulm3`, "Ulmara 1" … "Ulmara 3"), Carthage once.
 */
export interface NamedProvince {
  /** `ulm` (the id, without the level on Pink II). */
  readonly key: string;
  /** `Ulmara` (the map's name, without the level). */
  readonly name: string;
  readonly letter: string | undefined;
  /** The map's provinces it stands for, each with its level (`''` on a one-level map). */
  readonly levels: readonly { readonly id: ProvinceId; readonly level: string }[];
}

const provincesCache = new WeakMap<readonly ProvinceInfo[], ReadonlyMap<string, NamedProvince>>();

/** The provinces to name, by key: a level's copy (`ulm2`, "Ulmara 2") belongs to its base. */
export function namedProvinces(map: GameMap): ReadonlyMap<string, NamedProvince> {
  const kept = provincesCache.get(map.provinces);
  if (kept !== undefined) return kept;
  const out = new Map<string, NamedProvince>();
  for (const p of map.provinces) {
    const m = /^(.*[a-z])([1-9])$/.exec(p.id);
    const level = m !== null && p.name.endsWith(` ${m[2]!}`) ? m[2]! : '';
    const key = level === '' ? p.id : m![1]!;
    const name = level === '' ? p.name : p.name.slice(0, -level.length - 1);
    const had = out.get(key);
    out.set(key, {
      key,
      name,
      letter: p.letter,
      levels: [...(had?.levels ?? []), { id: p.id, level }],
    });
  }
  provincesCache.set(map.provinces, out);
  return out;
}

/** The province a `NAME` line names: its key, the map's name, or any level's id or name. */
function findNamed(map: GameMap, text: string): NamedProvince | undefined {
  const all = namedProvinces(map);
  const n = normalizeName(text);
  const direct = all.get(n);
  if (direct !== undefined) return direct;
  for (const p of all.values()) if (normalizeName(p.name) === n) return p;
  const level = map.findProvince(text);
  if (level === undefined) return undefined;
  for (const p of all.values()) if (p.levels.some((l) => l.id === level.id)) return p;
  return undefined;
}

/**
 * The letters each player names: the players sorted by id take four each (A–D, E–H, …, U–X; a
 * seventh none), the gamesmaster (`gm`) Y and Z.
 */
export function lettersOf(state: Pick<VariantState, 'players'>, player: PlayerId): string[] {
  if (player === GAMESMASTER) return ['Y', 'Z'];
  const ids = state.players
    .map((p) => p.id)
    .filter((id) => id !== GAMESMASTER)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const i = ids.indexOf(player);
  if (i < 0 || i >= 6) return [];
  return [0, 1, 2, 3].map((k) => String.fromCharCode(65 + 4 * i + k));
}

/** The names a choice gives the map's provinces: `Ursula 1`, `urs1` … on Pink II. */
function aliasesOf(p: NamedProvince, name: string, abbr: string): [string, ProvinceId][] {
  return p.levels.flatMap(({ id, level }): [string, ProvinceId][] => [
    [level === '' ? name : `${name} ${level}`, id],
    [`${abbr}${level}`, id],
  ]);
}

const NAME_LINE = /^NAME\s+(\S+)\s+(?:"([^"]+)"|(\S+))(?:\s+(\S+))?$/i;
const NAME_TEXT = /^[A-Za-z][A-Za-z' -]*[A-Za-z]$/;

/** Reads `NAME <province> <name> [<abbr>]`; a name of several words in double quotes. */
export function parseNaming(
  text: string,
  map: GameMap,
): ModuleAction | { readonly error: string } | undefined {
  if (!/^NAME\s/i.test(text.trim())) return undefined;
  const m = NAME_LINE.exec(text.trim().replace(/\s+/g, ' '));
  if (m === null)
    return { error: 'write NAME <province> <name> [<abbr>], a name of several words in quotes' };
  const province = findNamed(map, m[1]!);
  if (province === undefined) return { error: `"${m[1]!}" is not a province of this map` };
  const name = (m[2] ?? m[3]!).trim().replace(/\s+/g, ' ');
  if (!NAME_TEXT.test(name) || normalizeName(name).length < 3 || name.length > 30)
    return { error: `"${name}": a name is 3 to 30 letters (spaces, hyphens, apostrophes inside)` };
  const abbr = (m[4] ?? normalizeName(name).slice(0, 3)).toLowerCase();
  if (!/^[a-z]{3}$/.test(abbr)) return { error: `"${m[4]!}": an abbreviation is three letters` };
  return { module: NAMING_ID, type: 'name', data: { province: province.key, name, abbr } };
}

function formatNaming(a: ModuleAction): string {
  const name = String(a.data['name']);
  return `NAME ${String(a.data['province'])} ${name.includes(' ') ? `"${name}"` : name} ${String(a.data['abbr'])}`;
}

/** Why a name cannot be had, or undefined. `chosen`: the names kept so far, by province key. */
function takenBy(
  map: GameMap,
  p: NamedProvince,
  name: string,
  abbr: string,
  chosen: ReadonlyMap<string, { readonly name: string; readonly abbr: string }>,
): string | undefined {
  const word = [...name.split(/[\s'-]+/), abbr].find((w) => isOrderWord(w));
  if (word !== undefined) return `"${word}" is a word of the order notation`;
  const own = new Set(p.levels.map((l) => l.id));
  for (const [alias] of aliasesOf(p, name, abbr)) {
    const n = normalizeName(alias);
    const province = map.findProvince(alias);
    if (province !== undefined && !own.has(province.id))
      return `"${alias}" already names ${province.id}`;
    const power = map.spec.powers.find((w) =>
      [w.id, w.name, w.adjective ?? w.id].some((x) => normalizeName(x) === n),
    );
    if (power !== undefined) return `"${alias}" already names the power ${power.id}`;
    for (const [key, c] of chosen) {
      if (key === p.key) continue;
      const other = namedProvinces(map).get(key)!;
      if (aliasesOf(other, c.name, c.abbr).some(([a]) => normalizeName(a) === n))
        return `"${alias}" is already chosen for ${key}`;
    }
  }
  return undefined;
}

type Ctx = HookContext<NamingState | undefined, NamingSettings>;

/** The stable refusal of one choice, or undefined. */
function refusal(
  ctx: Pick<Ctx, 'map' | 'state'>,
  player: PlayerId,
  a: ModuleAction,
  chosen: ReadonlyMap<string, { readonly name: string; readonly abbr: string }>,
): { readonly code: string; readonly message: string } | undefined {
  const p = namedProvinces(ctx.map).get(String(a.data['province']));
  if (p === undefined)
    return { code: 'pink/not-your-block', message: `no province ${String(a.data['province'])}` };
  const name = String(a.data['name']);
  const abbr = String(a.data['abbr']);
  const letter = p.letter ?? '';
  const letters = lettersOf(ctx.state, player);
  if (!letters.includes(letter))
    return {
      code: 'pink/not-your-block',
      message: `${p.name} (${letter || 'no letter'}) is not yours to name; ${player} names ${letters.join(', ') || 'nothing'}`,
    };
  if (!name.toUpperCase().startsWith(letter) || !abbr.toUpperCase().startsWith(letter))
    return {
      code: 'pink/name-letter',
      message: `${p.name}'s name and abbreviation begin with its letter ${letter}: not "${name}" (${abbr})`,
    };
  const taken = takenBy(ctx.map, p, name, abbr, chosen);
  if (taken !== undefined) return { code: 'pink/name-taken', message: taken };
  return undefined;
}

function choicesOf(actions: readonly ModuleAction[]): Map<string, ChosenName> {
  const out = new Map<string, ChosenName>();
  for (const a of actions)
    if (a.module === NAMING_ID)
      out.set(String(a.data['province']), {
        name: String(a.data['name']),
        abbr: String(a.data['abbr']),
        by: '',
      });
  return out;
}

export const pinkNaming = defineModule<NamingState | undefined, NamingSettings>({
  id: NAMING_ID,
  headline:
    'Naming (rule 11): before the first Spring the players name the provinces of their letters; the names may be used in orders.',
  schema: NAMING_SETTINGS,
  gamesmasterActions: ['NAME <province> <name> [<abbr>] (letters Y and Z)'],
  // No `init`: with NAMING off the game's state is what it was without the module.
  startPhase: (settings) => (settings.NAMING ? namingPhase() : undefined),
  parseAction: parseNaming,
  formatAction: formatNaming,
  checkAction: (ctx, player, action, earlier) => {
    if (ctx.state.phase.module !== NAMING_ID)
      return {
        code: 'pink/not-naming',
        message: 'provinces are named in the naming step before the first Spring only',
      };
    return refusal(ctx, player, action, choicesOf(earlier));
  },
  // Naming is cosmetic: nobody misses a phase by leaving it to the map's names.
  actors: () => [],
  playPhase: (ctx, submissions) => {
    // In player order (sorted by id, the gamesmaster last): a name already kept is taken.
    const order = [...submissions].sort((a, b) => {
      const ka = a.player === GAMESMASTER ? '\uffff' : a.player;
      const kb = b.player === GAMESMASTER ? '\uffff' : b.player;
      return ka < kb ? -1 : ka > kb ? 1 : 0;
    });
    const names = new Map<string, ChosenName>();
    const events: GameEvent[] = [];
    for (const s of order) {
      for (const [key, c] of choicesOf(s.actions)) {
        const a: ModuleAction = { module: NAMING_ID, type: 'name', data: { province: key, ...c } };
        const why = refusal(ctx, s.player, a, names);
        if (why === undefined) {
          names.set(key, { ...c, by: s.player });
          continue;
        }
        const audience =
          s.player === GAMESMASTER
            ? { kind: 'gm' as const }
            : { kind: 'players' as const, players: [s.player] };
        events.push({
          type: why.code,
          audience,
          text: `${key} keeps its name: ${why.message}`,
          data: { province: key, name: c.name, abbr: c.abbr },
        });
      }
    }
    const sorted = [...names].sort(([a], [b]) => (a < b ? -1 : 1));
    const list = sorted.map(
      ([k, c]) => `${namedProvinces(ctx.map).get(k)!.name} is ${c.name} (${c.abbr})`,
    );
    events.push({
      type: 'pink/names',
      audience: { kind: 'public' },
      text:
        list.length === 0
          ? 'No province was named: every province keeps its name.'
          : `Provinces named: ${list.join('; ')}. The others keep their names.`,
    });
    return { own: { names: Object.fromEntries(sorted) }, events };
  },
  // After the naming step, the first Spring it came before.
  plan: (_ctx, done) =>
    done.type === 'module' && done.module === NAMING_ID
      ? { year: done.year, season: 'spring', type: 'movement' }
      : undefined,
  provinceAliases: (ctx) => {
    const names = ctx.own?.names;
    if (names === undefined) return {};
    const all = namedProvinces(ctx.map);
    const out: Record<string, ProvinceId> = {};
    for (const [key, c] of Object.entries(names)) {
      const p = all.get(key);
      if (p !== undefined) for (const [alias, id] of aliasesOf(p, c.name, c.abbr)) out[alias] = id;
    }
    return out;
  },
});
