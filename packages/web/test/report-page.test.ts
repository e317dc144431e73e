// The printable report of a phase in a real browser against the real server: a standard game
// played through the API for three phases, whose Spring 1901 report shows every order with its
// result sentence, the map with its units, the centre counts and the public press (and not the
// private), links to the next and previous reports, passes axe-core, fits 390 px, prints to an
// A4 PDF, and in print media hides the page's chrome; the game page links to it; and a Fink
// game's report, read by someone who is not the Fink (and by the public), says there is a new
// Fink and not who; a Deviant game's report prints its tally and the rule passed. Screenshots
// (and the PDF) go to packages/web/test-results/.
import AxeBuilder from '@axe-core/playwright';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { api, playableGame } from '../../server/test/process-helpers.js';
import { ARTEFACTS, browserSuite, logInContext, useServerAndBrowser } from './browser.js';

/** The A4 page's content width in CSS pixels: 210 mm less the 12 mm margins, at 96 px an inch. */
const A4_CONTENT = Math.floor(((210 - 24) / 25.4) * 96);

browserSuite('the report of a phase', () => {
  const env = useServerAndBrowser();
  const accounts = new Map<string, { id: string; name: string }>();

  async function order(gameId: string, token: string, text: string): Promise<void> {
    const r = await api(env.web.url, 'POST', `/games/${gameId}/orders`, { token, body: { text } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  }

  async function processTo(gameId: string, gm: string, next: string): Promise<void> {
    const r = await api(env.web.url, 'POST', `/games/${gameId}/process`, { token: gm });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((r.body as { phase: { name: string } }).phase.name).toBe(next);
  }

  /** A page logged in as `token` (the page's session keeps the token and its account). */
  async function open(
    path: string,
    token: string,
    options: BrowserContextOptions = { viewport: { width: 1280, height: 1000 } },
  ): Promise<Page> {
    const context = await env.browser.newContext(options);
    await logInContext(context, token, accounts.get(token));
    const page = await context.newPage();
    await page.goto(`${env.web.url}${path}`);
    return page;
  }

  test('a standard game’s Spring 1901 report: orders and sentences, map, counts, press, links, axe, 390 px, A4', async () => {
    const g = await playableGame(env.web.url, 3600, 'report');
    for (const [t, a] of g.accounts) accounts.set(t, a);
    const p = g.players;
    // Spring 1901: two bounces (Burgundy, the Black Sea), a move, press public and private.
    await order(g.gameId, p['fra']!, 'A Paris - Burgundy');
    await order(g.gameId, p['ger']!, 'A Munich - Burgundy');
    await order(g.gameId, p['rus']!, 'F Sevastopol - Black Sea');
    await order(g.gameId, p['tur']!, 'F Ankara - Black Sea');
    await order(g.gameId, p['eng']!, 'F London - North Sea');
    const sent = async (token: string, to: 'public' | string[], text: string): Promise<void> => {
      const r = await api(env.web.url, 'POST', `/games/${g.gameId}/messages`, {
        token,
        body: { to, text },
      });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
    };
    await sent(p['eng']!, 'public', 'England wants peace in our time\nAnd the North Sea.');
    await sent(p['ger']!, ['fra'], 'SECRET PLAN: let me have Burgundy');
    await processTo(g.gameId, g.gm, 'F1901M');
    // Fall 1901: England takes Norway and Russia Rumania.
    await order(g.gameId, p['eng']!, 'F North Sea - Norway');
    await order(g.gameId, p['rus']!, 'F Sevastopol - Rumania');
    await processTo(g.gameId, g.gm, 'W1901A');
    await order(g.gameId, p['rus']!, 'Build A Sevastopol');
    await processTo(g.gameId, g.gm, 'S1902M');

    const played = await api(env.web.url, 'GET', `/games/${g.gameId}/phases`, { token: p['fra']! });
    const spring = (played.body as { phases: { name: string; report: { outcomes: unknown[] } }[] })
      .phases[0]!;
    expect(spring.name).toBe('S1901M');

    // France (who received the private note) reads the report of Spring 1901.
    const page = await open(`games/${g.gameId}/report/S1901M`, p['fra']!);
    await page.locator('#report-title', { hasText: 'Spring 1901, movement' }).waitFor();
    expect(await page.title()).toBe(`Report of Spring 1901, movement · Game ${g.gameId} · Arbiter`);
    await expect(page.locator('.report-game').textContent()).resolves.toContain('Game report');
    // Every order with its result and the engine's sentence.
    expect(await page.locator('.report-orders li.result').count()).toBe(
      spring.report.outcomes.length,
    );
    expect(spring.report.outcomes.length).toBe(5);
    const sevastopol = page.locator('li.result[data-order="F Sevastopol - Black Sea"]');
    await expect(sevastopol.textContent()).resolves.toBe(
      'F Sevastopol - Black Sea: fails: bounced with F ank, 1 against 1',
    );
    await expect(
      page.locator('li.result[data-order="A Paris - Burgundy"]').textContent(),
    ).resolves.toContain('bounced with A mun');
    await expect(
      page.locator('li.result[data-order="F London - North Sea"]').textContent(),
    ).resolves.toContain('succeeds');
    // Grouped by power, under the power's name.
    const russiaOrders = page.locator('.report-power', { hasText: 'Russia' }).locator('li.result');
    await expect(russiaOrders.getAttribute('data-order')).resolves.toBe('F Sevastopol - Black Sea');
    // Those who sent nothing are named.
    await expect(page.locator('.report-missed').textContent()).resolves.toContain('(Austria)');
    // The map: the board Spring 1901 started from, with its orders drawn.
    expect(await page.locator('.report-map svg [data-unit]').count()).toBe(22);
    expect(await page.locator('.report-map [data-unit][data-location="par"]').count()).toBe(1);
    expect(await page.locator('.report-map .order').count()).toBe(5);
    expect(await page.locator('.report-map .map-tools').count()).toBe(0);
    // The centre counts after the phase: nothing changed hands in the spring.
    await expect(page.locator('td[data-centres="RUS"]').textContent()).resolves.toBe('4');
    await expect(page.locator('td[data-centres="FRA"]').textContent()).resolves.toBe('3');
    // Public press is headlined, private press is not printed even for its recipient.
    const press = (await page.locator('.report-press').textContent()) ?? '';
    expect(press).toContain('England wants peace in our time');
    expect(press).not.toContain('And the North Sea');
    expect(await page.locator('.report').textContent()).not.toContain('SECRET PLAN');
    await expect(page.locator('.report-nav').first().textContent()).resolves.toContain(
      'First phase',
    );
    await page.screenshot({ path: `${ARTEFACTS}report-desktop.png`, fullPage: true });

    const results = await new AxeBuilder({ page }).analyze();
    const bad = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
    expect(bad).toEqual([]);

    // A4: a PDF comes out; in print media the chrome is gone and nothing is wider than the page.
    const pdf = await page.pdf({ format: 'A4', path: `${ARTEFACTS}report.pdf` });
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await page.setViewportSize({ width: A4_CONTENT, height: 1000 });
    await page.emulateMedia({ media: 'print' });
    for (const hidden of ['header.top', '.report-nav', 'button', 'form', 'input']) {
      const shown = await page
        .locator(hidden)
        .evaluateAll((els) => els.filter((e) => (e as HTMLElement).offsetParent !== null).length);
      expect(shown, `${hidden} shown in print`).toBe(0);
    }
    const widest = await page.evaluate(() =>
      Math.max(
        ...[...document.querySelectorAll('body *')].map((e) => e.getBoundingClientRect().right),
      ),
    );
    expect(widest).toBeLessThanOrEqual(A4_CONTENT);
    const mapWidth = await page
      .locator('.report-map svg')
      .evaluate((e) => e.getBoundingClientRect().width);
    expect(mapWidth).toBeGreaterThan(A4_CONTENT * 0.9);
    await page.screenshot({ path: `${ARTEFACTS}report-print.png`, fullPage: true });
    await page.emulateMedia({ media: 'screen' });
    await page.setViewportSize({ width: 1280, height: 1000 });

    // The next report, and back.
    await page
      .locator('.report-nav')
      .first()
      .getByRole('link', { name: /Fall 1901, movement/ })
      .click();
    await page.locator('#report-title', { hasText: 'Fall 1901, movement' }).waitFor();
    expect(page.url()).toBe(`${env.web.url}games/${g.gameId}/report/F1901M`);
    const russia = page.locator('.report-counts tr[data-power="RUS"]');
    await expect(russia.textContent()).resolves.toBe('Russia5+1');
    await expect(page.locator('.report-changes').textContent()).resolves.toContain(
      'Russia takes Rumania',
    );
    await page
      .locator('.report-nav')
      .first()
      .getByRole('link', { name: /Spring 1901/ })
      .click();
    await page.locator('#report-title', { hasText: 'Spring 1901, movement' }).waitFor();
    // A phase not played is named on the page, with the phases there are.
    await page.goto(`${env.web.url}games/${g.gameId}/report/F1999M`);
    const alert = page.locator('[role="alert"]');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('has played no phase named “F1999M”');
    expect(await page.locator('.report-index a').allTextContents()).toEqual([
      'Spring 1901, movement',
      'Fall 1901, movement',
      'Winter 1901, adjustments',
    ]);
    await page.context().close();

    // At 390 px the report does not scroll sideways.
    const phone = await open(`games/${g.gameId}/report/S1901M`, p['fra']!, {
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    await phone.locator('#report-title').waitFor();
    await phone.locator('.report-counts').waitFor();
    const { scroll, client } = await phone.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    expect(scroll).toBeLessThanOrEqual(client);
    await phone.screenshot({ path: `${ARTEFACTS}report-390.png`, fullPage: true });
    await phone.context().close();

    // The game page's history links to the report of the phase shown: the last one, at first.
    const game = await open(`games/${g.gameId}`, p['rus']!);
    const link = game.locator('.report-link');
    await link.waitFor();
    expect(await link.textContent()).toBe('Report of Winter 1901, adjustments');
    await link.click();
    await game.locator('#report-title', { hasText: 'Winter 1901, adjustments' }).waitFor();
    await expect(game.locator('.report-changes').textContent()).resolves.toContain(
      'Russia: A Sevastopol is built.',
    );
    await expect(game.locator('.report-changes').textContent()).resolves.toContain(
      'England declines 1 build',
    );
    await game.screenshot({ path: `${ARTEFACTS}report-adjustments.png`, fullPage: true });
    await game.context().close();
  }, 180_000);

  test('a Fink game’s report shows the public notice of a new Fink to a non-Fink, not who', async () => {
    const g = await playableGame(env.web.url, 3600, 'fink', 'fink');
    for (const [t, a] of g.accounts) accounts.set(t, a);
    const p = g.players;
    // Russia takes Rumania so that there is a winter to ask in.
    await order(g.gameId, p['rus']!, 'F Sevastopol - Rumania');
    await processTo(g.gameId, g.gm, 'F1901M');
    await processTo(g.gameId, g.gm, 'W1901A');
    await order(g.gameId, p['eng']!, 'I want to turn Fink against France');
    await processTo(g.gameId, g.gm, 'S1902M');

    const page = await open(`games/${g.gameId}/report/W1901A`, p['fra']!);
    await page.locator('#report-title', { hasText: 'Winter 1901, adjustments' }).waitFor();
    const notices = page.locator('.report-notices');
    await expect(notices.textContent()).resolves.toContain('There is a new Fink.');
    const text = (await page.locator('.report').textContent()) ?? '';
    for (const secret of [
      'turn Fink',
      'turns Fink',
      'You are now the Fink',
      'victim',
      'against France',
    ]) {
      expect(text, secret).not.toContain(secret);
    }
    await page.screenshot({ path: `${ARTEFACTS}report-fink.png`, fullPage: true });
    await page.context().close();
    // The public, logged out, reads the same notice.
    const context = await env.browser.newContext();
    const pub = await context.newPage();
    await pub.goto(`${env.web.url}games/${g.gameId}/report/W1901A`);
    await pub.locator('.report-notices', { hasText: 'There is a new Fink.' }).waitFor();
    expect(await pub.locator('.report .meta').textContent()).toContain('the public view');
    await context.close();
  }, 120_000);

  test('a Deviant game’s report shows its tally and the rule passed', async () => {
    const g = await playableGame(env.web.url, 3600, 'deviant', 'deviant2');
    for (const [t, a] of g.accounts) accounts.set(t, a);
    const p = g.players;
    // Before the game (Winter 1900) two proposals; in Spring 1901 the vote, with moves.
    await order(g.gameId, p['aus']!, 'PROPOSE NO_CONVOYS');
    await order(g.gameId, p['eng']!, 'PROPOSE BUILD_CAP 2');
    await processTo(g.gameId, g.gm, 'S1901M');
    await order(g.gameId, p['aus']!, 'VOTE 3 FOR A\nA Vienna - Galicia');
    await order(g.gameId, p['rus']!, 'VOTE 4 FOR A\nA Warsaw - Galicia');
    await order(g.gameId, p['eng']!, 'VOTE 3 FOR E');
    await processTo(g.gameId, g.gm, 'F1901M');

    const page = await open(`games/${g.gameId}/report/S1901M`, p['fra']!);
    await page.locator('#report-title', { hasText: 'Spring 1901, movement' }).waitFor();
    const notices = (await page.locator('.report-notices').textContent()) ?? '';
    expect(notices).toContain('Spring 1901 vote: A = 7, E = 3.');
    expect(notices).toMatch(/\(A\) passes with 7 votes/);
    await expect(
      page.locator('li.result[data-order="A Vienna - Galicia"]').textContent(),
    ).resolves.toContain('bounced with A war');
    // The previous phase is the Winter before the game, with its proposals.
    await expect(
      page.locator('.report-nav a[rel="prev"]').first().textContent(),
    ).resolves.toContain('Winter 1900, adjustments');
    await page.screenshot({ path: `${ARTEFACTS}report-deviant.png`, fullPage: true });
    await page.context().close();
  }, 120_000);
});
