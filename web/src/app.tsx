import { useEffect, useState, type FormEvent } from 'react';
import { loginSchema, type AppConfig, type PublicUser } from '../../shared/schemas/auth';
import { getConfig, getCurrentUser, login, logout } from './api';

/** The Foundation's placeholder: sign in and out. The full app replaces it (Web app I). */
export function App() {
  const [user, setUser] = useState<PublicUser | null | undefined>(undefined);
  const [config, setConfig] = useState<AppConfig | null>(null);
  const [error, setError] = useState('');

  useEffect(() => {
    getCurrentUser().then(setUser, () => setUser(null));
    getConfig().then(setConfig, () => setConfig(null));
  }, []);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const parsed = loginSchema.safeParse({ email: form.get('email'), password: form.get('password') });
    if (!parsed.success) return setError(parsed.error.issues[0]!.message);
    try {
      setUser(await login(parsed.data.email, parsed.data.password));
      setError('');
    } catch (failure) {
      setError((failure as Error).message);
    }
  }

  if (user === undefined) return <main aria-busy="true" />;
  if (user) {
    return (
      <main>
        <h1>SAMS</h1>
        <p>
          Signed in as <strong>{user.username}</strong> ({user.role}).
        </p>
        <button type="button" onClick={() => logout().finally(() => setUser(null))}>
          Logout
        </button>
      </main>
    );
  }
  return (
    <main>
      <h1>SAMS Login</h1>
      <form onSubmit={onSubmit} noValidate>
        <label>
          Email
          <input name="email" type="email" autoComplete="username" required />
        </label>
        <label>
          Password
          <input name="password" type="password" autoComplete="current-password" required />
        </label>
        {error && <p role="alert">{error}</p>}
        <button type="submit">Login</button>
      </form>
      {config?.demo && (
        <p className="hint">
          Demo:{' '}
          {config.demo.accounts.map((account) => `${account.email} / ${account.password} (${account.role})`).join(' · ')}
        </p>
      )}
    </main>
  );
}
