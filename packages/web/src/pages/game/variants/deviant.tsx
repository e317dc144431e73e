/**
 * Deviant Diplomacy II's panel: the ballot with its labels, the player's votes (a form that
 * never offers more than the allowance left, counting the votes already in the sheet), a
 * proposal (a catalogue rule with its headline and parameters, its repeal, or free text for the
 * gamesmaster to rule on), the last tally in the rule text's form, the rules in force with their
 * headlines, and the proposals awaiting the gamesmaster.
 */
import { standardMap } from '@arbiter/engine';
import { deviantGovernance, HOUSE_RULES, type GovernanceView } from '@arbiter/rules';
import { useMemo, useState } from 'preact/hooks';
import {
  ballotLabel,
  formatTally,
  proposalLine,
  ruleWord,
  votesLeft,
  votesOf,
  withAction,
  withLine,
  withoutLine,
  actionLines,
} from './lines.js';
import {
  AllowanceForm,
  Notices,
  phaseOf,
  playerOf,
  useModuleEvents,
  type VariantPanelProps,
} from './shared.js';

/**
 * The governance as this viewer has it: the module's public view (`GovernanceView`), or the
 * gamesmaster's whole state written the same way; the GM log is shown elsewhere.
 */
type Seen = Omit<GovernanceView, 'gmLog'>;

/** A rule's headline with its settings, as the module writes it. */
function headlineOf(rule: string, settings: Readonly<Record<string, unknown>>): string {
  return HOUSE_RULES.find((r) => r.id === rule)?.describe(settings) ?? ruleWord(rule);
}

interface Measure {
  readonly kind: 'enact' | 'repeal';
  readonly rule: string;
  readonly settings: Readonly<Record<string, unknown>>;
}
interface RuleSetEntry {
  readonly module: string;
  readonly settings: Readonly<Record<string, unknown>>;
  readonly label?: string;
  readonly from: number;
  readonly until?: number;
}

/**
 * The module's state as this viewer has it. Players and the public get the module's view, with
 * its lines written; the gamesmaster gets the whole state, written here the same way.
 */
function seen(raw: unknown, state: VariantPanelProps['game']['state']): Seen {
  const m = (raw ?? {}) as Record<string, unknown>;
  const gm = !('awaitingGm' in m);
  if (!gm) {
    return {
      labels: (m['labels'] ?? {}) as Record<string, string>,
      ballotSeason: (m['ballotSeason'] ?? null) as string | null,
      ballot: (m['ballot'] ?? []) as string[],
      awaitingGm: (m['awaitingGm'] ?? []) as string[],
      allowance: (m['allowance'] ?? {}) as Record<string, number>,
      lastTally: (m['lastTally'] ?? null) as Seen['lastTally'],
      rulesInEffect: (m['rulesInEffect'] ?? []) as string[],
    };
  }
  const ballot = (m['ballot'] ?? []) as {
    label: string;
    measure: Measure;
    origin: string;
  }[];
  const index = (state as { phaseIndex?: number } | null)?.phaseIndex ?? 0;
  const ruleSet = ((state as { ruleSet?: RuleSetEntry[] } | null)?.ruleSet ?? []).filter(
    (e) => e.from <= index && (e.until === undefined || e.until > index),
  );
  return {
    labels: (m['labels'] ?? {}) as Record<string, string>,
    ballotSeason: (m['ballotSeason'] ?? null) as string | null,
    ballot: ballot.map(
      (b) =>
        `(${b.label}) ${b.measure.kind === 'repeal' ? 'Repeal: ' : ''}${headlineOf(b.measure.rule, b.measure.settings)}${b.origin === 'default' ? ' [re-proposed by default]' : ''}`,
    ),
    awaitingGm: ((m['queue'] ?? []) as { label: string; text: string }[]).map(
      (q) => `(${q.label}) "${q.text}" awaits your ruling`,
    ),
    allowance: {},
    lastTally: (m['lastTally'] ?? null) as Seen['lastTally'],
    rulesInEffect: ruleSet.map(
      (e) => `${e.label === undefined ? '' : `(${e.label}) `}${headlineOf(e.module, e.settings)}`,
    ),
  };
}

/** A rule's default for a parameter, when it is a number. */
function defaultOf(
  settings: Readonly<Record<string, unknown>> | undefined,
  name: string,
  otherwise: number,
): number {
  const v = settings?.[name];
  return typeof v === 'number' ? v : otherwise;
}

/** `S1902` as `Spring 1902`. */
function seasonWords(s: string | null): string {
  if (s === null) return '';
  const m = /^([SFW])(\d+)$/.exec(s);
  if (m === null) return s;
  return `${{ S: 'Spring', F: 'Fall', W: 'Winter' }[m[1] as 'S']} ${m[2]}`;
}

