import { useState, type FormEvent } from 'react';
import type { ApiFailure } from '../../shared/api-failure.js';
import { useT } from '../i18n.js';
import { useSession } from '../session.js';
import { changeOwnPassword } from './change-password.js';
import { NewPasswordFields, type NewPassword } from './NewPasswordFields.js';
import { SignInError, useSignInMessage } from './SignInError.js';
import { usePasswordSet } from './use-password-set.js';
import './signin.css';

const LATER_KEY = 'countersign-first-password-later';

const saidLater = (): boolean => {
  try {
    return globalThis.sessionStorage?.getItem(LATER_KEY) === 'yes';
  } catch {
    return false;
  }
};

/**
 * An invited person signed in by link and has no password: the console offers to set one, in a banner
 * they can put off ("Later", for this browser session). E-mail links keep working either way.
 */
export function FirstPasswordPrompt() {
  const { user } = useSession();
  const t = useT('signin');
  const message = useSignInMessage();
  const passwordSet = usePasswordSet();
  const [later, setLater] = useState(saidLater);
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState<NewPassword>({ password: '', repeated: '' });
  const [failure, setFailure] = useState<ApiFailure | null>(null);
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);

  if (saved) {
    return (
      <p className="notice first-password" role="status" data-testid="first-password-saved">
        {t('firstPassword.saved')}
      </p>
    );
  }
  if (user.has_password || later) return null;

  const putOff = () => {
    try {
      globalThis.sessionStorage?.setItem(LATER_KEY, 'yes');
    } catch {
      // The choice then lasts until the page is left.
    }
    setLater(true);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (value.password !== value.repeated) return;
    setBusy(true);
    setFailure(null);
    try {
      await changeOwnPassword({ new_password: value.password });
      setSaved(true);
      passwordSet();
    } catch (error) {
      setFailure(error as ApiFailure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="panel first-password" aria-labelledby="first-password-title" data-testid="first-password">
      <h2 id="first-password-title" className="panel-title">
        {t('firstPassword.title')}
      </h2>
      <p>{t('firstPassword.text')}</p>
      {open ? (
        <form onSubmit={submit}>
          <NewPasswordFields
            value={value}
            onChange={setValue}
            serverProblem={failure?.code === 'WEAK_PASSWORD' ? message('WEAK_PASSWORD') : null}
          />
          {failure?.code !== 'WEAK_PASSWORD' && <SignInError failure={failure} />}
          <div className="first-password-actions">
            <button type="submit" className="button button-primary" disabled={busy || !value.password || value.password !== value.repeated}>
              {busy ? t('firstPassword.saving') : t('firstPassword.save')}
            </button>
            <button type="button" className="button button-secondary" onClick={putOff}>
              {t('firstPassword.later')}
            </button>
          </div>
        </form>
      ) : (
        <div className="first-password-actions">
          <button type="button" className="button button-primary" onClick={() => setOpen(true)}>
            {t('firstPassword.open')}
          </button>
          <button type="button" className="button button-secondary" onClick={putOff}>
            {t('firstPassword.later')}
          </button>
        </div>
      )}
    </section>
  );
}
