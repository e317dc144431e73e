/**
 * A game's answer written from kept parts: the same bytes as the schema's parse, and a part
 * that does not fit its schema refused with its place, kept or not.
 */
import { describe, expect, test } from 'vitest';
import { gameAnswer, whole } from '../src/answers.js';
import { GameSchema } from '../src/schemas.js';
import { harness, seatedGame, STANDARD_SEATS } from './helpers.js';

/** A deep copy, frozen all the way down as the store freezes what it hands out. */
function frozen<T>(value: T): T {
  const copy = JSON.parse(JSON.stringify(value)) as T;
  const freeze = (v: unknown): void => {
    if (typeof v !== 'object' || v === null) return;
    for (const inner of Object.values(v)) freeze(inner);
    Object.freeze(v);
  };
  freeze(copy);
  return copy;
}

describe('the game answer', () => {
  test('is the bytes of the whole parse, frozen parts or not, and refuses a misfit at its place', async () => {
    const h = await harness();
    try {
      const g = await seatedGame(h, { variant: 'standard', seats: STANDARD_SEATS });
      const processed = await h.call('POST', `/games/${g.gameId}/process`, { token: g.gm });
      expect(processed.status).toBe(200);
      const view = (await h.call('GET', `/games/${g.gameId}`, { token: g.gm })).body as {
        lastPhase: { report: Record<string, unknown>; orders: unknown[] };
      };
      expect(view.lastPhase.report).toBeDefined();
      const bytes = JSON.stringify(GameSchema.parse(view));
      // Not frozen: the whole parse. Frozen: the kept parts, and again from what was kept.
      expect(gameAnswer(view)).toEqual({ ok: true, json: bytes });
      const last = {
        ...view.lastPhase,
        report: frozen(view.lastPhase.report),
        orders: frozen(view.lastPhase.orders),
      };
      expect(gameAnswer({ ...view, lastPhase: last })).toEqual({ ok: true, json: bytes });
      expect(gameAnswer({ ...view, lastPhase: last })).toEqual({ ok: true, json: bytes });
      // A field the schema does not name is left out, as the parse leaves it out.
      const extra = frozen({ ...view.lastPhase.report, secret: 'x' });
      expect(gameAnswer({ ...view, lastPhase: { ...last, report: extra } })).toEqual({
        ok: true,
        json: bytes,
      });
      // A report that does not fit: refused, naming the part, frozen or not.
      const bad = { ...view.lastPhase.report, outcomes: 'none' };
      for (const report of [bad, frozen(bad)]) {
        const answer = gameAnswer({ ...view, lastPhase: { ...last, report } });
        expect(answer.ok).toBe(false);
        expect(answer.ok ? '' : answer.error).toMatch(/outcomes/);
      }
      expect(gameAnswer({ ...view, lastPhase: { ...last, report: frozen(bad) } })).toMatchObject({
        ok: false,
        error: expect.stringContaining('lastPhase.report') as unknown,
      });
      // And the rest of the answer is still checked.
      expect(gameAnswer({ ...view, lastPhase: last, version: 'one' }).ok).toBe(false);
      expect(whole(GameSchema, { ...view, version: 'one' }).ok).toBe(false);
    } finally {
      await h.close();
    }
  });

  test("keeps a state's own list of supply centres (Deviant II's NEW_CENTRES)", async () => {
    // A game whose rules changed which provinces are centres sends that list: the page draws
    // its centres from it (it was once left out as a field the schema did not name).
    const h = await harness();
    try {
      const g = await seatedGame(h, { variant: 'standard', seats: STANDARD_SEATS });
      const view = (await h.call('GET', `/games/${g.gameId}`, { token: g.gm })).body as {
        state: Record<string, unknown>;
      };
      const ids = ['ank', 'ber', 'boh', 'bre'];
      const answer = gameAnswer({ ...view, state: { ...view.state, supplyCenterIds: ids } });
      expect(answer.ok).toBe(true);
      const sent = JSON.parse(answer.ok ? answer.json : '{}') as { state: Record<string, unknown> };
      expect(sent.state['supplyCenterIds']).toEqual(ids);
      // A list that is not one of provinces is refused, naming the field.
      const bad = gameAnswer({ ...view, state: { ...view.state, supplyCenterIds: [1] } });
      expect(bad.ok ? '' : bad.error).toMatch(/supplyCenterIds/);
    } finally {
      await h.close();
    }
  });
});
