/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-argument, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-return -- response bodies are JSON read as each test expects; the server checks their shapes against its response schemas */
/**
 * How games end, over HTTP on SQLite and on PostgreSQL: draws every survivor accepts, a refusal,
 * secret and public votes as each caller reads them, concessions, the gamesmaster's
 * declaration, the last year with its centre counts; and the gamesmaster's rulings on Deviant
 * free-text proposals (a catalogue rule voted into force, a manual rule, a rejection). Every
 * bad request is refused with its code and leaves the store as it was.
 */
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import {
  dump,
  harness,
  seatedGame,
  STANDARD_SEATS,
  type Harness,
  type Reply,
  type Seated,
  storeBackends,
} from './helpers.js';

/** A response body, read as each test expects. */
type Body = Reply['body'];

const BACKENDS = await storeBackends('endings', 'endings');

const POWERS = ['AUS', 'ENG', 'FRA', 'GER', 'ITA', 'RUS', 'TUR'];
const START_CENTRES = { AUS: 3, ENG: 3, FRA: 3, GER: 3, ITA: 3, RUS: 4, TUR: 3 };

describe.each(BACKENDS)('endings on %s', (_name, open, unreachable) => {
  let h: Harness;
  beforeEach(async () => {
    if (unreachable !== undefined) return;
    h = await harness({}, open);
  });
  afterEach(async () => {
    if (unreachable !== undefined) return;
    await h.close();
  });
  const it = test.skipIf(unreachable !== undefined);

  /** The store's record of the game, proposals included. */
  async function snapshot(g: Seated): Promise<unknown> {
    return {
      all: await dump(h.store, g.gameId),
      proposals: await h.store.read((tx) => tx.endProposals(g.gameId)),
    };
  }

  async function refused(
    g: Seated,
    method: string,
    path: string,
    opts: { token?: string; body?: unknown },
    status: number,
    code: string,
  ): Promise<Body> {
    const before = await snapshot(g);
    const r = await h.call(method, `/games/${g.gameId}${path}`, opts);
    expect(r.status, JSON.stringify(r.body)).toBe(status);
    expect(r.body.code).toBe(code);
    expect(await snapshot(g)).toEqual(before);
    return r.body;
  }

  async function game(g: Seated, token?: string): Promise<Body> {
    const r = await h.call('GET', `/games/${g.gameId}`, token === undefined ? {} : { token });
    expect(r.status).toBe(200);
    return r.body;
  }

  async function proposeDraw(g: Seated, player: string, members?: string[]): Promise<Body> {
    const r = await h.call('POST', `/games/${g.gameId}/draws`, {
      token: g.players[player]!,
      ...(members === undefined ? {} : { body: { members } }),
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body;
  }

  async function vote(g: Seated, player: string, id: number, accept: boolean): Promise<Body> {
    const r = await h.call('POST', `/games/${g.gameId}/end-proposals/${String(id)}/vote`, {
      token: g.players[player]!,
      body: { accept },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body;
  }

  async function proposals(g: Seated, token?: string): Promise<Body[]> {
    const r = await h.call(
      'GET',
      `/games/${g.gameId}/end-proposals`,
      token === undefined ? {} : { token },
    );
    expect(r.status).toBe(200);
    return r.body;
  }

  async function audit(g: Seated): Promise<void> {
    const r = await h.call('GET', `/games/${g.gameId}/audit`, { token: g.gm });
    expect(r.status).toBe(200);
    expect(r.body.mismatches).toEqual([]);
    expect(r.body.ok).toBe(true);
  }

  async function force(g: Seated): Promise<Body> {
    const r = await h.call('POST', `/games/${g.gameId}/process`, { token: g.gm });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body;
  }

  async function eventTypes(g: Seated): Promise<string[]> {
    return (await h.store.read((tx) => tx.events(g.gameId))).map((e) => e.type);
  }

  it('a draw every survivor accepts finishes the game with its members and the centre counts', async () => {
    const g = await seatedGame(h, { seats: STANDARD_SEATS });
    const v0 = (await game(g)).version;
    const made = await proposeDraw(g, 'aus');
    expect(made.proposal).toMatchObject({
      kind: 'draw',
      members: POWERS,
      voters: ['aus', 'eng', 'fra', 'ger', 'ita', 'rus', 'tur'],
      status: 'open',
      votes: { aus: 'yes' },
    });
    expect(made.game.version).toBe(Number(v0) + 1);
    let last: Body;
    for (const p of ['eng', 'fra', 'ger', 'ita', 'rus']) {
      last = await vote(g, p, made.proposal.id, true);
      expect(last.game.status).toBe('running');
    }
    expect(last.game.version).toBe(Number(v0) + 6);
    last = await vote(g, 'tur', made.proposal.id, true);
    expect(last.proposal.status).toBe('accepted');
    const end = {
      kind: 'draw',
      phase: 'S1901M',
      members: POWERS,
      by: 'players',
      centres: START_CENTRES,
    };
    expect(last.game).toMatchObject({ status: 'finished', phase: null, end });
    // The public sees the end; the history's last phase carries it, unplayed.
    expect((await game(g)).end).toEqual(end);
    const history = await h.call('GET', `/games/${g.gameId}/phases`);
    const final = history.body.phases.at(-1);
    expect(final).toMatchObject({ name: 'S1901M', orders: [], end });
    expect(final.events.map((e: Body) => e.text)).toEqual([
      'The game is drawn between AUS, ENG, FRA, GER, ITA, RUS, TUR.',
    ]);
    expect(await eventTypes(g)).toEqual(
      expect.arrayContaining(['end/proposed', 'end/voted', 'game/ended']),
    );
    await audit(g);
    // Proposing in a finished game is refused.
    await refused(g, 'POST', '/draws', { token: g.players['eng']! }, 409, 'game/not-running');
  });

  it('a named draw still needs every survivor, and one refusal ends the proposal', async () => {
    const g = await seatedGame(h, { seats: STANDARD_SEATS });
    const made = await proposeDraw(g, 'fra', ['fra', 'ENG', 'GER']);
    expect(made.proposal.members).toEqual(['ENG', 'FRA', 'GER']);
    expect(made.proposal.voters).toHaveLength(7);
    await vote(g, 'eng', made.proposal.id, true);
    const no = await vote(g, 'rus', made.proposal.id, false);
    expect(no.proposal.status).toBe('refused');
    expect(no.game.status).toBe('running');
    await refused(
      g,
      'POST',
      `/end-proposals/${String(made.proposal.id)}/vote`,
      { token: g.players['ger']!, body: { accept: true } },
      409,
      'end/closed',
    );
    // A new proposal may be made once the last is decided.
    const again = await proposeDraw(g, 'rus');
    expect(again.proposal.status).toBe('open');
    expect(await eventTypes(g)).toContain('end/refused');
  });

  it('secret votes: a player sees his own vote only, the public none, the gamesmaster all', async () => {
    const g = await seatedGame(h, { seats: STANDARD_SEATS });
    const made = await proposeDraw(g, 'aus');
    await vote(g, 'eng', made.proposal.id, true);
    const [fra] = await proposals(g, g.players['fra']);
    expect(fra).toMatchObject({ proposer: null, votes: {}, status: 'open' });
    expect(fra.waitingFor).toBeUndefined();
    const [eng] = await proposals(g, g.players['eng']);
    expect(eng).toMatchObject({ proposer: null, votes: { eng: 'yes' } });
    const [pub] = await proposals(g);
    expect(pub).toMatchObject({ proposer: null, votes: {} });
    const [gm] = await proposals(g, g.gm);
    expect(gm).toMatchObject({ proposer: 'aus', votes: { aus: 'yes', eng: 'yes' } });
    expect(gm.waitingFor).toEqual(['fra', 'ger', 'ita', 'rus', 'tur']);
    // Nothing else the other players read names a vote.
    const seen = JSON.stringify([
      await game(g, g.players['fra']),
      (await h.call('GET', `/games/${g.gameId}/phases`, { token: g.players['fra']! })).body.phases,
    ]);
    expect(seen).not.toContain('end/');
    const refusal = await vote(g, 'ita', made.proposal.id, false);
    const [after] = await proposals(g, g.players['fra']);
    expect(after).toMatchObject({ status: 'refused', votes: {} });
    expect(refusal.proposal.votes).toEqual({ ita: 'no' });
  });

  it('public votes: everyone sees every vote and who has not answered', async () => {
    const g = await seatedGame(h, { seats: STANDARD_SEATS, settings: { drawVotes: 'public' } });
    const made = await proposeDraw(g, 'aus');
    await vote(g, 'eng', made.proposal.id, true);
    const [pub] = await proposals(g);
    expect(pub).toMatchObject({ proposer: 'aus', votes: { aus: 'yes', eng: 'yes' } });
    expect(pub.waitingFor).toEqual(['fra', 'ger', 'ita', 'rus', 'tur']);
    await vote(g, 'fra', made.proposal.id, false);
    const [fra] = await proposals(g, g.players['tur']);
    expect(fra.votes).toEqual({ aus: 'yes', eng: 'yes', fra: 'no' });
  });

  it('a concession needs every other survivor; the power conceded to wins', async () => {
    const g = await seatedGame(h, { seats: STANDARD_SEATS });
    const r = await h.call('POST', `/games/${g.gameId}/concessions`, {
      token: g.players['aus']!,
      body: { to: 'fra' },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const id = r.body.proposal.id as number;
    expect(r.body.proposal.voters).toEqual(['aus', 'eng', 'ger', 'ita', 'rus', 'tur']);
    await refused(
      g,
      'POST',
      `/end-proposals/${String(id)}/vote`,
      { token: g.players['fra']!, body: { accept: true } },
      403,
      'end/not-a-voter',
    );
    await refused(
      g,
      'POST',
      `/end-proposals/${String(id)}/vote`,
      { token: g.players['aus']!, body: { accept: true } },
      409,
      'end/already-voted',
    );
    let last: Body;
    for (const p of ['eng', 'ger', 'ita', 'rus', 'tur']) last = await vote(g, p, id, true);
    expect(last.game.end).toEqual({
      kind: 'conceded',
      phase: 'S1901M',
      winner: 'FRA',
      winners: ['fra'],
      by: 'players',
      centres: START_CENTRES,
    });
    await audit(g);
  });

  it('the gamesmaster declares a draw; an open proposal lapses when its phase is processed', async () => {
    const g = await seatedGame(h, { seats: STANDARD_SEATS });
    const made = await proposeDraw(g, 'aus');
    await force(g);
    const [lapsed] = await proposals(g, g.gm);
    expect(lapsed.status).toBe('lapsed');
    await refused(
      g,
      'POST',
      `/end-proposals/${String(made.proposal.id)}/vote`,
      { token: g.players['eng']!, body: { accept: true } },
      409,
      'end/closed',
    );
    await refused(
      g,
      'POST',
      '/end',
      { token: g.players['eng']!, body: { kind: 'draw' } },
      403,
      'game/not-gm',
    );
    const r = await h.call('POST', `/games/${g.gameId}/end`, {
      token: g.gm,
      body: { kind: 'draw', members: ['ENG', 'FRA'] },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.end).toMatchObject({
      kind: 'draw',
      phase: 'F1901M',
      members: ['ENG', 'FRA'],
      by: 'gm',
    });
    expect(await eventTypes(g)).toContain('gm/declared-end');
    await audit(g);
  });

  it('a game ending at its last year reports every power’s centres', async () => {
    const g = await seatedGame(h, { seats: STANDARD_SEATS, settings: { endYear: 1901 } });
    await orders(g, 'fra', 'A Par - Bur\nF Bre - Mao\nA Mar - Spa');
    await force(g);
    await orders(g, 'fra', 'A Bur - Bel\nF Mao - Por');
    expect((await force(g)).status).toBe('running');
    // France's builds are still to come: the game ends when 1902 would begin.
    const done = await force(g);
    const end = {
      kind: 'last-year',
      phase: 'W1901A',
      reason: 'the last year (1901) has been played',
      centres: { ...START_CENTRES, FRA: 6 },
    };
    expect(done).toMatchObject({ status: 'finished', end });
    const history = await h.call('GET', `/games/${g.gameId}/phases`);
    expect(history.body.phases.at(-1)).toMatchObject({ name: 'W1901A', end });
    const logged = (await h.store.read((tx) => tx.events(g.gameId))).find(
      (e) => e.type === 'game/ended',
    );
    expect(logged?.data).toMatchObject({ closed: false, end });
    await audit(g);
  });

  async function orders(g: Seated, player: string, text: string): Promise<void> {
    const r = await h.call('POST', `/games/${g.gameId}/orders`, {
      token: g.players[player]!,
      body: { text },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(
      r.body.lines.every((l: { ok: boolean }) => l.ok),
      JSON.stringify(r.body),
    ).toBe(true);
  }

  it('bad proposals and votes are refused with their codes, and nothing stored changes', async () => {
    const g = await seatedGame(h, { seats: STANDARD_SEATS });
    await refused(g, 'POST', '/draws', { token: g.outsider }, 403, 'game/not-a-player');
    await refused(g, 'POST', '/draws', { token: g.gm }, 403, 'game/not-a-player');
    await refused(
      g,
      'POST',
      '/draws',
      { token: g.players['aus']!, body: { members: ['AUS', 'XYZ'] } },
      422,
      'end/bad-members',
    );
    await refused(
      g,
      'POST',
      '/draws',
      { token: g.players['aus']!, body: { members: ['AUS'] } },
      422,
      'end/bad-members',
    );
    await refused(
      g,
      'POST',
      '/draws',
      { token: g.players['aus']!, body: { members: ['AUS', 'aus'] } },
      422,
      'end/bad-members',
    );
    await refused(
      g,
      'POST',
      '/concessions',
      { token: g.players['aus']!, body: { to: 'AUS' } },
      422,
      'end/bad-members',
    );
    await refused(
      g,
      'POST',
      '/draws',
      { token: g.players['aus']!, body: { members: 'AUS' } },
      400,
      'input/invalid',
    );
    const made = await proposeDraw(g, 'aus');
    const id = String(made.proposal.id);
    await refused(g, 'POST', '/draws', { token: g.players['eng']! }, 409, 'end/proposal-open');
    await refused(
      g,
      'POST',
      `/end-proposals/${id}/vote`,
      { token: g.outsider, body: { accept: true } },
      403,
      'game/not-a-player',
    );
    await refused(
      g,
      'POST',
      `/end-proposals/${id}/vote`,
      { token: g.players['aus']!, body: { accept: false } },
      409,
      'end/already-voted',
    );
    await refused(
      g,
      'POST',
      '/end-proposals/99999/vote',
      { token: g.players['eng']!, body: { accept: true } },
      404,
      'end/no-proposal',
    );
    await refused(
      g,
      'POST',
      `/end-proposals/${id}/vote`,
      { token: g.players['eng']!, body: { accept: 'yes' } },
      400,
      'input/invalid',
    );
  });

  it('the gamesmaster concedes a Fiascomacy game to a power', async () => {
    const g = await seatedGame(h, {
      variant: 'fiascomacy',
      seats: { alf: [], bert: [], cardew: [] },
    });
    const r = await h.call('POST', `/games/${g.gameId}/end`, {
      token: g.gm,
      body: { kind: 'concession', to: 'RUS' },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.end).toMatchObject({ kind: 'conceded', winner: 'RUS', winners: [], by: 'gm' });
  });

  // ---- Deviant free-text proposals ----

  async function deviantWithFreeText(): Promise<Seated> {
    const g = await seatedGame(h, { variant: 'deviant2', seats: STANDARD_SEATS });
    await orders(g, 'eng', 'PROPOSE "fleets may not convoy armies"');
    await orders(g, 'fra', 'PROPOSE "Switzerland is passable"');
    await orders(g, 'ger', 'PROPOSE NO_RETREATS');
    expect((await force(g)).phase.name).toBe('S1901M');
    expect((await game(g)).state.modules.deviant.awaitingGm).toEqual([
      "(E) awaits the GM's ruling; if withheld, (E) is no proposal",
      "(F) awaits the GM's ruling; if withheld, (F) is no proposal",
    ]);
    return g;
  }

  async function rule(g: Seated, label: string, body: unknown): Promise<Body> {
    const r = await h.call('POST', `/games/${g.gameId}/proposals/${label}/ruling`, {
      token: g.gm,
      body,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body;
  }

  it('a free-text proposal ruled to be a catalogue rule, then voted in, takes effect', async () => {
    const g = await deviantWithFreeText();
    const v0 = (await game(g, g.gm)).version;
    const ruled = await rule(g, 'e', { ruling: 'rule', rule: 'NO_CONVOY' });
    expect(ruled.version).toBe(Number(v0) + 1);
    expect((await game(g)).state.modules.deviant.ballot).toContain(
      '(E) No Convoy Rule: fleets may not convoy.',
    );
    await orders(g, 'eng', 'VOTE 3 FOR E');
    await orders(g, 'fra', 'VOTE 3 FOR E');
    const fall = await force(g);
    expect(fall.phase.name).toBe('F1901M');
    expect(fall.state.ruleSet).toEqual([
      expect.objectContaining({ module: 'no-convoys', label: 'E' }),
    ]);
    expect((await game(g)).state.modules.deviant.rulesInEffect).toEqual([
      '(E) No Convoy Rule: fleets may not convoy.',
    ]);
    expect(await eventTypes(g)).toContain('gm/ruled');
    // Every page learns of the ruling from the event stream: the ballot changed.
    const feed = await h.arbiter.feed(undefined, g.gameId, 0);
    expect(feed.ok && feed.value.items.filter((i) => i.kind === 'game').at(-1)).toMatchObject({
      change: 'ballot',
      phase: 'S1901M',
    });
    await audit(g);
  });

  it('a free-text proposal ruled to be a rule that names provinces takes them as a list', async () => {
    const g = await deviantWithFreeText();
    await rule(g, 'F', {
      ruling: 'rule',
      rule: 'NEW_CENTRES',
      settings: { provinces: ['Ruhr', 'bur'] },
    });
    expect((await game(g)).state.modules.deviant.ballot).toContain(
      '(F) New Centres Rule: Burgundy and Ruhr are supply centres.',
    );
    await audit(g);
  });

  it('a free-text proposal the gamesmaster withholds counts as no proposal: its label leaves the ballot when there is no default', async () => {
    const g = await deviantWithFreeText();
    await rule(g, 'F', { ruling: 'reject', reason: 'Switzerland stays impassable' });
    expect((await game(g)).state.modules.deviant.gmLog).toEqual([
      '(F) withheld by the GM: Switzerland stays impassable',
    ]);
    expect((await game(g)).state.modules.deviant.awaitingGm).toEqual([
      "(E) awaits the GM's ruling; if withheld, (E) is no proposal",
    ]);
    expect((await game(g)).state.modules.deviant.ballot).toEqual([
      '(G) No Retreat Rule: a dislodged unit is destroyed; there are no retreats.',
    ]);
    // Its text was never published.
    expect(JSON.stringify(await game(g))).not.toContain('Switzerland is passable');
    await audit(g);
  });

  it('refuses a ruling that would leave a proposal to the gamesmaster by hand: RULINGS allows mapping or withholding only', async () => {
    const g = await deviantWithFreeText();
    await refused(
      g,
      'POST',
      '/proposals/F/ruling',
      {
        token: g.gm,
        body: { ruling: 'manual', headline: 'Switzerland Rule: Switzerland is passable.' },
      },
      400,
      'input/invalid',
    );
    expect((await game(g, g.gm)).state.modules.deviant.queue).toHaveLength(2);
  });

  it('bad rulings are refused with their codes, and nothing stored changes', async () => {
    const g = await deviantWithFreeText();
    const path = (label: string): string => `/proposals/${label}/ruling`;
    const ok = { ruling: 'rule', rule: 'BUILD_CAP', settings: { max: 2 } };
    await refused(g, 'POST', path('E'), { token: g.players['eng']!, body: ok }, 403, 'game/not-gm');
    await refused(g, 'POST', path('G'), { token: g.gm, body: ok }, 404, 'ruling/not-pending');
    await refused(g, 'POST', path('R'), { token: g.gm, body: ok }, 404, 'ruling/not-pending');
    await refused(
      g,
      'POST',
      path('E'),
      { token: g.gm, body: { ruling: 'rule', rule: 'NO_BLACK_SEA' } },
      422,
      'ruling/unknown-rule',
    );
    await refused(
      g,
      'POST',
      path('E'),
      { token: g.gm, body: { ruling: 'rule', rule: 'BUILD_CAP', settings: { max: 99 } } },
      422,
      'ruling/bad-settings',
    );
    await refused(
      g,
      'POST',
      path('E'),
      { token: g.gm, body: { ruling: 'rule', rule: 'BUILD_CAP', settings: { cap: 2 } } },
      422,
      'ruling/bad-settings',
    );
    await refused(
      g,
      'POST',
      path('E'),
      { token: g.gm, body: { ruling: 'rule', rule: 'BUILD_CAP', settings: { max: 'two' } } },
      400,
      'input/invalid',
    );
    await refused(
      g,
      'POST',
      path('E'),
      { token: g.gm, body: { ruling: 'maybe' } },
      400,
      'input/invalid',
    );
    await refused(
      g,
      'POST',
      path('E'),
      {
        token: g.gm,
        body: { ruling: 'rule', rule: 'NEW_CENTRES', settings: { provinces: ['par'] } },
      },
      422,
      'ruling/bad-settings',
    );
    await refused(
      g,
      'POST',
      path('E'),
      {
        token: g.gm,
        body: { ruling: 'rule', rule: 'NEW_CENTRES', settings: { provinces: 'ruh' } },
      },
      400,
      'input/invalid',
    );
    await refused(g, 'POST', path('E1'), { token: g.gm, body: ok }, 400, 'input/invalid');
    const std = await seatedGame(h, { seats: STANDARD_SEATS });
    await refused(std, 'POST', path('E'), { token: std.gm, body: ok }, 422, 'ruling/not-deviant');
  });
});
