/**
 * The board on the wire: units, orders, outcomes, phase reports, players and each variant's
 * module state, as the engine and the rule modules build them. Each schema is checked against
 * the engine's or the module's own type at compile time (`EngineTypesFit` below: the engine's
 * value must be one the schema accepts), and the server's tests play a game of every variant
 * and check that no answer holds a field these schemas do not name.
 */
import type {
  DislodgedUnit,
  GameEvent,
  Location,
  Order,
  OrderOutcome,
  Phase,
  PhaseReport,
  PlayerSetup,
  PowerOrder,
  RuleSetEntry,
  Unit,
  UnitRef,
} from '@arbiter/engine';
import type {
  DipsState,
  EconomyState,
  FiascomacyState,
  FinkPlayerView,
  FinkState,
  GovernanceState,
  GovernanceView,
  NamingState,
  PressState,
} from '@arbiter/rules';
import { EDITIONS, REMOVAL_REASONS } from '@arbiter/engine';
import { z } from 'zod';
import { named } from './named.js';
import type { DeepReadonly } from './routing.js';

/**
 * A JSON value: a module's setting (a number, a flag, a word, a table of capitals) or an event's
 * detail. One level deep: what is inside an array or an object is any JSON (a recursive schema
 * would be exact, but clients generated from the document could not type it).
 */
export const JsonValueSchema = named(
  'JsonValue',
  z.union([
    z.string(),
    z.number(),
    z.boolean(),
    z.null(),
    z.array(z.unknown()),
    z.record(z.string(), z.unknown()),
  ]),
) as z.ZodType<string | number | boolean | null | unknown[] | Record<string, unknown>>;

/** A module's settings, by setting name. */
const SettingsSchema = z.record(z.string(), JsonValueSchema);

const Power = z.string().describe('A power id: `ENG`.');
const Province = z.string().describe('A province id, lower case: `lvp`.');
const PlayerId = z.string().describe('A player id: `player-1`, `eng`.');
const UnitTypeSchema = z.enum(['army', 'fleet']);

export const LocationSchema = named(
  'Location',
  z
    .object({
      province: Province,
      coast: z.string().optional().describe('The coast of a split-coast province: `nc`, `sc`.'),
    })
    .describe('Where a unit stands: a province, or one coast of a split-coast province.'),
);

export const UnitSchema = named(
  'Unit',
  z.object({
    power: Power,
    type: UnitTypeSchema,
    location: LocationSchema,
    id: z
      .string()
      .optional()
      .describe('Its identity for its whole life (`u7`): kept when it moves or retreats.'),
    attrs: z
      .record(z.string(), JsonValueSchema)
      .optional()
      .describe("Rule modules' attributes of the unit, by module id, as the viewer may see them."),
  }),
);

const UnitRefSchema = named(
  'UnitRef',
  z
    .object({
      type: UnitTypeSchema.optional().describe('As written: the order may leave the type out.'),
      location: LocationSchema,
    })
    .describe('A unit as an order names it.'),
);

export const OrderSchema = named(
  'Order',
  z
    .discriminatedUnion('kind', [
      z.object({ kind: z.literal('hold'), unit: UnitRefSchema }),
      z.object({
        kind: z.literal('move'),
        unit: UnitRefSchema,
        to: LocationSchema,
        viaConvoy: z.boolean(),
      }),
      z.object({ kind: z.literal('support-hold'), unit: UnitRefSchema, supported: UnitRefSchema }),
      z.object({
        kind: z.literal('support-move'),
        unit: UnitRefSchema,
        supported: UnitRefSchema,
        to: LocationSchema,
      }),
      z.object({
        kind: z.literal('convoy'),
        unit: UnitRefSchema,
        army: LocationSchema,
        to: LocationSchema,
      }),
      z.object({ kind: z.literal('retreat'), unit: UnitRefSchema, to: LocationSchema }),
      z.object({ kind: z.literal('disband'), unit: UnitRefSchema }),
      z.object({
        kind: z.literal('build'),
        unit: z.object({ type: UnitTypeSchema, location: LocationSchema }),
      }),
      z.object({ kind: z.literal('remove'), unit: UnitRefSchema }),
      z.object({ kind: z.literal('waive') }),
    ])
    .describe('An order as the engine reads it, tagged by `kind`.'),
);

