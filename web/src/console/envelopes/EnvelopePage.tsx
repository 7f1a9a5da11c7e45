import type { TFunction } from 'i18next';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import type { ApiFailure } from '../../shared/api-failure.js';
import { useApiQuery } from '../api-hooks.js';
import { ErrorNotice } from '../ErrorNotice.js';
import { useT } from '../i18n.js';
import { humanize, useFormat, type Formats } from '../ui/format.js';
import { StatusBadge } from '../ui/StatusBadge.js';
import '../ui/ui.css';
import { AuditChain } from './AuditChain.js';
import { Downloads } from './Downloads.js';
import { CancelDialog, DeleteDialog, ExtendDialog, RemindDialog } from './EnvelopeDialogs.js';
import type { EnvelopeDetails, EnvelopeHistory, SignerDetails } from './envelope-types.js';
import './envelopes.css';

const LIVE_MS = 10_000;
const OPEN = new Set(['Sent', 'InProgress']);
/** A signer whose turn it is and who has not acted yet can be reminded (409 SIGNER_NOT_REMINDABLE otherwise). */
const REMINDABLE = new Set(['Sent', 'Viewed']);

type Dialog = { kind: 'remind'; signer: SignerDetails } | { kind: 'cancel' } | { kind: 'extend' } | { kind: 'delete' } | null;

