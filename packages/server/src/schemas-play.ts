/**
 * Schemas of the routes in `routes-play.ts`: a variant's map, the legal orders of a player's
 * units, and a game exported as a MILA saved game. Responses only: these routes take no body.
 */
import { LIMITS } from '@arbiter/app';
import { z } from 'zod';
import { OrderSchema } from './schemas-board.js';

export { OrderSchema } from './schemas-board.js';

const Point = z.tuple([z.number(), z.number()]);

export const MapSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    attribution: z.string().optional(),
    powers: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        adjective: z.string().optional(),
        class: z
          .enum(['major', 'minor'])
          .optional()
          .describe("the power's class where the variant has them (Fin de Siecle)"),
      }),
    ),
    provinces: z.array(
      z.object({
        id: z.string().describe('the lowercase abbreviation: `lvp`'),
        name: z.string(),
        aliases: z.array(z.string()).optional(),
        terrain: z.enum(['land', 'sea', 'coast']),
        coasts: z.array(z.string()).optional().describe('split coasts: `nc`, `sc`'),
        supplyCenter: z.union([z.boolean(), z.object({ capacity: z.number() })]).optional(),
        home: z.string().optional().describe('the power whose home centre this is'),
        impassable: z.boolean().optional(),
        letter: z
          .string()
          .optional()
          .describe('the letter the name begins with (Pink Diplomacy rule 11): `C`'),
        ocean: z
          .boolean()
          .optional()
          .describe('an ocean (Fin de Siecle): a sea the rules treat apart'),
      }),
    ),
    adjacencies: z
      .array(z.tuple([z.string(), z.string(), z.enum(['army', 'fleet', 'both'])]))
      .describe('undirected edges between location keys (`spa/nc`), with who may cross them'),
    startingUnits: z.array(
      z.object({ power: z.string(), type: z.enum(['A', 'F']), location: z.string() }),
    ),
    victoryCenters: z.number().int().optional(),
    startYear: z.number().int().optional(),
    drawing: z
      .object({
        file: z.string().optional(),
        attribution: z.string().optional(),
        viewBox: z.tuple([z.number(), z.number(), z.number(), z.number()]).optional(),
        shapes: z
          .string()
          .optional()
          .describe('the drawing document with the province shapes (docs/map-format.md)'),
        unitAnchors: z.record(z.string(), Point).optional(),
        supplyCenterAnchors: z.record(z.string(), Point).optional(),
        views: z
          .array(
            z.object({
              id: z.string(),
              name: z.string(),
              box: z.tuple([z.number(), z.number(), z.number(), z.number()]),
            }),
          )
          .optional()
          .describe(
            'parts of the drawing a page offers to show at once (`[x, y, width, height]`); ' +
              'a page opens on the one with most of the viewer’s units, else the first',
          ),
      })
      .optional(),
  })
  .describe("The engine's map data (docs/map-format.md).");

export const LegalOrdersSchema = z
  .object({
    phase: z.string(),
    powers: z.array(
      z.object({
        power: z.string(),
        units: z.array(
          z.object({
            unit: z
              .string()
              .nullable()
              .describe('`A par`; null for the builds and the waive of an adjustment phase'),
            orders: z.array(
              z.object({
                text: z.string().describe('the canonical order text'),
                order: OrderSchema,
              }),
            ),
          }),
        ),
      }),
    ),
  })
  .describe('The legal orders of each unit, by power.');

export const LegalOrdersQuery = z.strictObject({
  power: z.string().min(1).max(LIMITS.power).optional().describe('gamesmaster only: one power'),
});

const ByPower = <T extends z.ZodType>(t: T) => z.record(z.string(), t);

export const MilaGameSchema = z
  .object({
    id: z.string(),
    map: z.string(),
    rules: z.array(z.string()),
    phases: z.array(
      z.object({
        name: z.string(),
        state: z.object({
          timestamp: z.number(),
          note: z.string(),
          name: z.string(),
          units: ByPower(z.array(z.string())),
          retreats: ByPower(z.record(z.string(), z.array(z.string()))),
          centers: ByPower(z.array(z.string())),
          homes: ByPower(z.array(z.string())),
          influence: ByPower(z.array(z.string())),
          civil_disorder: ByPower(z.number()),
          builds: ByPower(z.object({ count: z.number(), homes: z.array(z.string()) })),
          game_id: z.string(),
          map: z.string(),
          rules: z.array(z.string()),
        }),
        orders: ByPower(z.array(z.string()).nullable()),
        results: z.record(z.string(), z.array(z.string())),
        messages: z.array(
          z.object({
            sender: z.string(),
            recipient: z.string(),
            time_sent: z.number(),
            phase: z.string(),
            message: z.string(),
          }),
        ),
      }),
    ),
  })
  .describe("The MILA diplomacy engine's saved-game JSON (docs/mila-format.md).");

export const VariantIdSchema = z
  .string()
  .min(1)
  .max(LIMITS.variantId)
  .regex(/^[A-Za-z0-9_-]+$/)
  .describe('A variant id: `standard`, `fink` ...');
