// Press, live updates and their failures on the game page, in a real browser against the real
// server: a private message reaches its reader live with an unread count and never reaches a
// third player; a lost connection to the event stream is said on the page, and what was sent
// meanwhile arrives once it is back; an expired session sends the player to log in and back,
// with the saved orders and the unsent message still there. Screenshots go to test-results/.
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, expect, test } from 'vitest';
import { api, playableGame } from '../../server/test/process-helpers.js';
import { ARTEFACTS, browserSuite, logInContext, useServerAndBrowser } from './browser.js';

browserSuite('press and live updates on the game page', () => {
  const env = useServerAndBrowser();
  let game: Awaited<ReturnType<typeof playableGame>>;

  beforeAll(async () => {
    game = await playableGame(env.web.url, 3600, 'press');
  }, 60_000);

  /** A browser context logged in as the page does it (the token and its account). */
  async function contextOf(power: string): Promise<BrowserContext> {
    const token = game.players[power]!;
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 1000 } });
    await logInContext(context, token, game.accounts.get(token), { once: true });
    return context;
  }

  async function open(power: string): Promise<Page> {
    const page = await (await contextOf(power)).newPage();
    await page.goto(`${env.web.url}games/${game.gameId}`);
    await page.getByRole('tablist', { name: 'Conversations' }).waitFor();
    return page;
  }

  const nameOf = (power: string): string => game.accounts.get(game.players[power]!)!.name;

  test('a private message arrives live, counted unread, and only for its reader', async () => {
    const [eng, fra, ger] = [await open('eng'), await open('fra'), await open('ger')];
    await eng.getByRole('checkbox', { name: new RegExp(nameOf('fra')) }).check();
    await eng.locator('#press-text').fill('Channel stays empty this year?');
    await eng.getByRole('button', { name: 'Send' }).click();

    // France's page gets it by the event stream: a new conversation with one unread.
    const tab = fra.getByRole('tab', { name: new RegExp(nameOf('eng')) });
    await tab.getByLabel('1 unread').waitFor();
    await fra.screenshot({ path: `${ARTEFACTS}press-unread.png`, fullPage: true });
    await tab.click();
    await fra
      .getByRole('tabpanel')
      .getByText('Channel stays empty this year?', { exact: true })
      .waitFor();
    expect(await tab.getByLabel(/unread/).count()).toBe(0);

    // A public answer reaches both, and Germany sees it but never the private one.
    await fra.getByRole('tab', { name: 'Public' }).click();
    await fra.locator('#press-text').fill('France wants peace with everyone.');
    await fra.getByRole('button', { name: 'Send' }).click();
    // Germany has the public conversation open: it shows at once, with nothing left unread.
    await ger.getByText('France wants peace with everyone.').waitFor();
    expect(await ger.content()).not.toContain('Channel stays empty');
    expect(await ger.getByRole('tab').count()).toBe(1);
    for (const p of [eng, fra, ger]) await p.context().close();
  });

  test('an event stream that cannot connect is said on the page; once back, what was sent meanwhile arrives', async () => {
    const context = await contextOf('ger');
    // The stream's address is refused (a proxy or a network that drops it); the rest works.
    const block = (route: { abort: () => Promise<void> }): Promise<void> => route.abort();
    await context.route('**/events?**', block);
    const ger = await context.newPage();
    await ger.goto(`${env.web.url}games/${game.gameId}`);
    const live = ger.getByText('The connection for live updates is lost', { exact: false });
    await live.waitFor();
    await ger.screenshot({ path: `${ARTEFACTS}press-connection-lost.png`, fullPage: true });
    const sent = await api(env.web.url, 'POST', `/games/${game.gameId}/messages`, {
      token: game.players['ita']!,
      body: { to: 'public', text: 'Italy speaks while Germany is away.' },
    });
    expect(sent.status).toBe(201);
    expect(await ger.getByText('Italy speaks while Germany is away.').count()).toBe(0);
    await context.unroute('**/events?**', block);
    await live.waitFor({ state: 'detached', timeout: 30_000 });
    await ger.getByText('Italy speaks while Germany is away.').waitFor();
    await context.close();
  });

  test('an expired session goes to log in and back; saved orders and the unsent message stay', async () => {
    const rus = await open('rus');
    await rus.locator('.order-menu').waitFor();
    await rus.locator('#order-text').fill('A war - gal');
    await rus.locator('#order-status', { hasText: 'All orders saved.' }).waitFor();
    await rus.locator('#press-text').fill('Draft to keep through the login');

    // The session ends elsewhere (another tab logged out): the next save is refused.
    const ended = await api(env.web.url, 'DELETE', '/sessions', { token: game.players['rus']! });
    expect(ended.status).toBe(200);
    await rus.locator('#order-text').fill('A war - gal\nF sev - bla');
    await rus.getByText('Your session has expired or was ended').waitFor();
    expect(new URL(rus.url()).pathname).toBe('/login');
    await rus.screenshot({ path: `${ARTEFACTS}press-session-expired.png`, fullPage: true });

    await rus.getByLabel('Name').fill(nameOf('rus'));
    await rus.getByLabel('Password').fill('password-1');
    await rus.getByRole('button', { name: 'Log in' }).click();
    await rus.waitForURL(`**/games/${game.gameId}`);
    await rus.locator('.order-menu').waitFor();
    expect(await rus.locator('#order-text').inputValue()).toBe('A war - gal');
    expect(await rus.locator('#press-text').inputValue()).toBe('Draft to keep through the login');
    await rus.context().close();
  });
});
