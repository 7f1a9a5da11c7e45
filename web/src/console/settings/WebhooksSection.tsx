import { useId, useState, type FormEvent } from 'react';
import { WEBHOOK_EVENT_TYPES } from '../../../../src/domain/webhook-events.js';
import type { ApiBody, ApiData } from '../../shared/api-types.js';
import { useApiMutation, useApiQuery } from '../api-hooks.js';
import { consoleApi } from '../console-api.js';
import { ErrorNotice } from '../ErrorNotice.js';
import { Sentence, useT } from '../i18n.js';
import { ConfirmDialog } from '../ui/ConfirmDialog.js';
import { useFormat } from '../ui/format.js';
import { StatusBadge } from '../ui/StatusBadge.js';
import { SecretDialog } from './SecretDialog.js';

type Webhook = ApiData<'listWebhooks'>['webhooks'][number];
type EventType = ApiBody<'createWebhook'>['events'][number];

const PATH = '/webhooks';

export function WebhooksSection() {
  const webhooks = useApiQuery<ApiData<'listWebhooks'>>(PATH);
  const [secret, setSecret] = useState<string | null>(null);
  const t = useT('settings');
  return (
    <>
      <p className="hint">
        <Sentence text={t('webhooks.intro', { skipInterpolation: true })} parts={{ header: <code>Countersign-Signature</code> }} />
      </p>
      <CreateWebhookForm onCreated={setSecret} />
      <ErrorNotice error={webhooks.error} />
      {webhooks.data && webhooks.data.webhooks.length === 0 && <p>{t('webhooks.empty')}</p>}
      <ul className="webhook-list">
        {webhooks.data?.webhooks.map((webhook) => (
          <WebhookItem key={webhook.webhook_id} webhook={webhook} />
        ))}
      </ul>
      {secret && (
        <SecretDialog
          title={t('webhooks.createdTitle')}
          values={[{ id: 'signing-secret', label: t('webhooks.signingSecret'), copyLabel: t('webhooks.copySigningSecret'), value: secret }]}
          onClose={() => setSecret(null)}
        />
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
  const t = useT('settings');
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
        {t('webhooks.addTitle')}
      </h3>
      <div className="field">
        <label className="input-label" htmlFor={urlId}>
          {t('webhooks.url')}
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
          {t('webhooks.description')}
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
        <legend className="input-label">{t('webhooks.events')}</legend>
        {WEBHOOK_EVENT_TYPES.map((type) => (
          <label key={type} className="checkbox-label">
            <input type="checkbox" checked={events.includes(type)} onChange={(event) => toggle(type, event.target.checked)} />
            <code>{type}</code>
          </label>
        ))}
      </fieldset>
      <ErrorNotice error={create.error} />
      <button type="submit" className="button button-primary" disabled={create.isPending || events.length === 0 || !url.trim()}>
        {create.isPending ? t('webhooks.adding') : t('webhooks.add')}
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
  const t = useT('settings');
  const format = useFormat();
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
        {webhook.events.join(', ')} · {t('webhooks.addedAt', { date: format.dateTime(webhook.created_at) })}
      </p>
      {webhook.disabled_reason && <p className="form-error">{t('webhooks.disabledReason', { reason: webhook.disabled_reason })}</p>}
      <div className="row-actions">
        <button
          type="button"
          className="button button-secondary button-small"
          disabled={update.isPending}
          onClick={() => update.mutate(!webhook.enabled)}
        >
          {webhook.enabled ? t('webhooks.disable') : t('webhooks.enable')}
        </button>
        <button
          type="button"
          className="button button-secondary button-small"
          disabled={test.isPending || !webhook.enabled}
          onClick={() => test.mutate(undefined, { onSuccess: () => setTested(true) })}
        >
          {t('webhooks.test')}
        </button>
        <button
          type="button"
          className="button button-secondary button-small"
          aria-expanded={showDeliveries}
          aria-controls={deliveriesId}
          onClick={() => setShowDeliveries(!showDeliveries)}
        >
          {showDeliveries ? t('webhooks.hideDeliveries') : t('webhooks.showDeliveries')}
        </button>
        <button type="button" className="button button-secondary button-small" onClick={() => setDeleting(true)}>
          {t('webhooks.delete')}
        </button>
      </div>
      {tested && (
        <p role="status" className="hint">
          <Sentence text={t('webhooks.testSent', { skipInterpolation: true })} parts={{ event: <code>ping</code> }} />
        </p>
      )}
      <ErrorNotice error={update.error ?? test.error} />
      <div id={deliveriesId}>{showDeliveries && <Deliveries base={base} />}</div>
      {deleting && (
        <ConfirmDialog
          title={t('webhooks.deleteTitle')}
          confirmLabel={t('webhooks.delete')}
          danger
          busy={remove.isPending}
          error={remove.error}
          onClose={() => setDeleting(false)}
          onConfirm={() => remove.mutate(undefined)}
        >
          <p>
            <Sentence
              text={t('webhooks.deleteText', { skipInterpolation: true })}
              parts={{ url: <code className="mono hash">{webhook.url}</code> }}
            />
          </p>
        </ConfirmDialog>
      )}
    </li>
  );
}

function Deliveries({ base }: { base: string }) {
  const t = useT('settings');
  const format = useFormat();
  const deliveries = useApiQuery<ApiData<'listWebhookDeliveries'>>(`${base}/deliveries?page_size=20`, { refetchInterval: 10_000 });
  if (deliveries.error) return <ErrorNotice error={deliveries.error} />;
  if (!deliveries.data) return <p className="loading">{t('webhooks.loadingDeliveries')}</p>;
  if (deliveries.data.deliveries.length === 0) return <p className="hint">{t('webhooks.noDeliveries')}</p>;
  return (
    <div className="table-wrap deliveries">
      <table className="data-table cards-on-narrow" data-testid="deliveries-table">
        <caption className="visually-hidden">{t('webhooks.deliveriesCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('webhooks.event')}</th>
            <th scope="col">{t('webhooks.state')}</th>
            <th scope="col">{t('webhooks.created')}</th>
            <th scope="col">{t('webhooks.attempts')}</th>
            <th scope="col">{t('webhooks.lastAnswer')}</th>
          </tr>
        </thead>
        <tbody>
          {deliveries.data.deliveries.map((delivery) => {
            const last = delivery.attempts.at(-1);
            return (
              <tr key={delivery.delivery_id}>
                <td data-label={t('webhooks.event')}>
                  <code>{delivery.type}</code>
                </td>
                <td data-label={t('webhooks.state')}>
                  <StatusBadge status={delivery.state} />
                </td>
                <td data-label={t('webhooks.created')}>{format.dateTime(delivery.created_at)}</td>
                <td data-label={t('webhooks.attempts')}>{delivery.attempts.length}</td>
                <td data-label={t('webhooks.lastAnswer')} className="delivery-answer">
                  {last
                    ? last.status_code
                      ? t('webhooks.answered', { status: last.status_code, ms: format.number(last.duration_ms) })
                      : t('webhooks.noAnswer', { ms: format.number(last.duration_ms) })
                    : '—'}
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
