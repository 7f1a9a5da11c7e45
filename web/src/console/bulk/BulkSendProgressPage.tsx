import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'wouter';
import type { ApiFailure } from '../../shared/api-failure.js';
import { useApiMutation, useApiQuery } from '../api-hooks.js';
import { consoleApi } from '../console-api.js';
import { ErrorNotice } from '../ErrorNotice.js';
import { useT } from '../i18n.js';
import { ConfirmDialog } from '../ui/ConfirmDialog.js';
import { useFormat } from '../ui/format.js';
import { BulkStatusBadge } from './BulkStatusBadge.js';
import { isFinished, type BulkSend } from './bulk-types.js';
import { RowErrors } from './RowErrors.js';
import type { TemplateDetail } from '../../editor/template-roles.js';
import '../envelopes/envelopes.css';
import './bulk.css';

/** While rows are being created the page asks this often; a finished send is not asked again. */
const POLL_MS = 1000;

/** One bulk send: a live progress bar until it is finished, cancel while it runs, the refused rows and their CSV. */
export function BulkSendProgressPage({ bulkSendId }: { bulkSendId: string }) {
  const t = useT('bulk');
  const format = useFormat();
  const path = `/bulk_sends/${encodeURIComponent(bulkSendId)}`;
  const send = useQuery<BulkSend, ApiFailure>({
    queryKey: [path],
    queryFn: () => consoleApi.request<BulkSend>('GET', path),
    refetchInterval: (query) => (query.state.data && isFinished(query.state.data.status) ? false : POLL_MS),
  });
  const template = useApiQuery<TemplateDetail>(`/templates/${encodeURIComponent(send.data?.template_id ?? '')}`, {
    enabled: Boolean(send.data),
  });
  const [confirming, setConfirming] = useState(false);
  const cancel = useApiMutation(() => consoleApi.request<BulkSend>('POST', `${path}/cancel`), [[path], ['/bulk_sends?']]);
  const progressId = useId();

  if (send.isPending) return <p className="loading">{t('progress.loading')}</p>;
  if (send.error)
    return (
      <>
        <p className="back-link">
          <Link href="/bulk-sends">← {t('progress.all')}</Link>
        </p>
        <ErrorNotice error={send.error} />
      </>
    );

  const bulk = send.data;
  const done = bulk.created + bulk.failed;
  const stopped = bulk.status === 'cancelled' ? bulk.total - done : 0;
  const templateName = template.data?.name ?? bulk.template_id;

  return (
    <article className="bulk-progress-page">
      <p className="back-link">
        <Link href="/bulk-sends">← {t('progress.all')}</Link>
      </p>
      <div className="page-heading">
        <h1>{t('progress.title', { name: templateName })}</h1>
        <span data-testid="bulk-status" role="status">
          <BulkStatusBadge status={bulk.status} />
        </span>
      </div>

      <section className="panel" aria-labelledby="bulk-progress-title">
        <h2 id="bulk-progress-title" className="panel-title">
          {t('progress.heading')}
        </h2>
        <p id={progressId} className="bulk-progress-text" data-testid="bulk-progress-text">
          {t('progress.counts', {
            count: bulk.total,
            done: format.number(done),
            total: format.number(bulk.total),
            created: format.number(bulk.created),
            failed: format.number(bulk.failed),
          })}
        </p>
        <progress
          className="bulk-progress"
          max={Math.max(bulk.total, 1)}
          value={bulk.total === 0 ? 1 : done}
          aria-labelledby={progressId}
          data-testid="bulk-progress"
        />
        {stopped > 0 && <p data-testid="bulk-stopped">{t('progress.stopped', { count: stopped, rows: format.number(stopped) })}</p>}
        <dl className="facts bulk-facts">
          <div>
            <dt>{t('progress.template')}</dt>
            <dd>
              <Link href={`/templates/${bulk.template_id}`}>{templateName}</Link>
            </dd>
          </div>
          <div>
            <dt>{t('progress.started')}</dt>
            <dd>{format.dateTime(bulk.created_at)}</dd>
          </div>
          <div>
            <dt>{t('progress.finished')}</dt>
            <dd>{format.dateTime(bulk.completed_at)}</dd>
          </div>
        </dl>
        {!isFinished(bulk.status) && (
          <div className="bulk-actions">
            <button
              type="button"
              className="button button-danger"
              onClick={() => {
                cancel.reset();
                setConfirming(true);
              }}
              data-testid="cancel-bulk-send"
            >
              {t('progress.cancel')}
            </button>
          </div>
        )}
      </section>

      {bulk.errors.length > 0 && (
        <RowErrors errors={bulk.errors} fileName={`${bulk.bulk_send_id}-errors.csv`} titleId="bulk-errors-title" />
      )}

      {confirming && (
        <ConfirmDialog
          title={t('cancel.title')}
          confirmLabel={t('cancel.confirm')}
          danger
          focusConfirm
          busy={cancel.isPending}
          error={cancel.error}
          onClose={() => setConfirming(false)}
          onConfirm={() => cancel.mutate(undefined, { onSuccess: () => setConfirming(false) })}
          testId="cancel-bulk-dialog"
        >
          <p>{t('cancel.text')}</p>
        </ConfirmDialog>
      )}
    </article>
  );
}
