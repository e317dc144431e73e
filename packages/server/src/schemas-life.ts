/**
 * Schemas of the routes in `routes-life.ts` (seating someone, leaving) and of the start's
 * options: requests only, the answers are the game (`GameSchema`).
 */
import { LIMITS } from '@arbiter/app';
import { z } from 'zod';
import { GmVersion } from './schemas.js';

export const StartGameRequest = z.strictObject({
  version: GmVersion,
  allowPowerless: z
    .boolean()
    .optional()
    .describe(
      'Start even though a seat has no power (in a variant whose players hold powers). ' +
        'Default false: such a start is refused with game/powerless-seat.',
    ),
});

export const SeatPlayerRequest = z.strictObject({
  account: z.string().min(1).max(LIMITS.accountName).describe('The name of the account to seat.'),
  name: z
    .string()
    .max(LIMITS.seatName)
    .optional()
    .describe("The seat's name (default: the account name)."),
  version: GmVersion,
});
