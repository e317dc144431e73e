/**
 * Whom a message goes to, as a box to tick per possible reader: the press box's recipients and
 * Fin de Siecle's paid messages (the powers written to).
 */
import type { ComponentChildren } from 'preact';
import type { StateUpdater } from 'preact/hooks';

export function RecipientChecks({
  legend,
  options,
  chosen,
  setChosen,
  nameOf,
  class: cls,
}: {
  readonly legend: ComponentChildren;
  /** Each possible reader's id, in the order shown. */
  readonly options: readonly string[];
  readonly chosen: readonly string[];
  readonly setChosen: (update: StateUpdater<readonly string[]>) => void;
  /** Each reader's name as shown. */
  readonly nameOf: (id: string) => string;
  readonly class?: string;
}) {
  return (
    <fieldset class={cls}>
      <legend>{legend}</legend>
      {options.map((p) => (
        <label key={p}>
          <input
            type="checkbox"
            checked={chosen.includes(p)}
            onChange={(e) => {
              const on = e.currentTarget.checked;
              setChosen((t) => (on ? [...t, p] : t.filter((x) => x !== p)));
            }}
          />{' '}
          {nameOf(p)}
        </label>
      ))}
    </fieldset>
  );
}
