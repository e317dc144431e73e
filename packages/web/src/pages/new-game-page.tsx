/**
 * Creating a game: its name, a variant the server offers (`GET /variants`) with each of its
 * options and what the option does, the rulebook edition (2023 unless chosen; the variant's own
 * text's edition is pointed out), the phase lengths, press and an optional last year. The
 * form is checked here first and the server's refusals are shown beside the field they name.
 * The draft is kept in sessionStorage, so a session that expires on the way loses nothing.
 */
import type { ApiVariant } from '@arbiter/server/api-types';
import { useEffect, useState } from 'preact/hooks';
import { ApiError } from '../api.js';
import { ErrorNote, useApi, useLoad } from '../app.js';
import { LIMITS, needsLogin, refusalErrors, type TimeUnit } from '../forms.js';
import {
  DEFAULT_RULEBOOK,
  emptyDraft,
  type NewGameDraft,
  newGameRequest,
  optionDefault,
  optionField,
  optionFields,
  optionInput,
  type OptionField,
  PRESS_MODES,
  type PressMode,
  type Rulebook,
  rulebookLabel,
} from '../new-game-form.js';
import { navigate } from '../router.js';
import { loginPath, useSession } from '../session.js';
import {
  describedBy,
  domId,
  DurationInput,
  Field,
  FieldError,
  FormError,
  useFormSubmit,
} from './form-parts.js';

/** The sessionStorage key of the unfinished form. */
const DRAFT_KEY = 'arbiter.new-game';

function loadDraft(): NewGameDraft | null {
  try {
    const raw = window.sessionStorage.getItem(DRAFT_KEY);
    return raw === null ? null : (JSON.parse(raw) as NewGameDraft);
  } catch {
    return null;
  }
}

function saveDraft(draft: NewGameDraft | null): void {
  try {
    if (draft === null) window.sessionStorage.removeItem(DRAFT_KEY);
    else window.sessionStorage.setItem(DRAFT_KEY, JSON.stringify(draft));
  } catch {
    // Without storage the draft lives as long as the page.
  }
}

export function NewGamePage() {
  const api = useApi();
  const { account } = useSession();
  const variants = useLoad(() => api.variants(), 'variants');
  if (account === null) {
    return (
      <section class="narrow">
        <h1>New game</h1>
        <p class="notice">
          <a href={loginPath('/games/new', false)}>Log in</a> to create a game: you will be its
          gamesmaster. No account? <a href="/register?next=%2Fgames%2Fnew">Register</a>.
        </p>
      </section>
    );
  }
  if (variants.state === 'loading') return <p aria-live="polite">Loading the variants…</p>;
  if (variants.state === 'error') return <ErrorNote error={variants.error} />;
  return <NewGameForm variants={variants.value} />;
}

