// Accounts and the lobby in a real browser against the real server on SQLite: register, log
// out, log in, create a standard game, others join (over the API, for speed), the gamesmaster
// starts it with the server's random draw, and it is listed as the gamesmaster's; a seat left
// without a power needs the gamesmaster's confirmation; bad input
// (a wrong password, a taken name, an empty form, a name the server refuses) is said beside the
// field; the rulebook edition is chosen on the new-game form; an ended session sends to the login page and back with the draft kept; axe-core and
// 390 px. Screenshots go to packages/web/test-results/.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { api } from '../../server/test/process-helpers.js';
import { ARTEFACTS, browserSuite, useServerAndBrowser } from './browser.js';

const PASSWORD = 'password-1';

browserSuite('accounts and the lobby', () => {
  const env = useServerAndBrowser(120_000);

  async function newPage(width = 1280, height = 900): Promise<Page> {
    const context = await env.browser.newContext({ viewport: { width, height } });
    return context.newPage();
  }

  /** Registers over the API; the token. */
  async function account(name: string): Promise<string> {
    const r = await api(env.web.url, 'POST', '/accounts', { body: { name, password: PASSWORD } });
    if (r.status !== 201) throw new Error(`register ${name}: ${JSON.stringify(r.body)}`);
    return (r.body as { token: string }).token;
  }

  async function logInThroughPage(page: Page, name: string): Promise<void> {
    await page.goto(`${env.web.url}login`);
    await page.getByLabel('Name').fill(name);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByText(`Logged in as ${name}`).waitFor();
  }

  async function noSidewaysScroll(page: Page): Promise<void> {
    const { scroll, client } = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    expect(scroll).toBeLessThanOrEqual(client);
  }

  async function seriousViolations(page: Page): Promise<string[]> {
    const results = await new AxeBuilder({ page }).analyze();
    return results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  }

  test('register, log out, log in, create a game, others join, start with a random draw: it is listed as mine', async () => {
    const page = await newPage();
    await page.goto(env.web.url);
    await page.getByRole('link', { name: 'Register' }).first().click();
    await page.getByLabel('Name').fill('lobby-gm');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Password again').fill(PASSWORD);
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByText('Logged in as lobby-gm').waitFor();
    expect(new URL(page.url()).pathname).toBe('/');

    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByRole('link', { name: 'Log in' }).first().waitFor();
    // The header changes as the log-out starts; the token goes once the server has revoked it.
    await page.waitForFunction(() => localStorage.getItem('arbiter.token') === null);
    expect(await page.evaluate(() => localStorage.getItem('arbiter.token'))).toBeNull();

    await logInThroughPage(page, 'lobby-gm');
    expect(new URL(page.url()).pathname).toBe('/');
    await page.getByRole('link', { name: 'New game' }).click();
    await page.getByLabel('Name of the game').fill('Lobby test game');
    expect(await page.getByLabel('Variant').inputValue()).toBe('standard');
    await page.getByRole('button', { name: 'Create the game' }).click();
    await page.getByRole('heading', { name: 'Waiting for players' }).waitFor();
    const gameId = decodeURIComponent(new URL(page.url()).pathname.split('/')[2]!);
    expect(await page.getByLabel(/Draw them at random/).isChecked()).toBe(true);

    for (const name of ['lobby-p1', 'lobby-p2', 'lobby-p3']) {
      const token = await account(name);
      const joined = await api(env.web.url, 'POST', `/games/${gameId}/players`, {
        token,
        body: {},
      });
      expect(joined.status).toBe(201);
    }
    await page.getByRole('button', { name: 'Refresh the list' }).click();
    await page.getByText('3 joined').waitFor();
    expect(await page.locator('.seats li').allTextContents()).toEqual([
      'lobby-p1',
      'lobby-p2',
      'lobby-p3',
    ]);
    await page.getByRole('button', { name: 'Start the game' }).click();
    await page.getByRole('heading', { name: 'Waiting for players' }).waitFor({ state: 'detached' });

    const game = await api(env.web.url, 'GET', `/games/${gameId}`);
    const seats = (game.body as { status: string; seats: { powers: string[] }[] }).seats;
    expect((game.body as { status: string }).status).toBe('running');
    // The server dealt one power to each seat, none twice.
    expect(seats.map((s) => s.powers.length)).toEqual([1, 1, 1]);
    expect(new Set(seats.flatMap((s) => s.powers)).size).toBe(3);

    await page.getByRole('link', { name: 'Arbiter' }).click();
    const mine = page.getByRole('region', { name: /Your games/ });
    await mine.getByRole('link', { name: 'Lobby test game' }).waitFor();
    expect(await mine.locator('li').first().textContent()).toContain('you are the gamesmaster');
    expect(await mine.locator('li').first().textContent()).toContain('under way');
    await page.close();
  });

  test('another user sees a forming game as open to join, and joins it from its page', async () => {
    const gm = await account('open-gm');
    const created = await api(env.web.url, 'POST', '/games', {
      token: gm,
      body: { name: 'Open game', variant: 'standard' },
    });
    const gameId = (created.body as { id: string }).id;
    await account('joiner');
    // The gamesmaster watches the game's page while someone joins: it changes without a reload.
    const gmPage = await newPage();
    await logInThroughPage(gmPage, 'open-gm');
    await gmPage.goto(`${env.web.url}games/${gameId}`);
    await gmPage.getByText('0 joined').waitFor();
    const page = await newPage();
    await logInThroughPage(page, 'joiner');
    const open = page.getByRole('region', { name: /Open to join/ });
    await open.getByRole('link', { name: 'Open game' }).click();
    await page.getByRole('button', { name: 'Join this game' }).click();
    await page.getByText('You have joined as joiner').waitFor();
    const game = await api(env.web.url, 'GET', `/games/${gameId}`);
    expect((game.body as { seats: { name: string }[] }).seats.map((s) => s.name)).toEqual([
      'joiner',
    ]);
    await gmPage.getByText('1 joined').waitFor();
    expect(await gmPage.locator('ul.seats').textContent()).toContain('joiner');
    await gmPage.close();
    await page.getByRole('link', { name: 'Arbiter' }).click();
    await page
      .getByRole('region', { name: /Your games/ })
      .getByRole('link', { name: 'Open game' })
      .waitFor();
    await page.close();
  });

  test('the gamesmaster assigns powers, and starts with a powerless seat only once confirmed', async () => {
    const gm = await account('assign-gm');
    const created = await api(env.web.url, 'POST', '/games', {
      token: gm,
      body: { name: 'Assigned game', variant: 'standard' },
    });
    const gameId = (created.body as { id: string }).id;
    for (const name of ['assign-a', 'assign-b']) {
      const token = await account(name);
      await api(env.web.url, 'POST', `/games/${gameId}/players`, { token, body: {} });
    }
    const page = await newPage();
    await logInThroughPage(page, 'assign-gm');
    await page.goto(`${env.web.url}games/${gameId}`);
    await page.getByLabel('Assign them myself').check();
    await page.getByLabel('Power of assign-a').selectOption('FRA');
    const start = page.getByRole('button', { name: 'Start the game' });
    await page.getByText('assign-b would start without a power').waitFor();
    expect(await start.isDisabled()).toBe(true);
    const confirm = page.getByLabel('Start anyway, with assign-b holding no power');
    await confirm.check();
    expect(await start.isDisabled()).toBe(false);

    await page.getByLabel('Power of assign-b').selectOption('FRA');
    await page.getByText('France is given to more than one player').waitFor();
    expect(await start.isDisabled()).toBe(true);
    await page.screenshot({ path: `${ARTEFACTS}forming-gm-desktop.png`, fullPage: true });

    await page.getByLabel('Power of assign-b').selectOption('');
    expect(await confirm.isChecked()).toBe(true);
    await start.click();
    await page.getByRole('heading', { name: 'Waiting for players' }).waitFor({ state: 'detached' });
    const game = await api(env.web.url, 'GET', `/games/${gameId}`);
    expect((game.body as { status: string }).status).toBe('running');
    expect((game.body as { seats: { name: string; powers: string[] }[] }).seats).toEqual([
      expect.objectContaining({ name: 'assign-a', powers: ['FRA'] }),
      expect.objectContaining({ name: 'assign-b', powers: [] }),
    ]);
    await page.close();
  });

  test('a wrong password and a taken name are said plainly, beside the right field', async () => {
    await account('taken-name');
    const page = await newPage();
    await page.goto(`${env.web.url}login`);
    await page.getByLabel('Name').fill('taken-name');
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Log in' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('That name and password do not match an account');
    expect(await page.evaluate(() => localStorage.getItem('arbiter.token'))).toBeNull();

    await page.goto(`${env.web.url}register`);
    await page.getByLabel('Name').fill('taken-name');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Password again').fill(PASSWORD);
    await page.getByRole('button', { name: 'Register' }).click();
    const name = page.getByLabel('Name');
    await page.locator('#register-name-error').waitFor();
    expect(await page.locator('#register-name-error').textContent()).toBe(
      'The name taken-name is taken. Choose another.',
    );
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    expect(await name.getAttribute('aria-describedby')).toContain('register-name-error');
    // The focus is on the field to fix.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('register-name');

    await name.fill('has space');
    await page.getByLabel('Password again').fill('something-else');
    await page.getByRole('button', { name: 'Register' }).click();
    expect(await page.locator('#register-name-error').textContent()).toContain('no spaces');
    expect(await page.locator('#register-again-error').textContent()).toBe(
      'The two passwords differ.',
    );
    await page.close();
  });

  test('the new-game form names each bad field, the server’s refusals too', async () => {
    await account('form-gm');
    const page = await newPage();
    await logInThroughPage(page, 'form-gm');
    await page.goto(`${env.web.url}games/new`);
    await page.getByLabel('Movement phase length', { exact: true }).fill('0');
    await page.getByLabel('Last year played (optional)').fill('year');
    await page.getByRole('button', { name: 'Create the game' }).click();
    expect(await page.locator('#f-name-error').textContent()).toBe('Give the game a name.');
    expect(await page.locator('#f-settings-phaseSeconds-error').textContent()).toContain(
      'whole number',
    );
    expect(await page.locator('#f-settings-endYear-error').textContent()).toContain('1 to 9999');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('f-name');

    // A NUL character passes the page's checks; the server refuses it, named beside the name.
    await page.getByLabel('Name of the game').fill('Bad\u0000name');
    await page.getByLabel('Movement phase length', { exact: true }).fill('2');
    await page.getByLabel('Last year played (optional)').fill('');
    await page.getByRole('button', { name: 'Create the game' }).click();
    await page.locator('#f-name-error').getByText('NUL').waitFor();
    expect(new URL(page.url()).pathname).toBe('/games/new');
    const games = await api(env.web.url, 'GET', '/games');
    expect((games.body as { games: { name: string }[] }).games.map((g) => g.name)).not.toContain(
      'Bad\u0000name',
    );

    // A variant's options are each described.
    await page.getByLabel('Variant').selectOption('fink');
    await page.getByText('Options of fink').waitFor();
    expect(await page.locator('#f-options-fink-phantomFink-hint').textContent()).toContain(
      'Phantom Fink',
    );
    expect(await page.locator('fieldset.options .field').count()).toBeGreaterThanOrEqual(5);
    // Each field is built from its setting's schema: a checkbox for on or off ...
    expect(await page.locator('#f-options-fink-FINK_NO_CONVOY').getAttribute('type')).toBe(
      'checkbox',
    );
    // ... a number input with the setting's range for a whole number (empty: none) ...
    await page.getByLabel('Variant').selectOption('fiascomacy');
    await page.getByText('Options of fiascomacy').waitFor();
    const lastYear = page.locator('#f-options-fiascomacy-LAST_YEAR');
    expect(
      await lastYear.evaluate((e: HTMLInputElement) => [e.type, e.min, e.max, e.value]),
    ).toEqual(['number', '1901', '9999', '']);
    expect(await page.locator('#f-options-fiascomacy-LAST_YEAR-hint').textContent()).toMatch(
      /^The last year played.* A whole number from 1901 to 9999\. Default: none\.$/,
    );
    await lastYear.fill('1800');
    await page.getByRole('button', { name: 'Create the game' }).click();
    expect(await page.locator('#f-options-fiascomacy-LAST_YEAR-error').textContent()).toContain(
      'from 1901 to 9999',
    );
    // ... and a select of its words for a choice.
    await page.getByLabel('Variant').selectOption('deviant2');
    await page.getByText('Options of deviant').waitFor();
    const overVote = page.locator('#f-options-deviant-overVote');
    expect(
      await overVote.evaluate((e: HTMLSelectElement) => [
        e.tagName,
        e.value,
        [...e.options].map((o) => o.value),
      ]),
    ).toEqual(['SELECT', 'void', ['void', 'truncate']]);
    expect(await page.locator('#f-options-deviant-overVote-hint').textContent()).toMatch(
      /^Votes beyond the allowance.*Default: void\.$/,
    );

    // Back to Fink, whose text names the 1971 rules.
    await page.getByLabel('Variant').selectOption('fink');
    await page.getByText('Options of fink').waitFor();

    // The rulebook edition is 2023 unless chosen; the edition the variant's text names is
    // pointed out, and a game made under it says so.
    const rulebook = page.getByLabel('Rulebook edition');
    expect(await rulebook.inputValue()).toBe('2023');
    expect(await page.locator('#f-settings-rulebook-hint').textContent()).toContain(
      'Fink Diplomacy’s text names the 1971 rules.',
    );
    expect(await rulebook.locator('option[value="1971"]').textContent()).toBe(
      "1971 rules, as the variant's text says",
    );
    await rulebook.selectOption('1971');
    await page.getByLabel('Name of the game').fill('Old rules');
    await page.getByRole('button', { name: 'Create the game' }).click();
    await page.getByRole('heading', { name: 'Waiting for players' }).waitFor();
    const id = decodeURIComponent(new URL(page.url()).pathname.split('/')[2]!);
    const made = await api(env.web.url, 'GET', `/games/${id}`);
    expect((made.body as { settings: { rulebook?: string } }).settings.rulebook).toBe('1971');
    await page.close();
  });

  test('an ended session sends to the login page, and back to the form as it was', async () => {
    const token = await account('expiring');
    const page = await newPage();
    await logInThroughPage(page, 'expiring');
    await page.goto(`${env.web.url}games/new`);
    await page.getByLabel('Name of the game').fill('Kept across a login');
    // The session ends elsewhere: the page's token is revoked on the server.
    const pageToken = await page.evaluate(() => localStorage.getItem('arbiter.token'));
    expect(pageToken).not.toBe(token);
    const revoked = await api(env.web.url, 'DELETE', '/sessions', { token: pageToken! });
    expect(revoked.status).toBe(200);
    await page.getByRole('button', { name: 'Create the game' }).click();
    await page.getByText('Your session has expired or was ended').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(new URL(page.url()).searchParams.get('next')).toBe('/games/new');
    await page.getByLabel('Name').fill('expiring');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByLabel('Name of the game').waitFor();
    expect(new URL(page.url()).pathname).toBe('/games/new');
    expect(await page.getByLabel('Name of the game').inputValue()).toBe('Kept across a login');
    await page.close();
  });

  test('logging in works by keyboard alone', async () => {
    await account('keys');
    const page = await newPage();
    await page.goto(`${env.web.url}login`);
    await page.keyboard.press('Tab'); // the brand link
    let guard = 0;
    while ((await page.evaluate(() => document.activeElement?.id)) !== 'login-name') {
      await page.keyboard.press('Tab');
      if (++guard > 20) throw new Error('the name field is not reachable by Tab');
    }
    await page.keyboard.type('keys');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('login-password');
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press('Enter');
    await page.getByText('Logged in as keys').waitFor();
    await page.close();
  });

  for (const [width, height, tag] of [
    [1280, 900, 'desktop'],
    [390, 844, '390'],
  ] as const) {
    test(`at ${tag} width: axe-core finds no serious or critical violation, nothing scrolls sideways; screenshots`, async () => {
      const name = `shots-${tag}`;
      await account(name);
      const page = await newPage(width, height);
      await page.goto(`${env.web.url}login`);
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.locator('#login-name-error').waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await noSidewaysScroll(page);
      await page.screenshot({ path: `${ARTEFACTS}login-${tag}.png`, fullPage: true });

      await logInThroughPage(page, name);
      await page.getByRole('heading', { name: /Open to join/ }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await noSidewaysScroll(page);
      await page.screenshot({ path: `${ARTEFACTS}lobby-${tag}.png`, fullPage: true });

      await page.getByRole('link', { name: 'New game' }).click();
      await page.getByLabel('Variant').selectOption('fiascomacy');
      await page.getByText('Options of fiascomacy').waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await noSidewaysScroll(page);
      await page.screenshot({ path: `${ARTEFACTS}new-game-${tag}.png`, fullPage: true });
      await page.close();
    }, 120_000);
  }
});
