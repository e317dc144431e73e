"""Side-by-side harness: MILA engine (github diplomacy/diplomacy) on the Arbiter
peer-agreed movement corpus.

Run with Debian's python (it has tornado, ujson, coloredlogs, bcrypt, pytz, dateutil, tqdm
from apt):  PYTHONPATH=$PEERS/mila /usr/bin/python3 mila_bench.py [CORPUS] [ROUNDS]
"""
import json, sys, time, statistics, gc

from diplomacy import Game

CORPUS = sys.argv[1] if len(sys.argv) > 1 else 'corpus.jsonl'
ROUNDS = int(sys.argv[2]) if len(sys.argv) > 2 else 5
LIMIT = int(sys.argv[3]) if len(sys.argv) > 3 else 0
POW = dict(AUS='AUSTRIA', ENG='ENGLAND', FRA='FRANCE', GER='GERMANY', ITA='ITALY', RUS='RUSSIA', TUR='TURKEY')
ABBR = {v: k for k, v in POW.items()}

phases = []
with open(CORPUS) as f:
    for line in f:
        if not line.strip():
            continue
        d = json.loads(line)
        units, centers, orders = {}, {}, {}
        for u in d['units']:
            units.setdefault(POW[u['nation']], []).append('%s %s' % (u['type'], u['loc'].upper()))
        for sc, n in d['supply_centers'].items():
            centers.setdefault(POW[n], []).append(sc.upper())
        for o in d['orders']:
            orders.setdefault(POW[o[:3]], []).append(o[4:].upper())
        phases.append((d['phase'], units, centers, orders, d['result']))
if LIMIT:
    phases = phases[:LIMIT]
n = len(phases)
print('mila: %d phases loaded' % n, flush=True)


def setup(game, ph):
    phase, units, centers, orders, _ = ph
    game.clear_units()
    game.clear_centers()
    game.set_current_phase(phase)
    for p, us in units.items():
        game.set_units(p, us)
    for p, cs in centers.items():
        game.set_centers(p, cs)


def run(game, ph, expand):
    setup(game, ph)
    for p, os_ in ph[3].items():
        game.set_orders(p, os_, expand=expand)
    game.process()


# ---- agreement
game = Game()
agree = au = ad = ar = 0
shown = 0
for i, ph in enumerate(phases):
    run(game, ph, True)
    res = ph[4]
    got, gotd, gotr = set(), set(), {}
    for p in game.powers.values():
        for u in p.units:
            got.add('%s %s %s' % (ABBR[p.name], u[0], u[2:].lower()))
        for u, opts in p.retreats.items():
            if opts:  # the corpus lists only dislodged units with somewhere to go
                gotd.add('%s %s %s' % (ABBR[p.name], u[0], u[2:].lower()))
                gotr[u[2:5].lower()] = set(o.lower() for o in opts)
    want = set('%s %s %s' % (u['nation'], u['type'], u['loc']) for u in res['units'])
    wantd = set('%s %s %s' % (u['nation'], u['type'], u['loc']) for u in res['dislodged'])
    wantr = {k[:3]: set(v) for k, v in res['retreat_options'].items()}
    ou, od, orr = got == want, gotd == wantd, gotr == wantr
    au += ou; ad += od; ar += orr
    if ou and od and orr:
        agree += 1
    elif shown < 5:
        shown += 1
        print('  mismatch line %d %s: units %s dislodged %s retreats %s' % (i + 1, ph[0], ou, od, orr))
        print('    mila only', sorted(got - want), sorted(gotd - wantd), gotr)
        print('    corpus only', sorted(want - got), sorted(wantd - gotd), wantr)
print('agreement: %d / %d phases (units after %d, dislodged %d, retreat options %d)' % (agree, n, au, ad, ar), flush=True)


def bench(name, expand):
    rates, cpurates, split = [], [], []
    for r in range(ROUNDS + 1):  # round 0 is warm-up
        g = Game()  # fresh game per round (untimed), so history does not pile up
        gc.collect()
        t0, c0 = time.perf_counter(), time.process_time()
        tset = 0.0
        for ph in phases:
            a = time.perf_counter()
            setup(g, ph)
            tset += time.perf_counter() - a
            for p, os_ in ph[3].items():
                g.set_orders(p, os_, expand=expand)
            g.process()
        el, cel = time.perf_counter() - t0, time.process_time() - c0
        if r:
            rates.append(n / el); cpurates.append(n / cel); split.append(n / (el - tset))
    print('%-62s median %7.0f phases/s (min %.0f, max %.0f, %d rounds of 1 pass) %s' % (
        name, statistics.median(rates), min(rates), max(rates), ROUNDS, [round(x) for x in rates]))
    print('%-62s median %7.0f phases per CPU-second (min %.0f, max %.0f)' % ('', statistics.median(cpurates), min(cpurates), max(cpurates)))
    print('%-62s median %7.0f phases/s excluding the board set-up' % ('', statistics.median(split)), flush=True)


bench('T: set board + set_orders(text, expand=True) + process()', True)
bench('S: set board + set_orders(canonical, expand=False) + process()', False)
