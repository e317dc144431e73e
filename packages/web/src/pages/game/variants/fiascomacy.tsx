/**
 * Fiascomacy's panel: the player's investments this season with the PF left to place (a form
 * that never offers more), the investment table (player by power, every PF ever invested), each
 * player's Score, and the last phase's tallies, unit by unit, as the module publishes them.
 */
import { fiascomacyModule } from '@arbiter/rules';
import { useMemo } from 'preact/hooks';
import { describePhase } from '../history.js';
import { investmentsOf, pfLeft, scores, unitTallies, withLine, withoutLine } from './lines.js';
import {
  AllowanceForm,
  namesOf,
  phaseOf,
  playerOf,
  useModuleEvents,
  type VariantPanelProps,
} from './shared.js';

interface Seen {
  readonly invested: Readonly<Record<string, Readonly<Record<string, number>>>>;
  readonly pf: Readonly<Record<string, number>>;
  readonly forfeited: Readonly<Record<string, number>>;
}

function seen(raw: unknown): Seen {
  const m = (raw ?? {}) as Record<string, unknown>;
  return {
    invested: (m['invested'] ?? {}) as Seen['invested'],
    pf: (m['pf'] ?? {}) as Seen['pf'],
    forfeited: (m['forfeited'] ?? {}) as Seen['forfeited'],
  };
}

export function FiascomacyPanel({ api, game, map, gameMap, sheet }: VariantPanelProps) {
  const names = namesOf(map);
  const me = playerOf(game);
  const view = seen((game.state?.modules as Record<string, unknown> | undefined)?.['fiascomacy']);
  const phase = phaseOf(game);
  const events = useModuleEvents(api, game, 'fiascomacy/');
  const invests = useMemo(
    () => (sheet === null ? [] : investmentsOf(fiascomacyModule, gameMap, sheet.text)),
    [sheet?.text, gameMap],
  );
  const pf = me === null ? 0 : (view.pf[me] ?? 0);
  const left = pfLeft(pf, invests);
  const powers = map.powers.map((p) => p.id);
  const players = game.seats.map((s) => s.playerId);
  const seatName = (id: string): string => game.seats.find((s) => s.playerId === id)?.name ?? id;
  const score = scores(view.invested, game.state?.supplyCenters ?? {});
  const lastPhase = game.lastPhase?.name;
  const tallies = events
    .filter((e) => e.type === 'fiascomacy/tally' && e.phase === lastPhase)
    .map((e) => unitTallies(e.data))
    .filter((t) => t !== null);
  const investing = phase.type === 'movement';

  return (
    <section class="variant-panel" aria-labelledby="fiasco-title" data-variant="fiascomacy">
      <h2 id="fiasco-title">Investments</h2>
      {sheet !== null && investing && (
        <InvestForm
          pf={pf}
          left={left}
          powers={powers}
          powerName={names.power}
          invests={invests}
          onInvest={(n, power) => {
            sheet.edit(withLine(sheet.text, `INVEST ${n} IN ${power}`), true);
          }}
          onRemove={(line) => {
            sheet.edit(withoutLine(sheet.text, line), true);
          }}
        />
      )}
      {sheet !== null && !investing && (
        <p class="hint">PF are invested with the movement orders; none in this phase.</p>
      )}
      <div class="table-scroll">
        <table class="invest-table" data-invest-table>
          <caption>PF invested in each power, by player; Score: PF × the power's centres</caption>
          <thead>
            <tr>
              <th scope="col">Power</th>
              {players.map((pl) => (
                <th key={pl} scope="col" class={pl === me ? 'me' : undefined}>
                  {pl === me ? 'You' : seatName(pl)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {powers.map((p) => (
              <tr key={p}>
                <th scope="row">{names.power(p)}</th>
                {players.map((pl) => (
                  <td key={pl} data-player={pl} data-power={p} class={pl === me ? 'me' : undefined}>
                    {view.invested[pl]?.[p] ?? 0}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">Score</th>
              {players.map((pl) => (
                <td key={pl} data-player={pl} data-score class={pl === me ? 'me' : undefined}>
                  {score[pl] ?? 0}
                </td>
              ))}
            </tr>
          </tfoot>
        </table>
      </div>
      <h3>Tallies{lastPhase === undefined ? '' : ` of ${describePhase(lastPhase)}`}</h3>
      {tallies.length === 0 ? (
        <p class="hint">No unit has been ordered by tally yet.</p>
      ) : (
        tallies.map((t) => (
          <div key={t.power} data-tally-power={t.power}>
            <h4>{names.power(t.power)}</h4>
            <ul class="unit-tallies">
              {t.units.map((u) => (
                <li key={u.unit} data-unit-tally={u.unit}>
                  <code>{u.unit}</code>:{' '}
                  {u.votes.map((v) => `${v.order} ${v.weight}`).join(', ') || 'no order'} →{' '}
                  <strong>{u.carried.length === 0 ? 'nothing' : u.carried.join(', ')}</strong>
                  {u.note === undefined ? '' : ` (${u.note})`}
                </li>
              ))}
            </ul>
          </div>
        ))
      )}
    </section>
  );
}

function InvestForm({
  pf,
  left,
  powers,
  powerName,
  invests,
  onInvest,
  onRemove,
}: {
  readonly pf: number;
  readonly left: number;
  readonly powers: readonly string[];
  readonly powerName: (id: string) => string;
  readonly invests: readonly { line: number; text: string; amount: number; power: string | null }[];
  readonly onInvest: (n: number, power: string) => void;
  readonly onRemove: (line: number) => void;
}) {
  return (
    <AllowanceForm
      id="invest"
      title="Your investments this season"
      status={
        <p data-pf-left>
          <strong>{Math.max(0, left)}</strong> of {pf} PF left to place.
          {left > 0 && ' PF not placed this season are lost.'}
          {left < 0 &&
            ` Your investments add up to ${pf - left} PF, more than you have: take some back.`}
        </p>
      }
      amountId="invest-amount"
      amountLabel="Invest"
      choiceId="invest-power"
      choiceLabel="PF in"
      choices={powers}
      choiceName={powerName}
      submitLabel="Invest"
      unit="PF"
      left={left}
      tooMany={(n) => `You have ${left} PF left to place: ${n} is too many.`}
      lines={invests}
      listAttribute="data-my-investments"
      onAdd={onInvest}
      onRemove={onRemove}
    >
      <p class="hint">
        Investments are permanent; you may order every unit of a power you have invested in.
      </p>
    </AllowanceForm>
  );
}
