import { useEffect, useId, useState, type FormEvent } from 'react';
import type { ApiBody, ApiData } from '../../shared/api-types.js';
import { useApiMutation, useApiQuery } from '../api-hooks.js';
import { consoleApi } from '../console-api.js';
import { ErrorNotice } from '../ErrorNotice.js';
import { useT } from '../i18n.js';
import { ConfirmDialog } from '../ui/ConfirmDialog.js';

type Sso = ApiData<'getSso'>;
type Role = Sso['default_role'];

const PATH = '/account/sso';
/** The service's bounds (docs/guide/single-sign-on.md): the form keeps within them. */
const MAX_DOMAINS = 50;

/** One domain a line or separated by commas or spaces, as people paste them. */
const domainsOf = (text: string): string[] =>
  text
    .split(/[\s,;]+/)
    .map((domain) => domain.trim())
    .filter(Boolean);

/**
 * The account's identity provider (OIDC), for admins: issuer, client id and secret (write-only),
 * e-mail domains, the role of people it creates, and enforcement, with what enforcing means.
 * Discovery problems come back from the save as the service's reasons.
 */
export function SsoPanel() {
  const t = useT('sso');
  const ids = { issuer: useId(), clientId: useId(), secret: useId(), domains: useId(), role: useId(), enforced: useId(), warning: useId() };
  const current = useApiQuery<Sso>(PATH);
  const notConfigured = current.error?.code === 'SSO_NOT_CONFIGURED';
  const [issuer, setIssuer] = useState('');
  const [clientId, setClientId] = useState('');
  const [secret, setSecret] = useState('');
  const [domains, setDomains] = useState('');
  const [role, setRole] = useState<Role>('sender');
  const [enforced, setEnforced] = useState(false);
  const [saved, setSaved] = useState(false);
  const [removing, setRemoving] = useState(false);

  useEffect(() => {
    if (!current.data) return;
    setIssuer(current.data.issuer);
    setClientId(current.data.client_id);
    setDomains(current.data.email_domains.join('\n'));
    setRole(current.data.default_role);
    setEnforced(current.data.enforced);
  }, [current.data]);

  const save = useApiMutation((body: ApiBody<'putSso'>) => consoleApi.request<Sso>('PUT', PATH, body), [[PATH]]);
  const remove = useApiMutation(() => consoleApi.request('DELETE', PATH), [[PATH]]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    const body: ApiBody<'putSso'> = {
      issuer: issuer.trim(),
      client_id: clientId.trim(),
      email_domains: domainsOf(domains),
      default_role: role,
      enforced,
      ...(secret ? { client_secret: secret } : {}),
    };
    save.mutate(body, {
      onSuccess: () => {
        setSecret('');
        setSaved(true);
      },
    });
  };

  const configured = Boolean(current.data);
  const redirectUri = current.data?.redirect_uri ?? `${window.location.origin}/console/sso/callback`;

  return (
    <section className="panel" aria-labelledby="sso-panel-title" data-testid="sso-panel">
      <h3 id="sso-panel-title" className="panel-title">
        {t('panel.title')}
      </h3>
      <p className="hint">{t('panel.intro')}</p>
      {current.isLoading && <p className="loading">{t('panel.loading')}</p>}
      {current.error && !notConfigured && <ErrorNotice error={current.error} />}
      {(configured || notConfigured) && (
        <>
          <p data-testid="sso-state">{configured ? t('panel.configured') : t('panel.notConfigured')}</p>
          <div className="field">
            <span className="input-label">{t('panel.redirectUri')}</span>
            <code className="mono hash" data-testid="sso-redirect-uri">
              {redirectUri}
            </code>
            <p className="hint">{t('panel.redirectUriHint')}</p>
          </div>
          <form onSubmit={submit} data-testid="sso-form">
            <div className="field">
              <label className="input-label" htmlFor={ids.issuer}>
                {t('panel.issuer')}
              </label>
              <input
                id={ids.issuer}
                className="text-input"
                type="url"
                required
                maxLength={2048}
                placeholder="https://login.example.com"
                value={issuer}
                onChange={(event) => setIssuer(event.target.value)}
              />
            </div>
            <div className="field">
              <label className="input-label" htmlFor={ids.clientId}>
                {t('panel.clientId')}
              </label>
              <input
                id={ids.clientId}
                className="text-input"
                required
                maxLength={255}
                autoComplete="off"
                value={clientId}
                onChange={(event) => setClientId(event.target.value)}
              />
            </div>
            <div className="field">
              <label className="input-label" htmlFor={ids.secret}>
                {t('panel.clientSecret')}
              </label>
              <input
                id={ids.secret}
                className="text-input"
                type="password"
                autoComplete="new-password"
                required={!configured}
                maxLength={1024}
                placeholder={configured ? t('panel.secretStored') : ''}
                value={secret}
                onChange={(event) => setSecret(event.target.value)}
              />
              <p className="hint">{configured ? t('panel.secretKeptHint') : t('panel.secretHint')}</p>
            </div>
            <div className="field">
              <label className="input-label" htmlFor={ids.domains}>
                {t('panel.domains')}
              </label>
              <textarea
                id={ids.domains}
                className="text-input"
                rows={3}
                required
                placeholder="acme.example"
                value={domains}
                onChange={(event) => setDomains(event.target.value)}
              />
              <p className="hint">{t('panel.domainsHint', { max: MAX_DOMAINS })}</p>
            </div>
            <div className="field">
              <label className="input-label" htmlFor={ids.role}>
                {t('panel.defaultRole')}
              </label>
              <select id={ids.role} className="text-input" value={role} onChange={(event) => setRole(event.target.value as Role)}>
                <option value="sender">{t('panel.roleSender')}</option>
                <option value="admin">{t('panel.roleAdmin')}</option>
              </select>
              <p className="hint">{t('panel.defaultRoleHint')}</p>
            </div>
            <div className="field">
              <label className="checkbox-label" htmlFor={ids.enforced}>
                <input
                  id={ids.enforced}
                  type="checkbox"
                  checked={enforced}
                  aria-describedby={ids.warning}
                  onChange={(event) => setEnforced(event.target.checked)}
                />
                {t('panel.enforced')}
              </label>
              <p id={ids.warning} className={enforced ? 'notice' : 'hint'} data-testid="sso-enforce-warning">
                {t('panel.enforcedWarning')}
              </p>
            </div>
            <ErrorNotice error={save.error} />
            {saved && (
              <p role="status" className="form-ok" data-testid="sso-saved">
                {t('panel.saved')}
              </p>
            )}
            <div className="row-actions">
              <button type="submit" className="button button-primary" disabled={save.isPending}>
                {save.isPending ? t('panel.saving') : t('panel.save')}
              </button>
              {configured && (
                <button
                  type="button"
                  className="button button-secondary"
                  onClick={() => {
                    remove.reset();
                    setRemoving(true);
                  }}
                >
                  {t('panel.remove')}
                </button>
              )}
            </div>
          </form>
        </>
      )}
      {removing && (
        <ConfirmDialog
          title={t('remove.title')}
          confirmLabel={t('remove.confirm')}
          danger
          busy={remove.isPending}
          error={remove.error}
          testId="sso-remove-dialog"
          onClose={() => setRemoving(false)}
          onConfirm={() =>
            remove.mutate(undefined, {
              onSuccess: () => {
                setRemoving(false);
                setSaved(false);
                setIssuer('');
                setClientId('');
                setDomains('');
                setRole('sender');
                setEnforced(false);
              },
            })
          }
        >
          <p>{t('remove.text')}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