export const PowerOrderSchema = named(
  'PowerOrder',
  z.object({ power: Power, order: OrderSchema }).describe('An order and the power it is for.'),
);

export const BoardPhaseSchema = named(
  'BoardPhase',
  z
    .object({
      year: z.number().int(),
      season: z.enum(['spring', 'fall', 'winter']),
      type: z.enum(['movement', 'retreat', 'adjustment', 'module']),
      module: z.string().optional().describe('A module phase: the module that plays it.'),
      step: z.string().optional().describe("A module phase: the module's step (`budget-a`)."),
    })
    .describe('A phase of the game: its year, season and type.'),
);

const ILLEGAL_REASONS = [
  'no-unit',
  'foreign-unit',
  'wrong-unit-type',
  'duplicate-order',
  'wrong-phase',
  'same-province',
  'unreachable',
  'coast-needed',
  'coast-unreachable',
  'fleet-convoyed',
  'convoy-not-at-sea',
  'convoy-not-army',
  'support-self',
  'support-unreachable',
  'support-of-illegal-order',
  'support-needs-own-convoy',
  'supported-unit-missing',
  'convoy-off-route',
  'not-dislodged',
  'not-retreat-option',
  'unit-coast-mismatch',
  'type-not-allowed',
  'not-build-site',
  'forbidden-by-rule',
] as const;

const OTHER_REASONS = [
  'moved',
  'held',
  'bounced',
  'beaten',
  'same-power',
  'no-convoy',
  'convoy-disrupted',
  'convoy-paradox',
  'support-given',
  'support-cut',
  'support-dislodged',
  'support-mismatch',
  'support-not-counted',
  'convoy-given',
  'convoy-mismatch',
  'convoy-dislodged',
  'retreated',
  'retreat-clash',
  'retreat-blocked',
  'disbanded',
  'built',
  'removed',
  'waived',
  'no-build-site',
  'no-builds-left',
  'no-removals-left',
  'site-occupied',
  'not-home-center',
  'not-owned',
  'too-many-units',
] as const;

export const OrderOutcomeSchema = named(
  'OrderOutcome',
  z
    .object({
      power: Power,
      order: OrderSchema,
      result: z
        .enum([
          'succeeds',
          'fails',
          'stands',
          'dislodged',
          'given',
          'cut',
          'available',
          'disrupted',
          'illegal',
          'invalid',
        ])
        .describe('The DATC result word (4.E.2).'),
      reason: z
        .enum([...ILLEGAL_REASONS, ...OTHER_REASONS])
        .describe('Why: stable codes (docs/orders.md).'),
      strength: z.number().int().optional().describe("The move's strength, or the support's."),
      against: z.number().int().optional().describe('The strongest opposition to a failed move.'),
      by: Province.optional().describe('The province of the unit that caused the result.'),
      dislodged: z
        .enum(['dislodged', 'destroyed'])
        .optional()
        .describe('Set when the ordered unit was dislodged; destroyed: nowhere to retreat.'),
      paid: z
        .array(
          z.object({
            power: z.string().nullable().describe('Who paid for it; null: the rules in force.'),
            amount: z.number().int(),
            reason: z.string().describe('What it is: "dip support", "garrison".'),
            counted: z
              .boolean()
              .describe("False where it would have helped dislodge its payer's own unit."),
          }),
        )
        .optional()
        .describe('Strength bought or given by a rule for this move or hold, by owner.'),
      explanation: z.string().optional().describe('For people: "bounced with A mun, 1 against 1".'),
    })
    .describe("One order's outcome."),
);

