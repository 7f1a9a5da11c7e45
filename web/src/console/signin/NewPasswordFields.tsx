import { useId } from 'react';
import { useT } from '../i18n.js';

/** The rules the service checks (docs/api/people.md "Passwords"), shown before the person types. */
const RULE_KEYS = ['rules.length', 'rules.personal', 'rules.common'] as const;
export const MIN_PASSWORD_LENGTH = 12;
export const MAX_PASSWORD_LENGTH = 256;

export interface NewPassword {
  password: string;
  repeated: string;
}

/** What stops the form before the service is asked: only the two entries differing (the rules are the service's to judge). */
export const mismatch = (value: NewPassword): boolean => value.repeated !== '' && value.password !== value.repeated;

/** A new password entered twice, with the rules; `serverProblem` is the service's refusal of it, read out by the first field. */
export function NewPasswordFields({
  value,
  onChange,
  serverProblem,
}: {
  value: NewPassword;
  onChange: (value: NewPassword) => void;
  serverProblem?: string | null;
}) {
  const t = useT('signin');
  const id = useId();
  const differs = mismatch(value);
  return (
    <>
      <div className="password-field">
        <label className="input-label" htmlFor={`${id}-new`}>
          {t('newPassword')}
        </label>
        <input
          id={`${id}-new`}
          className="text-input"
          type="password"
          autoComplete="new-password"
          required
          minLength={MIN_PASSWORD_LENGTH}
          maxLength={MAX_PASSWORD_LENGTH}
          aria-invalid={serverProblem ? true : undefined}
          aria-describedby={`${id}-rules${serverProblem ? ` ${id}-problem` : ''}`}
          value={value.password}
          onChange={(event) => onChange({ ...value, password: event.target.value })}
        />
        <div id={`${id}-rules`} className="hint password-rules">
          {t('rules.title')}
          <ul>
            {RULE_KEYS.map((key) => (
              <li key={key}>{t(key, { min: MIN_PASSWORD_LENGTH, max: MAX_PASSWORD_LENGTH })}</li>
            ))}
          </ul>
          {t('rules.advice')}
        </div>
        {serverProblem && (
          <p id={`${id}-problem`} className="form-error">
            {serverProblem}
          </p>
        )}
      </div>
      <div className="password-field">
        <label className="input-label" htmlFor={`${id}-repeat`}>
          {t('repeatPassword')}
        </label>
        <input
          id={`${id}-repeat`}
          className="text-input"
          type="password"
          autoComplete="new-password"
          required
          maxLength={MAX_PASSWORD_LENGTH}
          aria-invalid={differs || undefined}
          aria-describedby={differs ? `${id}-differs` : undefined}
          value={value.repeated}
          onChange={(event) => onChange({ ...value, repeated: event.target.value })}
        />
        {differs && (
          <p id={`${id}-differs`} className="form-error">
            {t('passwordsDiffer')}
          </p>
        )}
      </div>
    </>
  );
}
