/**
 * Rulebook editions and the DATC choices each makes (DATC v3.2 chapters 2 and 4). A game names
 * its edition; the kernel is given that edition's `RuleChoices`, never the year, so every rule
 * difference lives in one table here. docs/editions.md explains each row.
 */
import { DATC_PREFERRED, type RuleChoices } from './rules.js';

/**
 * The rulebook editions a game may be played under. 1976 is Avalon Hill's reprint of the 1971
 * rules, unchanged (DATC chapter 2), and 1992 likewise of 1982, and 2008 of 2000; 1976 is listed
 * because variant texts name it (Deviant Diplomacy II).
 */
export const EDITIONS = ['1971', '1976', '1982', '2000', '2023'] as const;

/** A rulebook edition: `'2023'` unless a game says otherwise. */
export type Edition = (typeof EDITIONS)[number];

/** The edition a game is played under when it names none, as every game was before editions. */
export const DEFAULT_EDITION: Edition = '2023';

export function isEdition(x: unknown): x is Edition {
  return typeof x === 'string' && (EDITIONS as readonly string[]).includes(x);
}

const RULES_1971: RuleChoices = {
  multiRouteConvoy: 'a',
  convoyParadox: 'f',
  adjacentConvoy: 'a',
  retreatAfterConvoy: 'a',
  civilDisorder: 'a',
};

/** Each edition's choices (DATC 4.A.1, 4.A.2, 4.A.3, 4.A.5, 4.D.8; see `RuleChoices`). */
const CHOICES: Readonly<Record<Edition, RuleChoices>> = {
  '1971': RULES_1971,
  // The DATC refers to the 1971/1976 rulebooks as one: Avalon Hill only renamed them.
  '1976': RULES_1971,
  '1982': {
    multiRouteConvoy: 'b',
    convoyParadox: 'b',
    adjacentConvoy: 'b',
    retreatAfterConvoy: 'a',
    civilDisorder: 'a',
  },
  '2000': {
    multiRouteConvoy: 'b',
    convoyParadox: 'f',
    adjacentConvoy: 'd',
    retreatAfterConvoy: 'a',
    civilDisorder: 'a',
  },
  '2023': DATC_PREFERRED,
};

/** The DATC choices an edition makes. */
export function rulebookChoices(edition: Edition): RuleChoices {
  return CHOICES[edition];
}
