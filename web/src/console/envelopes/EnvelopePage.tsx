import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import type { ApiFailure } from '../../shared/api-failure.js';
import { useApiQuery } from '../api-hooks.js';
import { consoleApi } from '../console-api.js';
import { ErrorNotice } from '../ErrorNotice.js';
import { useT } from '../i18n.js';
import { humanize, useFormat } from '../ui/format.js';
import { StatusBadge } from '../ui/StatusBadge.js';
import '../ui/ui.css';
import { AuditChain } from './AuditChain.js';
import { Downloads } from './Downloads.js';
import { CancelDialog, DeleteDialog, ExtendDialog, RemindDialog } from './EnvelopeDialogs.js';
import type { EnvelopeHistory, SignerDetails, SignerEntry, WorkflowEnvelope } from './envelope-types.js';
import { SignerEntries } from './SignerEntries.js';
import { CorrectDialog, ResendDialog } from './WorkflowDialogs.js';
import './envelopes.css';

const LIVE_MS = 10_000;
const OPEN = new Set(['Sent', 'InProgress']);
/** A sent-back envelope can still be corrected and cancelled; it resumes when resent. */
const CORRECTABLE = new Set(['Sent', 'InProgress', 'Correcting']);

type Dialog =
  | { kind: 'remind'; signer: SignerDetails }
  | { kind: 'cancel' }
  | { kind: 'extend' }
  | { kind: 'delete' }
  | { kind: 'correct' }
  | { kind: 'resend' }
  | null;

/**
 * Opens an in-person signing (POST …/in_person_url, single use, 10 minutes) in a new tab for the
 * signer to sign on this device. The tab is opened at the press, before the URL arrives, so that no
 * pop-up blocker stops it; without a tab the page itself goes to the signing page.
 */
const openInPersonSigning = async (envelopeId: string, recipientId: string): Promise<void> => {
  const tab = window.open('', '_blank');
  try {
    const { url } = await consoleApi.request<{ url: string; expires_at: string }>(
      'POST',
      `/envelopes/${envelopeId}/recipients/${encodeURIComponent(recipientId)}/in_person_url`,
    );
    if (tab) {
      tab.opener = null;
      tab.location.href = url;
    } else window.location.assign(url);
  } catch (error) {
    tab?.close();
    throw error;
  }
};

export function EnvelopePage({ envelopeId }: { envelopeId?: string }) {
  const id = encodeURIComponent(envelopeId ?? '');
  const details = useApiQuery<WorkflowEnvelope>(`/envelopes/${id}/details`, { refetchInterval: LIVE_MS });
  const history = useApiQuery<EnvelopeHistory>(`/envelopes/${id}/history`, { refetchInterval: LIVE_MS });
  const [dialog, setDialog] = useState<Dialog>(null);
  const [done, setDone] = useState<string | null>(null);
  const [starting, setStarting] = useState<string | null>(null);
  const [actionError, setActionError] = useState<ApiFailure | null>(null);
  const [, navigate] = useLocation();
  const t = useT('envelopes');
  const w = useT('workflows');
  const format = useFormat();

  const startInPerson = (signer: SignerDetails) => {
    setStarting(signer.recipient_id);
    setActionError(null);
    openInPersonSigning(id, signer.recipient_id)
      .then(() => setDone(w('envelope.inPersonOpened', { name: signer.name })))
      .catch((error: ApiFailure) => setActionError(error))
      .finally(() => setStarting(null));
  };

  const finished = (message: string) => {
    setDialog(null);
    setDone(message);
  };

  if (details.isPending) return <p className="loading">{t('page.loading')}</p>;
  if (details.error) return <NotShown error={details.error} />;
  const envelope: WorkflowEnvelope = details.data;
  const open = OPEN.has(envelope.status);
  const returned = envelope.status === 'Correcting' ? envelope.returned : null;

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
      <ErrorNotice error={actionError} />

      {envelope.status === 'Correcting' && (
        <div className="notice returned-notice" data-testid="returned">
          <p className="notice-text">
            {returned
              ? w('envelope.returnedBy', { name: returned.by.name, email: returned.by.email, date: format.dateTime(returned.at) })
              : w('envelope.correcting')}
          </p>
          {returned?.comment && <blockquote className="returned-comment">{returned.comment}</blockquote>}
          <p className="hint">{w('envelope.correctingHint')}</p>
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
          {envelope.allow_reassign && (
            <div>
              <dt>{w('envelope.reassign')}</dt>
              <dd>{w('envelope.reassignAllowed')}</dd>
            </div>
          )}
        </dl>
        {envelope.description && <p className="envelope-description">{envelope.description}</p>}
        <div className="envelope-actions" data-testid="envelope-actions">
          {envelope.status === 'Correcting' && (
            <button type="button" className="button button-primary" onClick={() => setDialog({ kind: 'resend' })} data-testid="resend">
              {w('resend.action')}
            </button>
          )}
          {CORRECTABLE.has(envelope.status) && (
            <button type="button" className="button button-secondary" onClick={() => setDialog({ kind: 'correct' })} data-testid="correct">
              {w('correct.action')}
            </button>
          )}
          {(open || envelope.status === 'Expired' || envelope.status === 'Correcting') && (
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
          <SignerEntries
            entries={envelope.recipients.signers as SignerEntry[]}
            flow={envelope.sign_process_flow}
            open={open}
            onRemind={(signer) => setDialog({ kind: 'remind', signer })}
            onInPerson={startInPerson}
            starting={starting}
          />
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
      {dialog?.kind === 'correct' && (
        <CorrectDialog envelopeId={id} envelope={envelope} onClose={() => setDialog(null)} onDone={finished} />
      )}
      {dialog?.kind === 'resend' && <ResendDialog envelopeId={id} onClose={() => setDialog(null)} onDone={finished} />}
      {dialog?.kind === 'cancel' && <CancelDialog envelopeId={id} onClose={() => setDialog(null)} onDone={finished} />}
      {dialog?.kind === 'extend' && <ExtendDialog envelopeId={id} onClose={() => setDialog(null)} onDone={finished} />}
      {dialog?.kind === 'delete' && (
        <DeleteDialog envelopeId={id} onClose={() => setDialog(null)} onDone={() => navigate('/envelopes', { replace: true })} />
      )}
    </article>
  );
}

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