export const DislodgedUnitSchema = named(
  'DislodgedUnit',
  z.object({
    unit: UnitSchema,
    attackerFrom: Province.describe('Where the successful attacker came from.'),
    retreats: z
      .array(LocationSchema)
      .describe('Where it may retreat; empty when it will be destroyed.'),
  }),
);

export const PhaseReportSchema = named(
  'PhaseReport',
  z
    .object({
      phase: BoardPhaseSchema,
      name: z.string().describe('`S1901M`'),
      outcomes: z.array(OrderOutcomeSchema),
      dislodged: z.array(DislodgedUnitSchema),
      removed: z
        .array(UnitSchema)
        .describe('Destroyed for want of a retreat, disbanded, removed, or by civil disorder.'),
      removals: z
        .array(
          z.object({
            unit: UnitSchema,
            why: z.enum(REMOVAL_REASONS),
            detail: z
              .string()
              .optional()
              .describe('For `by-rule`: the rule, in words ("disbanded by the NMR Rule: ...").'),
          }),
        )
        .optional()
        .describe(
          'The removed units, each with why it left the board (absent in phases played before it was recorded).',
        ),
      built: z.array(UnitSchema),
      declined: z.record(Power, z.number().int()).describe('Builds a power could have made.'),
      captured: z
        .array(z.object({ province: Province, from: Power.nullable(), to: Power }))
        .describe('Supply centres that changed hands.'),
      winner: Power.nullable(),
      next: BoardPhaseSchema.nullable()
        .optional()
        .describe(
          'The phase the game goes to next, as the plan decided; null once the game is over (absent in phases played before it was recorded).',
        ),
    })
    .describe('What one phase did: every order’s outcome and every change to the board.'),
);

const AudienceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('public') }),
  z.object({ kind: z.literal('players'), players: z.array(PlayerId) }),
  z.object({ kind: z.literal('gm') }),
]);

export const GameEventSchema = named(
  'GameEvent',
  z.object({
    type: z.string().describe('`fink/new-fink`, `deviant/tally` ...'),
    audience: AudienceSchema,
    text: z.string(),
    data: z.record(z.string(), JsonValueSchema).optional().describe('Machine-readable details.'),
  }),
);

export const PlayerSchema = named(
  'Player',
  z
    .object({
      id: PlayerId,
      name: z.string().optional(),
      powers: z.array(Power).describe('None for an investor (Fiascomacy).'),
    })
    .describe('A player of the game and the powers they order.'),
);

export const RuleSetEntrySchema = named(
  'RuleSetEntry',
  z
    .object({
      module: z.string(),
      settings: SettingsSchema,
      label: z.string().optional().describe('The label it passed under: `F`.'),
      from: z.number().int().describe('The first phase it governs (a phaseIndex).'),
      until: z.number().int().optional().describe('The first phase it no longer governs.'),
    })
    .describe('A rule voted in or out during the game (Deviant Diplomacy II).'),
);

// ---- each variant's module state ------------------------------------------------------------

const ByPlayer = <T extends z.ZodType>(t: T) => z.record(PlayerId, t);
const ByPower = <T extends z.ZodType>(t: T) => z.record(Power, t);

const FinkSeatSchema = z.object({
  player: PlayerId,
  victim: Power,
  since: z.string().describe('The winter he became the Fink: `W1902A`.'),
  victimEliminated: z.boolean().optional(),
});
const FinkOrderRecordSchema = z.object({
  phase: z.string(),
  province: Province,
  victim: Power,
  result: z.enum(['dislodged', 'destroyed', 'no-effect']),
});
const RequestRecordSchema = z.object({
  phase: z.string(),
  against: Power,
  result: z.enum(['became-fink', 'new-victim', 'failed']),
});
const PendingRetreatSchema = z.object({ province: Province, power: Power });

