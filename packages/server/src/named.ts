/**
 * Names of shared response shapes: a schema registered here becomes one component of the OpenAPI
 * document (and one named type in a generated client) instead of being repeated inline.
 */
import type { z } from 'zod';

/** Shared response shapes, by the component name they get in the OpenAPI document. */
export const NAMED = new Map<z.ZodType, string>();

export function named<T extends z.ZodType>(id: string, schema: T): T {
  NAMED.set(schema, id);
  return schema;
}
