import { useState, type FormEvent } from 'react';
import { ApiFailure } from '../shared/api-failure.js';
import type { AuthenticationMethod, SentCode } from './authentication-types.js';
import { useTranslation, type Translation } from './i18n.js';
import './recipient-authentication.css';
import type { SigningApi } from './signing-api.js';

interface RecipientAuthenticationProps {
  api: SigningApi;
  method: AuthenticationMethod;
  onAuthenticated: () => void;
}

const timeOf = (iso: string, language: string) => new Date(iso).toLocaleTimeString(language, { hour: '2-digit', minute: '2-digit' });

/** What the signer reads for a refused code or request, from the answer's code (and the numbers in its message). */
const explain = (error: unknown, { t, language }: Translation): string => {
  if (!(error instanceof ApiFailure)) return t('sign.authentication.somethingWrong');
  const detail = error.errors[0]?.developer_message ?? '';
  switch (error.code) {
    case 'INVALID_CODE': {
      const left = /(\d+) attempts? left/.exec(detail)?.[1];
      if (left === '0') return t('sign.authentication.wrongCodeNoneLeft');
      return left ? t('sign.authentication.wrongCodeLeft', { count: Number(left) }) : t('sign.authentication.wrongCode');
    }
    case 'RECIPIENT_LOCKED': {
      const until = /locked until (\S+?)\.?$/.exec(detail)?.[1];
      return until ? t('sign.authentication.lockedUntil', { time: timeOf(until, language) }) : t('sign.authentication.locked');
    }
    case 'CODE_TOO_SOON': {
      const seconds = /in (\d+) seconds/.exec(detail)?.[1];
      return seconds ? t('sign.authentication.tooSoonIn', { seconds }) : t('sign.authentication.tooSoon');
    }
    case 'CODE_EXPIRED':
      return t('sign.authentication.expired');
    case 'FIELD_REQUIRED':
    case 'INVALID_REQUEST':
      return t('sign.authentication.enterCode');
    default:
      return error.message;
  }
};

/**
 * The step before the documents for a signer the sender asked to authenticate (docs/concepts/recipients.md): an
 * access code given out of band, or a one-time code sent by SMS on request.
 */
export function RecipientAuthentication({ api, method, onAuthenticated }: RecipientAuthenticationProps) {
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<SentCode | null>(null);
  const translation = useTranslation();
  const { t, language } = translation;

  const sendCode = async () => {
    setBusy(true);
    setError(null);
    try {
      setSent(await api.sendCode());
    } catch (failure) {
      setError(explain(failure, translation));
    } finally {
      setBusy(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return setError(t('sign.authentication.enterCode'));
    setBusy(true);
    setError(null);
    try {
      await api.authenticate(code.trim());
      onAuthenticated();
    } catch (failure) {
      setError(explain(failure, translation));
      setBusy(false);
    }
  };

  const sms = method === 'sms';
  const showCodeInput = !sms || sent !== null;
  const label = sms ? t('sign.authentication.smsLabel') : t('sign.authentication.accessCodeLabel');

  return (
    <section className="panel auth-step" aria-labelledby="auth-title" data-testid="auth-step">
      <h1 id="auth-title" className="auth-title">
        {t('sign.authentication.title')}
      </h1>
      <p className="auth-intro">{sms ? t('sign.authentication.introSms') : t('sign.authentication.introAccessCode')}</p>
      {sms ? (
        <div className="auth-sms">
          {sent ? (
            <p className="auth-sent" role="status" data-testid="auth-sent">
              {t('sign.authentication.sent', { phone: sent.sent_to, time: timeOf(sent.expires_at, language) })}
            </p>
          ) : null}
          <button
            type="button"
            className={sent ? 'button button-secondary' : 'button button-primary'}
            onClick={() => void sendCode()}
            disabled={busy}
            data-testid="auth-send-code"
          >
            {sent ? t('sign.authentication.resend') : t('sign.authentication.send')}
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
              {busy ? t('sign.authentication.checking') : t('sign.authentication.continue')}
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