export const FinkStateSchema = named(
  'FinkState',
  z
    .object({
      fink: FinkSeatSchema.nullable(),
      history: ByPlayer(z.array(Province)),
      orders: ByPlayer(z.array(FinkOrderRecordSchema)),
      requests: ByPlayer(z.array(RequestRecordSchema)),
      pending: PendingRetreatSchema.nullable(),
    })
    .describe("The Fink module's whole state: the gamesmaster's view."),
);

export const FinkViewSchema = named(
  'FinkView',
  z
    .object({
      exists: z.boolean().describe('Whether there is a Fink.'),
      history: z.array(Province).describe('Provinces this player finked successfully.'),
      orders: z.array(FinkOrderRecordSchema).describe("This player's own FINK orders."),
      requests: z.array(RequestRecordSchema).describe("This player's own requests."),
      fink: FinkSeatSchema.optional().describe('The Fink himself only.'),
      pending: PendingRetreatSchema.nullable()
        .optional()
        .describe('The Fink only: the retreat he chooses now.'),
    })
    .describe('The Fink module as a player (or the public, with empty lists) sees it.'),
);

const MeasureSchema = z.object({
  kind: z.enum(['enact', 'repeal']),
  rule: z.string(),
  settings: SettingsSchema,
});
const TallySchema = z.object({
  season: z.string().describe('`S1902`'),
  totals: z.record(z.string(), z.number().int()).describe('Votes per ballot label.'),
  votes: ByPlayer(z.record(z.string(), z.number().int())),
  void: z.array(PlayerId),
  passed: z.array(z.string()),
  effective: z.string().nullable(),
});

export const GovernanceStateSchema = named(
  'GovernanceState',
  z
    .object({
      labels: ByPlayer(z.string()),
      ballot: z.array(
        z.object({
          label: z.string(),
          player: PlayerId,
          measure: MeasureSchema,
          origin: z.enum(['proposed', 'default', 'gm']),
          text: z.string().optional(),
        }),
      ),
      ballotSeason: z.string().nullable(),
      queue: z.array(z.object({ label: z.string(), player: PlayerId, text: z.string() })),
      last: ByPlayer(z.object({ measure: MeasureSchema, passed: z.boolean() })),
      allowance: ByPlayer(z.number().int()).nullable(),
      superseded: z.record(
        z.string(),
        z.array(z.object({ settings: SettingsSchema, label: z.string().optional() })),
      ),
      lastTally: TallySchema.nullable(),
      gmLog: z.array(z.string()),
    })
    .describe("Deviant Diplomacy II's governance, whole: the gamesmaster's view."),
);

export const GovernanceViewSchema = named(
  'GovernanceView',
  z
    .object({
      labels: ByPlayer(z.string()),
      ballotSeason: z.string().nullable(),
      ballot: z.array(z.string()).describe('The proposals to vote on, one line each.'),
      awaitingGm: z.array(z.string()),
      allowance: ByPlayer(z.number().int()).describe('Votes each player has in the next vote.'),
      lastTally: TallySchema.nullable(),
      rulesInEffect: z.array(z.string()),
      gmLog: z.array(z.string()),
    })
    .describe("Deviant Diplomacy II's governance as players and the public see it."),
);

const Holdings = ByPlayer(ByPower(z.number().int()));

export const FiascomacyStateSchema = named(
  'FiascomacyState',
  z
    .object({
      invested: Holdings.describe('Every PF ever invested, by player and power.'),
      fresh: Holdings.describe('The PF invested with the latest movement orders.'),
      pf: ByPlayer(z.number().int()).describe('PF each player has to invest next.'),
      received: ByPlayer(z.number().int()),
      forfeited: ByPlayer(z.number().int()),
      lastCentres: ByPower(z.number().int()),
      bored: z.boolean(),
    })
    .describe("Fiascomacy's state: all of it public."),
);

const Points = z.number().int();

