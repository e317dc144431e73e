/**
 * Pink Diplomacy's unit strengths (rule 9; RULINGS.md §2.4 rulings 1–4 and 7), as a module for
 * any armies-only map: every unit is full, half or unsupplied, counted in half-units (2, 1, 0);
 * retreats, double stand-offs and three attacks in a row wear units down. The strength and its
 * two streaks live on the unit (`Unit.attrs['pink-strength']`), so they follow it when it moves
 * or retreats, and everyone sees them.
 */
import {
  defineModule,
  settingsSchema,
  setting,
  type DislodgedUnit,
  type GameEvent,
  type HookContext,
  type MovementResolution,
  type OrderOutcome,
  type PowerOrder,
  type ProvinceId,
  type Removal,
  type SettingsOf,
  type Unit,
} from '@arbiter/engine';

export const STRENGTH_MODULE = 'pink-strength';

export type Strength = 'full' | 'half' | 'unsupplied';

/** What the module keeps on each unit. */
export interface StrengthAttrs {
  readonly strength: Strength;
  /** Stand-offs in consecutive movement phases, up to the one just played (ruling 3). */
  readonly standoffs: number;
  /** Consecutive movement phases in which another power attacked the unit (ruling 4). */
  readonly attacks: number;
}

export const STRENGTH_SETTINGS = settingsSchema({
  STRICT_STANDOFF: setting.boolean(
    false,
    'A failed move is a stand-off only against exactly equal strength, not against greater.',
  ),
  ATTACKS_AT_FULL: setting.boolean(
    false,
    'Movement phases a unit spends at full strength count towards the three attacks that destroy it once it is half.',
  ),
});
export type StrengthSettings = SettingsOf<typeof STRENGTH_SETTINGS>;

/**
 * The module's own state: strengths set up by hand for units that carry no attributes yet (a
 * case file's starting board), by province. Every unit has its attributes after its first
 * movement phase, and this is emptied then.
 */
export interface StrengthState {
  readonly initial: Readonly<Record<ProvinceId, Strength>>;
}

/** Combat value in half-units (ruling 1). */
export const HALF_UNITS: Readonly<Record<Strength, number>> = { full: 2, half: 1, unsupplied: 0 };

const FRESH: StrengthAttrs = { strength: 'full', standoffs: 0, attacks: 0 };

/**
 * A unit's strength attributes. A unit without any is full (rule 12: the starting armies are
 * paid for), unless `initial` sets its province up otherwise.
 */
export function strengthAttrs(
  unit: Unit,
  initial: Readonly<Record<ProvinceId, Strength>> = {},
): StrengthAttrs {
  const a = unit.attrs?.[STRENGTH_MODULE] as StrengthAttrs | undefined;
  if (a !== undefined) return a;
  const set = initial[unit.location.province];
  return set === undefined ? FRESH : { ...FRESH, strength: set };
}

/** A unit's strength: full, half or unsupplied. */
export function strengthOf(unit: Unit, initial?: Readonly<Record<ProvinceId, Strength>>): Strength {
  return strengthAttrs(unit, initial).strength;
}

/** The unit with these strength attributes. */
export function withStrengthAttrs(unit: Unit, attrs: StrengthAttrs): Unit {
  return { ...unit, attrs: { ...unit.attrs, [STRENGTH_MODULE]: attrs } };
}

/** The unit at a new strength, its streaks kept (the economy's upkeep uses this). */
export function withStrength(unit: Unit, strength: Strength): Unit {
  return withStrengthAttrs(unit, { ...strengthAttrs(unit), strength });
}

const letter = (u: Unit): string => (u.type === 'army' ? 'A' : 'F');
/** `FRA A bur`. */
export function unitName(u: Unit): string {
  return `${u.power} ${letter(u)} ${u.location.province}`;
}

type Ctx = HookContext<StrengthState, StrengthSettings>;

/** Why an unsupplied unit's order, or an order for one, is illegal; undefined if it is not. */
export function unsuppliedProblem(
  order: PowerOrder['order'],
  unit: Unit,
  board: readonly Unit[],
  initial: Readonly<Record<ProvinceId, Strength>>,
): string | undefined {
  if (order.kind === 'hold') return undefined;
  if (strengthOf(unit, initial) === 'unsupplied' && order.kind !== 'retreat')
    if (order.kind === 'move' || order.kind === 'support-hold' || order.kind === 'support-move')
      return `${unitName(unit)} is unsupplied: it may not move or support (Pink rule 9), so it holds`;
  if (order.kind === 'support-hold' || order.kind === 'support-move') {
    const p = order.supported.location.province;
    const supported = board.find((u) => u.location.province === p);
    if (supported !== undefined && strengthOf(supported, initial) === 'unsupplied')
      return `${unitName(supported)} is unsupplied and may not be supported (Pink rule 9)`;
  }
  return undefined;
}

