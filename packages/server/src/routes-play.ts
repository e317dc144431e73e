/**
 * Routes for clients that play on their own board: a variant's map (cacheable, with an ETag),
 * the legal orders of the caller's units in the open phase, and a game exported as a MILA saved
 * game. Concatenated into `ROUTES` in `routes.ts`.
 */
import type { AccountRecord } from '@arbiter/app';
import { unwrap } from './problems.js';
import { routeBuilder, type Route } from './routing.js';
import type { Services } from './routes.js';
import { LegalOrdersQuery, LegalOrdersSchema, MapSchema, MilaGameSchema } from './schemas-play.js';

const route = routeBuilder<Services, AccountRecord>();

export const PLAY_ROUTES: readonly Route<Services>[] = [
  route({
    method: 'get',
    path: '/variants/{variant}/map',
    operationId: 'variantMap',
    tag: 'games',
    summary: "A variant's map",
    description:
      'Provinces (names, terrain, supply centres, home centres, split coasts), adjacencies ' +
      'with who may cross them, starting units and drawing anchors: enough to draw the board ' +
      'and check orders without asking. It never changes while the server runs: the answer ' +
      'carries an ETag, and `If-None-Match` gets 304.',
    auth: 'none',
    etag: 'public',
    status: 200,
    response: MapSchema,
    responseDescription: 'The map.',
    errors: ['variant/unknown'],
    handle: (s, { params }) =>
      Promise.resolve(unwrap(s.arbiter.variantMap(params['variant'] ?? ''))),
  }),
  route({
    method: 'get',
    path: '/games/{id}/legal-orders',
    operationId: 'legalOrders',
    tag: 'play',
    summary: 'The legal orders of your units in the open phase',
    description:
      'For each power the caller may order now, each unit with every order the adjudicator ' +
      'accepts under the rules in force: the canonical text and the structured order (builds ' +
      'and the waive under `unit: null`). The gamesmaster gets every power, or `?power=`. Not ' +
      'for the public.',
    auth: 'required',
    query: LegalOrdersQuery,
    status: 200,
    response: LegalOrdersSchema,
    responseDescription: 'The legal orders, by power and unit.',
    errors: ['game/not-found', 'game/not-a-player', 'game/not-gm', 'game/not-running'],
    handle: async (s, { caller, params, query }) =>
      unwrap(
        await s.arbiter.legalOrders(
          caller.id,
          params['id'] ?? '',
          query.power === undefined ? {} : { power: query.power },
        ),
      ),
  }),
  route({
    method: 'get',
    path: '/games/{id}/export',
    operationId: 'exportGame',
    tag: 'games',
    summary: 'The game as a MILA saved game',
    description:
      'Every processed phase (board, adjudicated orders, results) and the board the game ' +
      'stands on, in the MILA saved-game JSON (docs/mila-format.md). Only what everyone may ' +
      'see: no order sheets, no press, no rule module secrets. Standard-map games only.',
    auth: 'optional',
    status: 200,
    response: MilaGameSchema,
    responseDescription: 'The saved game.',
    errors: ['game/not-found', 'game/not-running', 'export/unsupported'],
    handle: async (s, { caller, params }) =>
      unwrap(await s.arbiter.exportGame(caller?.id, params['id'] ?? '')),
  }),
];
