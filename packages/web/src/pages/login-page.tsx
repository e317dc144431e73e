/**
 * Logging in: a name and a password. A refusal is said in words (an unknown name and a wrong
 * password are one answer, as the server gives it); after logging in the user goes back to the
 * page they came from (`?next=`), and a session that ended on its own is explained (`?expired=1`).
 */
import { useState } from 'preact/hooks';
import { ApiError } from '../api.js';
import { safeNext, sentence } from '../forms.js';
import { navigate } from '../router.js';
import { useSession } from '../session.js';
import { FormError, TextField, useFormSubmit } from './form-parts.js';

export function LoginPage() {
  const session = useSession();
  const params = new URLSearchParams(window.location.search);
  const next = safeNext(params.get('next'));
  const expired = params.get('expired') === '1';
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const { form, errors, busy, submit } = useFormSubmit({
    check: () => ({
      ...(name.trim() === '' ? { name: 'Enter your name.' } : {}),
      ...(password === '' ? { password: 'Enter your password.' } : {}),
    }),
    send: async () => {
      await session.login({ name: name.trim(), password });
      navigate(next);
    },
    refused: (err) => ({ form: loginRefusal(err) }),
  });

  return (
    <section class="narrow">
      <h1>Log in</h1>
      {expired && (
        <p class="notice" role="status">
          Your session has expired or was ended. Log in again to go on
          {next === '/' ? '' : ' where you were'}; nothing you saved is lost.
        </p>
      )}
      {session.account !== null && !expired && (
        <p class="notice">
          You are logged in as <strong>{session.account.name}</strong>. Logging in again switches to
          another account.
        </p>
      )}
      <form ref={form} class="form" noValidate onSubmit={(e) => void submit(e)}>
        <TextField
          id="login-name"
          name="name"
          label="Name"
          kind="name"
          error={errors['name']}
          value={name}
          onValue={setName}
        />
        <TextField
          id="login-password"
          name="password"
          label="Password"
          kind="current-password"
          error={errors['password']}
          value={password}
          onValue={setPassword}
        />
        <FormError message={errors['form']} />
        <div class="actions">
          <button type="submit" class="primary" disabled={busy}>
            {busy ? 'Logging in…' : 'Log in'}
          </button>
        </div>
      </form>
      <p>
        No account yet?{' '}
        <a href={next === '/' ? '/register' : `/register?next=${encodeURIComponent(next)}`}>
          Register
        </a>
        .
      </p>
    </section>
  );
}

/** Why a login failed, in words. */
function loginRefusal(err: unknown): string {
  if (!(err instanceof ApiError)) return 'Something went wrong. Try again.';
  switch (err.code) {
    case 'auth/bad-credentials':
      return 'That name and password do not match an account. Check both and try again.';
    case 'auth/throttled':
      return `${sentence(err.message)} (Too many failed attempts.)`;
    default:
      return sentence(err.message);
  }
}