export const PinkStrengthStateSchema = named(
  'PinkStrengthState',
  z
    .object({
      initial: z
        .record(Province, z.enum(['full', 'half', 'unsupplied']))
        .describe('Strengths a case file set up by province (each unit carries its own in attrs).'),
    })
    .describe("Pink Diplomacy's strengths: public; each unit's is in its attrs."),
);

export const PinkLedgerSchema = named(
  'PinkLedger',
  z.object({
    purse: Points.describe("This winter's points not yet spent or stored."),
    stores: z.record(Province, Points).describe('Points stored in each centre.'),
    low: z.record(Province, Points).describe('The smallest balance of each store this year.'),
    emergency: z.record(Province, Points).describe('The emergency store of each home centre.'),
    homes: z.array(Province),
    friendly: z.array(Power).describe('Powers declared friendly.'),
    transferPaid: z.boolean().describe("Whether this winter's transfer fee is paid."),
    storedIn: z.array(Province).describe('Centres stored in this winter (1 point each).'),
  }),
);

export const PinkNamingStateSchema = named(
  'PinkNamingState',
  z
    .object({
      names: z
        .record(
          z.string().describe('A province id (on Pink II the id without its level: `ulm`).'),
          z.object({
            name: z.string(),
            abbr: z.string().describe('Three letters, lower case.'),
            by: PlayerId.describe('Who chose it (`gm`: the gamesmaster).'),
          }),
        )
        .describe('The names chosen in the naming step, by province.'),
    })
    .describe(
      "Pink Diplomacy's naming of the provinces (rule 11, option NAMING): public; present once the naming step is played.",
    ),
);

export const PinkEconomyStateSchema = named(
  'PinkEconomyState',
  z
    .object({
      ledgers: ByPower(PinkLedgerSchema).describe(
        "Each power's points: a player sees only his own powers' ledgers, the public none.",
      ),
      capacity: z.record(Province, Points).describe("Capacities set by the game over the map's."),
      heldSince: z
        .record(Province, z.object({ power: Power, year: z.number().int() }))
        .optional()
        .describe("Who has held each centre since when (new home centres): the gamesmaster's."),
      carthage: z
        .object({
          province: Province.optional(),
          first: Power.optional(),
          lost: z.boolean().optional(),
        })
        .optional(),
    })
    .describe("Pink Diplomacy's economy: budgets and stores are secret to their power."),
);

const FdsClassSchema = z.enum(['major', 'minor']);

export const FdsDipsStateSchema = named(
  'FdsDipsState',
  z
    .object({
      classes: ByPower(FdsClassSchema),
      turn: z.number().int().describe('Movement turns played.'),
      status: z
        .array(
          z.object({
            power: Power,
            dips: Points.describe('Dips left this turn.'),
            holdLeft: Points.describe('Hold dip supports left in the quota window.'),
            moveLeft: Points.describe('Move dip supports left in the quota window.'),
          }),
        )
        .optional()
        .describe("The viewer's own powers' dips and quota (every power for the gamesmaster)."),
      history: ByPower(
        z.array(z.object({ turn: z.number().int(), hold: Points, move: Points })),
      ).optional(),
      ledger: z
        .array(
          z.object({
            player: PlayerId,
            payer: Power.nullable(),
            type: z.string(),
            text: z.string(),
            dips: Points,
            refused: z.object({ code: z.string(), message: z.string() }).optional(),
            data: z.record(z.string(), JsonValueSchema),
          }),
        )
        .optional()
        .describe("This turn's spends: a player sees his own."),
      ledgerPhase: z.string().nullable().optional(),
      supports: z
        .array(
          z.object({
            payer: Power,
            province: Province,
            kind: z.enum(['hold', 'move']),
            to: Province.optional(),
          }),
        )
        .optional()
        .describe('Dip supports bought this turn: a player sees those his powers paid for.'),
    })
    .describe("Fin de Siecle's dip points: secret to their power; the classes are public."),
);

