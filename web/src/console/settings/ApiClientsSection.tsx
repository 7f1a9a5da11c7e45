import { useId, useState, type FormEvent } from 'react';
import type { ApiBody, ApiData } from '../../shared/api-types.js';
import { useApiMutation, useApiQuery } from '../api-hooks.js';
import { consoleApi } from '../console-api.js';
import { ErrorNotice } from '../ErrorNotice.js';
import { Sentence, useT } from '../i18n.js';
import { ConfirmDialog } from '../ui/ConfirmDialog.js';
import { useFormat } from '../ui/format.js';
import { SecretDialog } from './SecretDialog.js';

type ApiClient = ApiData<'listApiClients'>['clients'][number];
type CreatedClient = ApiData<'createApiClient'>;

const PATH = '/account/clients';

export function ApiClientsSection() {
  const clients = useApiQuery<ApiData<'listApiClients'>>(PATH);
  const [description, setDescription] = useState('');
  const [created, setCreated] = useState<CreatedClient | null>(null);
  const [revoking, setRevoking] = useState<ApiClient | null>(null);
  const descriptionId = useId();
  const t = useT('settings');
  const format = useFormat();

  const create = useApiMutation((body: ApiBody<'createApiClient'>) => consoleApi.request<CreatedClient>('POST', PATH, body), [[PATH]]);
  const revoke = useApiMutation(
    (clientId: string) => consoleApi.request('POST', `${PATH}/${encodeURIComponent(clientId)}/revoke`),
    [[PATH]],
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { description: description.trim() },
      {
        onSuccess: (client) => {
          setCreated(client);
          setDescription('');
        },
      },
    );
  };

  return (
    <>
      <p className="hint">{t('clients.intro')}</p>
      <form className="panel inline-form" onSubmit={submit}>
        <div className="inline-form-grow">
          <label className="input-label" htmlFor={descriptionId}>
            {t('clients.description')}
          </label>
          <input
            id={descriptionId}
            className="text-input"
            value={description}
            maxLength={200}
            placeholder={t('clients.placeholder')}
            onChange={(event) => setDescription(event.target.value)}
          />
        </div>
        <button type="submit" className="button button-primary" disabled={create.isPending}>
          {create.isPending ? t('clients.creating') : t('clients.create')}
        </button>
      </form>
      <ErrorNotice error={create.error} />
      <ErrorNotice error={clients.error} />
      {clients.data && (
        <div className="table-wrap">
          <table className="data-table cards-on-narrow" data-testid="client-table">
            <caption className="visually-hidden">{t('tabs.apiClients')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('clients.clientId')}</th>
                <th scope="col">{t('clients.descriptionColumn')}</th>
                <th scope="col">{t('clients.created')}</th>
                <th scope="col">{t('clients.state')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {clients.data.clients.map((client) => (
                <tr key={client.client_id} data-testid="client-row">
                  <td data-label={t('clients.clientId')}>
                    <code className="mono hash">{client.client_id}</code>
                  </td>
                  <td data-label={t('clients.descriptionColumn')}>{client.description || '—'}</td>
                  <td data-label={t('clients.created')}>{format.dateTime(client.created_at)}</td>
                  <td data-label={t('clients.state')}>
                    {client.revoked_at ? t('clients.revokedAt', { date: format.dateTime(client.revoked_at) }) : t('clients.active')}
                  </td>
                  <td>
                    {!client.revoked_at && (
                      <button
                        type="button"
                        className="button button-secondary button-small"
                        aria-label={t('clients.revokeWho', { id: client.client_id })}
                        onClick={() => {
                          revoke.reset();
                          setRevoking(client);
                        }}
                      >
                        {t('clients.revoke')}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {created && (
        <SecretDialog
          title={t('clients.createdTitle')}
          values={[
            { id: 'client-id', label: t('clients.clientId'), copyLabel: t('clients.copyClientId'), value: created.client_id },
            {
              id: 'client-secret',
              label: t('clients.clientSecret'),
              copyLabel: t('clients.copyClientSecret'),
              value: created.client_secret,
            },
            { id: 'credentials', label: t('clients.credentials'), copyLabel: t('clients.copyCredentials'), value: created.credentials },
          ]}
          onClose={() => setCreated(null)}
        />
      )}
      {revoking && (
        <ConfirmDialog
          title={t('clients.revokeTitle')}
          confirmLabel={t('clients.revoke')}
          danger
          busy={revoke.isPending}
          error={revoke.error}
          onClose={() => setRevoking(null)}
          onConfirm={() => revoke.mutate(revoking.client_id, { onSuccess: () => setRevoking(null) })}
          testId="revoke-dialog"
        >
          <p>
            <Sentence
              text={t('clients.revokeText', { skipInterpolation: true })}
              parts={{ id: <code className="mono hash">{revoking.client_id}</code> }}
            />
          </p>
        </ConfirmDialog>
      )}
    </>
  );
}