/** Where each unit after the moves started the phase: its province before, by its province now. */
function startProvinces(resolution: MovementResolution): Map<ProvinceId, ProvinceId> {
  const from = new Map<ProvinceId, ProvinceId>();
  for (const o of resolution.outcomes) {
    if (o.order.kind === 'move' && o.result === 'succeeds')
      from.set(o.order.to.province, o.order.unit.location.province);
  }
  return from;
}

/** Whether a move outcome is a stand-off (ruling 3): it failed against enough strength and the unit stayed. */
export function isStandoff(o: OrderOutcome, strict: boolean): boolean {
  if (o.order.kind !== 'move' || o.result !== 'fails' || o.reason !== 'bounced') return false;
  if (o.dislodged !== undefined) return false;
  const strength = o.strength ?? 0;
  const against = o.against ?? 0;
  return strict ? against === strength : against >= strength;
}

/**
 * After the moves: streaks counted, double stand-offs halve, half units that are dislodged or
 * attacked a third time are destroyed (with a removal line each), full units that are dislodged
 * go down to half, and every unit carries its attributes from now on.
 */
export function strengthAfterMovement(
  ctx: Ctx,
  resolution: MovementResolution,
): { own: StrengthState; events: GameEvent[]; resolution: MovementResolution } {
  const { initial } = ctx.own;
  const before = new Map(ctx.state.units.map((u) => [u.location.province, u]));
  const attrsAt = (p: ProvinceId): StrengthAttrs => {
    const u = before.get(p);
    return u === undefined ? FRESH : strengthAttrs(u, initial);
  };
  // Who was attacked by another power's valid move, and who stood off, by starting province.
  const attackedBy = new Map<ProvinceId, boolean>();
  const stoodOff = new Set<ProvinceId>();
  for (const o of resolution.outcomes) {
    if (o.order.kind !== 'move') continue;
    if (o.result === 'succeeds' || o.result === 'fails') {
      const target = before.get(o.order.to.province);
      if (target !== undefined && target.power !== o.power)
        attackedBy.set(o.order.to.province, true);
    }
    if (isStandoff(o, ctx.settings.STRICT_STANDOFF)) stoodOff.add(o.order.unit.location.province);
  }
  const moved = startProvinces(resolution);
  const events: GameEvent[] = [];
  const say = (type: string, text: string): void => {
    events.push({ type, audience: { kind: 'public' }, text });
  };
  const removals: Removal[] = [];
  const units: Unit[] = [];
  for (const u of resolution.units) {
    const start = moved.get(u.location.province) ?? u.location.province;
    const was = attrsAt(start);
    const stayed = !moved.has(u.location.province);
    let { strength } = was;
    let standoffs = stoodOff.has(start) ? was.standoffs + 1 : 0;
    if (standoffs >= 2) {
      if (strength === 'full') {
        strength = 'half';
        say(
          'pink/half',
          `${unitName(u)} is now at half strength: two stand-offs in consecutive movement phases.`,
        );
      }
      standoffs = 0;
    }
    const counts = was.strength === 'half' || ctx.settings.ATTACKS_AT_FULL;
    const attacks = stayed && attackedBy.has(start) && counts ? was.attacks + 1 : 0;
    if (attacks >= 3 && strength === 'half') {
      removals.push({
        unit: u,
        why: 'by-rule',
        detail:
          'destroyed by Pink rule 9: a half-strength unit attacked in three consecutive movement phases',
      });
      say(
        'pink/destroyed',
        `${unitName(u)} is destroyed: attacked three phases running at half strength.`,
      );
      continue;
    }
    units.push(withStrengthAttrs(u, { strength, standoffs, attacks }));
  }
  const dislodged: DislodgedUnit[] = [];
  const destroyedAt = new Set<ProvinceId>();
  for (const d of resolution.dislodged) {
    const was = attrsAt(d.unit.location.province);
    if (was.strength === 'half') {
      destroyedAt.add(d.unit.location.province);
      removals.push({
        unit: d.unit,
        why: 'by-rule',
        detail: 'destroyed by Pink rule 9: a half-strength unit that is dislodged is destroyed',
      });
      say('pink/destroyed', `${unitName(d.unit)} is destroyed: dislodged at half strength.`);
      continue;
    }
    // A full unit that retreats goes down to half (rule 9); an unsupplied one stays unsupplied.
    const strength: Strength = was.strength === 'full' ? 'half' : was.strength;
    if (was.strength === 'full' && d.retreats.length > 0)
      say('pink/half', `${unitName(d.unit)} is dislodged and will be at half strength.`);
    dislodged.push({
      ...d,
      unit: withStrengthAttrs(d.unit, { strength, standoffs: 0, attacks: 0 }),
    });
  }
  const outcomes = resolution.outcomes.map((o) =>
    o.dislodged === 'dislodged' &&
    o.order.kind !== 'waive' &&
    destroyedAt.has(o.order.unit.location.province)
      ? { ...o, dislodged: 'destroyed' as const }
      : o,
  );
  return {
    own: ctx.own,
    events,
    resolution: {
      ...resolution,
      outcomes,
      units,
      dislodged,
      removals: [...(resolution.removals ?? []), ...removals],
    },
  };
}

