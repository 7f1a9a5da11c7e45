import { useId, useState, type FormEvent } from 'react';
import type { ApiBody, ApiData } from '../../shared/api-types.js';
import { useApiMutation, useApiQuery } from '../api-hooks.js';
import { consoleApi } from '../console-api.js';
import { ErrorNotice } from '../ErrorNotice.js';
import { ConfirmDialog } from '../ui/ConfirmDialog.js';
import { formatDateTime } from '../ui/format.js';
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
      <p className="hint">
        An API client is a server of yours that calls the API with its own credentials. Revoke a client the moment its secret may have
        leaked.
      </p>
      <form className="panel inline-form" onSubmit={submit}>
        <div className="inline-form-grow">
          <label className="input-label" htmlFor={descriptionId}>
            What the new client is for
          </label>
          <input
            id={descriptionId}
            className="text-input"
            value={description}
            maxLength={200}
            placeholder="e.g. CRM integration"
            onChange={(event) => setDescription(event.target.value)}
          />
        </div>
        <button type="submit" className="button button-primary" disabled={create.isPending}>
          {create.isPending ? 'Creating…' : 'Create API client'}
        </button>
      </form>
      <ErrorNotice error={create.error} />
      <ErrorNotice error={clients.error} />
      {clients.data && (
        <div className="table-wrap">
          <table className="data-table cards-on-narrow" data-testid="client-table">
            <caption className="visually-hidden">API clients</caption>
            <thead>
              <tr>
                <th scope="col">Client id</th>
                <th scope="col">Description</th>
                <th scope="col">Created</th>
                <th scope="col">State</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {clients.data.clients.map((client) => (
                <tr key={client.client_id} data-testid="client-row">
                  <td data-label="Client id">
                    <code className="mono hash">{client.client_id}</code>
                  </td>
                  <td data-label="Description">{client.description || '—'}</td>
                  <td data-label="Created">{formatDateTime(client.created_at)}</td>
                  <td data-label="State">{client.revoked_at ? `Revoked ${formatDateTime(client.revoked_at)}` : 'Active'}</td>
                  <td>
                    {!client.revoked_at && (
                      <button
                        type="button"
                        className="button button-secondary button-small"
                        aria-label={`Revoke ${client.client_id}`}
                        onClick={() => {
                          revoke.reset();
                          setRevoking(client);
                        }}
                      >
                        Revoke
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
          title="API client created"
          values={[
            { label: 'Client id', value: created.client_id },
            { label: 'Client secret', value: created.client_secret },
            { label: 'Credentials', value: created.credentials },
          ]}
          onClose={() => setCreated(null)}
        />
      )}
      {revoking && (
        <ConfirmDialog
          title="Revoke this API client?"
          confirmLabel="Revoke"
          danger
          busy={revoke.isPending}
          error={revoke.error}
          onClose={() => setRevoking(null)}
          onConfirm={() => revoke.mutate(revoking.client_id, { onSuccess: () => setRevoking(null) })}
          testId="revoke-dialog"
        >
          <p>
            <code className="mono hash">{revoking.client_id}</code> can no longer sign in, and its tokens stop working. This cannot be
            undone.
          </p>
        </ConfirmDialog>
      )}
    </>
  );
}
