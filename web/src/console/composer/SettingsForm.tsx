import { useId } from 'react';
import { useT } from '../i18n.js';

export interface EnvelopeSettings {
  name: string;
  message: string;
  expirationDays: number;
  emailReminders: boolean;
  reminderPeriod: number;
  /** Signers may hand their step to someone else (recorded as a chain of delegations). */
  allowReassign: boolean;
}

export const DEFAULT_SETTINGS: EnvelopeSettings = {
  name: '',
  message: '',
  expirationDays: 30,
  emailReminders: false,
  reminderPeriod: 3,
  allowReassign: false,
};

/** The envelope's settings as the create body names them (docs/concepts/envelopes.md). */
export const settingsBody = (settings: EnvelopeSettings) => ({
  name: settings.name.trim(),
  ...(settings.message.trim() ? { message: settings.message.trim() } : {}),
  expiration_days: settings.expirationDays,
  email_reminders: settings.emailReminders,
  ...(settings.emailReminders ? { reminder_period: settings.reminderPeriod } : {}),
  ...(settings.allowReassign ? { allow_reassign: true } : {}),
});

const whole = (value: string, min: number, max: number) => Math.max(min, Math.min(max, Math.round(Number(value) || min)));

/** Name, invitation message, due date and reminders. */
export function SettingsForm({
  settings,
  onChange,
  withMessage = true,
}: {
  settings: EnvelopeSettings;
  onChange: (settings: EnvelopeSettings) => void;
  withMessage?: boolean;
}) {
  const t = useT('composer');
  const w = useT('workflows');
  const reassignHint = useId();
  const set = (patch: Partial<EnvelopeSettings>) => onChange({ ...settings, ...patch });
  return (
    <fieldset className="form-fieldset">
      <legend>{t('settings.legend')}</legend>
      <label className="editor-label">
        {t('settings.name')}
        <input
          className="text-input"
          value={settings.name}
          maxLength={255}
          required
          onChange={(e) => set({ name: e.target.value })}
          data-testid="envelope-name"
        />
      </label>
      {withMessage && (
        <label className="editor-label">
          {t('settings.message')}
          <textarea
            className="text-input"
            rows={3}
            maxLength={5000}
            value={settings.message}
            onChange={(e) => set({ message: e.target.value })}
          />
        </label>
      )}
      <div className="settings-row">
        <label className="editor-label">
          {t('settings.expires')}
          <input
            className="text-input"
            type="number"
            min={1}
            max={365}
            value={settings.expirationDays}
            onChange={(e) => set({ expirationDays: whole(e.target.value, 1, 365) })}
          />
        </label>
        <label className="editor-check">
          <input type="checkbox" checked={settings.emailReminders} onChange={(e) => set({ emailReminders: e.target.checked })} />
          {t('settings.remind')}
        </label>
        {settings.emailReminders && (
          <label className="editor-label">
            {t('settings.remindDays')}
            <input
              className="text-input"
              type="number"
              min={1}
              max={364}
              value={settings.reminderPeriod}
              onChange={(e) => set({ reminderPeriod: whole(e.target.value, 1, 364) })}
            />
          </label>
        )}
      </div>
      <label className="editor-check">
        <input
          type="checkbox"
          checked={settings.allowReassign}
          onChange={(e) => set({ allowReassign: e.target.checked })}
          aria-describedby={reassignHint}
          data-testid="allow-reassign"
        />
        {w('settings.allowReassign')}
      </label>
      <p id={reassignHint} className="hint">
        {w('settings.allowReassignHint')}
      </p>
    </fieldset>
  );
}
