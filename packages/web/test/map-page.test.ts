// The map page in a real browser against the real server: a started standard game's board is
// drawn whole (75 provinces, 22 units, 34 centres), at desktop width and at 390 px without
// horizontal scrolling, reachable by keyboard, with no serious accessibility violation.
// Screenshots are written to packages/web/test-results/.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { beforeAll, expect, test } from 'vitest';
import { playableGame } from '../../server/test/process-helpers.js';
import { ARTEFACTS, browserSuite, useServerAndBrowser } from './browser.js';

browserSuite('the map page of a started standard game', () => {
  const env = useServerAndBrowser(120_000);
  let gameId: string;
  /** One desktop page, shared by the tests that only read it (loads are the slow part). */
  let desktop: Page;

  beforeAll(async () => {
    gameId = (await playableGame(env.web.url, 3600, 'web')).gameId;
    desktop = await open(1280, 900);
  }, 60_000);

  async function open(width: number, height: number): Promise<Page> {
    const context = await env.browser.newContext({ viewport: { width, height } });
    const page = await context.newPage();
    await page.goto(`${env.web.url}games/${gameId}`);
    await page.locator('[data-unit]').first().waitFor();
    return page;
  }

  test('draws 75 provinces, 22 units and 34 centres, 22 of them owned, and credits the drawing', async () => {
    const page = desktop;
    expect(await page.locator('[data-province]:not([data-impassable])').count()).toBe(75);
    expect(await page.locator('[data-unit]').count()).toBe(22);
    expect(await page.locator('[data-unit="fleet"]').count()).toBe(9);
    expect(await page.locator('[data-centre]').count()).toBe(34);
    expect(await page.locator('[data-centre]:not([data-owner=""])').count()).toBe(22);
    expect(await page.locator('[data-unit][data-location="stp"]').getAttribute('data-power')).toBe(
      'RUS',
    );
    await expect(page.locator('footer').textContent()).resolves.toContain('Martin Asal');
    await expect(page.locator('footer').textContent()).resolves.toContain('CC BY-SA 3.0');
    await page.screenshot({ path: `${ARTEFACTS}map-desktop.png`, fullPage: true });
  });

  test('at 390 px wide the page does not scroll sideways', async () => {
    const page = await open(390, 844);
    const { scroll, client } = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    expect(scroll).toBeLessThanOrEqual(client);
    const box = await page.locator('svg.map-svg').boundingBox();
    expect(box?.width).toBeGreaterThan(300);
    await page.screenshot({ path: `${ARTEFACTS}map-390.png`, fullPage: true });
    await page.close();
  });

  test('axe-core finds no serious or critical violation', async () => {
    const results = await new AxeBuilder({ page: desktop }).analyze();
    const bad = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.help} (${v.nodes.length})`);
    expect(bad).toEqual([]);
  });

  test('a province is chosen by keyboard alone, and the zoom buttons zoom', async () => {
    const page = desktop;
    const paris = page.locator('[data-province="par"]');
    await paris.focus();
    await page.keyboard.press('Enter');
    await expect(page.locator('.province-note').textContent()).resolves.toContain(
      'Paris (par, supply centre): France army; owned by France.',
    );
    expect(await paris.getAttribute('aria-pressed')).toBe('true');
    const before = await page.locator('svg.map-svg').getAttribute('viewBox');
    await page.getByRole('button', { name: 'Zoom in' }).click();
    const after = await page.locator('svg.map-svg').getAttribute('viewBox');
    expect(after).not.toBe(before);
    expect(Number(after?.split(' ')[2])).toBeLessThan(Number(before?.split(' ')[2]));
  });

  test('the home page lists the game and its link opens the map without a reload', async () => {
    const page = await (await env.browser.newContext()).newPage();
    await page.goto(env.web.url);
    const link = page.getByRole('link', { name: 'Game web' });
    await link.waitFor();
    await page.evaluate(() => {
      (window as unknown as { marker: number }).marker = 1;
    });
    await link.click();
    await page.locator('[data-unit]').first().waitFor();
    expect(page.url()).toBe(`${env.web.url}games/${gameId}`);
    // The same document: navigation stayed in the page.
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    await page.close();
  });

  test('an unknown game says so plainly, with its code', async () => {
    const page = await (await env.browser.newContext()).newPage();
    await page.goto(`${env.web.url}games/no-such-game`);
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('game/not-found');
    await page.close();
  });
});
