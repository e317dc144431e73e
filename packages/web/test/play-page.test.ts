// Playing on the game page in a real browser against the real server: seven players in seven
// browser contexts play Spring 1901 to Winter 1901 of a standard game by clicking only, and the
// board the page then draws is the engine's for the same orders; the text box with an inline
// parse error, a warning shown beside an ignored order, a move by keyboard alone, a move by
// touch at 390 px, a deadline passed while ordering, and axe-core on the page. Screenshots go to
// packages/web/test-results/.
import AxeBuilder from '@axe-core/playwright';
import {
  initialState,
  parseOrder,
  processPhase,
  standardMap,
  type GameState,
  type PowerOrder,
} from '@arbiter/engine';
import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { api, playableGame } from '../../server/test/process-helpers.js';
import { ARTEFACTS, browserSuite, logInContext, useServerAndBrowser } from './browser.js';

const POWERS = ['AUS', 'ENG', 'FRA', 'GER', 'ITA', 'RUS', 'TUR'] as const;
type Power = (typeof POWERS)[number];

/**
 * What each power clicks, phase by phase: `a>b` moves the unit in a to b, `a=` holds it (the
 * unit clicked twice), `a S b>c` supports through the menu, `+a` builds at a (and the menu's
 * choice when the site takes either unit).
 */
const PLAN: Record<string, Record<Power, readonly string[]>> = {
  S1901M: {
    AUS: ['vie>gal', 'bud>ser', 'tri>alb'],
    ENG: ['lon>nth', 'edi>nwg', 'lvp>yor'],
    FRA: ['par>bur', 'mar S par>bur', 'bre>mao'],
    GER: ['ber>kie', 'mun>ruh', 'kie>den'],
    ITA: ['rom>apu', 'ven=', 'nap>ion'],
    RUS: ['war>gal', 'mos>ukr', 'sev>bla', 'stp>bot'],
    TUR: ['con>bul', 'smy>arm', 'ank>bla'],
  },
  F1901M: {
    AUS: ['alb>gre', 'ser=', 'vie='],
    ENG: ['nth>nwy', 'nwg=', 'yor='],
    FRA: ['bur>bel', 'mao>por', 'mar>spa'],
    GER: ['kie>hol', 'den=', 'ruh='],
    ITA: ['ion>tun', 'apu=', 'ven='],
    RUS: ['bot>swe', 'ukr>rum', 'war=', 'sev='],
    TUR: ['bul=', 'arm=', 'ank='],
  },
  W1901A: {
    AUS: ['+bud'],
    ENG: ['+lon F'],
    FRA: ['+par'],
    GER: ['+mun'],
    ITA: ['+rom A'],
    RUS: ['+mos'],
    TUR: ['+smy A'],
  },
};

/** The same orders in notation, for the engine. */
const NOTATION: Record<string, readonly string[]> = {
  S1901M: [
    'AUS A vie-gal',
    'AUS A bud-ser',
    'AUS F tri-alb',
    'ENG F lon-nth',
    'ENG F edi-nwg',
    'ENG A lvp-yor',
    'FRA A par-bur',
    'FRA A mar S A par-bur',
    'FRA F bre-mao',
    'GER A ber-kie',
    'GER A mun-ruh',
    'GER F kie-den',
    'ITA A rom-apu',
    'ITA A ven H',
    'ITA F nap-ion',
    'RUS A war-gal',
    'RUS A mos-ukr',
    'RUS F sev-bla',
    'RUS F stp/sc-bot',
    'TUR A con-bul',
    'TUR A smy-arm',
    'TUR F ank-bla',
  ],
  F1901M: [
    'AUS F alb-gre',
    'AUS A ser H',
    'AUS A vie H',
    'ENG F nth-nwy',
    'ENG F nwg H',
    'ENG A yor H',
    'FRA A bur-bel',
    'FRA F mao-por',
    'FRA A mar-spa',
    'GER A kie-hol',
    'GER F den H',
    'GER A ruh H',
    'ITA F ion-tun',
    'ITA A apu H',
    'ITA A ven H',
    'RUS F bot-swe',
    'RUS A ukr-rum',
    'RUS A war H',
    'RUS F sev H',
    'TUR A bul H',
    'TUR A arm H',
    'TUR F ank H',
  ],
  W1901A: [
    'AUS Build A bud',
    'ENG Build F lon',
    'FRA Build A par',
    'GER Build A mun',
    'ITA Build A rom',
    'RUS Build A mos',
    'TUR Build A smy',
  ],
};

