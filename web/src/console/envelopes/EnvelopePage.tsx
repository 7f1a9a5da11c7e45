import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import type { ApiFailure } from '../../shared/api-failure.js';
import { useApiQuery } from '../api-hooks.js';
import { ErrorNotice } from '../ErrorNotice.js';
import { formatDateTime, humanize } from '../ui/format.js';
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

  const finished = (message: string) => {
    setDialog(null);
    setDone(message);
  };

  if (details.isPending) return <p className="loading">Loading the envelope…</p>;
  if (details.error) return <NotShown error={details.error} />;
  const envelope = details.data;
  const open = OPEN.has(envelope.status);

  return (
    <article className="envelope-page">
      <p className="back-link">
        <Link href="/envelopes">← All envelopes</Link>
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
          Summary
        </h2>
        <dl className="facts">
          <div>
            <dt>Sent by</dt>
            <dd>{envelope.created_by.name}</dd>
          </div>
          <div>
            <dt>Created</dt>
            <dd>{formatDateTime(envelope.created_at)}</dd>
          </div>
          <div>
            <dt>{envelope.status === 'Expired' ? 'Expired' : 'Due'}</dt>
            <dd>{formatDateTime(envelope.signing_due_date)}</dd>
          </div>
          {envelope.completed_at && (
            <div>
              <dt>Completed</dt>
              <dd>{formatDateTime(envelope.completed_at)}</dd>
            </div>
          )}
          <div>
            <dt>Signing order</dt>
            <dd>{envelope.sign_process_flow}</dd>
          </div>
        </dl>
        {envelope.description && <p className="envelope-description">{envelope.description}</p>}
        <div className="envelope-actions" data-testid="envelope-actions">
          {(open || envelope.status === 'Expired') && (
            <button type="button" className="button button-secondary" onClick={() => setDialog({ kind: 'cancel' })}>
              Cancel envelope
            </button>
          )}
          {envelope.status === 'Expired' && (
            <button type="button" className="button button-primary" onClick={() => setDialog({ kind: 'extend' })}>
              Extend due date
            </button>
          )}
          {envelope.status === 'Completed' && (
            <button type="button" className="button button-danger" onClick={() => setDialog({ kind: 'delete' })}>
              Delete envelope
            </button>
          )}
        </div>
      </section>

      <section className="panel" aria-labelledby="recipients-title">
        <h2 id="recipients-title" className="panel-title">
          Recipients
        </h2>
        <ul className="recipient-list" data-testid="recipients">
          {envelope.recipients.signers.map((signer) => (
            <li key={signer.recipient_id} className="recipient" data-testid="signer">
              <div className="recipient-who">
                <span className="recipient-name">{signer.name}</span>
                <span className="recipient-email">{signer.email}</span>
                <span className="hint">
                  Signer{envelope.sign_process_flow === 'Parallel' ? '' : ` · order ${signer.signing_order}`}
                  {signer.signer_title ? ` · ${signer.signer_title}` : ''}
                </span>
              </div>
              <div className="recipient-state">
                <StatusBadge status={signer.status} />
                <span className="hint">{signerMoment(signer)}</span>
                {signer.decline_reason && <span className="hint">Reason: {signer.decline_reason}</span>}
              </div>
              {open && REMINDABLE.has(signer.status) && (
                <button
                  type="button"
                  className="button button-secondary button-small"
                  onClick={() => setDialog({ kind: 'remind', signer })}
                  aria-label={`Remind ${signer.name}`}
                >
                  Remind
                </button>
              )}
            </li>
          ))}
          {envelope.recipients.observers.map((observer) => (
            <li key={observer.recipient_id} className="recipient" data-testid="observer">
              <div className="recipient-who">
                <span className="recipient-name">{observer.name}</span>
                <span className="recipient-email">{observer.email}</span>
                <span className="hint">Observer (receives a copy)</span>
              </div>
              <div className="recipient-state">
                <StatusBadge status={observer.status} />
                {observer.sent_at && <span className="hint">Sent {formatDateTime(observer.sent_at)}</span>}
              </div>
            </li>
          ))}
        </ul>
      </section>

      <Downloads envelope={envelope} />

      <section className="panel" aria-labelledby="history-title">
        <h2 id="history-title" className="panel-title">
          History
        </h2>
        <ErrorNotice error={history.error} />
        {history.data && (
          <ol className="timeline" data-testid="timeline">
            {history.data.history.map((entry, index) => (
              <li key={index} className="timeline-entry">
                <time dateTime={entry.performed_at} className="timeline-time">
                  {formatDateTime(entry.performed_at)}
                </time>
                <span className="timeline-event">{humanize(entry.activity_type)}</span>
                <span className="timeline-actor">
                  {[entry.performed_by.first_name, entry.performed_by.last_name].filter(Boolean).join(' ')}
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

const signerMoment = (signer: SignerDetails): string => {
  if (signer.signed_at) return `Signed ${formatDateTime(signer.signed_at)}`;
  if (signer.declined_at) return `Declined ${formatDateTime(signer.declined_at)}`;
  if (signer.viewed_at) return `Viewed ${formatDateTime(signer.viewed_at)}`;
  if (signer.sent_at) return `Sent ${formatDateTime(signer.sent_at)}`;
  return 'Not notified yet: waits for earlier signers';
};

function NotShown({ error }: { error: ApiFailure }) {
  return (
    <>
      <p className="back-link">
        <Link href="/envelopes">← All envelopes</Link>
      </p>
      <h1>Envelope not shown</h1>
      <ErrorNotice error={error} />
    </>
  );
}
