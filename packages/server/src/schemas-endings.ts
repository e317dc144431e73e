/**
 * Schemas of the routes in `routes-endings.ts` (draws, concessions, the gamesmaster's rulings on
 * Deviant free-text proposals) and of the game's end, which the game and phase schemas carry.
 */
import { LIMITS } from '@arbiter/app';
import { z } from 'zod';

const Version = z
  .number()
  .int()
  .min(0)
  .optional()
  .describe('The game version this command was decided on (as for every gamesmaster command).');

const Power = z.string().min(1).max(LIMITS.power).describe('A power id: `FRA`.');

export const DrawVotesSchema = z
  .enum(['secret', 'public'])
  .describe(
    'Votes on draws and concessions: secret (default; each player sees his own, the ' +
      'gamesmaster all) or public.',
  );

export const GameEndSchema = z
  .object({
    kind: z
      .enum(['solo', 'victory', 'draw', 'conceded', 'last-year'])
      .describe(
        'solo: a power won; victory: a rule chose the winning players (Fiascomacy); draw; ' +
          'conceded; last-year: the last year was played out.',
      ),
    phase: z.string().describe('The phase the game ended in (a draw: the phase left unplayed).'),
    winner: z.string().optional().describe('The winning power: a solo or a concession.'),
    winners: z.array(z.string()).optional().describe('The winning players.'),
    members: z.array(z.string()).optional().describe("A draw's members (powers)."),
    by: z.enum(['players', 'gm']).optional().describe('A draw or concession: who ended it.'),
    reason: z.string().optional(),
    centres: z.record(z.string(), z.number().int()).describe("Every power's supply centres."),
  })
  .describe('How the game ended.');

export const ProposeDrawRequest = z.strictObject({
  members: z
    .array(Power)
    .max(LIMITS.powers)
    .optional()
    .describe('The powers sharing the draw (default: every surviving power).'),
});

export const ConcedeRequest = z.strictObject({ to: Power.describe('The power conceded to.') });

export const VoteEndRequest = z.strictObject({
  accept: z.boolean().describe('true accepts; false refuses, which ends the proposal.'),
});

export const DeclareEndRequest = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('draw'),
    members: z
      .array(Power)
      .max(LIMITS.powers)
      .optional()
      .describe('Default: every surviving power.'),
    version: Version,
  }),
  z.strictObject({ kind: z.literal('concession'), to: Power, version: Version }),
]);

export const EndProposalSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['draw', 'concession']),
  phase: z.string().describe('The phase it was made in.'),
  proposer: z.string().nullable().describe('Null to other players when votes are secret.'),
  members: z.array(z.string()).describe("A draw's members, or the one power conceded to."),
  voters: z.array(z.string()).describe('The players who must all accept.'),
  status: z
    .enum(['open', 'accepted', 'refused', 'lapsed'])
    .describe('lapsed: the phase it was made in was processed first.'),
  votes: z
    .record(z.string(), z.enum(['yes', 'no']))
    .describe('The votes the caller may see: all when public (or to the GM), else his own.'),
  waitingFor: z.array(z.string()).optional().describe('Public votes: who has not answered.'),
  createdAt: z.number(),
  closedAt: z.number().nullable(),
});

export const EndProposalListSchema = z.array(EndProposalSchema);

const Settings = z
  .record(z.string(), z.union([z.number().int(), z.array(z.string().min(1).max(60)).max(80)]))
  .describe(
    'The rule\'s settings by name: a whole number (`{ "max": 2 }` for BUILD_CAP) or a list of provinces (`{ "provinces": ["ruh", "bur"] }` for NEW_CENTRES).',
  );

export const RulingRequest = z.discriminatedUnion('ruling', [
  z.strictObject({
    ruling: z.literal('rule'),
    rule: z
      .string()
      .min(1)
      .max(LIMITS.ruleId)
      .describe('A catalogue rule id or alias: `BUILD_CAP`.'),
    settings: Settings.optional(),
    repeal: z.boolean().optional().describe('Map it to the repeal of that rule instead.'),
    version: Version,
  }),
  z.strictObject({
    ruling: z.literal('reject'),
    reason: z
      .string()
      .min(1)
      .max(LIMITS.rulingText)
      .describe(
        "Why; it is published in the GM log. The proposal counts as no proposal: the player's default takes its place.",
      ),
    version: Version,
  }),
]);

export const LabelSchema = z
  .string()
  .regex(/^[A-Za-z]{1,3}$/)
  .describe("A proposal's label: the initial of its proposer's power (`E`), or the power's id.");

export const ProposalIdSchema = z
  .string()
  .regex(/^[1-9][0-9]{0,14}$/)
  .describe('A draw or concession proposal id.');
