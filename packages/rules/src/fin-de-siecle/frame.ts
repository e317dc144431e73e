/**
 * `fds-frame`: the frame of a Fin de Siecle game (RULINGS.md §2.5, rulings 10-11). Before the
 * first Spring, a setup step in which each power chooses, secretly, the type of the unit at each
 * of its starting centres (`START F LON`; army by default); then Spring and Fall from 1880, with
 * the standard winter adjustments, until the Fall of the last year (1900), after which the game
 * ends ranked by supply centres unless a power has already won with a majority.
 */
import {
  defineModule,
  powersOf,
  setting,
  settingsSchema,
  supplyCentersOf,
  type GameMap,
  type ModuleAction,
  type Phase,
  type PlayerId,
  type Power,
  type SettingsOf,
  type Unit,
  type VariantState,
} from '@arbiter/engine';
import { findPower } from './grammar.js';

export const FRAME_ID = 'fds-frame';
export const SETUP_STEP = 'setup';

export const FRAME_SETTINGS = settingsSchema({
  LAST_YEAR: setting.integer(
    1900,
    { min: 1, max: 9999 },
    'The last year played: after its Fall the game ends, ranked by supply centres (ruling 11).',
  ),
});

export type FrameSettings = SettingsOf<typeof FRAME_SETTINGS>;

/** The setup step, played in the Winter before the first Spring (named `W1879-setup`). */
export function setupPhase(firstYear: number): Phase {
  return {
    year: firstYear - 1,
    season: 'winter',
    type: 'module',
    module: FRAME_ID,
    step: SETUP_STEP,
  };
}

const TYPE = '(A|F|ARMY|FLEET)';
const START = new RegExp(
  `^START\\s+(?:${TYPE}\\s+(?:AT\\s+|IN\\s+)?(.+)|(.+?)\\s*:?\\s+${TYPE})$`,
  'i',
);

function readLocation(
  map: GameMap,
  text: string,
): { province: string; coast?: string } | undefined {
  const m = /^(.+?)\s*(?:[/(]\s*([a-z]{2})\s*\)?)?$/i.exec(text.trim());
  if (m === null) return undefined;
  const province = map.findProvince(m[1]!)?.id;
  if (province === undefined) return undefined;
  return m[2] === undefined ? { province } : { province, coast: m[2].toLowerCase() };
}

/**
 * Reads `START F LON`, `START ARMY AT PAR`, `START STP/SC F`, optionally headed by the power
 * whose centre it is (`CHILE: START F ANT`), as every other Fin de Siecle line may be.
 */
export function parseStart(
  text: string,
  map: GameMap,
): ModuleAction | { error: string } | undefined {
  const head = /^([^:]+?)\s*:\s*(START\b.*)$/i.exec(text.trim());
  const power = head === null ? null : findPower(map, head[1]!);
  const m = START.exec(power === null ? text.trim() : head![2]!);
  if (m === null) return undefined;
  const typeText = (m[1] ?? m[4]!).toUpperCase();
  const where = m[2] ?? m[3]!;
  const loc = readLocation(map, where);
  if (loc === undefined) return { error: `"${where}" is no province (write START F LON)` };
  return {
    module: FRAME_ID,
    type: 'start',
    data: {
      unitType: typeText.startsWith('F') ? 'fleet' : 'army',
      ...loc,
      ...(power === null ? {} : { power }),
    },
  };
}

function units(
  map: GameMap,
  state: VariantState,
  choices: ReadonlyMap<string, ModuleAction>,
): Unit[] {
  return state.units.map((u) => {
    const c = choices.get(u.location.province);
    const type = c?.data['unitType'] === 'fleet' ? 'fleet' : 'army';
    if (type === 'army') return { ...u, type, location: { province: u.location.province } };
    return { ...u, type, location: fleetLocation(map, c!)! };
  });
}

/** Where a fleet chosen by `a` stands (its coast, or the province's only fleet location). */
function fleetLocation(map: GameMap, a: ModuleAction): Unit['location'] | undefined {
  const p = map.province(String(a.data['province']));
  if (p === undefined) return undefined;
  const coast = a.data['coast'];
  const fleet = p.fleetLocations.map((i) => map.locations[i]!);
  const at =
    typeof coast === 'string'
      ? fleet.find((l) => l.coast === coast)
      : fleet.length === 1
        ? fleet[0]
        : undefined;
  return at?.location;
}

function ranking(map: GameMap, state: VariantState): { power: Power; centres: number }[] {
  const counts = new Map<Power, number>(map.powers.map((p) => [p, 0]));
  for (const p of supplyCentersOf(map, state).provinces) {
    const owner = state.supplyCenters[p];
    if (owner !== undefined) counts.set(owner, (counts.get(owner) ?? 0) + 1);
  }
  return [...counts]
    .map(([power, centres]) => ({ power, centres }))
    .sort((a, b) => b.centres - a.centres || a.power.localeCompare(b.power));
}

