import { useState } from 'react';
import { ApiFailure } from '../../shared/api-failure.js';
import { useT } from '../i18n.js';
import { passkeyProblemOf, passkeysSupported, signInWithPasskey } from './passkey-api.js';

/** The refusals and browser problems this button explains in the person's language; others show the service's message. */
const EXPLAINED = new Set(['PASSKEY_SIGN_IN_FAILED', 'SSO_REQUIRED', 'RATE_LIMITED', 'NETWORK_ERROR', 'cancelled', 'failed']);

/** Signs in with a passkey of this device or a security key (docs/api/passkeys.md): no address to type. */
export function PasskeySignInButton() {
  const t = useT('passkeys');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<{ code: string; message: string } | null>(null);

  if (!passkeysSupported()) {
    return (
      <p className="hint" data-testid="passkey-unsupported">
        {t('signIn.unsupported')}
      </p>
    );
  }

  const signIn = async () => {
    setBusy(true);
    setProblem(null);
    try {
      await signInWithPasskey();
      window.location.assign('/');
    } catch (error) {
      setProblem({ code: passkeyProblemOf(error), message: error instanceof ApiFailure ? error.message : '' });
      setBusy(false);
    }
  };

  return (
    <>
      <button type="button" className="button button-secondary sign-in-alternative" onClick={signIn} disabled={busy}>
        {busy ? t('signIn.busy') : t('signIn.button')}
      </button>
      {problem && (
        <div className="notice notice-error" role="alert" data-testid="passkey-sign-in-error" data-code={problem.code}>
          <p className="notice-text">{EXPLAINED.has(problem.code) ? t(`error.${problem.code}`) : problem.message}</p>
        </div>
      )}
    </>
  );
}
