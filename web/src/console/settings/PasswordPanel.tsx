import { useId, useState, type FormEvent } from 'react';
import type { ApiFailure } from '../../shared/api-failure.js';
import { useT } from '../i18n.js';
import { useSession } from '../session.js';
import { changeOwnPassword } from '../signin/change-password.js';
import { NewPasswordFields, type NewPassword } from '../signin/NewPasswordFields.js';
import { SignInError, useSignInMessage } from '../signin/SignInError.js';
import { usePasswordSet } from '../signin/use-password-set.js';
import '../signin/signin.css';

const EMPTY: NewPassword = { password: '', repeated: '' };

/** The signed-in person's password: set a first one, or change it (their other sessions are signed out). */
export function PasswordPanel() {
  const { user } = useSession();
  const t = useT('signin');
  const message = useSignInMessage();
  const passwordSet = usePasswordSet();
  const currentId = useId();
  const [current, setCurrent] = useState('');
  const [value, setValue] = useState<NewPassword>(EMPTY);
  const [failure, setFailure] = useState<ApiFailure | null>(null);
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (value.password !== value.repeated) return;
    setBusy(true);
    setFailure(null);
    setSaved(false);
    try {
      await changeOwnPassword(
        user.has_password ? { current_password: current, new_password: value.password } : { new_password: value.password },
      );
      setSaved(true);
      setCurrent('');
      setValue(EMPTY);
      passwordSet();
    } catch (error) {
      setFailure(error as ApiFailure);
    } finally {
      setBusy(false);
    }
  };

  const wrongCurrent = failure?.code === 'INVALID_CREDENTIALS';
  return (
    <section className="panel" aria-labelledby="password-panel-title" data-testid="password-panel">
      <h3 id="password-panel-title" className="panel-title">
        {t('panel.title')}
      </h3>
      <p className="hint">{user.has_password ? t('panel.has') : t('panel.none')}</p>
      <form onSubmit={submit}>
        {user.has_password && (
          <div className="password-field">
            <label className="input-label" htmlFor={currentId}>
              {t('panel.current')}
            </label>
            <input
              id={currentId}
              className="text-input"
              type="password"
              autoComplete="current-password"
              required
              maxLength={1024}
              aria-invalid={wrongCurrent || undefined}
              value={current}
              onChange={(event) => setCurrent(event.target.value)}
            />
          </div>
        )}
        <NewPasswordFields
          value={value}
          onChange={setValue}
          serverProblem={failure?.code === 'WEAK_PASSWORD' ? message('WEAK_PASSWORD') : null}
        />
        {failure?.code !== 'WEAK_PASSWORD' && <SignInError failure={failure} />}
        {saved && (
          <p className="notice" role="status" data-testid="password-saved">
            {t('panel.saved')}
          </p>
        )}
        <button
          type="submit"
          className="button button-primary"
          disabled={busy || !value.password || value.password !== value.repeated || (user.has_password && !current)}
        >
          {busy ? t('panel.saving') : user.has_password ? t('panel.change') : t('panel.set')}
        </button>
      </form>
      {user.has_password && <p className="hint">{t('panel.forgot')}</p>}
    </section>
  );
}
