// Playing phases on the Pink harness from a board written as text, for the Pink tests.
import {
  parseSubmission,
  processVariantPhase,
  scenarioState,
  type Rejection,
  type ScenarioCase,
  type Submission,
  type Unit,
  type Variant,
  type VariantPhaseResult,
  type VariantState,
} from '@arbiter/engine';
import { pinkHarnessVariant } from '../../src/pink-economy/index.js';

/** A game at `phase` with these units (`FRA A bur`), centres and module state. */
export function setUp(
  phase: string,
  units: readonly string[],
  extra: Partial<ScenarioCase['start']> & {
    options?: ScenarioCase['options'];
    variant?: Variant;
  } = {},
): VariantState {
  const { options, variant = pinkHarnessVariant, ...start } = extra;
  const s = scenarioState(variant, {
    id: 'test',
    variant: variant.id,
    ...(options === undefined ? {} : { options }),
    start: { phase, units, ...start },
    steps: [],
  });
  if (typeof s === 'string') throw new Error(s);
  return s;
}

/** Plays one phase with each player's lines; rejections are returned with the result. */
export function play(
  state: VariantState,
  lines: Readonly<Record<string, readonly string[]>>,
  variant: Variant = pinkHarnessVariant,
): VariantPhaseResult & { rejections: Rejection[] } {
  const submissions: Submission[] = [];
  const rejections: Rejection[] = [];
  for (const [player, ls] of Object.entries(lines)) {
    const r = parseSubmission(variant, state, player, ls.join('\n'));
    submissions.push(r.submission);
    rejections.push(...r.rejections);
  }
  return { ...processVariantPhase(variant, state, submissions), rejections };
}

/** The unit in a province. */
export function unitAt(state: VariantState, province: string): Unit | undefined {
  return state.units.find((u) => u.location.province === province);
}