function NewGameForm({ variants }: { readonly variants: readonly ApiVariant[] }) {
  const api = useApi();
  const [draft, setDraftState] = useState<NewGameDraft>(() => {
    const saved = loadDraft();
    return saved !== null && variants.some((v) => v.id === saved.variant)
      ? saved
      : emptyDraft(variants.find((v) => v.id === 'standard')?.id ?? variants[0]?.id ?? '');
  });
  const setDraft = (change: Partial<NewGameDraft>): void => {
    setDraftState((d) => ({ ...d, ...change }));
  };
  useEffect(() => {
    saveDraft(draft);
  }, [draft]);
  const variant = variants.find((v) => v.id === draft.variant);

  const checked = newGameRequest(draft, variant);
  const { form, errors, busy, submit } = useFormSubmit({
    check: () => (checked.ok ? {} : checked.errors),
    send: async () => {
      if (!checked.ok) return;
      const game = await api.createGame(checked.body);
      saveDraft(null);
      navigate(`/games/${encodeURIComponent(game.id)}`);
    },
    // A lost session goes to the login page (the draft is kept for the way back).
    refused: (err) =>
      needsLogin(err)
        ? null
        : err instanceof ApiError
          ? refusalErrors(err, fieldIds(variant))
          : { form: 'Something went wrong. Try again.' },
  });

  const err = (field: string): string | undefined => errors[field];
  return (
    <section class="narrow">
      <h1>New game</h1>
      <p class="meta">You will be the gamesmaster: players join, then you start the game.</p>
      <form ref={form} class="form" noValidate onSubmit={(e) => void submit(e)}>
        <Field id={domId('name')} label="Name of the game" error={err('name')}>
          <input
            id={domId('name')}
            name="name"
            maxLength={LIMITS.gameName}
            value={draft.name}
            aria-invalid={err('name') !== undefined}
            aria-describedby={describedBy(domId('name'), false, err('name'))}
            onInput={(e) => {
              setDraft({ name: e.currentTarget.value });
            }}
          />
        </Field>
        <Field
          id={domId('variant')}
          label="Variant"
          hint={variant === undefined ? undefined : <VariantSummary variant={variant} />}
          error={err('variant')}
        >
          <select
            id={domId('variant')}
            name="variant"
            value={draft.variant}
            aria-invalid={err('variant') !== undefined}
            aria-describedby={describedBy(domId('variant'), variant !== undefined, err('variant'))}
            onChange={(e) => {
              setDraft({ variant: e.currentTarget.value, options: {} });
            }}
          >
            {variants.map((v) => (
              <option key={v.id} value={v.id}>
                {v.name}
              </option>
            ))}
          </select>
        </Field>
        {variant !== undefined && (
          <Field
            id={domId('settings.rulebook')}
            label="Rulebook edition"
            hint={<RulebookHint variant={variant} />}
            error={err('settings.rulebook')}
          >
            <select
              id={domId('settings.rulebook')}
              value={draft.rulebook ?? DEFAULT_RULEBOOK}
              aria-invalid={err('settings.rulebook') !== undefined}
              aria-describedby={describedBy(
                domId('settings.rulebook'),
                true,
                err('settings.rulebook'),
              )}
              onChange={(e) => {
                setDraft({ rulebook: e.currentTarget.value as Rulebook });
              }}
            >
              {variant.rulebooks.map((r) => (
                <option key={r} value={r}>
                  {rulebookLabel(r, variant.rulebook)}
                </option>
              ))}
            </select>
          </Field>
        )}
        {variant?.modules.map((m) => (
          <fieldset key={m.id} class="options">
            <legend>Options of {m.id}</legend>
            <p class="hint">{m.headline}</p>
            {optionFields(m).length === 0 && <p class="hint">This rule has no options.</p>}
            {optionFields(m).map((field) => (
              <OptionInput
                key={field.name}
                field={field}
                value={draft.options[m.id]?.[field.name] ?? optionInput(field)}
                error={err(optionField(m.id, field.name))}
                onChange={(value) => {
                  setDraft({
                    options: {
                      ...draft.options,
                      [m.id]: { ...(draft.options[m.id] ?? {}), [field.name]: value },
                    },
                  });
                }}
              />
            ))}
          </fieldset>
        ))}
        <fieldset class="options">
          <legend>Timing and press</legend>
          <Duration
            field="settings.phaseSeconds"
            label="Movement phase length"
            hint="Time players have to send their orders; the phase ends sooner once all are ready."
            amount={draft.phase}
            unit={draft.phaseUnit}
            error={err('settings.phaseSeconds')}
            onChange={(phase, phaseUnit) => {
              setDraft({ phase, phaseUnit });
            }}
          />
          <Duration
            field="settings.shortPhaseSeconds"
            label="Retreat and adjustment phase length"
            hint="Leave empty for the same length as a movement phase."
            amount={draft.shortPhase}
            unit={draft.shortUnit}
            error={err('settings.shortPhaseSeconds')}
            onChange={(shortPhase, shortUnit) => {
              setDraft({ shortPhase, shortUnit });
            }}
          />
          <Field id={domId('settings.press')} label="Press" error={err('settings.press')}>
            <select
              id={domId('settings.press')}
              value={draft.press}
              aria-invalid={err('settings.press') !== undefined}
              aria-describedby={describedBy(domId('settings.press'), false, err('settings.press'))}
              onChange={(e) => {
                setDraft({ press: e.currentTarget.value as PressMode });
              }}
            >
              {PRESS_MODES.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.label}
                </option>
              ))}
            </select>
          </Field>
          <Field
            id={domId('settings.endYear')}
            label="Last year played (optional)"
            hint="The game ends drawn after this year. Leave empty to play to a solo."
            error={err('settings.endYear')}
          >
            <input
              id={domId('settings.endYear')}
              class="short"
              inputMode="numeric"
              value={draft.endYear}
              aria-invalid={err('settings.endYear') !== undefined}
              aria-describedby={describedBy(
                domId('settings.endYear'),
                true,
                err('settings.endYear'),
              )}
              onInput={(e) => {
                setDraft({ endYear: e.currentTarget.value });
              }}
            />
          </Field>
        </fieldset>
        <FormError message={errors['form']} />
        {Object.keys(errors).length > 0 && errors['form'] === undefined && (
          <p class="form-error" role="alert">
            The game was not created: correct the fields marked above.
          </p>
        )}
        <div class="actions">
          <button type="submit" class="primary" disabled={busy}>
            {busy ? 'Creating…' : 'Create the game'}
          </button>
          <a href="/">Cancel</a>
        </div>
      </form>
    </section>
  );
}

