import { useState } from 'react';
import { useT } from '../i18n.js';

/** The answers of `sso/start` this button explains in the person's language. */
const EXPLAINED = new Set(['SSO_NOT_CONFIGURED', 'INVALID_EMAIL', 'RATE_LIMITED', 'NETWORK_ERROR']);

const startUrl = (email: string): string => `/console/sso/start?email=${encodeURIComponent(email)}`;

/**
 * Continues at the identity provider of the account that holds the address's domain
 * (docs/guide/single-sign-on.md). The start is asked first without following it, so an address
 * no organisation signs in this way is said here rather than on a page of its own.
 */
export function SsoSignInButton({ email }: { email: string }) {
  const t = useT('sso');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const start = async () => {
    setProblem(null);
    if (!email) {
      setProblem('EMAIL_NEEDED');
      document.getElementById('sign-in-email')?.focus();
      return;
    }
    setBusy(true);
    try {
      const answer = await fetch(startUrl(email), { redirect: 'manual', headers: { accept: 'application/json' } });
      if (answer.type === 'opaqueredirect') {
        window.location.assign(startUrl(email));
        return;
      }
      const body = (await answer.json().catch(() => null)) as { errors?: { error_code?: string }[] } | null;
      setProblem(body?.errors?.[0]?.error_code ?? 'unknown');
    } catch {
      setProblem('NETWORK_ERROR');
    }
    setBusy(false);
  };

  return (
    <>
      <button
        type="button"
        className="button button-secondary sign-in-alternative"
        onClick={start}
        disabled={busy}
        data-testid="sso-sign-in"
      >
        {busy ? t('signIn.busy') : t('signIn.button')}
      </button>
      {problem && (
        <div className="notice notice-error" role="alert" data-testid="sso-sign-in-error" data-code={problem}>
          <p className="notice-text">
            {problem === 'EMAIL_NEEDED' ? t('signIn.emailNeeded') : t(`signIn.error.${EXPLAINED.has(problem) ? problem : 'unknown'}`)}
          </p>
        </div>
      )}
    </>
  );
}
