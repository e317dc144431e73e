// The gamesmaster's console on the game page, in a real browser against the real server: a
// standard game set up through the API, then through the console alone the gamesmaster reads
// every seat's pending orders, pauses and resumes, moves the deadline (a bad amount named
// beside its field), forces the phase after a confirm, rolls back after a preview that names
// what it undoes, replaces a player (an unknown account named beside the field), and reads
// the audit and the log; a player's page has no console; in Deviant Diplomacy II a free-text
// proposal approved through the console leaves the queue for the ballot. axe-core on the
// console. Screenshots go to packages/web/test-results/.
import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { api, playableGame } from '../../server/test/process-helpers.js';
import { ARTEFACTS, browserSuite, logInContext, useServerAndBrowser } from './browser.js';

/** The event stream is polled about once a second, on a machine that may be busy. */
const POLL = { timeout: 20_000 };

browserSuite('the gamesmaster’s console', () => {
  const env = useServerAndBrowser(180_000);

  /** Every test account by its token, as the page's session keeps it. */
  const accounts = new Map<string, { id: string; name: string }>();

  async function register(name: string): Promise<string> {
    const r = await api(env.web.url, 'POST', '/accounts', {
      body: { name, password: 'password-1' },
    });
    if (r.status !== 201) throw new Error(`register ${name}: ${JSON.stringify(r.body)}`);
    const s = r.body as { token: string; account: { id: string; name: string } };
    accounts.set(s.token, s.account);
    return s.token;
  }

  async function logIn(context: BrowserContext, token: string): Promise<void> {
    await logInContext(context, token, accounts.get(token));
  }

  async function open(gameId: string, token: string, ready: string): Promise<Page> {
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 1100 } });
    await logIn(context, token);
    const page = await context.newPage();
    await page.goto(`${env.web.url}games/${gameId}`);
    await page.locator(ready).first().waitFor();
    return page;
  }

  async function orders(gameId: string, token: string, text: string): Promise<void> {
    const r = await api(env.web.url, 'POST', `/games/${gameId}/orders`, { token, body: { text } });
    if (r.status !== 200) throw new Error(`orders: ${JSON.stringify(r.body)}`);
  }

  async function seriousViolations(page: Page, selector: string): Promise<string[]> {
    const results = await new AxeBuilder({ page }).include(selector).analyze();
    return results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  }

  test('the gamesmaster runs a standard game from the console; a player sees no console', async () => {
    const { gameId, gm, players, accounts: all } = await playableGame(env.web.url, 3600, 'gmc');
    for (const [t, a] of all) accounts.set(t, a);
    await register('gmc-stand-in');
    await orders(gameId, players['eng']!, 'F Lon - Nth\nA Lvp - Yor');
    await orders(gameId, players['fra']!, 'A Par - Bur\nA Xyz - Bur');
    const ready = await api(env.web.url, 'PUT', `/games/${gameId}/ready`, {
      token: players['eng']!,
      body: { ready: true },
    });
    expect(ready.status).toBe(200);

    const page = await open(gameId, gm, '.gm-console');
    const console_ = page.locator('.gm-console');

    // Everyone's pending orders, with who is ready.
    const eng = console_.locator('tr[data-seat="eng"]');
    await expect.poll(() => eng.locator('.gm-pending').innerText(), POLL).toMatch(/lon.*nth/i);
    expect(await eng.locator('.gm-ready').innerText()).toContain('ready');
    const fra = console_.locator('tr[data-seat="fra"]');
    expect(await fra.locator('.gm-ready').innerText()).toBe('not yet');
    expect(await fra.locator('.gm-pending').innerText()).toMatch(/par.*bur/i);
    expect(await fra.locator('.gm-bad-line').innerText()).toContain('not understood');
    expect(await console_.locator('tr[data-seat="aus"] .gm-pending').innerText()).toBe('none sent');
    // Orders sent while the console is open show without a reload.
    await orders(gameId, players['ita']!, 'A Ven H');
    await expect
      .poll(() => console_.locator('tr[data-seat="ita"] .gm-pending').innerText(), POLL)
      .toMatch(/ven h/i);
    expect(await seriousViolations(page, '.gm-console')).toEqual([]);
    await console_.screenshot({ path: `${ARTEFACTS}gm-console.png` });

    // Pause: the phase bar and the console say so; resume: the countdown is back.
    await console_.getByRole('button', { name: 'Pause the game' }).click();
    await page.locator('.phase-bar .deadline.paused').waitFor();
    expect(await page.locator('#gm-clock-state').innerText()).toContain('paused');
    await page.screenshot({ path: `${ARTEFACTS}gm-paused.png` });
    await console_.getByRole('button', { name: 'Resume the clock' }).click();
    const countdown = page.locator('.phase-bar .deadline time');
    await countdown.waitFor();
    expect(await countdown.innerText()).toMatch(/^(59|60) min/);

    // A bad amount is named beside its field, and nothing is sent.
    const amount = console_.getByLabel('How much later');
    await amount.fill('soon');
    await console_.getByRole('button', { name: 'Move the deadline' }).click();
    await console_.locator('#gm-extend-amount-error', { hasText: 'whole number' }).waitFor();
    expect(await countdown.innerText()).toMatch(/^(59|60) min/);
    // A time in the past, likewise.
    await console_.getByLabel('To a date and time').check();
    await console_.getByLabel('New deadline (your local time)').fill('2020-01-01T10:00');
    await console_.getByRole('button', { name: 'Move the deadline' }).click();
    await console_.locator('#gm-extend-to-error', { hasText: 'in the future' }).waitFor();
    // Two hours later: the countdown changes.
    await console_.getByLabel('Later by').check();
    await amount.fill('2');
    await console_.getByLabel('Unit').selectOption('hours');
    await console_.getByRole('button', { name: 'Move the deadline' }).click();
    await expect.poll(() => countdown.innerText(), POLL).toMatch(/^(2 h 59 min|3 h 0 min) left$/);

    // Force, after a confirm: the phase is played.
    await console_.getByRole('button', { name: /Process Spring 1901, movement now/ }).click();
    await console_.getByRole('alertdialog').waitFor();
    await console_.getByRole('button', { name: 'Yes, process it now' }).click();
    await page.locator('.phase-name', { hasText: 'Fall 1901, movement' }).waitFor();
    await orders(gameId, players['ger']!, 'A Mun - Bur');

    // Rollback: the preview names what it undoes, then the phase is back.
    await expect.poll(() => page.locator('#gm-rollback-phase').inputValue(), POLL).toBe('S1901M');
    await console_.getByRole('button', { name: 'Show what it undoes…' }).click();
    const preview = console_.getByRole('alertdialog');
    await preview.waitFor();
    // The question has the focus, for a keyboard user to read first.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.id), POLL)
      .toBe('gm-rollback-question');
    const undone = await preview.innerText();
    expect(undone).toContain('Roll back to Spring 1901, movement?');
    expect(undone).toMatch(/Spring 1901, movement: played .*its results \(\d+ orders/);
    expect(undone).toContain('Fall 1901, movement: open now; closed unplayed');
    expect(undone).toMatch(/eng in S1901M: F lon - nth; A lvp - yor \(carried over/i);
    expect(undone).toMatch(/ger in F1901M: A Mun - Bur \(no longer count\)/);
    await console_.screenshot({ path: `${ARTEFACTS}gm-rollback-preview.png` });
    await preview.getByRole('button', { name: 'Roll back to Spring 1901, movement' }).click();
    await page.locator('.phase-name', { hasText: 'Spring 1901, movement' }).waitFor();
    // The carried-over orders are pending again.
    await expect.poll(() => eng.locator('.gm-pending').innerText(), POLL).toMatch(/lon.*nth/i);

    // Replace a player: an unknown account is named beside the field; then the seat is filled.
    await console_.getByLabel('Seat', { exact: true }).selectOption('tur');
    const who = console_.getByLabel('Account name of the new player');
    await who.fill('nobody-such');
    await console_.getByRole('button', { name: 'Seat this account' }).click();
    await console_
      .locator('#gm-replace-account-error', { hasText: 'No account named nobody-such' })
      .waitFor();
    await who.fill('gmc-eng');
    await console_.getByRole('button', { name: 'Seat this account' }).click();
    await console_
      .locator('#gm-replace-account-error', { hasText: 'already holds seat eng' })
      .waitFor();
    await console_.screenshot({ path: `${ARTEFACTS}gm-replace-error.png` });
    await who.fill('gmc-stand-in');
    await console_.getByRole('button', { name: 'Seat this account' }).click();
    await console_.locator('.gm-done', { hasText: 'gmc-stand-in now plays seat tur.' }).waitFor();
    await expect
      .poll(() => console_.locator('tr[data-seat="tur"] .gm-seat-name').innerText(), POLL)
      .toBe('gmc-stand-in');

    // The audit: every phase matches; the log reads newest first.
    await console_.getByRole('button', { name: 'Check the game against its event log' }).click();
    await console_
      .locator('.gm-audit', { hasText: /(All \d+ phases match|The one phase matches)/ })
      .waitFor();
    const logText = async (): Promise<string> =>
      (await console_.locator('.gm-log li').allInnerTexts()).join('\n');
    await expect.poll(logText, POLL).toContain('rolled back');
    // The newest entry is the replacement, at the phase it happened in.
    await expect
      .poll(() => console_.locator('.gm-log li').first().innerText(), POLL)
      .toContain('The seats changed (Spring 1901, movement).');
    const log = await console_.locator('.gm-log li').allInnerTexts();
    const rolled = log.findIndex((l) => l.includes('rolled back'));
    const paused = log.findIndex((l) => l.includes('was paused'));
    const started = log.findIndex((l) => l.includes('game started'));
    expect(rolled).toBeGreaterThanOrEqual(0);
    expect(paused).toBeGreaterThan(rolled);
    expect(started).toBe(-1); // on an older page: the log is paged
    await console_.getByRole('button', { name: 'Older' }).click();
    await expect.poll(logText, POLL).toContain('game started');
    await page.screenshot({ path: `${ARTEFACTS}gm-page.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await console_.screenshot({ path: `${ARTEFACTS}gm-console-390.png` });
    await page.context().close();

    // A player's page has no console.
    const player = await open(gameId, players['fra']!, '.order-menu');
    expect(await player.locator('.gm-console').count()).toBe(0);
    await player.context().close();
  }, 240_000);

  test('a Deviant II free-text proposal approved in the console leaves the queue for the ballot', async () => {
    const gm = await register('dev-gm');
    const created = await api(env.web.url, 'POST', '/games', {
      token: gm,
      body: { name: 'Deviant', variant: 'deviant2', seed: 3, settings: { phaseSeconds: 3600 } },
    });
    expect(created.status).toBe(201);
    const gameId = (created.body as { id: string }).id;
    const powers = ['AUS', 'ENG', 'FRA', 'GER', 'ITA', 'RUS', 'TUR'];
    const players: Record<string, string> = {};
    for (const p of powers) {
      const id = p.toLowerCase();
      players[id] = await register(`dev-${id}`);
      const joined = await api(env.web.url, 'POST', `/games/${gameId}/players`, {
        token: players[id],
        body: { playerId: id },
      });
      expect(joined.status).toBe(201);
    }
    const assigned = await api(env.web.url, 'PUT', `/games/${gameId}/powers`, {
      token: gm,
      body: { assignments: powers.map((p) => ({ playerId: p.toLowerCase(), powers: [p] })) },
    });
    expect(assigned.status).toBe(200);
    expect((await api(env.web.url, 'POST', `/games/${gameId}/start`, { token: gm })).status).toBe(
      200,
    );
    await orders(gameId, players['eng']!, 'PROPOSE "fleets may not convoy armies"');
    await orders(gameId, players['fra']!, 'PROPOSE "Switzerland is passable"');
    expect((await api(env.web.url, 'POST', `/games/${gameId}/process`, { token: gm })).status).toBe(
      200,
    );

    const page = await open(gameId, gm, '.gm-console');
    const queue = page.locator('.gm-console').getByRole('group', {
      name: 'Proposals awaiting your ruling',
    });
    const e = queue.locator('form[data-label="E"]');
    await e.waitFor();
    expect(await e.innerText()).toContain('“fleets may not convoy armies”');
    // A rejection needs its reason, named beside the field.
    await e.getByLabel('Reject').check();
    await e.getByRole('button', { name: 'Reject (E)' }).click();
    await e.locator('#gm-ruling-E-reason-error', { hasText: 'Give the reason' }).waitFor();
    // A catalogue rule the server does not know is named beside its field.
    await e.getByLabel('Approve as a catalogue rule').check();
    await e.getByLabel('Catalogue rule', { exact: true }).fill('NO_SUCH_RULE');
    await e.getByRole('button', { name: 'Approve (E)' }).click();
    await e.locator('#gm-ruling-E-rule-error').waitFor();
    expect(await seriousViolations(page, '.gm-console')).toEqual([]);
    await queue.screenshot({ path: `${ARTEFACTS}gm-deviant-queue.png` });
    // Approved as a catalogue rule: it leaves the queue for the ballot.
    await e.getByLabel('Catalogue rule', { exact: true }).fill('NO_CONVOY');
    await e.getByRole('button', { name: 'Approve (E)' }).click();
    await queue.locator('form[data-label="E"]').waitFor({ state: 'detached' });
    await expect
      .poll(() => queue.locator('.gm-ballot li[data-label="E"]').innerText(), POLL)
      .toContain('NO-CONVOYS');
    expect(await queue.locator('form[data-label="F"]').count()).toBe(1);
    await queue.screenshot({ path: `${ARTEFACTS}gm-deviant-ballot.png` });
    // The players see it on the ballot too.
    const game = await api(env.web.url, 'GET', `/games/${gameId}`);
    const ballot = (game.body as { state: { modules: { deviant: { ballot: string[] } } } }).state
      .modules.deviant.ballot;
    expect(ballot.join('\n')).toContain('(E) No Convoy Rule: fleets may not convoy.');
    await page.context().close();
  }, 180_000);

  test('in Pink Diplomacy the gamesmaster awards a bonus from the console, and the power receives it', async () => {
    const powers = ['PWA', 'PWB', 'PWC', 'PWD', 'PWE', 'PWF', 'PWG'];
    const {
      gameId,
      gm,
      players,
      accounts: all,
    } = await playableGame(env.web.url, 3600, 'gmpink', 'pink', powers);
    for (const [token, account] of all) accounts.set(token, account);
    const page = await open(gameId, gm, '.gm-console');
    const sheet = page.locator('form.gm-actions');
    await sheet.waitFor();
    // The notation the module declares is shown; a unit order is refused as such.
    expect(await sheet.innerText()).toContain('BONUS <points> TO <power>');
    await sheet.getByLabel('Actions').fill('A els - xan\nBONUS 5 TO PWA');
    await sheet.getByRole('button', { name: 'Send the actions' }).click();
    await sheet.locator('li.error', { hasText: 'not unit orders' }).waitFor(POLL);
    await sheet.locator('li.ok', { hasText: 'BONUS 5 TO PWA' }).waitFor(POLL);
    expect(await seriousViolations(page, 'form.gm-actions')).toEqual([]);
    await sheet.screenshot({ path: `${ARTEFACTS}gm-pink-actions.png` });
    // Processed: Power A is told of its bonus; Power B is not.
    expect((await api(env.web.url, 'POST', `/games/${gameId}/process`, { token: gm })).status).toBe(
      200,
    );
    const events = async (token: string): Promise<string> =>
      JSON.stringify((await api(env.web.url, 'GET', `/games/${gameId}/phases`, { token })).body);
    await expect
      .poll(() => events(players['pwa']!), POLL)
      .toContain('The gamesmaster awards PWA 5 points');
    expect(await events(players['pwb']!)).not.toContain('awards PWA');
    await page.context().close();
  }, 180_000);
});
