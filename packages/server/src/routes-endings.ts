/**
 * Routes for how games end: draw and concession proposals and the votes on them, the list of
 * proposals as the caller may see it, the gamesmaster declaring a draw or a concession, and the
 * gamesmaster's ruling on a Deviant Diplomacy II free-text proposal. Concatenated into `ROUTES`
 * in `routes.ts`.
 */
import type { AccountRecord } from '@arbiter/app';
import { unwrap } from './problems.js';
import { routeBuilder, type Route } from './routing.js';
import type { Services } from './routes.js';
import { GameSchema } from './schemas.js';
import {
  ConcedeRequest,
  DeclareEndRequest,
  EndProposalListSchema,
  EndProposalSchema,
  ProposeDrawRequest,
  RulingRequest,
  VoteEndRequest,
} from './schemas-endings.js';
import { z } from 'zod';

const route = routeBuilder<Services, AccountRecord>();

const ProposalResultSchema = z.object({ proposal: EndProposalSchema, game: GameSchema });

const proposeErrors = [
  'game/not-found',
  'game/not-a-player',
  'game/not-running',
  'game/conflict',
  'end/not-a-survivor',
  'end/gm-only',
  'end/proposal-open',
  'end/bad-members',
] as const;

export const ENDING_ROUTES: readonly Route<Services>[] = [
  route({
    method: 'post',
    path: '/games/{id}/draws',
    operationId: 'proposeDraw',
    tag: 'endings',
    summary: 'Propose a draw',
    description:
      'A player of a surviving power proposes that the game end drawn, between every surviving ' +
      'power (the default) or the members named. Every surviving power must accept, excluded ' +
      'ones included; the proposer accepts by proposing. One proposal at a time; it lapses ' +
      'when the phase it was made in is processed.',
    auth: 'required',
    body: ProposeDrawRequest,
    bodyOptional: true,
    status: 201,
    response: ProposalResultSchema,
    responseDescription: 'The proposal as the caller sees it, and the game.',
    errors: [...proposeErrors],
    handle: async (s, { caller, params, body }) =>
      unwrap(
        await s.arbiter.proposeEnd(caller.id, params['id'] ?? '', {
          kind: 'draw',
          ...(body?.members === undefined ? {} : { members: body.members }),
        }),
      ),
  }),
  route({
    method: 'post',
    path: '/games/{id}/concessions',
    operationId: 'proposeConcession',
    tag: 'endings',
    summary: 'Propose to concede the game to one power',
    description:
      'A player of a surviving power proposes that every other surviving power concede the ' +
      'game to `to`; the players of every surviving power but `to` must accept.',
    auth: 'required',
    body: ConcedeRequest,
    status: 201,
    response: ProposalResultSchema,
    responseDescription: 'The proposal as the caller sees it, and the game.',
    errors: [...proposeErrors],
    handle: async (s, { caller, params, body }) =>
      unwrap(
        await s.arbiter.proposeEnd(caller.id, params['id'] ?? '', {
          kind: 'concession',
          to: body.to,
        }),
      ),
  }),
  route({
    method: 'post',
    path: '/games/{id}/end-proposals/{proposal}/vote',
    operationId: 'voteOnEnd',
    tag: 'endings',
    summary: 'Accept or refuse a draw or concession',
    description:
      'Each voter answers once. A refusal ends the proposal; the last acceptance ends the game. ' +
      'With secret votes (the default) nobody else learns how the caller voted.',
    auth: 'required',
    body: VoteEndRequest,
    status: 200,
    response: ProposalResultSchema,
    responseDescription: 'The proposal as the caller sees it, and the game.',
    errors: [
      'game/not-found',
      'game/not-a-player',
      'game/not-running',
      'game/conflict',
      'end/no-proposal',
      'end/closed',
      'end/not-a-voter',
      'end/already-voted',
    ],
    handle: async (s, { caller, params, body }) =>
      unwrap(
        await s.arbiter.voteEnd(
          caller.id,
          params['id'] ?? '',
          Number(params['proposal']),
          body.accept,
        ),
      ),
  }),
  route({
    method: 'get',
    path: '/games/{id}/end-proposals',
    operationId: 'listEndProposals',
    tag: 'endings',
    summary: 'The draw and concession proposals of a game',
    description:
      'Every proposal with its status. With public votes everyone sees every vote and who has ' +
      'not answered; with secret votes a player sees only his own vote (and the proposer only ' +
      'if it is he), the public none; the gamesmaster always sees all.',
    auth: 'optional',
    status: 200,
    response: EndProposalListSchema,
    responseDescription: 'The proposals, oldest first.',
    errors: ['game/not-found'],
    handle: async (s, { caller, params }) =>
      unwrap(await s.arbiter.endProposals(caller?.id, params['id'] ?? '')),
  }),
  route({
    method: 'post',
    path: '/games/{id}/end',
    operationId: 'declareEnd',
    tag: 'gamesmaster',
    summary: 'Declare a draw or a concession (the gamesmaster)',
    description:
      'Ends the game at once: the open phase is closed unplayed and the game finishes as a ' +
      'draw (between every surviving power, or the members named) or conceded to `to`. The ' +
      "only way to end a Fiascomacy game early besides the players' unanimous BORED.",
    auth: 'required',
    body: DeclareEndRequest,
    status: 200,
    response: GameSchema,
    responseDescription: 'The finished game.',
    errors: [
      'game/not-found',
      'game/not-gm',
      'game/conflict',
      'game/not-running',
      'end/bad-members',
    ],
    handle: async (s, { caller, params, body }) => {
      const opts = body.version === undefined ? {} : { version: body.version };
      const input =
        body.kind === 'draw'
          ? {
              kind: 'draw' as const,
              ...(body.members === undefined ? {} : { members: body.members }),
            }
          : { kind: 'concession' as const, to: body.to };
      return unwrap(await s.arbiter.declareEnd(caller.id, params['id'] ?? '', input, opts));
    },
  }),
  route({
    method: 'post',
    path: '/games/{id}/proposals/{label}/ruling',
    operationId: 'ruleOnProposal',
    tag: 'gamesmaster',
    summary: 'Rule on a Deviant free-text proposal (the gamesmaster)',
    description:
      'A free-text proposal waits for the gamesmaster. `rule`: it becomes a catalogue rule with ' +
      'its settings (checked as a catalogue proposal is) or, with `repeal`, that rule’s repeal; ' +
      '`reject`: it is withheld and counts as no proposal (the player’s default stands under ' +
      'its label) and the reason is published in the GM log. There is no other ruling (Deviant ' +
      'ruling 8: mapped to a rule, or withheld). A proposal still waiting when its vote is ' +
      'counted is withheld then. The vote then goes on as the variant says.',
    auth: 'required',
    body: RulingRequest,
    status: 200,
    response: GameSchema,
    responseDescription: 'The game.',
    errors: [
      'game/not-found',
      'game/not-gm',
      'game/conflict',
      'game/not-running',
      'ruling/not-deviant',
      'ruling/not-pending',
      'ruling/unknown-rule',
      'ruling/bad-settings',
    ],
    handle: async (s, { caller, params, body }) => {
      const { version, ...ruling } = body;
      const opts = version === undefined ? {} : { version };
      const clean =
        ruling.ruling === 'rule'
          ? {
              ruling: 'rule' as const,
              rule: ruling.rule,
              ...(ruling.settings === undefined ? {} : { settings: ruling.settings }),
              ...(ruling.repeal === undefined ? {} : { repeal: ruling.repeal }),
            }
          : ruling;
      return unwrap(
        await s.arbiter.ruleOnProposal(
          caller.id,
          params['id'] ?? '',
          params['label'] ?? '',
          clean,
          opts,
        ),
      );
    },
  }),
];