/** Every field id of the form for a variant, as the server names them. */
function fieldIds(variant: ApiVariant | undefined): string[] {
  return [
    'name',
    'variant',
    'settings.rulebook',
    'settings.phaseSeconds',
    'settings.shortPhaseSeconds',
    'settings.press',
    'settings.endYear',
    ...(variant?.modules ?? []).flatMap((m) =>
      optionFields(m).map((f) => optionField(m.id, f.name)),
    ),
  ];
}

/** What the edition decides, and which one the variant's own text names. */
function RulebookHint({ variant }: { readonly variant: ApiVariant }) {
  return (
    <>
      The rules of this edition decide the cases older rulebooks settle otherwise (convoys to
      neighbouring provinces, paradoxes, retreats after a convoy, civil disorder).
      {variant.rulebook !== DEFAULT_RULEBOOK &&
        ` ${variant.name}’s text names the ${variant.rulebook} rules.`}
    </>
  );
}

function VariantSummary({ variant }: { readonly variant: ApiVariant }) {
  const { min, max } = variant.players;
  const players =
    max === null
      ? `${min} or more players`
      : min === max
        ? `${min} players`
        : `${min} to ${max} players`;
  return (
    <>
      {players}; powers {variant.powers.map((p) => p.name).join(', ')}; starts {variant.startPhase}.
    </>
  );
}

/**
 * One setting of a module, built from its schema: a checkbox for on or off, a number input with
 * the setting's range for a whole number, a select of its words for a choice; each with its
 * sentence and its default.
 */
function OptionInput({
  field,
  value,
  error,
  onChange,
}: {
  readonly field: OptionField;
  readonly value: string | boolean;
  readonly error: string | undefined;
  readonly onChange: (value: string | boolean) => void;
}) {
  const id = domId(optionField(field.module, field.name));
  const hint = (
    <>
      {field.description}
      {field.kind === 'integer' &&
        ` A whole number from ${field.min} to ${field.max}.`} Default: {optionDefault(field)}.
    </>
  );
  if (field.kind === 'boolean') {
    return (
      <div class={error === undefined ? 'field check' : 'field check invalid'}>
        <input
          id={id}
          type="checkbox"
          checked={value === true}
          aria-invalid={error !== undefined}
          aria-describedby={describedBy(id, true, error)}
          onChange={(e) => {
            onChange(e.currentTarget.checked);
          }}
        />
        <label for={id}>
          <code>{field.name}</code>
        </label>
        <p class="hint" id={`${id}-hint`}>
          {hint}
        </p>
        <FieldError id={id} error={error} />
      </div>
    );
  }
  return (
    <Field id={id} label={<code>{field.name}</code>} hint={hint} error={error}>
      {field.kind === 'choice' ? (
        <select
          id={id}
          value={String(value)}
          aria-invalid={error !== undefined}
          aria-describedby={describedBy(id, true, error)}
          onChange={(e) => {
            onChange(e.currentTarget.value);
          }}
        >
          {field.values.map((v) => (
            <option key={v} value={v}>
              {v}
            </option>
          ))}
        </select>
      ) : (
        <input
          id={id}
          class="short"
          type="number"
          inputMode="numeric"
          min={field.min}
          max={field.max}
          step={1}
          placeholder={field.nullable ? 'none' : undefined}
          value={String(value)}
          aria-invalid={error !== undefined}
          aria-describedby={describedBy(id, true, error)}
          onInput={(e) => {
            onChange(e.currentTarget.value);
          }}
        />
      )}
    </Field>
  );
}

function Duration({
  field,
  label,
  hint,
  amount,
  unit,
  error,
  onChange,
}: {
  readonly field: string;
  readonly label: string;
  readonly hint: string;
  readonly amount: string;
  readonly unit: TimeUnit;
  readonly error: string | undefined;
  readonly onChange: (amount: string, unit: TimeUnit) => void;
}) {
  const id = domId(field);
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <DurationInput
        id={id}
        amount={amount}
        unit={unit}
        unitLabel={`${label}: unit`}
        hint={true}
        error={error}
        onChange={onChange}
      />
    </Field>
  );
}