function rankedEnd(
  map: GameMap,
  state: VariantState,
  why: string,
): { winners: PlayerId[]; reason: string } {
  const rank = ranking(map, state);
  const top = rank[0]?.centres ?? 0;
  const first = rank.filter((r) => r.centres === top).map((r) => r.power);
  const winners = state.players
    .filter((p) => p.powers.some((x) => first.includes(x)))
    .map((p) => p.id);
  return {
    winners,
    reason: `${why}; ranked by supply centres: ${rank.map((r) => `${r.power} ${r.centres}`).join(', ')}`,
  };
}

export const finDeSiecleFrame = defineModule<null, FrameSettings>({
  id: FRAME_ID,
  headline:
    'Fin de Siecle frame: unit types chosen secretly before 1880; Spring and Fall to 1900, then ranked by centres.',
  schema: FRAME_SETTINGS,
  init: () => null,
  parseAction: parseStart,
  formatAction: (a) =>
    `${typeof a.data['power'] === 'string' ? `${a.data['power']}: ` : ''}START ${a.data['unitType'] === 'fleet' ? 'F' : 'A'} ${String(a.data['province']).toUpperCase()}${typeof a.data['coast'] === 'string' ? `/${a.data['coast'].toUpperCase()}` : ''}`,
  checkAction: (ctx, player, action) => {
    const { state, map } = ctx;
    if (state.phase.module !== FRAME_ID)
      return {
        code: 'fds-frame/not-setup',
        message: 'unit types are chosen before the first Spring only',
      };
    const province = String(action.data['province']);
    const unit = state.units.find((u) => u.location.province === province);
    if (unit === undefined || !powersOf(state, player).includes(unit.power))
      return {
        code: 'fds-frame/not-your-centre',
        message: `${province.toUpperCase()} is not a starting centre of a power ${player} runs`,
      };
    const named = action.data['power'];
    if (typeof named === 'string' && named !== unit.power)
      return {
        code: 'fds-frame/not-your-centre',
        message: `${province.toUpperCase()} is a starting centre of ${unit.power}, not of ${named}`,
      };
    if (action.data['unitType'] === 'fleet' && fleetLocation(map, action) === undefined) {
      const p = map.province(province)!;
      return p.fleetLocations.length > 1 && action.data['coast'] === undefined
        ? {
            code: 'fds-frame/need-coast',
            message: `name the coast: START F ${province.toUpperCase()}/NC`,
          }
        : {
            code: 'fds-frame/cannot-stand',
            message: `a fleet cannot stand in ${province.toUpperCase()}`,
          };
    }
    return undefined;
  },
  actors: (ctx) =>
    ctx.state.phase.module === FRAME_ID
      ? ctx.state.players.filter((p) => p.powers.length > 0).map((p) => p.id)
      : [],
  // Each starting unit becomes the type its power chose (army by default). The choices were
  // never in the state: they were each player's submission until now.
  playPhase: (ctx, submissions) => {
    const choices = new Map<string, ModuleAction>();
    for (const s of submissions)
      for (const a of s.actions)
        if (a.module === FRAME_ID) choices.set(String(a.data['province']), a);
    const board = units(ctx.map, ctx.state, choices);
    const fleets = board.filter((u) => u.type === 'fleet').length;
    return {
      own: null,
      game: { units: board },
      events: [
        {
          type: 'fds-frame/setup',
          audience: { kind: 'public' },
          text: `The starting units are chosen: ${fleets} fleets and ${board.length - fleets} armies.`,
        },
      ],
    };
  },
  // Ruling 11: a solo (the kernel's majority) ends the game at once; otherwise after the last
  // year's Fall (and its retreats) it ends, ranked by centres; winners are the players of the
  // power(s) with most.
  victory: (ctx) => {
    const { phase } = ctx.state;
    const last = ctx.settings.LAST_YEAR;
    const over = phase.year > last || (phase.year === last && phase.season === 'winter');
    return over ? rankedEnd(ctx.map, ctx.state, `The game ends after Fall ${last}`) : undefined;
  },
  victoryAtEnd: (ctx, why) => rankedEnd(ctx.map, ctx.state, why),
  randomActions: (ctx, player) => {
    if (ctx.state.phase.module !== FRAME_ID) return [];
    const lines: string[] = [];
    for (const u of ctx.state.units) {
      if (!powersOf(ctx.state, player).includes(u.power) || ctx.rng.next() < 0.5) continue;
      const p = ctx.map.province(u.location.province)!;
      const at = ctx.rng.pick(p.fleetLocations.map((i) => ctx.map.locations[i]!));
      if (at !== undefined) lines.push(`START F ${at.key.toUpperCase()}`);
    }
    return lines;
  },
});
