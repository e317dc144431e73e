/**
 * Pieces every form of the page uses: a labelled field with its hint and its error tied to the
 * input (`aria-describedby`, `aria-invalid`), and the form's own error, announced when it appears.
 */
import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { FieldErrors, TimeUnit } from '../forms.js';

/** The ids an input points to with `aria-describedby`: its hint, then its error. */
export function describedBy(id: string, hint: boolean, error: string | undefined): string {
  return [hint ? `${id}-hint` : '', error !== undefined ? `${id}-error` : '']
    .filter((s) => s !== '')
    .join(' ');
}

/** The DOM id of a field id (`options.fink.phantomFink` -> `f-options-fink-phantomFink`). */
export function domId(field: string): string {
  return `f-${field.replace(/[^A-Za-z0-9_-]/g, '-')}`;
}

export function Field({
  id,
  label,
  hint,
  error,
  children,
}: {
  readonly id: string;
  readonly label: ComponentChildren;
  readonly hint?: ComponentChildren;
  readonly error?: string | undefined;
  /** The input, with `id`, `aria-describedby={describedBy(id, hint !== undefined, error)}`. */
  readonly children: ComponentChildren;
}) {
  return (
    <div class={error === undefined ? 'field' : 'field invalid'}>
      <label for={id}>{label}</label>
      {children}
      {hint !== undefined && (
        <p class="hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      <FieldError id={id} error={error} />
    </div>
  );
}

/** A field's error, under the id `describedBy` gives its input; nothing when there is none. */
export function FieldError({
  id,
  error,
}: {
  readonly id: string;
  readonly error: string | undefined;
}) {
  if (error === undefined) return null;
  return (
    <p class="field-error" id={`${id}-error`}>
      {error}
    </p>
  );
}

/**
 * A duration as typed: a whole number (the input, `id`) and its unit (a select labelled
 * `unitLabel`), for inside a `Field` labelled for `id`.
 */
export function DurationInput({
  id,
  amount,
  unit,
  unitLabel,
  hint,
  error,
  onChange,
}: {
  readonly id: string;
  readonly amount: string;
  readonly unit: TimeUnit;
  readonly unitLabel: string;
  /** Whether the `Field` shows a hint (the input is described by it). */
  readonly hint: boolean;
  readonly error: string | undefined;
  readonly onChange: (amount: string, unit: TimeUnit) => void;
}) {
  return (
    <div class="inline">
      <input
        id={id}
        class="short"
        inputMode="numeric"
        value={amount}
        aria-invalid={error !== undefined}
        aria-describedby={describedBy(id, hint, error)}
        onInput={(e) => {
          onChange(e.currentTarget.value, unit);
        }}
      />
      <select
        aria-label={unitLabel}
        value={unit}
        onChange={(e) => {
          onChange(amount, e.currentTarget.value as TimeUnit);
        }}
      >
        <option value="minutes">minutes</option>
        <option value="hours">hours</option>
        <option value="days">days</option>
      </select>
    </div>
  );
}

/** What kind of text an account field holds: a name, or a password new or known. */
export type TextKind = 'name' | 'current-password' | 'new-password';

/** A one-line text field (`Field` and its input, wired): the account forms' fields. */
export function TextField({
  id,
  name,
  label,
  kind,
  hint,
  error,
  value,
  maxLength,
  onValue,
}: {
  readonly id: string;
  readonly name: string;
  readonly label: string;
  readonly kind: TextKind;
  readonly hint?: string;
  readonly error: string | undefined;
  readonly value: string;
  readonly maxLength?: number;
  readonly onValue: (value: string) => void;
}) {
  const password = kind !== 'name';
  return (
    <Field id={id} label={label} {...(hint === undefined ? {} : { hint })} error={error}>
      <input
        id={id}
        name={name}
        {...(password
          ? { type: 'password', autoComplete: kind }
          : { autoComplete: 'username', autoCapitalize: 'none', spellcheck: false })}
        {...(maxLength === undefined ? {} : { maxLength })}
        value={value}
        aria-invalid={error !== undefined}
        aria-describedby={describedBy(id, hint !== undefined, error)}
        onInput={(e) => {
          onValue(e.currentTarget.value);
        }}
      />
    </Field>
  );
}

/** The form's error that belongs to no one field; announced when it appears. */
export function FormError({ message }: { readonly message: string | undefined }) {
  if (message === undefined) return null;
  return (
    <p class="form-error" role="alert">
      {message}
    </p>
  );
}

/**
 * After a failed submit, moves the focus to the first field in error (in the form's order), so
 * a keyboard or screen-reader user lands on what needs fixing. `attempt` changes on each submit.
 */
export function useFocusFirstError(
  form: { readonly current: HTMLFormElement | null },
  errors: FieldErrors,
  attempt: number,
): void {
  const last = useRef(0);
  useEffect(() => {
    if (attempt === last.current) return;
    last.current = attempt;
    const bad = form.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    bad?.focus();
  }, [attempt, errors]);
}

/** A form's submission, as `useFormSubmit` runs it. */
export interface FormSubmission {
  /** The fields' problems found before sending; empty to send. */
  readonly check: () => FieldErrors;
  /** Sends the form; a throw is the server's refusal. */
  readonly send: () => Promise<void>;
  /** The refusal as field errors; `null` when it is handled elsewhere (a lost session). */
  readonly refused: (err: unknown) => FieldErrors | null;
}

/**
 * A form's errors, its busy state and its submit handler: the fields are checked, then sent,
 * and a refusal is shown as errors; after each try the focus goes to the first field in error.
 */
export function useFormSubmit(submission: FormSubmission): {
  readonly form: { current: HTMLFormElement | null };
  readonly errors: FieldErrors;
  readonly busy: boolean;
  readonly submit: (e: Event) => Promise<void>;
} {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const form = useRef<HTMLFormElement>(null);
  useFocusFirstError(form, errors, attempt);
  const submit = async (e: Event): Promise<void> => {
    e.preventDefault();
    const found = submission.check();
    setErrors(found);
    setAttempt((n) => n + 1);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await submission.send();
    } catch (err) {
      const refused = submission.refused(err);
      if (refused !== null) {
        setErrors(refused);
        setAttempt((n) => n + 1);
      }
    } finally {
      setBusy(false);
    }
  };
  return { form, errors, busy, submit };
}
