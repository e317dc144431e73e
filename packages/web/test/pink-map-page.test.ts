// The map page draws a board it was not written for: a started Pink Diplomacy III game on the
// Pink board (docs/maps/pink.md), whole (71 provinces, 14 armies, 36 centres), and at 390 px
// wide without horizontal scrolling; Pink II's three levels in a square frame, a level at a time.
// Screenshots are written to packages/web/test-results/.
import type { Browser, Page } from 'playwright-core';
import { beforeAll, expect, test } from 'vitest';
import { playableGame } from '../../server/test/process-helpers.js';
import { ARTEFACTS, browserSuite, useServerAndBrowser } from './browser.js';

const PINK_POWERS = ['PWA', 'PWB', 'PWC', 'PWD', 'PWE', 'PWF', 'PWG'];

/**
 * The game's page in a window `width` × `height`, once its units are drawn, after checking that
 * the page does not scroll sideways. Close the page's context when done.
 */
async function openGame(
  browser: Browser,
  url: string,
  width: number,
  height: number,
): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height } });
  const page = await context.newPage();
  await page.goto(url);
  await page.locator('[data-unit]').first().waitFor();
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(client);
  return page;
}

browserSuite('the map page of a started Pink Diplomacy III game', () => {
  const env = useServerAndBrowser(120_000);
  let gameId: string;

  beforeAll(async () => {
    gameId = (await playableGame(env.web.url, 3600, 'pink', 'pink3', PINK_POWERS)).gameId;
  }, 60_000);

  test.each([
    [1280, 900, 'pink-desktop'],
    [390, 844, 'pink-390'],
  ] as const)('at %i px wide draws the whole Pink board', async (width, height, shot) => {
    const page = await openGame(env.browser, `${env.web.url}games/${gameId}`, width, height);
    expect(await page.locator('[data-province]').count()).toBe(71);
    expect(await page.locator('[data-unit="army"]').count()).toBe(14);
    expect(await page.locator('[data-unit="fleet"]').count()).toBe(0);
    expect(await page.locator('[data-centre]').count()).toBe(36);
    expect(await page.locator('[data-centre]:not([data-owner=""])').count()).toBe(14);
    expect(await page.locator('[data-unit][data-location="car"]').count()).toBe(0);
    await expect(page.locator('footer').textContent()).resolves.toContain('Arbiter project');
    await page.screenshot({ path: `${ARTEFACTS}${shot}.png`, fullPage: true });
    await page.context().close();
  });
});

browserSuite('the map page of a started Pink Diplomacy II game', () => {
  const env = useServerAndBrowser(120_000);
  let gameId: string;

  beforeAll(async () => {
    gameId = (await playableGame(env.web.url, 3600, 'pink2', 'pink2', PINK_POWERS)).gameId;
  }, 60_000);

  test.each([
    [1280, 900, 'pink2-desktop'],
    [390, 844, 'pink2-390'],
  ] as const)(
    'at %i px wide draws the three levels in a square frame, one level at a time',
    async (width, height, shot) => {
      const page = await openGame(env.browser, `${env.web.url}games/${gameId}`, width, height);
      // Three boards of 70 provinces and one Carthage; two armies a power on every level.
      expect(await page.locator('[data-province]').count()).toBe(211);
      expect(await page.locator('[data-unit="army"]').count()).toBe(42);
      expect(await page.locator('[data-centre]').count()).toBe(106);
      // The frame is square, not three boards tall, and opens on the top level (the public
      // has no units of its own to open on); a level's button shows that level, whole.
      const svg = page.locator('svg.map-svg');
      const box = (await svg.boundingBox())!;
      expect(Math.abs(box.width - box.height)).toBeLessThan(2);
      const parts = page.getByRole('group', { name: 'Parts of the map' });
      await expect(parts.getByRole('button').allTextContents()).resolves.toEqual([
        'Level 3',
        'Level 2',
        'Level 1',
        'Whole map',
      ]);
      await expect(svg.getAttribute('viewBox')).resolves.toBe('0 0 600 600');
      await expect(
        parts.getByRole('button', { name: 'Level 3' }).getAttribute('aria-pressed'),
      ).resolves.toBe('true');
      await page.screenshot({ path: `${ARTEFACTS}${shot}.png`, fullPage: true });
      await parts.getByRole('button', { name: 'Level 1' }).click();
      await expect(svg.getAttribute('viewBox')).resolves.toBe('0 1248 600 600');
      await page.screenshot({ path: `${ARTEFACTS}${shot}-level-1.png`, fullPage: true });
      await parts.getByRole('button', { name: 'Whole map' }).click();
      await expect(svg.getAttribute('viewBox')).resolves.toBe('-624 0 1848 1848');
      await page.screenshot({ path: `${ARTEFACTS}${shot}-whole.png`, fullPage: true });
      await page.context().close();
    },
  );
});