/** The engine's board after playing NOTATION, as sorted `POWER A loc` strings. */
function engineUnits(): string[] {
  let state: GameState = initialState(standardMap);
  for (const phase of ['S1901M', 'F1901M', 'W1901A']) {
    const orders: PowerOrder[] = NOTATION[phase]!.map((line) => {
      const r = parseOrder(standardMap, line, { phase: state.phase.type });
      if (!r.ok || r.value.power === undefined) throw new Error(`bad test order ${line}`);
      return { power: r.value.power, order: r.value.order };
    });
    state = processPhase(standardMap, state, orders).state;
  }
  return state.units
    .map((u) => `${u.power} ${u.type === 'army' ? 'A' : 'F'} ${u.location.province}`)
    .sort();
}

browserSuite('playing on the game page', () => {
  const env = useServerAndBrowser(180_000);

  /** Every test account by its token, as the page's session keeps it. */
  const accounts = new Map<string, { id: string; name: string }>();

  /** Logs a browser context in as the page does: the token and, beside it, its account. */
  async function logIn(context: BrowserContext, token: string): Promise<void> {
    await logInContext(context, token, accounts.get(token));
  }

  async function open(
    gameId: string,
    token: string,
    options: BrowserContextOptions = { viewport: { width: 1280, height: 1100 } },
  ): Promise<Page> {
    const context = await env.browser.newContext(options);
    await logIn(context, token);
    const page = await context.newPage();
    await page.goto(`${env.web.url}games/${gameId}`);
    await page.locator('.order-menu').waitFor();
    return page;
  }

  let anchors: Record<string, [number, number]> | undefined;

  /** The screen point of a province's unit anchor (inside its shape, whatever its outline). */
  async function pointOf(page: Page, province: string): Promise<{ x: number; y: number }> {
    anchors ??= (
      (await (await fetch(`${env.web.url}api/v1/variants/standard/map`)).json()) as {
        drawing: { unitAnchors: Record<string, [number, number]> };
      }
    ).drawing.unitAnchors;
    const anchor = anchors[province];
    if (anchor === undefined) throw new Error(`no anchor for ${province}`);
    await page.locator('svg.map-svg').scrollIntoViewIfNeeded();
    // The anchor, or the nearest point around it that the province itself takes the click at
    // (a unit's anchor can sit on the province's edge).
    const point = await page.evaluate(
      ([x, y, id]) => {
        const svg = document.querySelector<SVGSVGElement>('svg.map-svg')!;
        const p = svg.createSVGPoint();
        p.x = x;
        p.y = y;
        const s = p.matrixTransform(svg.getScreenCTM()!);
        for (let r = 0; r <= 24; r += 2) {
          for (let a = 0; a < 16; a++) {
            const px = s.x + r * Math.cos((a * Math.PI) / 8);
            const py = s.y + r * Math.sin((a * Math.PI) / 8);
            const hit = document.elementFromPoint(px, py)?.closest('[data-province]');
            if (hit?.getAttribute('data-province') === id) return { x: px, y: py };
            if (r === 0) break;
          }
        }
        return null;
      },
      [anchor[0], anchor[1], province] as const,
    );
    if (point === null) throw new Error(`no point of ${province} takes a click`);
    return point;
  }

  async function clickAt(page: Page, province: string, touch = false): Promise<void> {
    const { x, y } = await pointOf(page, province);
    if (touch) await page.touchscreen.tap(x, y);
    else await page.mouse.click(x, y);
  }

  async function saved(page: Page): Promise<void> {
    await page.locator('#order-status', { hasText: 'All orders saved.' }).waitFor();
  }

  /** Gives one planned order by clicking. */
  async function give(page: Page, step: string): Promise<void> {
    const support = /^(\w+) S (\w+)>(\w+)$/.exec(step);
    const move = /^(\w+)>(\w+)$/.exec(step);
    const hold = /^(\w+)=$/.exec(step);
    const build = /^\+(\w+)(?: ([AF]))?$/.exec(step);
    if (support !== null) {
      await clickAt(page, support[1]!);
      await page.locator('.order-modes').getByRole('button', { name: 'Support' }).click();
      await clickAt(page, support[2]!);
      await clickAt(page, support[3]!);
    } else if (move !== null) {
      await clickAt(page, move[1]!);
      await page.locator('.order-menu[role="group"]').waitFor();
      await clickAt(page, move[2]!);
    } else if (hold !== null) {
      await clickAt(page, hold[1]!);
      await page.locator('.order-menu[role="group"]').waitFor();
      await clickAt(page, hold[1]!);
    } else if (build !== null) {
      await clickAt(page, build[1]!);
      if (build[2] !== undefined) {
        await page
          .locator('.order-choices')
          .getByRole('button', { name: `Build ${build[2]} ${build[1]}` })
          .click();
      }
    } else throw new Error(`bad plan step ${step}`);
    await page.locator('.order-menu:not([role="group"])').waitFor();
  }

  test('seven players play Spring 1901 to Winter 1901 by clicking only; the board is the engine’s', async () => {
    const { gameId, players, accounts: seven } = await playableGame(env.web.url, 3600, 'seven');
    for (const [t, a] of seven) accounts.set(t, a);
    const pages = new Map<Power, Page>();
    for (const p of POWERS) pages.set(p, await open(gameId, players[p.toLowerCase()]!));
    for (const [phase, next] of [
      ['S1901M', 'Fall 1901'],
      ['F1901M', 'Winter 1901'],
      ['W1901A', 'Spring 1902'],
    ] as const) {
      // The seven players order at the same time, each in their own browser context.
      await Promise.all(
        POWERS.map(async (p) => {
          const page = pages.get(p)!;
          // The phase's legal orders are read: the menu shows.
          await page.locator('.order-menu').waitFor();
          for (const step of PLAN[phase]![p]) {
            try {
              await give(page, step);
            } catch (e) {
              await page.screenshot({
                path: `${ARTEFACTS}failed-${phase}-${p}.png`,
                fullPage: true,
              });
              throw new Error(`${phase} ${p} ${step}: ${String(e)}`);
            }
          }
          await saved(page);
          const lines = (await page.locator('#order-text').inputValue()).split('\n');
          expect(lines.length, `${p} ${phase}: ${lines.join(' / ')}`).toBe(PLAN[phase]![p].length);
        }),
      );
      if (phase === 'F1901M') {
        await pages
          .get('FRA')!
          .screenshot({ path: `${ARTEFACTS}game-desktop-ordered.png`, fullPage: true });
      }
      for (const p of POWERS) {
        const page = pages.get(p)!;
        if ((await page.getByRole('button', { name: /Ready/ }).count()) === 0) continue;
        await page.getByRole('button', { name: 'Ready?' }).click();
      }
      // Every page moves on by itself, from the event stream.
      for (const p of POWERS) {
        await pages.get(p)!.locator('.phase-name', { hasText: next }).waitFor({ timeout: 15_000 });
      }
    }
    const page = pages.get('FRA')!;
    // The results of the Winter show, with their sentences; the Fall's are in the history.
    await page.locator('.results', { hasText: 'Results of Winter 1901, adjustments' }).waitFor();
    await page.screenshot({ path: `${ARTEFACTS}game-desktop-results.png`, fullPage: true });
    const drawn = await page
      .locator('[data-unit]')
      .evaluateAll((els) =>
        els
          .map(
            (e) =>
              `${e.getAttribute('data-power')} ${e.getAttribute('data-unit') === 'army' ? 'A' : 'F'} ${e.getAttribute('data-location')}`,
          )
          .sort(),
      );
    expect(drawn).toEqual(engineUnits());
    expect(drawn).toHaveLength(29);
    // The history slider goes back to Spring 1901 with its own board and results.
    const slider = page.locator('#history');
    await slider.focus();
    await page.keyboard.press('Home');
    await page.locator('.results', { hasText: 'Results of Spring 1901, movement' }).waitFor();
    expect(await page.locator('[data-unit]').count()).toBe(22);
    await expect(
      page.locator('.result[data-order="F sev - bla"]').textContent(),
    ).resolves.toContain('bounced with F ank, 1 against 1');
    for (const p of pages.values()) await p.context().close();
  }, 180_000);

  describe('one player ordering', () => {
    let gameId: string;
    let france: string;
    beforeAll(async () => {
      const game = await playableGame(env.web.url, 3600, 'one');
      gameId = game.gameId;
      france = game.players['fra']!;
      for (const [t, a] of game.accounts) accounts.set(t, a);
    }, 60_000);

    test('the text box marks the bad piece of a line, and stays in sync with the map', async () => {
      const page = await open(gameId, france);
      const box = page.locator('#order-text');
      await box.fill('A par - bur\nA mar - xyz');
      const bad = page.locator('.line-error[data-line="2"]');
      await bad.waitFor();
      expect(await bad.locator('mark').textContent()).toBe('xyz');
      expect(await bad.textContent()).toContain("unknown province 'xyz'");
      expect(await box.getAttribute('aria-invalid')).toBe('true');
      expect(await page.locator('.orders [data-order="move"]').count()).toBe(1);
      // A click replaces the line of the same unit; the typed lines stay.
      await clickAt(page, 'par');
      await clickAt(page, 'pic');
      await expect(box.inputValue()).resolves.toBe('A par - pic\nA mar - xyz');
      await box.fill('A par - pic\nA mar - spa');
      await saved(page);
      expect(await page.locator('.line-error').count()).toBe(0);
      expect(await page.locator('.orders [data-order="move"]').count()).toBe(2);
      // The preview, worked out in the page: with every other unit holding, both moves succeed.
      await expect(page.locator('#order-preview').textContent()).resolves.toContain('Preview');
      const previews = page.locator('#order-lines [data-preview]');
      await expect(
        previews.evaluateAll((l) => l.map((e) => e.dataset['preview'])),
      ).resolves.toEqual(['succeeds', 'succeeds']);
      // Saved on the server: a reload shows the same sheet.
      await page.reload();
      await page.locator('.order-menu').waitFor();
      await expect(page.locator('#order-text').inputValue()).resolves.toBe(
        'A par - pic\nA mar - spa',
      );
      await page.context().close();
    });

    test('an order the adjudicator will ignore is shown with the warning at once', async () => {
      const page = await open(gameId, france);
      await page.locator('#order-text').fill('A par - mun\nF bre - mao');
      await saved(page);
      const warned = page.locator('.line-warning[data-line="1"]');
      await warned.waitFor();
      expect(await warned.locator('[data-warning]').getAttribute('data-warning')).toMatch(
        /^warn\//,
      );
      expect(await page.locator('.line-warning').count()).toBe(1);
      // The preview says the same of it: Paris cannot reach Munich.
      expect(await warned.locator('[data-preview]').getAttribute('data-preview')).toBe('illegal');
      await page.context().close();
    });

    test('a move is given by keyboard alone', async () => {
      const page = await open(gameId, france);
      await page.locator('#order-text').fill('');
      await page.locator('[data-province="mar"]').focus();
      await page.keyboard.press('Enter');
      await page.locator('[data-province="pie"]').focus();
      await page.keyboard.press('Enter');
      await expect(page.locator('#order-text').inputValue()).resolves.toBe('A mar - pie');
      // And through the menu's list of places, with Tab and Enter only.
      await page.locator('[data-province="bre"]').focus();
      await page.keyboard.press('Enter');
      const list = page.locator('.order-places summary');
      await list.focus();
      await page.keyboard.press('Enter');
      await page.locator('.order-places button', { hasText: 'Picardy' }).focus();
      await page.keyboard.press('Enter');
      await expect(page.locator('#order-text').inputValue()).resolves.toBe(
        'A mar - pie\nF bre - pic',
      );
      await saved(page);
      await page.context().close();
    });

    test('at 390 px the page does not scroll sideways and a unit is ordered by touch', async () => {
      const page = await open(gameId, france, {
        viewport: { width: 390, height: 844 },
        hasTouch: true,
        isMobile: true,
      });
      await page.locator('#order-text').fill('');
      await clickAt(page, 'par', true);
      await page.locator('.order-menu[role="group"]').waitFor();
      await page.screenshot({ path: `${ARTEFACTS}game-390-ordering.png`, fullPage: true });
      await clickAt(page, 'gas', true);
      await expect(page.locator('#order-text').inputValue()).resolves.toBe('A par - gas');
      await saved(page);
      const { scroll, client } = await page.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        client: document.documentElement.clientWidth,
      }));
      expect(scroll).toBeLessThanOrEqual(client);
      await page.context().close();
    });

    test('axe-core finds no serious or critical violation while ordering', async () => {
      const page = await open(gameId, france);
      await clickAt(page, 'par');
      await page.locator('.order-menu[role="group"]').waitFor();
      await page.screenshot({ path: `${ARTEFACTS}game-desktop-ordering.png`, fullPage: true });
      const results = await new AxeBuilder({ page }).analyze();
      const bad = results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
      expect(bad).toEqual([]);
      await page.context().close();
    });

    test('a deadline passed while ordering says so, and the saved orders stay', async () => {
      const game = await api(env.web.url, 'GET', `/games/${gameId}`, { token: france });
      const deadline = (game.body as { phase: { deadline: number } }).phase.deadline;
      const context = await env.browser.newContext({ viewport: { width: 1280, height: 1100 } });
      await context.clock.install();
      await logIn(context, france);
      const page = await context.newPage();
      await page.goto(`${env.web.url}games/${gameId}`);
      await page.locator('.order-menu').waitFor();
      await clickAt(page, 'par');
      await clickAt(page, 'bur');
      await saved(page);
      const before = await page.locator('#order-text').inputValue();
      await context.clock.setSystemTime(deadline + 1000);
      await clickAt(page, 'mar');
      await clickAt(page, 'bur');
      const alert = page.locator('#order-status[role="alert"]');
      await alert.waitFor();
      expect(await alert.textContent()).toContain('The deadline has passed');
      const kept = await api(env.web.url, 'GET', `/games/${gameId}`, { token: france });
      expect((kept.body as { mySubmission: { text: string } }).mySubmission.text).toBe(before);
      expect(before).not.toBe('');
      await context.close();
    });
  });
});
