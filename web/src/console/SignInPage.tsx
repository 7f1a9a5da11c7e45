import { useState, type FormEvent } from 'react';
import type { ApiFailure } from '../shared/api-failure.js';
import { requestSignInLink } from './console-api.js';
import { ErrorNotice } from './ErrorNotice.js';

/** No passwords: a person asks for a sign-in link and opens it from their mail. */
export function SignInPage() {
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<ApiFailure | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      setSent(await requestSignInLink(email.trim()));
    } catch (failure) {
      setError(failure as ApiFailure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="sign-in">
      <div className="sign-in-card panel">
        <p className="brand sign-in-brand">Countersign</p>
        <h1 className="sign-in-title">Sign in to the console</h1>
        {sent ? (
          <div role="status">
            <p>{sent}</p>
            <p className="hint">The link works once, for 15 minutes. You can close this tab and open the link from your mail.</p>
            <button type="button" className="button button-link" onClick={() => setSent(null)}>
              Use another address
            </button>
          </div>
        ) : (
          <form onSubmit={submit} noValidate={false}>
            <label className="input-label" htmlFor="sign-in-email">
              Work e-mail address
            </label>
            <input
              id="sign-in-email"
              className="text-input"
              type="email"
              autoComplete="email"
              required
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
            <p className="hint">We e-mail you a sign-in link. There is no password.</p>
            <ErrorNotice error={error} />
            <button type="submit" className="button button-primary sign-in-submit" disabled={busy || !email.trim()}>
              {busy ? 'Sending…' : 'E-mail me a sign-in link'}
            </button>
          </form>
        )}
      </div>
      <p className="sign-in-links">
        Building an integration? Read the <a href="/docs">API reference</a>.
      </p>
    </main>
  );
}
