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
import { FormError, TextField, useFocusFirstError } from './form-parts.js';

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
        <TextField
          id="register-name"
          name="name"
          label="Name"
          kind="name"
          hint={nameHint}
          error={errors['name']}
          maxLength={40}
          value={name}
          onValue={setName}
        />
        <TextField
          id="register-password"
          name="password"
          label="Password"
          kind="new-password"
          hint={passwordHint}
          error={errors['password']}
          value={password}
          onValue={setPassword}
        />
        <TextField
          id="register-again"
          name="again"
          label="Password again"
          kind="new-password"
          error={errors['again']}
          value={again}
          onValue={setAgain}
        />
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
