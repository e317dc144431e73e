/**
 * Registering: a name, a password typed twice. The name and the password are checked here as
 * the server checks them, and what the server still refuses (a name taken) is shown beside the
 * field it is about. A new account is logged in at once.
 */
import { useRef, useState } from 'preact/hooks';
import { ApiError } from '../api.js';
import {
  checkAccountName,
  checkNewPassword,
  type FieldErrors,
  MIN_PASSWORD,
  refusalErrors,
  safeNext,
} from '../forms.js';
import { navigate } from '../router.js';
import { useSession } from '../session.js';
import { describedBy, Field, FormError, useFocusFirstError } from './form-parts.js';

export function RegisterPage() {
  const session = useSession();
  const next = safeNext(new URLSearchParams(window.location.search).get('next'));
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const form = useRef<HTMLFormElement>(null);
  useFocusFirstError(form, errors, attempt);

  const submit = async (e: Event): Promise<void> => {
    e.preventDefault();
    const badName = checkAccountName(name.trim());
    const found = {
      ...(badName === undefined ? {} : { name: badName }),
      ...checkNewPassword(password, again),
    };
    setErrors(found);
    setAttempt((n) => n + 1);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await session.register({ name: name.trim(), password });
      navigate(next);
    } catch (err) {
      const refused =
        err instanceof ApiError
          ? err.code === 'auth/name-taken'
            ? { name: `The name ${name.trim()} is taken. Choose another.` }
            : refusalErrors(err, ['name', 'password'])
          : { form: 'Something went wrong. Try again.' };
      setErrors(refused);
      setAttempt((n) => n + 1);
    } finally {
      setBusy(false);
    }
  };

  const nameHint = '1 to 40 letters, digits, and _ . or -; other players see it.';
  const passwordHint = `At least ${MIN_PASSWORD} characters.`;
  return (
    <section class="narrow">
      <h1>Register</h1>
      <form ref={form} class="form" noValidate onSubmit={(e) => void submit(e)}>
        <Field id="register-name" label="Name" hint={nameHint} error={errors['name']}>
          <input
            id="register-name"
            name="name"
            autoComplete="username"
            autoCapitalize="none"
            spellcheck={false}
            maxLength={40}
            value={name}
            aria-invalid={errors['name'] !== undefined}
            aria-describedby={describedBy('register-name', true, errors['name'])}
            onInput={(e) => {
              setName(e.currentTarget.value);
            }}
          />
        </Field>
        <Field
          id="register-password"
          label="Password"
          hint={passwordHint}
          error={errors['password']}
        >
          <input
            id="register-password"
            name="password"
            type="password"
            autoComplete="new-password"
            value={password}
            aria-invalid={errors['password'] !== undefined}
            aria-describedby={describedBy('register-password', true, errors['password'])}
            onInput={(e) => {
              setPassword(e.currentTarget.value);
            }}
          />
        </Field>
        <Field id="register-again" label="Password again" error={errors['again']}>
          <input
            id="register-again"
            name="again"
            type="password"
            autoComplete="new-password"
            value={again}
            aria-invalid={errors['again'] !== undefined}
            aria-describedby={describedBy('register-again', false, errors['again'])}
            onInput={(e) => {
              setAgain(e.currentTarget.value);
            }}
          />
        </Field>
        <FormError message={errors['form']} />
        <div class="actions">
          <button type="submit" class="primary" disabled={busy}>
            {busy ? 'Registering…' : 'Register'}
          </button>
        </div>
      </form>
      <p>
        Already registered?{' '}
        <a href={next === '/' ? '/login' : `/login?next=${encodeURIComponent(next)}`}>Log in</a>.
      </p>
    </section>
  );
}
