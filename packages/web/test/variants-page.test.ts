// The variant panels of the game page in a real browser against the real server: a Fink game in
// which England becomes the Fink through the page (the winter request) and finks through the
// page in spring, while no other player's page (its text, and every API answer it received)
// ever shows who the Fink is or whom he turned against; a Deviant Diplomacy II proposal and
// votes made through the page, and the tally they produce; a Fiascomacy investment made through
// the page, the investment table, Score and unit tally it produces, and an investor ordering a
// unit of a power he backs. axe-core on the Deviant page. The variants' rules are a part of the
// page that a standard game's page never loads, and a Fink game's loads before it shows the
// game (so it lists legal orders itself). One server, one browser. Screenshots
// go to packages/web/test-results/.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { api } from '../../server/test/process-helpers.js';
import { ARTEFACTS, browserSuite, logInContext, useServerAndBrowser } from './browser.js';

const STANDARD = ['AUS', 'ENG', 'FRA', 'GER', 'ITA', 'RUS', 'TUR'] as const;

interface Game {
  readonly gameId: string;
  readonly gm: string;
  /** Token by player id. */
  readonly players: Record<string, string>;
  /** Account by token, as the page's session keeps it. */
  readonly accounts: Map<string, { id: string; name: string }>;
}

browserSuite('the variant panels of the game page', () => {
  const env = useServerAndBrowser(180_000);

  /** A started game of `variant` with these seats (player id → powers). */
  async function variantGame(
    variant: string,
    seats: Readonly<Record<string, readonly string[]>>,
    tag: string,
  ): Promise<Game> {
    const accounts = new Map<string, { id: string; name: string }>();
    const register = async (name: string): Promise<string> => {
      const r = await api(env.web.url, 'POST', '/accounts', {
        body: { name: `${tag}-${name}`, password: 'password-1' },
      });
      if (r.status !== 201) throw new Error(`register ${name}: ${JSON.stringify(r.body)}`);
      const s = r.body as { token: string; account: { id: string; name: string } };
      accounts.set(s.token, s.account);
      return s.token;
    };
    const gm = await register('gm');
    const game = await api(env.web.url, 'POST', '/games', {
      token: gm,
      body: { name: `Game ${tag}`, variant, seed: 1, settings: { phaseSeconds: 3600 } },
    });
    if (game.status !== 201) throw new Error(`create: ${JSON.stringify(game.body)}`);
    const gameId = (game.body as { id: string }).id;
    const players: Record<string, string> = {};
    for (const id of Object.keys(seats)) {
      players[id] = await register(id);
      const joined = await api(env.web.url, 'POST', `/games/${gameId}/players`, {
        token: players[id],
        body: { playerId: id },
      });
      if (joined.status !== 201) throw new Error(`join: ${JSON.stringify(joined.body)}`);
    }
    const assigned = await api(env.web.url, 'PUT', `/games/${gameId}/powers`, {
      token: gm,
      body: {
        assignments: Object.entries(seats).map(([playerId, powers]) => ({ playerId, powers })),
      },
    });
    if (assigned.status !== 200) throw new Error(`assign: ${JSON.stringify(assigned.body)}`);
    const started = await api(env.web.url, 'POST', `/games/${gameId}/start`, { token: gm });
    if (started.status !== 200) throw new Error(`start: ${JSON.stringify(started.body)}`);
    return { gameId, gm, players, accounts };
  }

  const oneEach = (): Record<string, string[]> =>
    Object.fromEntries(STANDARD.map((p) => [p.toLowerCase(), [p]]));

  /** The gamesmaster processes the open phase now; the next one is `next`. */
  async function force(g: Game, next: string): Promise<void> {
    const r = await api(env.web.url, 'POST', `/games/${g.gameId}/process`, { token: g.gm });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((r.body as { phase: { name: string } }).phase.name).toBe(next);
  }

  /**
   * Opens the game as `player`; with `bodies`, every API answer the page receives (but the
   * event stream, which never ends) is kept there.
   */
  async function open(g: Game, player: string, bodies?: string[]): Promise<Page> {
    // `gm`: the gamesmaster, who has no orders to give (the page shows no order menu).
    const token = player === 'gm' ? g.gm : g.players[player]!;
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 1100 } });
    await logInContext(context, token, g.accounts.get(token));
    const page = await context.newPage();
    const pending: Promise<void>[] = [];
    if (bodies !== undefined) {
      page.on('response', (res) => {
        if (!res.url().includes('/api/v1/')) return;
        if ((res.headers()['content-type'] ?? '').includes('event-stream')) return;
        pending.push(
          res.text().then(
            (t) => {
              bodies.push(t);
            },
            () => undefined,
          ),
        );
      });
      (page as Page & { settled?: () => Promise<unknown> }).settled = () => Promise.all(pending);
    }
    await page.goto(`${env.web.url}games/${g.gameId}`);
    await page.locator(player === 'gm' ? '.variant-panel' : '.order-menu').waitFor();
    return page;
  }

  async function saved(page: Page): Promise<void> {
    await page.locator('#order-status', { hasText: 'All orders saved.' }).waitFor();
  }

  /** The server read every line of the sheet as good (no line marked as an error). */
  async function linesOk(page: Page, n: number): Promise<void> {
    await page
      .locator('.line-ok')
      .nth(n - 1)
      .waitFor();
    expect(await page.locator('.line-ok').count()).toBe(n);
    expect(await page.locator('.line-error').count()).toBe(0);
  }

  test("a standard game's page loads no other variant's rules; a Fink game's page loads them and lists its legal orders itself", async () => {
    /** The paths England's page requested until its order menu offered the units. */
    const requested = async (g: Game): Promise<string[]> => {
      const token = g.players['eng']!;
      const context = await env.browser.newContext({ viewport: { width: 1280, height: 1100 } });
      await logInContext(context, token, g.accounts.get(token));
      const page = await context.newPage();
      const paths: string[] = [];
      page.on('request', (r) => paths.push(new URL(r.url()).pathname));
      await page.goto(`${env.web.url}games/${g.gameId}`);
      await page.locator('.order-menu', { hasText: 'Choose one of your units' }).waitFor();
      await context.close();
      return paths;
    };
    const variantsPart = (paths: string[]) => paths.filter((p) => /\/variants-[^/]+\.js$/.test(p));
    const standard = await requested(await variantGame('standard', oneEach(), 'parts-std'));
    expect(standard.some((p) => p.endsWith('.js'))).toBe(true);
    expect(variantsPart(standard)).toEqual([]);
    expect(standard.filter((p) => p.endsWith('/legal-orders'))).toEqual([]);
    const fink = await requested(await variantGame('fink', oneEach(), 'parts-fink'));
    expect(variantsPart(fink)).toHaveLength(1);
    // Loaded before the game was shown, so the page listed the orders without the route.
    expect(fink.filter((p) => p.endsWith('/legal-orders'))).toEqual([]);
  });

  test("England turns Fink and finks through the page; no other player's page learns it", async () => {
    const g = await variantGame('fink', oneEach(), 'fink');
    // Every year has a winter in this variant: hold through 1901 to Winter 1901.
    await force(g, 'F1901M');
    await force(g, 'W1901A');

    const eng = await open(g, 'eng');
    const panel = eng.locator('[data-variant="fink"]');
    await panel.locator('#fink-against').waitFor();
    expect(await panel.textContent()).toContain('There is no Fink at present.');
    await eng.selectOption('#fink-against', 'FRA');
    await panel.getByRole('button', { name: 'Ask' }).click();
    await saved(eng);
    await expect(eng.locator('#order-text').inputValue()).resolves.toBe('FINK AGAINST FRA');
    // The module's line is read by the server, not marked as a parse error by the page.
    await linesOk(eng, 1);
    await panel.locator('[data-fink-request]', { hasText: 'FINK AGAINST FRA' }).waitFor();

    await force(g, 'S1902M');
    // The page follows the stream into Spring 1902 and shows the Fink his role.
    const role = eng.locator('[data-fink-role]');
    await role.waitFor({ timeout: 15_000 });
    expect(await role.textContent()).toMatch(/You are the Fink.*turned against.*France/s);
    expect(await role.textContent()).toContain('Winter 1901');
    // The useful provinces come first: where France has a unit.
    const useful = await eng
      .locator('#fink-on optgroup[label="Where your victim has a unit"] option')
      .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    expect(useful).toEqual(['bre', 'mar', 'par']);
    await eng.selectOption('#fink-on', 'bre');
    await eng.getByRole('button', { name: 'Fink', exact: true }).click();
    await saved(eng);
    await expect(eng.locator('#order-text').inputValue()).resolves.toBe('FINK bre');
    await linesOk(eng, 1);
    await eng.locator('[data-fink-order]', { hasText: 'FINK bre' }).waitFor();
    await eng.locator('.variant-notices', { hasText: 'There is a new Fink.' }).waitFor();
    await eng.screenshot({ path: `${ARTEFACTS}variant-fink-the-fink.png`, fullPage: true });
    // The gamesmaster's page and API say the same: the page's request made England the Fink.
    const gmPage = await open(g, 'gm');
    const gmRole = gmPage.locator('[data-fink-role]');
    await gmRole.waitFor();
    expect(await gmRole.textContent()).toMatch(/The Fink is fink-eng.*turned against.*France/s);
    expect(await gmPage.locator('[data-fink-pending]').textContent()).toContain(
      'fink-eng: FINK bre',
    );
    await gmPage.context().close();
    const gmView = await api(env.web.url, 'GET', `/games/${g.gameId}`, { token: g.gm });
    const gmState = gmView.body as { state: { modules: { fink: { fink: unknown } } } };
    expect(gmState.state.modules.fink.fink).toMatchObject({ player: 'eng', victim: 'FRA' });
    await eng.context().close();

    const engName = g.accounts.get(g.players['eng']!)!.name;
    for (const other of ['aus', 'fra', 'ger', 'ita', 'rus', 'tur']) {
      const bodies: string[] = [];
      const page = await open(g, other, bodies);
      const theirs = page.locator('[data-variant="fink"]');
      await theirs.locator('[data-fink-exists="true"]').waitFor();
      await theirs.locator('.variant-notices', { hasText: 'There is a new Fink.' }).waitFor();
      if (other === 'fra') {
        await page.screenshot({ path: `${ARTEFACTS}variant-fink-victim.png`, fullPage: true });
      }
      await (page as Page & { settled: () => Promise<unknown> }).settled();
      const panelText = (await theirs.textContent()) ?? '';
      for (const secret of ['England', 'English', engName, 'France', 'French', 'victim']) {
        expect(panelText, `${other}'s Fink panel`).not.toContain(secret);
      }
      const dom = await page.evaluate(() => document.body.innerText);
      for (const secret of ['You are the Fink', 'turned against', 'FINK AGAINST', 'FINK bre']) {
        expect(dom, `${other}'s page`).not.toContain(secret);
      }
      // The answers it read: the game (with its state) and the phases (with their events)...
      expect(bodies.some((b) => b.includes('"modules"'))).toBe(true);
      expect(bodies.some((b) => b.includes('There is a new Fink.'))).toBe(true);
      for (const body of bodies) {
        // ...never hold the Fink's seat, his victim, his orders or his private notes.
        for (const secret of ['"victim"', 'FINK AGAINST', 'FINK bre', 'now the Fink', '"since"']) {
          expect(body, `${other}: a response`).not.toContain(secret);
        }
        const json = JSON.parse(body) as unknown;
        const fink = (json as { state?: { modules?: { fink?: Record<string, unknown> } } }).state
          ?.modules?.fink;
        if (fink !== undefined) expect(Object.keys(fink)).not.toContain('fink');
        // No Fink notice names England's player, its account or its victim.
        const notices = JSON.stringify(body.match(/"type":"fink\/[^}]*\}/g) ?? []);
        for (const secret of ['"eng"', engName, 'ENG', 'England', 'FRA', 'France']) {
          expect(notices, `${other}: a Fink notice`).not.toContain(secret);
        }
      }
      await page.context().close();
    }

    // The fink dislodges France's fleet in Brest; the Fink chooses its retreat on his page.
    await force(g, 'S1902R');
    const fink = await open(g, 'eng');
    const retreat = fink.locator('[role="group"][aria-labelledby="fink-retreat-title"]');
    await retreat.waitFor();
    expect(await retreat.textContent()).toContain("The retreat of France's F bre");
    await retreat.getByRole('button', { name: 'Retreat to Gascony' }).click();
    await saved(fink);
    await expect(fink.locator('#order-text').inputValue()).resolves.toBe('F bre R gas');
    await linesOk(fink, 1);
    await fink
      .locator('.variant-notices', { hasText: 'A unit was dislodged by the Fink: FRA F bre' })
      .waitFor();
    await fink.screenshot({ path: `${ARTEFACTS}variant-fink-retreat.png`, fullPage: true });
    await fink.context().close();
    await force(g, 'F1902M');
    const after = await api(env.web.url, 'GET', `/games/${g.gameId}`, { token: g.players['fra']! });
    const units = (
      after.body as { state: { units: { power: string; location: { province: string } }[] } }
    ).state.units;
    expect(units.some((u) => u.power === 'FRA' && u.location.province === 'gas')).toBe(true);
  }, 180_000);

  test('a Deviant II proposal and votes made through the page make the tally shown', async () => {
    const g = await variantGame('deviant2', oneEach(), 'deviant');
    const eng = await open(g, 'eng');
    // Winter 1900: proposals only.
    await eng.locator('#propose-rule').waitFor();
    await eng.selectOption('#propose-rule', 'build-cap');
    await eng.locator('#param-max').fill('2');
    await eng
      .locator('[data-headline]', { hasText: 'no power may build more than 2 units' })
      .waitFor();
    await eng.getByRole('button', { name: 'Propose' }).click();
    await saved(eng);
    await expect(eng.locator('#order-text').inputValue()).resolves.toBe('PROPOSE BUILD_CAP max=2');
    await linesOk(eng, 1);
    const aus = await api(env.web.url, 'POST', `/games/${g.gameId}/orders`, {
      token: g.players['aus']!,
      body: { text: 'PROPOSE NO_CONVOYS' },
    });
    expect(aus.status).toBe(200);

    await force(g, 'S1901M');
    const ballot = eng.locator('[data-ballot]');
    await ballot.waitFor({ timeout: 15_000 });
    expect(await ballot.textContent()).toMatch(/\(A\) .*No Convoy.*\(E\) .*Build Cap/s);
    const tally = eng.locator('[data-variant="deviant2"]');
    expect(await tally.textContent()).toContain('No vote has been counted yet.');
    await eng.locator('[data-votes-left]', { hasText: '3 of 3 votes left' }).waitFor();
    // More votes than England has: refused on the page, with what was wrong.
    await eng.locator('#vote-count').fill('4');
    await eng.selectOption('#vote-label', 'E');
    await eng.getByRole('button', { name: 'Vote', exact: true }).click();
    const error = eng.locator('#vote-error');
    await error.waitFor();
    expect(await error.textContent()).toContain('You have 3 votes left of 3: 4 is too many.');
    await eng.locator('#vote-count').fill('2');
    await eng.getByRole('button', { name: 'Vote', exact: true }).click();
    await eng.locator('[data-votes-left]', { hasText: '1 of 3 votes left' }).waitFor();
    await eng.locator('#vote-count').fill('1');
    await eng.selectOption('#vote-label', 'A');
    await eng.getByRole('button', { name: 'Vote', exact: true }).click();
    await eng.locator('[data-votes-left]', { hasText: '0 of 3 votes left' }).waitFor();
    // With none left, the form offers no more.
    expect(await eng.locator('#vote-count').count()).toBe(0);
    await saved(eng);
    await expect(eng.locator('#order-text').inputValue()).resolves.toBe(
      'VOTE 2 FOR E\nVOTE 1 FOR A',
    );
    await linesOk(eng, 2);
    await eng.screenshot({ path: `${ARTEFACTS}variant-deviant-voting.png`, fullPage: true });
    const results = await new AxeBuilder({ page: eng }).analyze();
    const bad = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
    expect(bad).toEqual([]);

    await force(g, 'F1901M');
    await eng.locator('[data-tally]', { hasText: 'A = 1, E = 2' }).waitFor({ timeout: 15_000 });
    expect(await eng.locator('[data-tally]').textContent()).toContain('passed: (E)');
    await eng.locator('[data-rules]', { hasText: 'Build Cap Rule' }).waitFor();
    expect(await eng.locator('[data-rules]').textContent()).toContain('more than 2 units');
    await eng.screenshot({ path: `${ARTEFACTS}variant-deviant-tally.png`, fullPage: true });
    await eng.context().close();
    // The gamesmaster, who reads the module's whole state, is shown the same lines.
    const gm = await open(g, 'gm');
    await gm.locator('[data-tally]', { hasText: 'A = 1, E = 2' }).waitFor();
    expect(await gm.locator('[data-rules]').textContent()).toContain(
      '(E) Build Cap Rule: no power may build more than 2 units in one winter.',
    );
    expect(await gm.locator('[data-ballot]').textContent()).toContain('(E) Repeal: Build Cap Rule');
    await gm.context().close();
  }, 120_000);

  test('a Fiascomacy investment made through the page makes the table, Score and tally', async () => {
    const g = await variantGame('fiascomacy', { a: [], b: [], c: [] }, 'fiasco');
    const a = await open(g, 'a');
    const left = a.locator('[data-pf-left]');
    await left.waitFor();
    expect(await left.textContent()).toContain('8 of 8 PF left to place');
    await a.locator('#invest-amount').fill('9');
    await a.selectOption('#invest-power', 'RUS');
    await a.getByRole('button', { name: 'Invest', exact: true }).click();
    await a
      .locator('#invest-error', { hasText: 'You have 8 PF left to place: 9 is too many.' })
      .waitFor();
    await a.locator('#invest-amount').fill('5');
    await a.getByRole('button', { name: 'Invest', exact: true }).click();
    await left.filter({ hasText: '3 of 8 PF' }).waitFor();
    await a.locator('#invest-amount').fill('3');
    await a.selectOption('#invest-power', 'TUR');
    await a.getByRole('button', { name: 'Invest', exact: true }).click();
    await left.filter({ hasText: '0 of 8 PF' }).waitFor();
    await saved(a);
    // An order for a unit of Russia, whose PF count at once (typed: the menu offers the powers
    // backed before this season).
    const box = a.locator('#order-text');
    await box.fill(`${await box.inputValue()}\nA war - gal`);
    await saved(a);
    await expect(box.inputValue()).resolves.toBe('INVEST 5 IN RUS\nINVEST 3 IN TUR\nA war - gal');
    await linesOk(a, 3);
    const b = await api(env.web.url, 'POST', `/games/${g.gameId}/orders`, {
      token: g.players['b']!,
      body: { text: 'INVEST 8 IN ENGLAND' },
    });
    expect(b.status).toBe(200);
    const table = a.locator('[data-invest-table]');
    expect(await table.locator('td[data-player="a"][data-power="RUS"]').textContent()).toBe('0');

    await force(g, 'F1901M');
    await table
      .locator('td[data-player="a"][data-power="RUS"]', { hasText: '5' })
      .waitFor({ timeout: 15_000 });
    expect(await table.locator('td[data-player="a"][data-power="TUR"]').textContent()).toBe('3');
    expect(await table.locator('td[data-player="b"][data-power="ENG"]').textContent()).toBe('8');
    // Score: 5 PF × Russia's 4 centres + 3 × Turkey's 3; 8 × England's 3.
    expect(await table.locator('td[data-player="a"][data-score]').textContent()).toBe('29');
    expect(await table.locator('td[data-player="b"][data-score]').textContent()).toBe('24');
    const tally = a.locator('[data-unit-tally="A war"]');
    await tally.waitFor();
    expect(await tally.textContent()).toContain('A war - gal 5 → A war - gal');
    // Fall's PF: 2 for everyone.
    await left.filter({ hasText: '2 of 2 PF' }).waitFor();
    // Now a backer of Russia, the investor orders its units on the map like any player.
    await a.locator('[data-province="sev"]').focus();
    await a.keyboard.press('Enter');
    await a.locator('.order-menu[role="group"]').waitFor();
    await a.locator('[data-province="bla"]').focus();
    await a.keyboard.press('Enter');
    await expect(box.inputValue()).resolves.toBe('F sev - bla');
    await saved(a);
    await linesOk(a, 1);
    await a.screenshot({ path: `${ARTEFACTS}variant-fiascomacy.png`, fullPage: true });
    // At 390 px the panel (its table too) fits: the page does not scroll sideways.
    await a.setViewportSize({ width: 390, height: 844 });
    await a.locator('[data-invest-table]').scrollIntoViewIfNeeded();
    await a.screenshot({ path: `${ARTEFACTS}variant-fiascomacy-390.png`, fullPage: true });
    const { scroll, client } = await a.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    expect(scroll).toBeLessThanOrEqual(client);
    await a.context().close();
  }, 120_000);
});