export const FdsPressStateSchema = named(
  'FdsPressState',
  z
    .object({
      phase: z.string().nullable(),
      messages: z.array(
        z.object({
          from: Power,
          to: z.array(Power),
          text: z.string(),
          dips: Points,
          interceptedBy: z.array(Power),
        }),
      ),
      intercepts: z.array(
        z.object({ by: Power, between: z.tuple([Power, Power]), onePlayer: z.boolean() }),
      ),
      protections: z.array(z.object({ by: Power, against: Power })),
    })
    .describe(
      "Fin de Siecle's paid press: a player sees the messages his powers sent, received or " +
        'intercepted, and his own interceptions and protections; the public nothing.',
    ),
);

// ---- the state of a game, by variant ----------------------------------------------------------

/** A rulebook edition (docs/editions.md). */
export const RulebookSchema = z
  .enum(EDITIONS)
  .describe(
    'A rulebook edition: 1971 (1976 is the same rules), 1982, 2000 or 2023. Each stands for the ' +
      "DATC rule choices that edition makes (docs/editions.md); 2023 is the DATC's preferences.",
  );

const BoardStateFields = {
  map: z.string(),
  phase: BoardPhaseSchema,
  units: z
    .array(UnitSchema)
    .describe('Units on the board; in a retreat phase, those not dislodged.'),
  supplyCenters: z.record(Province, Power).describe('Who owns each owned supply centre.'),
  supplyCenterIds: z
    .array(Province)
    .optional()
    .describe(
      "The provinces that are supply centres, sorted, when rules in force changed the map's " +
        "(Deviant Diplomacy II's NEW_CENTRES); absent, the map's.",
    ),
  dislodged: z.array(DislodgedUnitSchema).describe('In a retreat phase: the units to retreat.'),
  winner: Power.nullable().describe('The power that reached the solo, once one has.'),
  players: z.array(PlayerSchema),
  ruleSet: z.array(RuleSetEntrySchema),
  rng: z.number().int().optional().describe("The random source's state: the gamesmaster's only."),
  phaseIndex: z.number().int().describe('How many phases have been processed.'),
  winners: z.array(PlayerId).nullable().describe('Players who won, where a module decides.'),
  resume: BoardPhaseSchema.optional().describe('Where the game goes after its module phases.'),
  nextUnitId: z.number().int().optional().describe('The number in the next new unit’s id.'),
  later: z
    .array(
      z.object({
        module: z.string(),
        step: z.string(),
        dislodged: DislodgedUnitSchema,
      }),
    )
    .optional()
    .describe(
      "Dislodged units a module holds back for its later retreat step (the Fink's, with FINK_RETREATS_AFTER).",
    ),
  settings: z
    .record(z.string(), SettingsSchema)
    .describe('The settings each module runs with, by module id.'),
  rulebook: RulebookSchema.optional().describe(
    'The rulebook edition the game is played under, when not 2023 (absent: 2023).',
  ),
};

const variantState = <V extends string, M extends z.ZodType>(variant: V, modules: M) =>
  z.object({ variant: z.literal(variant), ...BoardStateFields, modules });

export const StandardStateSchema = named(
  'StandardState',
  variantState('standard', z.object({}).describe('No modules.')),
);

export const Pink3StateSchema = named(
  'Pink3State',
  variantState(
    'pink3',
    z
      .object({ 'pink-naming': PinkNamingStateSchema.optional() })
      .describe('Standard rules on the Pink board; the names chosen with the naming option.'),
  ),
);

const PinkModules = z.object({
  'pink-strength': PinkStrengthStateSchema,
  'pink-economy': PinkEconomyStateSchema,
  'pink-naming': PinkNamingStateSchema.optional(),
});

export const PinkStateSchema = named(
  'PinkState',
  variantState('pink', PinkModules.describe('Strengths (public) and the economy (secret).')),
);

