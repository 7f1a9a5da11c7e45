import { useId, useState, type FormEvent } from 'react';
import { WEBHOOK_EVENT_TYPES } from '../../../../src/domain/webhook-events.js';
import type { ApiBody, ApiData } from '../../shared/api-types.js';
import { useApiMutation, useApiQuery } from '../api-hooks.js';
import { consoleApi } from '../console-api.js';
import { ErrorNotice } from '../ErrorNotice.js';
import { ConfirmDialog } from '../ui/ConfirmDialog.js';
import { formatDateTime } from '../ui/format.js';
import { StatusBadge } from '../ui/StatusBadge.js';
import { SecretDialog } from './SecretDialog.js';

type Webhook = ApiData<'listWebhooks'>['webhooks'][number];
type EventType = ApiBody<'createWebhook'>['events'][number];

const PATH = '/webhooks';

export function WebhooksSection() {
  const webhooks = useApiQuery<ApiData<'listWebhooks'>>(PATH);
  const [secret, setSecret] = useState<string | null>(null);
  return (
    <>
      <p className="hint">
        Countersign POSTs each event to your URL, signed with the webhook's secret (header <code>Countersign-Signature</code>), and retries
        for 24 hours until your endpoint answers 2xx.
      </p>
      <CreateWebhookForm onCreated={setSecret} />
      <ErrorNotice error={webhooks.error} />
      {webhooks.data && webhooks.data.webhooks.length === 0 && <p>No webhooks yet.</p>}
      <ul className="webhook-list">
        {webhooks.data?.webhooks.map((webhook) => (
          <WebhookItem key={webhook.webhook_id} webhook={webhook} />
        ))}
      </ul>
      {secret && (
        <SecretDialog title="Webhook created" values={[{ label: 'Signing secret', value: secret }]} onClose={() => setSecret(null)} />
      )}
    </>
  );
}

function CreateWebhookForm({ onCreated }: { onCreated: (secret: string) => void }) {
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<EventType[]>(['envelope.completed']);
  const urlId = useId();
  const descriptionId = useId();
  const create = useApiMutation(
    (body: ApiBody<'createWebhook'>) => consoleApi.request<ApiData<'createWebhook'>>('POST', PATH, body),
    [[PATH]],
  );

  const toggle = (type: EventType, on: boolean) => setEvents((chosen) => (on ? [...chosen, type] : chosen.filter((item) => item !== type)));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { url: url.trim(), events, description: description.trim() },
      {
        onSuccess: (created) => {
          onCreated(created.secret);
          setUrl('');
          setDescription('');
        },
      },
    );
  };

  return (
    <form className="panel" onSubmit={submit} aria-labelledby="new-webhook-title">
      <h3 id="new-webhook-title" className="panel-title">
        Add a webhook
      </h3>
      <div className="field">
        <label className="input-label" htmlFor={urlId}>
          Endpoint URL
        </label>
        <input
          id={urlId}
          className="text-input"
          type="url"
          required
          maxLength={2048}
          placeholder="https://example.com/countersign/events"
          value={url}
          onChange={(event) => setUrl(event.target.value)}
        />
      </div>
      <div className="field">
        <label className="input-label" htmlFor={descriptionId}>
          Description (optional)
        </label>
        <input
          id={descriptionId}
          className="text-input"
          maxLength={500}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
        />
      </div>
      <fieldset className="field checkbox-grid">
        <legend className="input-label">Events</legend>
        {WEBHOOK_EVENT_TYPES.map((type) => (
          <label key={type} className="checkbox-label">
            <input type="checkbox" checked={events.includes(type)} onChange={(event) => toggle(type, event.target.checked)} />
            <code>{type}</code>
          </label>
        ))}
      </fieldset>
      <ErrorNotice error={create.error} />
      <button type="submit" className="button button-primary" disabled={create.isPending || events.length === 0 || !url.trim()}>
        {create.isPending ? 'Adding…' : 'Add webhook'}
      </button>
    </form>
  );
}

