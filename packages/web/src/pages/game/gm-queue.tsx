/**
 * The Deviant Diplomacy II approval queue in the gamesmaster's console (RULINGS §2.2 ruling 8):
 * each free-text proposal waiting, with its text, to approve as a catalogue rule or reject with a
 * reason (then it counts as no proposal, and the player's default takes its place); and the
 * ballot as it stands. Read from the gamesmaster's view of the governance module's state, which
 * is the whole truth.
 */
import type { ApiGame } from '@arbiter/server/api-types';
import { useState } from 'preact/hooks';
import { useApi } from '../../app.js';
import { fieldOf, sentence, type FieldErrors } from '../../forms.js';
import { describedBy, Field, FormError } from '../form-parts.js';
import { useCommand } from './gm-command.js';
import { readMapping, ruleOnProposal, type Ruling } from './gm-api.js';

interface Queued {
  readonly label: string;
  readonly player: string;
  readonly text: string;
}

interface OnBallot {
  readonly label: string;
  readonly player: string;
  readonly origin?: string;
  readonly text?: string;
  readonly measure?: {
    readonly kind?: string;
    readonly rule?: string;
    readonly settings?: Readonly<Record<string, unknown>>;
  };
}

interface Governance {
  readonly queue?: readonly Queued[];
  readonly ballot?: readonly OnBallot[];
  readonly ballotSeason?: string | null;
}

/** The governance state, if the game has one. */
function governanceOf(game: ApiGame): Governance | undefined {
  const modules: Readonly<Record<string, unknown>> | undefined = game.state?.modules;
  const own = modules?.['deviant'];
  return typeof own === 'object' && own !== null ? own : undefined;
}

/** A proposal on the ballot in words. */
function ballotLine(p: OnBallot): string {
  const m = p.measure;
  const what = `${m?.kind === 'repeal' ? 'Repeal ' : ''}${(m?.rule ?? '?').toUpperCase()}${Object.entries(
    m?.settings ?? {},
  )
    .map(([k, v]) => ` ${k}=${String(v)}`)
    .join('')}`;
  const how = p.origin === 'default' ? ' [re-proposed by default]' : '';
  return `(${p.label}) ${what}${how}`;
}

export function ApprovalQueue({
  game,
  onChanged,
}: {
  readonly game: ApiGame;
  readonly onChanged: () => void;
}) {
  const own = governanceOf(game);
  if (own === undefined) return null;
  const queue = own.queue ?? [];
  const ballot = own.ballot ?? [];
  return (
    <div class="gm-panel gm-wide" role="group" aria-labelledby="gm-queue-title">
      <h3 id="gm-queue-title">Proposals awaiting your ruling</h3>
      {queue.length === 0 ? (
        <p class="hint">No free-text proposal is waiting.</p>
      ) : (
        queue.map((q) => (
          <RulingForm key={q.label} game={game} proposal={q} onChanged={onChanged} />
        ))
      )}
      <h3 id="gm-ballot-title">
        On the ballot{own.ballotSeason == null ? '' : ` for ${own.ballotSeason}`}
      </h3>
      {ballot.length === 0 ? (
        <p class="hint">The ballot is empty.</p>
      ) : (
        <ul class="gm-ballot" aria-labelledby="gm-ballot-title">
          {ballot.map((p) => (
            <li key={p.label} data-label={p.label}>
              {ballotLine(p)}
              {p.text !== undefined && <span class="hint"> from “{p.text}”</span>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

type Choice = 'rule' | 'reject';

function RulingForm({
  game,
  proposal,
  onChanged,
}: {
  readonly game: ApiGame;
  readonly proposal: Queued;
  readonly onChanged: () => void;
}) {
  const api = useApi();
  const command = useCommand();
  const id = `gm-ruling-${proposal.label}`;
  const [choice, setChoice] = useState<Choice>('rule');
  const [rule, setRule] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const submit = (e: Event): void => {
    e.preventDefault();
    let ruling: Ruling;
    if (choice === 'rule') {
      const mapped = readMapping(rule);
      if (typeof mapped === 'string') {
        setErrors({ rule: mapped });
        return;
      }
      ruling = mapped;
    } else {
      if (reason.trim() === '') {
        setErrors({ reason: 'Give the reason: it is published in the GM log.' });
        return;
      }
      ruling = { ruling: 'reject', reason: reason.trim() };
    }
    setErrors({});
    command.run(
      () => ruleOnProposal(api, game, proposal.label, ruling),
      onChanged,
      (err) => {
        const field = fieldOf(err);
        const bare = err.message.replace(/^\w+: /, '');
        if (err.code === 'ruling/unknown-rule' || err.code === 'ruling/bad-settings')
          setErrors({ rule: sentence(err.message) });
        else if (field === 'rule' || field === 'reason') setErrors({ [field]: sentence(bare) });
        else setErrors({ form: sentence(err.message) });
      },
    );
  };
  const radio = (value: Choice, label: string) => (
    <label>
      <input
        type="radio"
        name={`${id}-choice`}
        checked={choice === value}
        onChange={() => {
          setChoice(value);
          setErrors({});
        }}
      />{' '}
      {label}
    </label>
  );
  return (
    <form
      class="gm-ruling"
      onSubmit={submit}
      noValidate
      aria-labelledby={`${id}-title`}
      data-label={proposal.label}
    >
      <p id={`${id}-title`}>
        <strong>({proposal.label})</strong> from {proposal.player}: “{proposal.text}”
      </p>
      <div class="gm-modes" role="radiogroup" aria-label={`Ruling on (${proposal.label})`}>
        {radio('rule', 'Approve as a catalogue rule')}
        {radio('reject', 'Reject')}
      </div>
      {choice === 'rule' && (
        <Field id={`${id}-rule`} label="Catalogue rule" error={errors['rule']}>
          <input
            id={`${id}-rule`}
            value={rule}
            placeholder="NO_CONVOY, BUILD_CAP max=2"
            aria-invalid={errors['rule'] !== undefined}
            aria-describedby={describedBy(`${id}-rule`, false, errors['rule'])}
            onInput={(e) => {
              setRule(e.currentTarget.value);
            }}
          />
        </Field>
      )}
      {choice === 'reject' && (
        <Field id={`${id}-reason`} label="Reason (published)" error={errors['reason']}>
          <input
            id={`${id}-reason`}
            value={reason}
            aria-invalid={errors['reason'] !== undefined}
            aria-describedby={describedBy(`${id}-reason`, false, errors['reason'])}
            onInput={(e) => {
              setReason(e.currentTarget.value);
            }}
          />
        </Field>
      )}
      <FormError message={errors['form']} />
      <div class="actions">
        <button type="submit" class="button" disabled={command.busy}>
          {choice === 'reject' ? `Reject (${proposal.label})` : `Approve (${proposal.label})`}
        </button>
      </div>
    </form>
  );
}
