import { standardMap, type Order } from '@arbiter/engine';
import { describe, expect, test } from 'vitest';
import { markError, matchServerLines, readSheet, withOrder, withoutOrder } from './sheet.js';

const move = (from: string, to: string): { text: string; order: Order } => ({
  text: `A ${from} - ${to}`,
  order: {
    kind: 'move',
    unit: { type: 'army', location: { province: from } },
    to: { province: to },
    viaConvoy: false,
  },
});

describe('the order sheet as text', () => {
  test('a clicked order replaces the line of the same unit, however it was written', () => {
    const text = 'A Paris - Picardy\nF bre - mao';
    expect(withOrder(standardMap, text, 'movement', move('par', 'bur'))).toBe(
      'A par - bur\nF bre - mao',
    );
  });

  test('an order for a unit not on the sheet is added at the end; bad lines are kept', () => {
    const text = 'F bre - mao\nA mar - xyz\n\n';
    expect(withOrder(standardMap, text, 'movement', move('par', 'bur'))).toBe(
      'F bre - mao\nA mar - xyz\nA par - bur',
    );
  });

  test('a second line for the same unit goes when an order replaces the first', () => {
    const text = 'A par - pic\nA par - gas';
    expect(withOrder(standardMap, text, 'movement', move('par', 'bur'))).toBe('A par - bur');
    expect(withoutOrder(standardMap, 'A par - pic\nF bre H', 'movement', 'par')).toBe('F bre H');
  });

  test('a parse error gives the line and the bad piece to mark', () => {
    const lines = readSheet(standardMap, 'A par - bur\nA mar - xyz', 'movement');
    expect(lines[0]?.order?.kind).toBe('move');
    const bad = lines[1]!;
    expect(bad.line).toBe(2);
    expect(bad.error?.code).toBe('parse/unknown-province');
    expect(markError(bad.text, bad.error!)).toEqual({ before: 'A mar - ', bad: 'xyz', after: '' });
  });

  test("the server's reading pairs with the lines while their text agrees", () => {
    const lines = readSheet(standardMap, 'A par - bur\n\nF bre - mao', 'movement');
    const ok = { ok: true as const, canonical: 'FRA A par - bur', warnings: [] };
    const matched = matchServerLines(lines, [
      { text: 'A par - bur', ...ok },
      { text: 'F bre - eng', ...ok },
    ]);
    expect(matched[0]?.text).toBe('A par - bur');
    expect(matched[1]).toBeUndefined();
  });
});