/**
 * Retreats (ruling 7), through the engine's `retreatDefault`: an unsupplied unit must retreat
 * when it can. Its own legal retreat stands; a disband order for it is ignored; without a legal
 * retreat of its own it is given one: the first of its options, by province id, that no other
 * unit's retreat order names (or the first option, if all are named).
 */
export function forcedRetreat(
  d: DislodgedUnit,
  given: PowerOrder | undefined,
  orders: readonly PowerOrder[],
): { order: PowerOrder; events: GameEvent[] } | undefined {
  if (strengthOf(d.unit) !== 'unsupplied' || d.retreats.length === 0) return undefined;
  if (given !== undefined && given.order.kind !== 'disband') return undefined;
  const events: GameEvent[] = [];
  const say = (type: string, text: string): void => {
    events.push({ type, audience: { kind: 'public' }, text });
  };
  if (given !== undefined)
    say(
      'pink/disband-ignored',
      `${unitName(d.unit)} is unsupplied and may not disband: it must retreat (Pink rule 9).`,
    );
  const here = d.unit.location.province;
  const named = new Set(
    orders.flatMap((po) =>
      (po.order.kind === 'retreat' || po.order.kind === 'move') &&
      po.order.unit.location.province !== here
        ? [po.order.to.province]
        : [],
    ),
  );
  const options = [...d.retreats].sort((a, b) => a.province.localeCompare(b.province));
  const to = options.find((r) => !named.has(r.province)) ?? options[0]!;
  const unit = { type: d.unit.type, location: d.unit.location };
  say(
    'pink/forced-retreat',
    `${unitName(d.unit)} is unsupplied and must retreat: it goes to ${to.province} (Pink rule 9).`,
  );
  return { order: { power: d.unit.power, order: { kind: 'retreat', unit, to } }, events };
}

/** The unit-strength module: halves arithmetic, wear and tear, unsupplied units. */
export const pinkStrength = defineModule<StrengthState, StrengthSettings>({
  id: STRENGTH_MODULE,
  headline:
    'Pink Diplomacy strengths: units are full, half or unsupplied (2, 1, 0 half-units); retreats, double stand-offs and three attacks in a row wear them down.',
  schema: STRENGTH_SETTINGS,
  init: () => ({ initial: {} }),
  movementRules: (ctx) => {
    const { initial } = ctx.own;
    const board = ctx.state.units;
    return {
      unitStrength: (u) => HALF_UNITS[strengthOf(u, initial)],
      supportValue: (u) => HALF_UNITS[strengthOf(u, initial)],
      supportCounts: (supporter, supported) =>
        strengthOf(supporter, initial) !== 'unsupplied' &&
        strengthOf(supported, initial) !== 'unsupplied',
      illegal: (order, unit) =>
        unsuppliedProblem(order, unit, board, initial) === undefined
          ? undefined
          : 'forbidden-by-rule',
    };
  },
  explain: (ctx, outcomes) =>
    outcomes.map((o) => {
      if (o.reason !== 'forbidden-by-rule' || o.order.kind === 'waive') return o;
      const p = o.order.unit.location.province;
      const unit = ctx.state.units.find((u) => u.location.province === p);
      const why =
        unit === undefined
          ? undefined
          : unsuppliedProblem(o.order, unit, ctx.state.units, ctx.own.initial);
      return why === undefined ? o : { ...o, explanation: why };
    }),
  afterMovement: (ctx, resolution) => strengthAfterMovement(ctx, resolution),
  // Every unit carries its attributes after its first movement phase: the set-up is spent.
  afterPhase: (ctx, report) =>
    report.phase.type === 'movement' && Object.keys(ctx.own.initial).length > 0
      ? { own: { initial: {} } }
      : { own: ctx.own },
  retreatDefault: (_ctx, d, given, orders) => forcedRetreat(d, given, orders),
  // Strengths are public (RULINGS §2.4: "Public: unit strengths").
  viewUnit: (attrs) => attrs,
});