export function EnvelopePage({ envelopeId }: { envelopeId?: string }) {
  const id = encodeURIComponent(envelopeId ?? '');
  const details = useApiQuery<EnvelopeDetails>(`/envelopes/${id}/details`, { refetchInterval: LIVE_MS });
  const history = useApiQuery<EnvelopeHistory>(`/envelopes/${id}/history`, { refetchInterval: LIVE_MS });
  const [dialog, setDialog] = useState<Dialog>(null);
  const [done, setDone] = useState<string | null>(null);
  const [, navigate] = useLocation();
  const t = useT('envelopes');
  const format = useFormat();

  const finished = (message: string) => {
    setDialog(null);
    setDone(message);
  };

  if (details.isPending) return <p className="loading">{t('page.loading')}</p>;
  if (details.error) return <NotShown error={details.error} />;
  const envelope = details.data;
  const open = OPEN.has(envelope.status);

  return (
    <article className="envelope-page">
      <p className="back-link">
        <Link href="/envelopes">← {t('page.allEnvelopes')}</Link>
      </p>
      <div className="page-heading">
        <h1 data-testid="envelope-title">{envelope.name}</h1>
        <span data-testid="envelope-status">
          <StatusBadge status={envelope.status} />
        </span>
      </div>

      {done && (
        <div className="notice notice-ok" role="status" data-testid="action-done">
          <p className="notice-text">{done}</p>
        </div>
      )}

      <section className="panel envelope-summary" aria-labelledby="summary-title">
        <h2 id="summary-title" className="visually-hidden">
          {t('page.summary')}
        </h2>
        <dl className="facts">
          <div>
            <dt>{t('page.sentBy')}</dt>
            <dd>{envelope.created_by.name}</dd>
          </div>
          <div>
            <dt>{t('page.created')}</dt>
            <dd>{format.dateTime(envelope.created_at)}</dd>
          </div>
          <div>
            <dt>{envelope.status === 'Expired' ? t('page.expired') : t('page.due')}</dt>
            <dd>{format.dateTime(envelope.signing_due_date)}</dd>
          </div>
          {envelope.completed_at && (
            <div>
              <dt>{t('page.completed')}</dt>
              <dd>{format.dateTime(envelope.completed_at)}</dd>
            </div>
          )}
          <div>
            <dt>{t('page.signingOrder')}</dt>
            <dd>{t(`flow.${envelope.sign_process_flow}`, { defaultValue: envelope.sign_process_flow })}</dd>
          </div>
        </dl>
        {envelope.description && <p className="envelope-description">{envelope.description}</p>}
        <div className="envelope-actions" data-testid="envelope-actions">
          {(open || envelope.status === 'Expired') && (
            <button type="button" className="button button-secondary" onClick={() => setDialog({ kind: 'cancel' })}>
              {t('page.cancel')}
            </button>
          )}
          {envelope.status === 'Expired' && (
            <button type="button" className="button button-primary" onClick={() => setDialog({ kind: 'extend' })}>
              {t('page.extend')}
            </button>
          )}
          {envelope.status === 'Completed' && (
            <button type="button" className="button button-danger" onClick={() => setDialog({ kind: 'delete' })}>
              {t('page.delete')}
            </button>
          )}
        </div>
      </section>

      <section className="panel" aria-labelledby="recipients-title">
        <h2 id="recipients-title" className="panel-title">
          {t('page.recipients')}
        </h2>
        <ul className="recipient-list" data-testid="recipients">
          {envelope.recipients.signers.map((signer) => (
            <li key={signer.recipient_id} className="recipient" data-testid="signer">
              <div className="recipient-who">
                <span className="recipient-name">{signer.name}</span>
                <span className="recipient-email">{signer.email}</span>
                <span className="hint">
                  {envelope.sign_process_flow === 'Parallel' ? t('page.signer') : t('page.signerInOrder', { order: signer.signing_order })}
                  {signer.signer_title ? ` · ${signer.signer_title}` : ''}
                </span>
              </div>
              <div className="recipient-state">
                <StatusBadge status={signer.status} />
                <span className="hint">{signerMoment(signer, t, format)}</span>
                {signer.decline_reason && <span className="hint">{t('page.declineReason', { reason: signer.decline_reason })}</span>}
              </div>
              {open && REMINDABLE.has(signer.status) && (
                <button
                  type="button"
                  className="button button-secondary button-small"
                  onClick={() => setDialog({ kind: 'remind', signer })}
                  aria-label={t('page.remindWho', { name: signer.name })}
                >
                  {t('page.remind')}
                </button>
              )}
            </li>
          ))}
          {envelope.recipients.observers.map((observer) => (
            <li key={observer.recipient_id} className="recipient" data-testid="observer">
              <div className="recipient-who">
                <span className="recipient-name">{observer.name}</span>
                <span className="recipient-email">{observer.email}</span>
                <span className="hint">{t('page.observer')}</span>
              </div>
              <div className="recipient-state">
                <StatusBadge status={observer.status} />
                {observer.sent_at && <span className="hint">{t('page.sentAt', { date: format.dateTime(observer.sent_at) })}</span>}
              </div>
            </li>
          ))}
        </ul>
      </section>

      <Downloads envelope={envelope} />

      <section className="panel" aria-labelledby="history-title">
        <h2 id="history-title" className="panel-title">
          {t('page.history')}
        </h2>
        <ErrorNotice error={history.error} />
        {history.data && (
          <ol className="timeline" data-testid="timeline">
            {history.data.history.map((entry, index) => (
              <li key={index} className="timeline-entry">
                <time dateTime={entry.performed_at} className="timeline-time">
                  {format.dateTime(entry.performed_at)}
                </time>
                <span className="timeline-event">
                  {t(`activity.${entry.activity_type}`, { defaultValue: humanize(entry.activity_type) })}
                </span>
                <span className="timeline-actor">
                  {t('page.by', { name: [entry.performed_by.first_name, entry.performed_by.last_name].filter(Boolean).join(' ') })}
                  {entry.performed_by.email ? ` (${entry.performed_by.email})` : ''}
                </span>
                {entry.description && <span className="timeline-description">{entry.description}</span>}
              </li>
            ))}
          </ol>
        )}
      </section>

      <AuditChain envelopeId={id} />

      {dialog?.kind === 'remind' && (
        <RemindDialog envelopeId={id} signer={dialog.signer} onClose={() => setDialog(null)} onDone={finished} />
      )}
      {dialog?.kind === 'cancel' && <CancelDialog envelopeId={id} onClose={() => setDialog(null)} onDone={finished} />}
      {dialog?.kind === 'extend' && <ExtendDialog envelopeId={id} onClose={() => setDialog(null)} onDone={finished} />}
      {dialog?.kind === 'delete' && (
        <DeleteDialog envelopeId={id} onClose={() => setDialog(null)} onDone={() => navigate('/envelopes', { replace: true })} />
      )}
    </article>
  );
}

const signerMoment = (signer: SignerDetails, t: TFunction, format: Formats): string => {
  if (signer.signed_at) return t('page.signedAt', { date: format.dateTime(signer.signed_at) });
  if (signer.declined_at) return t('page.declinedAt', { date: format.dateTime(signer.declined_at) });
  if (signer.viewed_at) return t('page.viewedAt', { date: format.dateTime(signer.viewed_at) });
  if (signer.sent_at) return t('page.sentAt', { date: format.dateTime(signer.sent_at) });
  return t('page.notNotified');
};

function NotShown({ error }: { error: ApiFailure }) {
  const t = useT('envelopes');
  return (
    <>
      <p className="back-link">
        <Link href="/envelopes">← {t('page.allEnvelopes')}</Link>
      </p>
      <h1>{t('page.notShown')}</h1>
      <ErrorNotice error={error} />
    </>
  );
}
