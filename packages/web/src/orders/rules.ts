/**
 * The variants' rules as the page runs them, to list legal orders and preview moves without a
 * round trip. Standard Diplomacy's are in the page's main part; every other variant's, with the
 * house-rule catalogue, are in a part of their own that `loadRules` fetches once a game of
 * theirs is opened, so the lobby and a standard game's page do not carry them (they were half
 * of the page's JavaScript). Until that part is in, `rulesOf` answers undefined for those games
 * and the page asks the server's legal-orders route instead, as for a variant it does not know.
 */
import type { Catalogue, Variant } from '@arbiter/engine';
import { standardVariant } from '@arbiter/rules/standard';

/** A game's variant and the house rules its rule set may name. */
export interface PageRules {
  readonly variant: Variant;
  readonly catalogue: Catalogue;
}

/** Every variant and the catalogue, once their part is loaded. */
let all:
  | { readonly variants: Readonly<Record<string, Variant>>; readonly catalogue: Catalogue }
  | undefined;
let loading: Promise<void> | undefined;

const NO_HOUSE_RULES: Catalogue = {};

/**
 * The rules of a game of `variant` whose rule set has house rules or not, if the page has them
 * now; undefined for a variant it does not know, or one whose part is not loaded yet.
 */
export function rulesOf(variant: string, houseRules: boolean): PageRules | undefined {
  if (all !== undefined) {
    const v = all.variants[variant];
    return v === undefined ? undefined : { variant: v, catalogue: all.catalogue };
  }
  if (variant === standardVariant.id && !houseRules)
    return { variant: standardVariant, catalogue: NO_HOUSE_RULES };
  return undefined;
}

/**
 * Loads what `rulesOf` needs for such a game, once for all games. It never fails: where the part
 * cannot be loaded (the network), `rulesOf` keeps answering undefined and the page asks the
 * route, and the next game opened tries again.
 */
export async function loadRules(variant: string, houseRules: boolean): Promise<void> {
  if (rulesOf(variant, houseRules) !== undefined) return;
  loading ??= import('@arbiter/rules').then(
    (m) => {
      all = { variants: m.VARIANTS, catalogue: m.CATALOGUE };
    },
    () => {
      loading = undefined;
    },
  );
  await loading;
}

/**
 * Whether a game's state (as the API gives it, null before the game starts) has house rules in
 * its rule set. A state without a rule set the page can read has none for this purpose: the
 * page then finds it cannot run the game (`knowsModules` in legal.ts) and asks the route.
 */
export function hasHouseRules(state: unknown): boolean {
  const ruleSet = (state as { readonly ruleSet?: unknown } | null)?.ruleSet;
  return Array.isArray(ruleSet) && ruleSet.length > 0;
}
