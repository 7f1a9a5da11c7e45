import { useId, useState, type FormEvent } from 'react';
import { ApiFailure } from '../../shared/api-failure.js';
import type { ApiData } from '../../shared/api-types.js';
import { useApiMutation, useApiQuery } from '../api-hooks.js';
import { consoleApi } from '../console-api.js';
import { ErrorNotice } from '../ErrorNotice.js';
import { useT } from '../i18n.js';
import { addPasskey, passkeyProblemOf, passkeysSupported } from '../signin/passkey-api.js';
import { ConfirmDialog } from '../ui/ConfirmDialog.js';
import { useFormat } from '../ui/format.js';
import './passkeys.css';

type Passkey = ApiData<'listPasskeys'>['passkeys'][number];

const PATH = '/console/passkeys';
/** The service's bounds (docs/api/passkeys.md): the form keeps within them. */
const MAX_PASSKEYS = 20;
const MAX_NAME_LENGTH = 64;

/** The problems of adding a passkey this panel explains in the person's language; others show the service's message. */
const EXPLAINED = new Set([
  'PASSKEY_REGISTRATION_FAILED',
  'PASSKEY_LIMIT_REACHED',
  'NETWORK_ERROR',
  'cancelled',
  'already-registered',
  'failed',
]);

/** The signed-in person's passkeys: add one with a name, see when each was last used, remove one after a confirmation. */
export function PasskeysPanel() {
  const t = useT('passkeys');
  const format = useFormat();
  const nameId = useId();
  const passkeys = useApiQuery<ApiData<'listPasskeys'>>(PATH);
  const [name, setName] = useState('');
  const [added, setAdded] = useState<string | null>(null);
  const [problem, setProblem] = useState<{ code: string; message: string } | null>(null);
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const add = useApiMutation((passkeyName: string) => addPasskey(passkeyName), [[PATH]]);
  const remove = useApiMutation((passkeyId: string) => consoleApi.request('DELETE', `${PATH}/${encodeURIComponent(passkeyId)}`), [[PATH]]);
  const supported = passkeysSupported();
  const list = passkeys.data?.passkeys ?? [];
  const full = list.length >= MAX_PASSKEYS;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAdded(null);
    setProblem(null);
    add.mutate(name.trim(), {
      onSuccess: (passkey) => {
        setAdded(passkey.name);
        setName('');
      },
      onError: (error: unknown) => setProblem({ code: passkeyProblemOf(error), message: error instanceof ApiFailure ? error.message : '' }),
    });
  };

  return (
    <section className="panel" aria-labelledby="passkeys-panel-title" data-testid="passkeys-panel">
      <h3 id="passkeys-panel-title" className="panel-title">
        {t('panel.title')}
      </h3>
      <p className="hint">{t('panel.intro')}</p>
      <ErrorNotice error={passkeys.error} />
      {passkeys.data &&
        (list.length === 0 ? (
          <p data-testid="passkeys-empty">{t('panel.none')}</p>
        ) : (
          <ul className="passkey-list" aria-label={t('panel.listLabel')}>
            {list.map((passkey) => (
              <li key={passkey.passkey_id} className="passkey-item" data-testid="passkey-row">
                <div>
                  <p className="passkey-name">{passkey.name}</p>
                  <p className="hint passkey-dates">
                    {t('panel.added', { date: format.date(passkey.created_at) })}
                    {' · '}
                    {passkey.last_used_at ? t('panel.lastUsed', { date: format.dateTime(passkey.last_used_at) }) : t('panel.neverUsed')}
                  </p>
                </div>
                <button
                  type="button"
                  className="button button-link"
                  aria-label={t('panel.removeWhich', { name: passkey.name })}
                  onClick={() => {
                    remove.reset();
                    setRemoving(passkey);
                  }}
                >
                  {t('panel.remove')}
                </button>
              </li>
            ))}
          </ul>
        ))}
      {supported ? (
        <form className="inline-form passkey-add" onSubmit={submit}>
          <div className="inline-form-grow">
            <label className="input-label" htmlFor={nameId}>
              {t('panel.name')}
            </label>
            <input
              id={nameId}
              className="text-input"
              type="text"
              autoComplete="off"
              placeholder={t('panel.namePlaceholder')}
              maxLength={MAX_NAME_LENGTH}
              value={name}
              disabled={full}
              onChange={(event) => setName(event.target.value)}
            />
          </div>
          <button type="submit" className="button button-primary" disabled={add.isPending || full || !passkeys.data}>
            {add.isPending ? t('panel.adding') : t('panel.add')}
          </button>
        </form>
      ) : (
        <p className="notice" data-testid="passkeys-unsupported">
          {t('panel.unsupported')}
        </p>
      )}
      {full && <p className="hint">{t('panel.full', { count: MAX_PASSKEYS })}</p>}
      {added && (
        <p className="form-ok" role="status" data-testid="passkey-added">
          {t('panel.addedNotice', { name: added })}
        </p>
      )}
      {problem && (
        <div className="notice notice-error" role="alert" data-testid="passkey-error" data-code={problem.code}>
          <p className="notice-text">{EXPLAINED.has(problem.code) ? t(`error.${problem.code}`) : problem.message}</p>
        </div>
      )}
      {removing && (
        <ConfirmDialog
          title={t('remove.title')}
          confirmLabel={t('remove.confirm')}
          danger
          busy={remove.isPending}
          error={remove.error}
          testId="passkey-remove-dialog"
          onClose={() => setRemoving(null)}
          onConfirm={() => remove.mutate(removing.passkey_id, { onSuccess: () => setRemoving(null) })}
        >
          <p>{t('remove.question', { name: removing.name })}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
