import { useState, type FormEvent } from 'react';
import { ApiFailure } from '../shared/api-failure.js';
import type { AuthenticationMethod, SentCode } from './authentication-types.js';
import './recipient-authentication.css';
import type { SigningApi } from './signing-api.js';

interface RecipientAuthenticationProps {
  api: SigningApi;
  method: AuthenticationMethod;
  onAuthenticated: () => void;
}

const timeOf = (iso: string) => new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });

/** What the signer reads for a refused code or request, from the answer's code (and the numbers in its message). */
const explain = (error: unknown): string => {
  if (!(error instanceof ApiFailure)) return 'Something went wrong. Try again.';
  const detail = error.errors[0]?.developer_message ?? '';
  switch (error.code) {
    case 'INVALID_CODE': {
      const left = /(\d+) attempts? left/.exec(detail)?.[1];
      if (left === '0') return 'That code is not right. You have no attempts left: wait 15 minutes, then try again.';
      return left ? `That code is not right. ${left} attempt${left === '1' ? '' : 's'} left.` : 'That code is not right.';
    }
    case 'RECIPIENT_LOCKED': {
      const until = /locked until (\S+?)\.?$/.exec(detail)?.[1];
      return `Too many wrong codes. You can try again ${until ? `at ${timeOf(until)}` : 'in 15 minutes'}.`;
    }
    case 'CODE_TOO_SOON': {
      const seconds = /in (\d+) seconds/.exec(detail)?.[1];
      return `A code was sent less than a minute ago. You can ask for a new one ${seconds ? `in ${seconds} seconds` : 'shortly'}.`;
    }
    case 'CODE_EXPIRED':
      return 'That code has expired or was already used. Ask for a new code.';
    case 'FIELD_REQUIRED':
    case 'INVALID_REQUEST':
      return 'Enter the code.';
    default:
      return error.message;
  }
};

/**
 * The step before the documents for a signer the sender asked to authenticate (API.md §12): an
 * access code given out of band, or a one-time code sent by SMS on request.
 */
export function RecipientAuthentication({ api, method, onAuthenticated }: RecipientAuthenticationProps) {
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<SentCode | null>(null);

  const sendCode = async () => {
    setBusy(true);
    setError(null);
    try {
      setSent(await api.sendCode());
    } catch (failure) {
      setError(explain(failure));
    } finally {
      setBusy(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return setError('Enter the code.');
    setBusy(true);
    setError(null);
    try {
      await api.authenticate(code.trim());
      onAuthenticated();
    } catch (failure) {
      setError(explain(failure));
      setBusy(false);
    }
  };

  const sms = method === 'sms';
  const showCodeInput = !sms || sent !== null;
  const label = sms ? 'Code from the text message' : 'Access code';

  return (
    <section className="panel auth-step" aria-labelledby="auth-title" data-testid="auth-step">
      <h1 id="auth-title" className="auth-title">
        Confirm it is you
      </h1>
      <p className="auth-intro">
        {sms
          ? 'The sender asked us to check your identity before you see the documents. We will send a 6-digit code to your phone by text message.'
          : 'The sender asked us to check your identity before you see the documents. Enter the access code the sender gave you; it is not in the e-mail.'}
      </p>
      {sms ? (
        <div className="auth-sms">
          {sent ? (
            <p className="auth-sent" role="status" data-testid="auth-sent">
              We sent a code to {sent.sent_to}. It is valid until {timeOf(sent.expires_at)}.
            </p>
          ) : null}
          <button
            type="button"
            className={sent ? 'button button-secondary' : 'button button-primary'}
            onClick={() => void sendCode()}
            disabled={busy}
            data-testid="auth-send-code"
          >
            {sent ? 'Send a new code' : 'Send code by SMS'}
          </button>
        </div>
      ) : null}
      {showCodeInput ? (
        <form className="auth-form" onSubmit={(event) => void submit(event)} noValidate>
          <label className="input-label" htmlFor="auth-code">
            {label}
          </label>
          <div className="auth-row">
            <input
              id="auth-code"
              className="text-input auth-input"
              data-testid="auth-code"
              value={code}
              maxLength={64}
              autoComplete={sms ? 'one-time-code' : 'off'}
              inputMode={sms ? 'numeric' : 'text'}
              spellCheck={false}
              autoFocus
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'auth-error' : undefined}
              onChange={(event) => setCode(event.target.value)}
            />
            <button type="submit" className="button button-primary" disabled={busy} data-testid="auth-submit">
              {busy ? 'Checking…' : 'Continue'}
            </button>
          </div>
        </form>
      ) : null}
      {error ? (
        <p id="auth-error" className="form-error auth-error" role="alert" data-testid="auth-error">
          {error}
        </p>
      ) : null}
    </section>
  );
}
