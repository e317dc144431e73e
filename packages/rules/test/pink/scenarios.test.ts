// Pink Diplomacy's scenarios (RULINGS.md §2, PK-S1..S4) on the harness: the standard map, armies only.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runScenario, type ScenarioCase } from '@arbiter/engine';
import { pinkHarnessVariant } from '../../src/pink-economy/index.js';

const { cases } = JSON.parse(
  readFileSync(new URL('./pink-harness.json', import.meta.url), 'utf8'),
) as { cases: ScenarioCase[] };

describe('Pink harness scenarios', () => {
  it.each(cases.map((c) => [`${c.id} ${c.title ?? ''}`, c] as const))('%s', (_, c) => {
    const lookup = (id: string) => (id === pinkHarnessVariant.id ? pinkHarnessVariant : undefined);
    expect(runScenario(lookup, c).problems).toEqual([]);
  });
});