export function DeviantPanel({ api, game, gameMap, sheet }: VariantPanelProps) {
  const me = playerOf(game);
  const view = seen(
    (game.state?.modules as Record<string, unknown> | undefined)?.['deviant'],
    game.state,
  );
  const phase = phaseOf(game);
  const events = useModuleEvents(api, game, 'deviant/');
  const order = Object.values(view.labels);
  const votes = useMemo(
    () => (sheet === null ? [] : votesOf(deviantGovernance, gameMap, sheet.text)),
    [sheet?.text, gameMap],
  );
  const proposal = useMemo(
    () =>
      sheet === null
        ? undefined
        : actionLines(deviantGovernance, gameMap, sheet.text).find(
            (l) => l.action.type === 'propose',
          ),
    [sheet?.text, gameMap],
  );
  const allowance = me === null ? 0 : (view.allowance[me] ?? 0);
  const left = votesLeft(allowance, votes);
  const labels = view.ballot.map(ballotLabel).filter((l): l is string => l !== null);
  const voting =
    phase.type === 'movement' && (phase.season === 'spring' || phase.season === 'fall');
  const proposing =
    (phase.type === 'movement' && phase.season === 'spring') ||
    (phase.type === 'adjustment' && phase.season === 'winter');
  const tallies = events.filter((e) => e.type === 'deviant/tally');

  return (
    <section class="variant-panel" aria-labelledby="deviant-title" data-variant="deviant2">
      <h2 id="deviant-title">Rules and votes</h2>
      <h3>
        Ballot{view.ballotSeason === null ? '' : ` for the ${seasonWords(view.ballotSeason)} vote`}
      </h3>
      {view.ballot.length === 0 ? (
        <p class="hint">Nothing is on the ballot.</p>
      ) : (
        <ul data-ballot>
          {view.ballot.map((b) => (
            <li key={b}>{b}</li>
          ))}
        </ul>
      )}
      {view.awaitingGm.length > 0 && (
        <>
          <h3>Awaiting the gamesmaster</h3>
          <ul data-awaiting>
            {view.awaitingGm.map((a) => (
              <li key={a}>{a}</li>
            ))}
          </ul>
        </>
      )}
      {sheet !== null && voting && labels.length > 0 && (
        <VoteForm
          labels={labels}
          allowance={allowance}
          left={left}
          votes={votes}
          onVote={(n, label) => {
            sheet.edit(withLine(sheet.text, `VOTE ${n} FOR ${label}`), true);
          }}
          onRemove={(line) => {
            sheet.edit(withoutLine(sheet.text, line), true);
          }}
        />
      )}
      {sheet !== null && proposing && (
        <ProposalForm
          current={proposal?.text ?? null}
          onPropose={(line) => {
            sheet.edit(withAction(deviantGovernance, gameMap, sheet.text, 'propose', line), true);
          }}
        />
      )}
      <h3>Last tally</h3>
      {view.lastTally === null ? (
        <p class="hint">No vote has been counted yet.</p>
      ) : (
        <p data-tally>
          {seasonWords(view.lastTally.season)}:{' '}
          <strong>{formatTally(view.lastTally.totals, order) || 'nothing on the ballot'}</strong>
          {view.lastTally.passed.length > 0
            ? ` — passed: ${view.lastTally.passed.map((l) => `(${l})`).join(', ')}, in force from ${seasonWords(view.lastTally.effective)}.`
            : ' — no rule passed.'}
        </p>
      )}
      <h3>Rules in force</h3>
      {view.rulesInEffect.length === 0 ? (
        <p class="hint">The standard rules only.</p>
      ) : (
        <ul data-rules>
          {view.rulesInEffect.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      )}
      {tallies.length > 1 && (
        <details>
          <summary>Earlier tallies</summary>
          <Notices events={tallies.slice(1)} empty="" />
        </details>
      )}
      <details>
        <summary>Notices ({events.length})</summary>
        <Notices events={events} empty="No notice yet." />
      </details>
    </section>
  );
}

function VoteForm({
  labels,
  allowance,
  left,
  votes,
  onVote,
  onRemove,
}: {
  readonly labels: readonly string[];
  readonly allowance: number;
  readonly left: number;
  readonly votes: readonly { line: number; text: string; count: number; label: string }[];
  readonly onVote: (n: number, label: string) => void;
  readonly onRemove: (line: number) => void;
}) {
  return (
    <AllowanceForm
      id="vote"
      title="Your votes"
      status={
        <p data-votes-left>
          {left} of {allowance} vote{allowance === 1 ? '' : 's'} left to cast.
        </p>
      }
      amountId="vote-count"
      amountLabel="Votes"
      choiceId="vote-label"
      choiceLabel="for"
      choices={labels}
      choiceName={(l) => `(${l})`}
      submitLabel="Vote"
      unit="votes"
      left={left}
      tooMany={(n) =>
        `You have ${left} vote${left === 1 ? '' : 's'} left of ${allowance}: ${n} is too many.`
      }
      lines={votes}
      listAttribute="data-my-votes"
      onAdd={onVote}
      onRemove={onRemove}
    />
  );
}

function ProposalForm({
  current,
  onPropose,
}: {
  readonly current: string | null;
  readonly onPropose: (line: string | null) => void;
}) {
  const [form, setForm] = useState<'rule' | 'repeal' | 'text'>('rule');
  const [ruleId, setRuleId] = useState(HOUSE_RULES[0]!.id);
  const [params, setParams] = useState<Record<string, string>>({});
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const rule = HOUSE_RULES.find((r) => r.id === ruleId) ?? HOUSE_RULES[0]!;
  const settings = (name: string): number =>
    Number(params[name] ?? defaultOf(rule.settings, name, Number.NaN));
  /** A province list as written ("Ruhr, bur"), as the ids the rule reads. */
  const provinces = (name: string): string[] =>
    (params[name] ?? '')
      .split(/[\s,]+/)
      .filter((w) => w !== '')
      .map((w) => standardMap.findProvince(w)?.id ?? w);
  const headline = (() => {
    try {
      const s: Record<string, unknown> = { ...rule.settings };
      for (const p of rule.params)
        s[p.name] = p.kind === 'provinces' ? provinces(p.name) : settings(p.name);
      return rule.describe(s);
    } catch {
      return rule.headline;
    }
  })();
  return (
    <form
      class="variant-form"
      aria-labelledby="propose-title"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (form === 'text') {
          if (text.trim() === '') {
            setError('Write the rule you propose.');
            return;
          }
          setError(null);
          onPropose(proposalLine({ form: 'text', text }));
          return;
        }
        if (form === 'repeal') {
          setError(null);
          onPropose(proposalLine({ form: 'repeal', rule: rule.id }));
          return;
        }
        const values: Record<string, number | string> = {};
        for (const p of rule.params) {
          if (p.kind === 'provinces') {
            const list = provinces(p.name);
            if (list.length === 0) {
              setError(`Name the ${p.about} (Ruhr, Burgundy or ruh, bur).`);
              return;
            }
            values[p.name] = list.join(',');
            continue;
          }
          const v = settings(p.name);
          const max = typeof p.max === 'number' ? p.max : Infinity;
          if (!Number.isInteger(v) || v < p.min || v > max) {
            setError(
              `${p.name} (${p.about}) must be a whole number from ${p.min}${max === Infinity ? '' : ` to ${max}`}.`,
            );
            return;
          }
          values[p.name] = v;
        }
        setError(null);
        onPropose(proposalLine({ form: 'rule', rule: rule.id, params: values }));
      }}
    >
      <h3 id="propose-title">Your proposal</h3>
      <fieldset class="variant-choice">
        <legend>Propose</legend>
        {(
          [
            ['rule', 'a rule'],
            ['repeal', 'a repeal'],
            ['text', 'in your own words'],
          ] as const
        ).map(([v, words]) => (
          <label key={v}>
            <input
              type="radio"
              name="propose-form"
              value={v}
              checked={form === v}
              onChange={() => {
                setForm(v);
              }}
            />{' '}
            {words}
          </label>
        ))}
      </fieldset>
      {form !== 'text' ? (
        <>
          <label for="propose-rule">Rule</label>{' '}
          <select
            id="propose-rule"
            value={ruleId}
            onChange={(e) => {
              setRuleId(e.currentTarget.value);
              setParams({});
            }}
          >
            {HOUSE_RULES.map((r) => (
              <option key={r.id} value={r.id}>
                {r.headline.split(':')[0]}
              </option>
            ))}
          </select>
          {form === 'rule' &&
            rule.params.map((p) => (
              <div key={p.name} class="variant-row">
                <label for={`param-${p.name}`}>
                  {p.name}: {p.about}
                </label>
                {p.kind === 'provinces' ? (
                  <input
                    id={`param-${p.name}`}
                    type="text"
                    placeholder="Ruhr, Burgundy"
                    value={params[p.name] ?? ''}
                    onInput={(e) => {
                      const v = e.currentTarget.value;
                      setParams((x) => ({ ...x, [p.name]: v }));
                    }}
                  />
                ) : (
                  <input
                    id={`param-${p.name}`}
                    type="number"
                    min={p.min}
                    {...(typeof p.max === 'number' ? { max: p.max } : {})}
                    value={params[p.name] ?? String(defaultOf(rule.settings, p.name, p.min))}
                    onInput={(e) => {
                      const v = e.currentTarget.value;
                      setParams((x) => ({ ...x, [p.name]: v }));
                    }}
                  />
                )}
              </div>
            ))}
          <p class="hint" data-headline>
            {form === 'repeal' ? `Repeal: ${rule.headline}` : headline}
          </p>
        </>
      ) : (
        <>
          <label for="propose-text">Your rule</label>
          <textarea
            id="propose-text"
            rows={2}
            value={text}
            onInput={(e) => {
              setText(e.currentTarget.value);
            }}
          />
          <p class="hint">The gamesmaster rules on it before it goes on the ballot.</p>
        </>
      )}
      {error !== null && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      <button type="submit">{current === null ? 'Propose' : 'Change the proposal'}</button>
      {current !== null && (
        <p data-my-proposal>
          In your orders: <code>{current}</code>{' '}
          <button
            type="button"
            onClick={() => {
              onPropose(null);
            }}
          >
            Withdraw
          </button>
        </p>
      )}
    </form>
  );
}
