// Every scenario file in test/scenarios, run through the real pipeline (docs/cases.md).
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runScenario, type ScenarioCase } from '@arbiter/engine';
import { CATALOGUE, TEST_VARIANTS, VARIANTS } from '../src/index.js';

const dir = new URL('./scenarios/', import.meta.url);
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort();

describe.each(files)('%s', (file) => {
  const { cases } = JSON.parse(readFileSync(new URL(file, dir), 'utf8')) as {
    cases: ScenarioCase[];
  };
  it('has cases with unique ids', () => {
    expect(cases.length).toBeGreaterThan(0);
    expect(new Set(cases.map((c) => c.id)).size).toBe(cases.length);
  });
  it.each(cases.map((c) => [`${c.id} ${c.title ?? ''}`, c] as const))('%s', (_, c) => {
    expect(runScenario((id) => VARIANTS[id] ?? TEST_VARIANTS[id], c, CATALOGUE).problems).toEqual(
      [],
    );
  });
});