function WebhookItem({ webhook }: { webhook: Webhook }) {
  const [showDeliveries, setShowDeliveries] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [tested, setTested] = useState(false);
  const base = `${PATH}/${encodeURIComponent(webhook.webhook_id)}`;
  const deliveriesId = useId();
  const update = useApiMutation(
    (enabled: boolean) => consoleApi.request('PUT', base, { enabled } satisfies ApiBody<'updateWebhook'>),
    [[PATH]],
  );
  const test = useApiMutation(() => consoleApi.request('POST', `${base}/test`), [[PATH]]);
  const remove = useApiMutation(() => consoleApi.request('DELETE', base), [[PATH]]);

  return (
    <li className="panel webhook" data-testid="webhook">
      <div className="webhook-head">
        <code className="mono hash webhook-url">{webhook.url}</code>
        <StatusBadge status={webhook.enabled ? 'Enabled' : 'Disabled'} />
      </div>
      {webhook.description && <p className="webhook-description">{webhook.description}</p>}
      <p className="hint">
        {webhook.events.join(', ')} · added {formatDateTime(webhook.created_at)}
      </p>
      {webhook.disabled_reason && <p className="form-error">Disabled after 24 hours of failures: {webhook.disabled_reason}</p>}
      <div className="row-actions">
        <button
          type="button"
          className="button button-secondary button-small"
          disabled={update.isPending}
          onClick={() => update.mutate(!webhook.enabled)}
        >
          {webhook.enabled ? 'Disable' : 'Enable'}
        </button>
        <button
          type="button"
          className="button button-secondary button-small"
          disabled={test.isPending || !webhook.enabled}
          onClick={() => test.mutate(undefined, { onSuccess: () => setTested(true) })}
        >
          Send a test event
        </button>
        <button
          type="button"
          className="button button-secondary button-small"
          aria-expanded={showDeliveries}
          aria-controls={deliveriesId}
          onClick={() => setShowDeliveries(!showDeliveries)}
        >
          {showDeliveries ? 'Hide deliveries' : 'Show deliveries'}
        </button>
        <button type="button" className="button button-secondary button-small" onClick={() => setDeleting(true)}>
          Delete
        </button>
      </div>
      {tested && (
        <p role="status" className="hint">
          A <code>ping</code> event is on its way; see the deliveries.
        </p>
      )}
      <ErrorNotice error={update.error ?? test.error} />
      <div id={deliveriesId}>{showDeliveries && <Deliveries base={base} />}</div>
      {deleting && (
        <ConfirmDialog
          title="Delete this webhook?"
          confirmLabel="Delete"
          danger
          busy={remove.isPending}
          error={remove.error}
          onClose={() => setDeleting(false)}
          onConfirm={() => remove.mutate(undefined)}
        >
          <p>
            Events stop going to <code className="mono hash">{webhook.url}</code>, pending retries included.
          </p>
        </ConfirmDialog>
      )}
    </li>
  );
}

function Deliveries({ base }: { base: string }) {
  const deliveries = useApiQuery<ApiData<'listWebhookDeliveries'>>(`${base}/deliveries?page_size=20`, { refetchInterval: 10_000 });
  if (deliveries.error) return <ErrorNotice error={deliveries.error} />;
  if (!deliveries.data) return <p className="loading">Loading deliveries…</p>;
  if (deliveries.data.deliveries.length === 0) return <p className="hint">Nothing delivered yet.</p>;
  return (
    <div className="table-wrap deliveries">
      <table className="data-table cards-on-narrow" data-testid="deliveries-table">
        <caption className="visually-hidden">The latest deliveries of this webhook</caption>
        <thead>
          <tr>
            <th scope="col">Event</th>
            <th scope="col">State</th>
            <th scope="col">Created</th>
            <th scope="col">Attempts</th>
            <th scope="col">Last answer</th>
          </tr>
        </thead>
        <tbody>
          {deliveries.data.deliveries.map((delivery) => {
            const last = delivery.attempts.at(-1);
            return (
              <tr key={delivery.delivery_id}>
                <td data-label="Event">
                  <code>{delivery.type}</code>
                </td>
                <td data-label="State">
                  <StatusBadge status={delivery.state} />
                </td>
                <td data-label="Created">{formatDateTime(delivery.created_at)}</td>
                <td data-label="Attempts">{delivery.attempts.length}</td>
                <td data-label="Last answer" className="delivery-answer">
                  {last ? (last.status_code ? `HTTP ${last.status_code}` : 'No answer') + ` in ${last.duration_ms} ms` : '—'}
                  {last?.error && <span className="hint"> · {last.error}</span>}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
