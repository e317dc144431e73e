/**
 * Routes for seats in a game's life: the gamesmaster seating someone (a replacement, or a seat
 * left vacant or in civil disorder filled) and a player leaving. Concatenated into `ROUTES` in
 * `routes.ts`.
 */
import type { AccountRecord } from '@arbiter/app';
import { unwrap } from './problems.js';
import { routeBuilder, type Route } from './routing.js';
import type { Services } from './routes.js';
import { GameSchema } from './schemas.js';
import { SeatPlayerRequest } from './schemas-life.js';

const route = routeBuilder<Services, AccountRecord>();

export const LIFE_ROUTES: readonly Route<Services>[] = [
  route({
    method: 'put',
    path: '/games/{id}/players/{player}',
    operationId: 'seatPlayer',
    tag: 'gamesmaster',
    summary: 'Seat an account in a seat: replace its player, or fill it',
    description:
      'The account takes the seat as it stands: its powers, its orders in the open phase and ' +
      'every secret the seat may read (press, rule-module roles such as the Fink). The ' +
      'account it replaces loses all of them at once; a seat in civil disorder is out of it, ' +
      'and its count of missed phases starts again. The seat is not ready in the open phase ' +
      'until its new player says so. Forming or running games; bumps the version.',
    auth: 'required',
    body: SeatPlayerRequest,
    status: 200,
    response: GameSchema,
    responseDescription: 'The game.',
    errors: [
      'game/not-found',
      'game/not-gm',
      'game/conflict',
      'game/not-running',
      'account/not-found',
      'game/already-joined',
      'game/gm-cannot-play',
    ],
    handle: async (s, { caller, params, body }) =>
      unwrap(
        await s.arbiter.seatPlayer(
          caller.id,
          params['id'] ?? '',
          params['player'] ?? '',
          { account: body.account, ...(body.name === undefined ? {} : { name: body.name }) },
          body.version === undefined ? {} : { version: body.version },
        ),
      ),
  }),
  route({
    method: 'post',
    path: '/games/{id}/leave',
    operationId: 'leaveGame',
    tag: 'play',
    summary: 'Leave the game',
    description:
      'Before the start the seat is freed for someone else. Once the game runs the seat stays, ' +
      'vacant: its units hold, it counts missed phases towards civil disorder, and orders ' +
      'already sent for the open phase stand, until the gamesmaster seats someone. The caller ' +
      'loses the seat and its secrets at once. Bumps the version.',
    auth: 'required',
    status: 200,
    response: GameSchema,
    responseDescription: 'The game, as the caller now sees it.',
    errors: ['game/not-found', 'game/not-a-player', 'game/not-running'],
    handle: async (s, { caller, params }) =>
      unwrap(await s.arbiter.leaveGame(caller.id, params['id'] ?? '')),
  }),
];