export const Pink2StateSchema = named(
  'Pink2State',
  variantState('pink2', PinkModules.describe('As Pink Diplomacy, on three boards.')),
);

export const FinDeSiecleStateSchema = named(
  'FinDeSiecleState',
  variantState(
    'fin-de-siecle',
    z.object({
      'fds-frame': z.null().describe('The frame keeps no state of its own.'),
      oceans: z.unknown().optional().describe('The oceans keep no state.'),
      'fds-dips': FdsDipsStateSchema,
      'fds-press': FdsPressStateSchema,
    }),
  ),
);

export const FinkGameStateSchema = named(
  'FinkGameState',
  variantState(
    'fink',
    z.object({
      fink: z.union([FinkStateSchema, FinkViewSchema]).describe('The gamesmaster sees FinkState.'),
    }),
  ),
);

export const Deviant2StateSchema = named(
  'Deviant2State',
  variantState(
    'deviant2',
    z.object({
      deviant: z
        .union([GovernanceStateSchema, GovernanceViewSchema])
        .describe('The gamesmaster sees GovernanceState.'),
    }),
  ),
);

export const FiascomacyGameStateSchema = named(
  'FiascomacyGameState',
  variantState('fiascomacy', z.object({ fiascomacy: FiascomacyStateSchema })),
);

/**
 * The state of a game as a caller may see it, by variant. Typed for the handlers as the app's
 * `StateView` (whose module states are `unknown` to the engine); zod checks the real shape.
 */
export const StateSchema = named(
  'State',
  z
    .discriminatedUnion('variant', [
      StandardStateSchema,
      FinkGameStateSchema,
      Deviant2StateSchema,
      FiascomacyGameStateSchema,
      PinkStateSchema,
      Pink2StateSchema,
      Pink3StateSchema,
      FinDeSiecleStateSchema,
    ])
    .describe(
      "The board and each module's state as this caller may see it (never another's secrets), " +
        'by variant.',
    ),
);

// ---- compile-time checks: what the engine and the modules build fits these schemas ------------

type Fits<Engine, S extends z.ZodType> = [Engine] extends [DeepReadonly<z.input<S>>] ? true : false;
type Assert<T extends true> = T;

/** Fails to compile when an engine or module type gains a field or a case these lack. */
export type EngineTypesFit = [
  Assert<Fits<Location, typeof LocationSchema>>,
  Assert<Fits<Unit, typeof UnitSchema>>,
  Assert<Fits<UnitRef, typeof UnitRefSchema>>,
  Assert<Fits<Order, typeof OrderSchema>>,
  Assert<Fits<PowerOrder, typeof PowerOrderSchema>>,
  Assert<Fits<Phase, typeof BoardPhaseSchema>>,
  Assert<Fits<OrderOutcome, typeof OrderOutcomeSchema>>,
  Assert<Fits<DislodgedUnit, typeof DislodgedUnitSchema>>,
  Assert<Fits<PhaseReport, typeof PhaseReportSchema>>,
  Assert<Fits<GameEvent, typeof GameEventSchema>>,
  Assert<Fits<PlayerSetup, typeof PlayerSchema>>,
  Assert<Fits<RuleSetEntry, typeof RuleSetEntrySchema>>,
  Assert<Fits<FinkState, typeof FinkStateSchema>>,
  Assert<Fits<FinkPlayerView, typeof FinkViewSchema>>,
  Assert<Fits<GovernanceState, typeof GovernanceStateSchema>>,
  Assert<Fits<GovernanceView, typeof GovernanceViewSchema>>,
  Assert<Fits<FiascomacyState, typeof FiascomacyStateSchema>>,
  Assert<Fits<EconomyState, typeof PinkEconomyStateSchema>>,
  Assert<Fits<NamingState, typeof PinkNamingStateSchema>>,
  Assert<Fits<DipsState, typeof FdsDipsStateSchema>>,
  Assert<Fits<PressState, typeof FdsPressStateSchema>>,
];
