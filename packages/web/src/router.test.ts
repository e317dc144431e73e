import { expect, test } from 'vitest';
import { matchRoute, routePath } from './router.js';

test('a phase report has its route, and its path reads back to it', () => {
  expect(matchRoute('/games/g-7/report/S1901M')).toEqual({
    kind: 'report',
    id: 'g-7',
    phase: 'S1901M',
  });
  expect(matchRoute('/games/g-7/report/S1901M/')).toMatchObject({ kind: 'report' });
  expect(routePath({ kind: 'report', id: 'a b', phase: 'F1901M' })).toBe(
    '/games/a%20b/report/F1901M',
  );
  expect(matchRoute(routePath({ kind: 'report', id: 'a b', phase: 'F1901M' }))).toEqual({
    kind: 'report',
    id: 'a b',
    phase: 'F1901M',
  });
  expect(matchRoute('/games/g-7/report')).toEqual({ kind: 'not-found', path: '/games/g-7/report' });
  expect(matchRoute('/games/g-7/report/%E0')).toMatchObject({ kind: 'not-found' });
});
