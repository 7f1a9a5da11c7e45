import { useState, type FormEvent } from 'react';
import type { ApiFailure } from '../../shared/api-failure.js';
import { useT } from '../i18n.js';
import { NewPasswordFields, mismatch, type NewPassword } from './NewPasswordFields.js';
import { resetPassword } from './password-api.js';
import { SignInError, useSignInMessage } from './SignInError.js';
import { SignInFrame } from './SignInFrame.js';

/** `/console/reset/{token}`: the mailed link's "choose a new password" form, then on to sign-in. */
export function PasswordResetPage({ token }: { token: string }) {
  const t = useT('signin');
  const message = useSignInMessage();
  const [value, setValue] = useState<NewPassword>({ password: '', repeated: '' });
  const [failure, setFailure] = useState<ApiFailure | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (mismatch(value) || value.password !== value.repeated) return;
    setBusy(true);
    setFailure(null);
    try {
      await resetPassword(token, value.password);
      setDone(true);
    } catch (error) {
      setFailure(error as ApiFailure);
    } finally {
      setBusy(false);
    }
  };

  if (done) {
    return (
      <SignInFrame title={t('choose.title')}>
        <p role="status" data-testid="reset-done">
          {t('choose.done')}
        </p>
        <a className="button button-primary sign-in-submit" href="/">
          {t('choose.toSignIn')}
        </a>
      </SignInFrame>
    );
  }

  if (failure?.code === 'INVALID_RESET_TOKEN') {
    return (
      <SignInFrame title={t('choose.title')}>
        <SignInError failure={failure} />
        <a className="button button-primary sign-in-submit" href="/">
          {t('choose.askAgain')}
        </a>
      </SignInFrame>
    );
  }

  const weak = failure?.code === 'WEAK_PASSWORD' ? message('WEAK_PASSWORD') : null;
  return (
    <SignInFrame title={t('choose.title')}>
      <p>{t('choose.intro')}</p>
      <form onSubmit={submit}>
        <NewPasswordFields value={value} onChange={setValue} serverProblem={weak} />
        {weak ? (
          <p className="hint" lang="en">
            {failure?.errors[0]?.developer_message}
          </p>
        ) : (
          <SignInError failure={failure} />
        )}
        <button
          type="submit"
          className="button button-primary sign-in-submit"
          disabled={busy || !value.password || value.password !== value.repeated}
        >
          {busy ? t('choose.saving') : t('choose.save')}
        </button>
      </form>
    </SignInFrame>
  );
}
