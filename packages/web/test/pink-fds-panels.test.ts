// The Pink Diplomacy and Fin de Siecle panels in a real browser against the real server. Pink: the
// board draws (71 provinces); in the winter's budget (b) the panel writes a store and the
// fielding of both armies, the server accepts every line, and once the step is processed the
// purse shown is spent and the store shows; another player's page never shows those books, in
// the page or in any answer it receives. Fin de Siecle: the world map draws, a dip support bought
// through the panel is in the sheet and the dips left go down, a message's cost shows as it is
// written, and the press box says press goes through the gamesmaster. axe-core finds nothing
// serious or critical, and at 390 px nothing scrolls sideways. Screenshots go to test-results/.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { api, playableGame } from '../../server/test/process-helpers.js';
import { ARTEFACTS, browserSuite, logInContext, useServerAndBrowser } from './browser.js';

const PINK_POWERS = ['PWA', 'PWB', 'PWC', 'PWD', 'PWE', 'PWF', 'PWG'];

type Game = Awaited<ReturnType<typeof playableGame>>;

browserSuite('the Pink Diplomacy and Fin de Siecle panels', () => {
  const env = useServerAndBrowser(180_000);

  async function open(game: Game, power: string, width = 1280): Promise<Page> {
    const token = game.players[power]!;
    const context = await env.browser.newContext({ viewport: { width, height: 900 } });
    await logInContext(context, token, game.accounts.get(token));
    const page = await context.newPage();
    await page.goto(`${env.web.url}games/${game.gameId}`);
    await page.locator('.variant-panel h2').waitFor();
    return page;
  }

  async function process(game: Game): Promise<void> {
    const r = await api(env.web.url, 'POST', `/games/${game.gameId}/process`, { token: game.gm });
    expect(r.status).toBe(200);
  }

  async function phaseOf(game: Game): Promise<string> {
    const r = await api(env.web.url, 'GET', `/games/${game.gameId}`, { token: game.gm });
    return (r.body as { phase: { name: string } }).phase.name;
  }

  async function seriousViolations(page: Page): Promise<string[]> {
    const results = await new AxeBuilder({ page }).analyze();
    return results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  }

  async function scrollsSideways(page: Page): Promise<boolean> {
    return page.evaluate(
      () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
    );
  }

  /** Waits until the sheet is saved and returns the server's reading of it. */
  async function savedLines(game: Game, power: string, expected: number): Promise<unknown[]> {
    for (let i = 0; i < 50; i++) {
      const r = await api(env.web.url, 'GET', `/games/${game.gameId}`, {
        token: game.players[power]!,
      });
      const lines = (r.body as { mySubmission?: { lines: unknown[] } | null }).mySubmission?.lines;
      if (lines !== undefined && lines.length >= expected) return lines;
      await new Promise((res) => setTimeout(res, 200));
    }
    throw new Error(`the sheet of ${power} was not saved with ${expected} lines`);
  }

  describe('Pink Diplomacy', () => {
    let game: Game;
    beforeAll(async () => {
      game = await playableGame(env.web.url, 3600, 'pinkpanel', 'pink', PINK_POWERS);
      // Spring and Fall 1901 with every unit holding: the winter's budget (a) opens.
      await process(game);
      await process(game);
      expect(await phaseOf(game)).toBe('W1901-budget-a');
    }, 60_000);

    test('the panel writes a budget the server accepts, and the purse shown is spent once it is processed', async () => {
      const page = await open(game, 'pwa');
      await page.locator('[data-unit]').first().waitFor();
      expect(await page.locator('[data-province]').count()).toBe(71);
      const purse = page.locator('[data-pink-purse]');
      const before = Number(await purse.textContent());
      expect(before).toBeGreaterThan(0);
      expect(await page.locator('[data-pink-strengths] li').count()).toBe(7);
      await page.screenshot({ path: `${ARTEFACTS}pink-budget-a.png`, fullPage: true });
      await page.context().close();

      await process(game);
      expect(await phaseOf(game)).toBe('W1901-budget-b');
      const b = await open(game, 'pwa');
      await b.getByRole('group', { name: /Winter budget \(b\)/ }).waitFor();
      const homes = await b.locator('[data-pink-homes] li').count();
      expect(homes).toBeGreaterThan(0);
      // Store 2 in the first centre offered (2 + the fee of 1), then field every army in full.
      const store = b.locator('form[aria-labelledby="pink-store-title"]');
      const at = await store.locator('select').inputValue();
      await store.getByLabel('Points').fill('2');
      await store.getByRole('button', { name: 'Store' }).click();
      await expect
        .poll(() => b.locator('#order-text').inputValue())
        .toContain(`STORE 2 IN ${at.toUpperCase()}`);
      const fields = b.locator('select[id^="pink-field-"]');
      const armies = await fields.count();
      for (let i = 0; i < armies; i++) await fields.nth(i).selectOption('full');
      const total = b.locator('[data-pink-total]');
      await expect.poll(() => total.textContent()).toContain(`cost ${3 + 5 * armies} of`);
      const lines = (await savedLines(game, 'pwa', 1 + armies)) as { ok: boolean }[];
      expect(lines.every((l) => l.ok)).toBe(true);
      expect(await b.locator('[data-pink-refused]').count()).toBe(0);
      await b.screenshot({ path: `${ARTEFACTS}pink-budget-b.png`, fullPage: true });
      await b.locator('.variant-panel').screenshot({ path: `${ARTEFACTS}pink-panel-b.png` });
      expect(await seriousViolations(b)).toEqual([]);
      await b.context().close();

      await process(game);
      expect(await phaseOf(game)).toBe('S1902M');
      const after = await open(game, 'pwa');
      await after.locator('[data-pink-purse]').waitFor();
      expect(Number(await after.locator('[data-pink-purse]').textContent())).toBe(0);
      expect(Number(await after.locator('[data-pink-stored]').textContent())).toBe(2);
      expect(before).toBe(3 + 5 * armies);
      await after.context().close();
    });

    test("another player's page never shows the first player's books, in the page or the answers", async () => {
      const bodies: string[] = [];
      const token = game.players['pwb']!;
      const context = await env.browser.newContext({ viewport: { width: 390, height: 844 } });
      await logInContext(context, token, game.accounts.get(token));
      const page = await context.newPage();
      page.on('response', (r) => {
        if (!r.url().includes('/api/')) return;
        r.text().then(
          (t) => bodies.push(t),
          () => undefined,
        );
      });
      await page.goto(`${env.web.url}games/${game.gameId}`);
      await page.locator('[data-pink-books="PWB"]').waitFor();
      await page.locator('[data-unit]').first().waitFor();
      expect(await page.locator('[data-pink-books="PWA"]').count()).toBe(0);
      expect(bodies.length).toBeGreaterThan(0);
      for (const b of bodies) {
        expect(b).not.toMatch(/"PWA":\{"purse"/);
        expect(b).not.toContain('STORE 2 IN');
      }
      expect(await scrollsSideways(page)).toBe(false);
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: `${ARTEFACTS}pink-panel-390.png`, fullPage: true });
      await context.close();
    });
  });

  describe('Fin de Siecle', () => {
    let game: Game;
    beforeAll(async () => {
      game = await playableGame(env.web.url, 3600, 'fdspanel', 'fin-de-siecle', [
        'GBR',
        'FRA',
        'OTT',
        'CHL',
      ]);
    }, 60_000);

    test('the setup step offers each starting unit its type', async () => {
      expect(await phaseOf(game)).toBe('W1879-setup');
      const page = await open(game, 'gbr');
      const setup = page.locator('[data-fds-setup] select');
      await setup.first().waitFor();
      expect(await setup.count()).toBeGreaterThan(0);
      await page.screenshot({ path: `${ARTEFACTS}fds-setup.png`, fullPage: true });
      await page.context().close();
      await process(game);
      expect(await phaseOf(game)).toBe('S1880M');
    });

    test('a dip support bought through the panel is in the sheet and the dips left go down', async () => {
      const page = await open(game, 'gbr');
      await page.locator('[data-unit]').first().waitFor();
      expect(await page.locator('[data-province]').count()).toBeGreaterThan(100);
      const dips = page.locator('[data-fds-dips="GBR"]');
      await expect.poll(() => dips.textContent()).toContain('6 of 6 dips left');
      const unit = await api(env.web.url, 'GET', `/games/${game.gameId}`, {
        token: game.players['gbr']!,
      });
      const units = (
        unit.body as {
          state: { units: { power: string; type: string; location: { province: string } }[] };
        }
      ).state.units;
      const mine = units.find((u) => u.power === 'GBR')!;
      await page.locator('#fds-support-unit').selectOption(mine.location.province);
      await page.locator('#fds-support-what').selectOption('HOLD');
      await page.getByRole('button', { name: 'Buy the support' }).click();
      const line = `3 DIPS SUPPORT ${mine.type === 'army' ? 'A' : 'F'}(${mine.location.province.toUpperCase()}) HOLD`;
      await expect.poll(() => page.locator('#order-text').inputValue()).toContain(line);
      await expect.poll(() => dips.textContent()).toContain('3 of 6 dips left');
      expect(await page.locator('[data-fds-quota="GBR"]').textContent()).toContain('hold 1/5');
      // A message's cost shows as it is written: 51 words cost 2 dips.
      await page.locator('#fds-msg-text').fill(Array.from({ length: 51 }, () => 'peace').join(' '));
      expect(await page.locator('[data-fds-msg-cost]').textContent()).toContain('costs 2 dips');
      const lines = (await savedLines(game, 'gbr', 1)) as { ok: boolean; text: string }[];
      expect(lines.find((l) => l.text === line)?.ok).toBe(true);
      // Free press goes through the gamesmaster: the press box says so instead of a composer.
      await page.locator('[data-press-through-gm]').waitFor();
      expect(await page.locator('#press-text').count()).toBe(0);
      await page.screenshot({ path: `${ARTEFACTS}fds-support.png`, fullPage: true });
      await page
        .locator('figure')
        .first()
        .screenshot({ path: `${ARTEFACTS}fds-map.png` });
      await page.locator('.variant-panel').screenshot({ path: `${ARTEFACTS}fds-panel.png` });
      expect(await seriousViolations(page)).toEqual([]);
      await page.context().close();
    });

    test("the world map opens on the viewer's part of it; the parts and the whole are a click away", async () => {
      const viewBox = (page: Page): Promise<string | null> =>
        page.locator('svg.map-svg').getAttribute('viewBox');
      const pressed = (page: Page, region: string): Promise<string | null> =>
        page.locator(`[data-region="${region}"]`).getAttribute('aria-pressed');
      // Chile's units are in South America: its player's map opens on the Americas.
      const chile = await open(game, 'chl');
      await chile.locator('[data-unit]').first().waitFor();
      expect(await pressed(chile, 'americas')).toBe('true');
      expect(await pressed(chile, 'europe')).toBe('false');
      await chile.context().close();

      const page = await open(game, 'gbr');
      await page.locator('[data-unit]').first().waitFor();
      expect(await pressed(page, 'europe')).toBe('true');
      const europe = (await viewBox(page))!.split(' ').map(Number);
      // Europe fills the map, about three and a half times the whole world's scale.
      expect(europe[2]).toBeLessThan(1000 / 3);
      expect(europe[0]).toBeGreaterThan(300);
      // Zoomed in, the marks are drawn smaller than the map grows: units stand apart.
      const london = page.locator('[data-unit][data-location="lon"]');
      expect(await london.getAttribute('transform')).toMatch(/scale\(0\.5\d\)/);
      await page.getByRole('button', { name: 'Whole map', exact: true }).click();
      expect(await viewBox(page)).toBe('0 0 1000 522');
      expect(await pressed(page, '')).toBe('true');
      expect(await pressed(page, 'europe')).toBe('false');
      expect(await london.getAttribute('transform')).not.toMatch(/scale\(0\.5\d\)/);
      await page.getByRole('button', { name: 'Asia and the Pacific' }).click();
      expect(await pressed(page, 'asia')).toBe('true');
      await page.getByRole('button', { name: 'Europe', exact: true }).click();
      expect(await viewBox(page)).toBe(europe.join(' '));
      // The zoom buttons still work from a part, and the part is no longer shown as chosen.
      await page.getByRole('button', { name: 'Zoom in' }).click();
      expect(await pressed(page, 'europe')).toBe('false');
      await page.getByRole('button', { name: 'Europe', exact: true }).click();
      await page
        .locator('figure')
        .first()
        .screenshot({ path: `${ARTEFACTS}fds-map-europe.png` });
      expect(await seriousViolations(page)).toEqual([]);
      await page.context().close();
    });

    test("a phase's report shows the map's parts too, with no zoom", async () => {
      const token = game.players['chl']!;
      const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 } });
      await logInContext(context, token, game.accounts.get(token));
      const page = await context.newPage();
      await page.goto(`${env.web.url}games/${game.gameId}/report/W1879-setup`);
      const map = page.locator('.report-map');
      await map.locator('[data-region]').first().waitFor();
      expect(await map.locator('.map-tools').count()).toBe(0);
      const svg = map.locator('svg.map-svg');
      // Zoomed in, but a static picture: a finger still scrolls the page over it.
      expect(await svg.getAttribute('class')).toBe('map-svg');
      expect(await svg.getAttribute('viewBox')).not.toBe('0 0 1000 522');
      await map.getByRole('button', { name: 'Whole map', exact: true }).click();
      expect(await svg.getAttribute('viewBox')).toBe('0 0 1000 522');
      // Print leaves the buttons out.
      await page.emulateMedia({ media: 'print' });
      expect(await map.locator('.map-regions').isVisible()).toBe(false);
      await context.close();
    });

    test('at 390 px the page does not scroll sideways', async () => {
      const page = await open(game, 'fra', 390);
      await page.locator('[data-unit]').first().waitFor();
      expect(await scrollsSideways(page)).toBe(false);
      // The world is wide: on a phone its frame is taller than its shape, so Europe fills more.
      const box = (await page.locator('svg.map-svg').boundingBox())!;
      expect(box.width / box.height).toBeCloseTo(1.1, 1);
      const europe = (await page.locator('svg.map-svg').getAttribute('viewBox'))!;
      expect(Number(europe.split(' ')[2])).toBeLessThan(1000 / 5);
      // The views and the zoom buttons share one row above the map; views past its end scroll
      // into sight within it, not the page.
      const bar = (await page.locator('.map-regions').boundingBox())!;
      const tools = (await page.locator('.map-tools').boundingBox())!;
      expect(Math.abs(bar.y - tools.y)).toBeLessThan(2);
      await page
        .locator('figure')
        .first()
        .screenshot({ path: `${ARTEFACTS}fds-map-390.png` });
      await page.getByRole('button', { name: 'Whole map', exact: true }).click();
      expect(await page.locator('svg.map-svg').getAttribute('viewBox')).not.toBe(europe);
      expect(await scrollsSideways(page)).toBe(false);
      await page.screenshot({ path: `${ARTEFACTS}fds-390.png`, fullPage: true });
      await page.context().close();
    });
  });
});
