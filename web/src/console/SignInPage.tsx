import { useState, type FormEvent } from 'react';
import type { ApiFailure } from '../shared/api-failure.js';
import { requestSignInLink } from './console-api.js';
import { useT } from './i18n.js';
import { PasskeySignInButton } from './signin/PasskeySignInButton.js';
import { requestPasswordReset, signInWithPassword } from './signin/password-api.js';
import { SignInError } from './signin/SignInError.js';
import { SignInFrame } from './signin/SignInFrame.js';
import { SsoSignInButton } from './signin/SsoSignInButton.js';

type Mode = 'password' | 'reset';

/** A single sign-on refused at the callback comes back as `/?sso_error=CODE`. */
const ssoErrorInUrl = (): string | null => new URLSearchParams(window.location.search).get('sso_error');

/**
 * Every way in: e-mail and password (the primary), a passkey, single sign-on for the address's
 * organisation, or a sign-in link by mail; and the request of a password reset link.
 */
export function SignInPage() {
  const t = useT('signin');
  const [mode, setMode] = useState<Mode>('password');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [sent, setSent] = useState<'link' | 'reset' | null>(null);
  const [failure, setFailure] = useState<ApiFailure | null>(null);
  const [ssoError, setSsoError] = useState<string | null>(ssoErrorInUrl);
  const [busy, setBusy] = useState<'password' | 'link' | 'reset' | null>(null);
  const [needEmail, setNeedEmail] = useState(false);

  const run = async (kind: 'password' | 'link' | 'reset', action: () => Promise<unknown>) => {
    setBusy(kind);
    setFailure(null);
    setSsoError(null);
    try {
      await action();
      return true;
    } catch (error) {
      setFailure(error as ApiFailure);
      return false;
    } finally {
      setBusy(null);
    }
  };

  const signIn = async (event: FormEvent) => {
    event.preventDefault();
    if (await run('password', () => signInWithPassword(email.trim(), password))) {
      // The session cookie is set: the console starts over at the same address, without ?sso_error.
      window.location.assign(window.location.pathname);
    }
  };

  const mailLink = async () => {
    if (!email.trim()) {
      setNeedEmail(true);
      return;
    }
    setNeedEmail(false);
    if (await run('link', () => requestSignInLink(email.trim()))) setSent('link');
  };

  const mailReset = async (event: FormEvent) => {
    event.preventDefault();
    if (await run('reset', () => requestPasswordReset(email.trim()))) setSent('reset');
  };

  const startOver = () => {
    setSent(null);
    setMode('password');
    setFailure(null);
  };

  if (sent) {
    return (
      <SignInFrame title={sent === 'link' ? t('title') : t('reset.title')}>
        <div role="status" data-testid="sign-in-sent">
          <p>{sent === 'link' ? t('linkSent') : t('reset.sent')}</p>
          {sent === 'link' && <p className="hint">{t('linkHint')}</p>}
        </div>
        <button type="button" className="button button-link" onClick={startOver}>
          {sent === 'link' ? t('useAnother') : t('reset.back')}
        </button>
      </SignInFrame>
    );
  }

  if (mode === 'reset') {
    return (
      <SignInFrame title={t('reset.title')}>
        <p>{t('reset.intro')}</p>
        <form onSubmit={mailReset}>
          <label className="input-label" htmlFor="reset-email">
            {t('email')}
          </label>
          <input
            id="reset-email"
            className="text-input"
            type="email"
            autoComplete="email"
            required
            maxLength={254}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <SignInError failure={failure} />
          <button type="submit" className="button button-primary sign-in-submit" disabled={busy !== null || !email.trim()}>
            {busy === 'reset' ? t('reset.sending') : t('reset.send')}
          </button>
        </form>
        <button type="button" className="button button-link" onClick={startOver}>
          {t('reset.back')}
        </button>
      </SignInFrame>
    );
  }

  return (
    <SignInFrame title={t('title')}>
      <SignInError failure={failure} code={failure ? null : ssoError} />
      <form onSubmit={signIn}>
        <label className="input-label" htmlFor="sign-in-email">
          {t('email')}
        </label>
        <input
          id="sign-in-email"
          className="text-input"
          type="email"
          autoComplete="username"
          required
          maxLength={254}
          aria-describedby={needEmail ? 'sign-in-email-needed' : undefined}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        {needEmail && (
          <p id="sign-in-email-needed" className="form-error" role="alert">
            {t('emailFirst')}
          </p>
        )}
        <div className="sign-in-password-label">
          <label className="input-label" htmlFor="sign-in-password">
            {t('password')}
          </label>
          <button
            type="button"
            className="button button-link sign-in-forgot"
            onClick={() => {
              setFailure(null);
              setMode('reset');
            }}
          >
            {t('forgot')}
          </button>
        </div>
        <input
          id="sign-in-password"
          className="text-input"
          type="password"
          autoComplete="current-password"
          required
          maxLength={1024}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <button type="submit" className="button button-primary sign-in-submit" disabled={busy !== null || !email.trim() || !password}>
          {busy === 'password' ? t('signingIn') : t('signIn')}
        </button>
      </form>
      <p className="sign-in-or">
        <span>{t('or')}</span>
      </p>
      <div className="sign-in-alternatives">
        <PasskeySignInButton />
        <SsoSignInButton email={email.trim()} />
        <button type="button" className="button button-secondary sign-in-alternative" onClick={mailLink} disabled={busy !== null}>
          {busy === 'link' ? t('sendingLink') : t('emailLink')}
        </button>
      </div>
    </SignInFrame>
  );
}
