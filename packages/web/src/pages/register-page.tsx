/**
 * Registering: a name, a password typed twice. The name and the password are checked here as
 * the server checks them, and what the server still refuses (a name taken) is shown beside the
 * field it is about. A new account is logged in at once.
 */
import { useState } from 'preact/hooks';
import { ApiError } from '../api.js';
import { checkAccountName, checkNewPassword, LIMITS, refusalErrors, safeNext } from '../forms.js';
import { navigate } from '../router.js';
import { useSession } from '../session.js';
import { FormError, TextField, useFormSubmit } from './form-parts.js';

export function RegisterPage() {
  const session = useSession();
  const next = safeNext(new URLSearchParams(window.location.search).get('next'));
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const { form, errors, busy, submit } = useFormSubmit({
    check: () => {
      const badName = checkAccountName(name.trim());
      return {
        ...(badName === undefined ? {} : { name: badName }),
        ...checkNewPassword(password, again),
      };
    },
    send: async () => {
      await session.register({ name: name.trim(), password });
      navigate(next);
    },
    refused: (err) =>
      err instanceof ApiError
        ? err.code === 'auth/name-taken'
          ? { name: `The name ${name.trim()} is taken. Choose another.` }
          : refusalErrors(err, ['name', 'password'])
        : { form: 'Something went wrong. Try again.' },
  });

  const nameHint = `1 to ${LIMITS.accountName} letters, digits, and _ . or -; other players see it.`;
  const passwordHint = `At least ${LIMITS.minPassword} characters.`;
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
          maxLength={LIMITS.accountName}
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
