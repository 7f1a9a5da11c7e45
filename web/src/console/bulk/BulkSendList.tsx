import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'wouter';
import type { ApiFailure } from '../../shared/api-failure.js';
import { consoleApi } from '../console-api.js';
import { ErrorNotice } from '../ErrorNotice.js';
import { useT } from '../i18n.js';
import { useFormat } from '../ui/format.js';
import { BulkStatusBadge } from './BulkStatusBadge.js';
import { isFinished, type BulkSendPage } from './bulk-types.js';
import { useTemplates } from './use-templates.js';
import { Pagination } from '../ui/Pagination.js';

const PAGE_SIZE = 20;
/** While a send of the page is still creating rows, the list keeps its counts current. */
const LIVE_MS = 3000;

/** The account's bulk sends, newest first, each with its status and how far it got. */
export function BulkSendList() {
  const t = useT('bulk');
  const format = useFormat();
  const [page, setPage] = useState(1);
  const path = `/bulk_sends?page=${page}&page_size=${PAGE_SIZE}`;
  const list = useQuery<BulkSendPage, ApiFailure>({
    queryKey: [path],
    queryFn: () => consoleApi.request<BulkSendPage>('GET', path),
    refetchInterval: (query) => (query.state.data?.bulk_sends.some((send) => !isFinished(send.status)) ? LIVE_MS : false),
    placeholderData: keepPreviousData,
  });
  const templates = useTemplates();
  const nameOf = (templateId: string) => templates.data?.find((template) => template.template_id === templateId)?.name ?? templateId;
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / PAGE_SIZE)) : 1;

  return (
    <section aria-labelledby="bulk-list-title" data-testid="bulk-send-list">
      <h2 id="bulk-list-title" className="bulk-list-title">
        {t('list.title')}
      </h2>
      <ErrorNotice error={list.error} />
      {list.isPending && <p className="loading">{t('list.loading')}</p>}
      {list.data && list.data.bulk_sends.length === 0 && <p className="panel">{t('list.empty')}</p>}
      {list.data && list.data.bulk_sends.length > 0 && (
        <div className="table-wrap">
          <table className="data-table cards-on-narrow" data-testid="bulk-send-table">
            <caption className="visually-hidden">{t('list.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('list.started')}</th>
                <th scope="col">{t('list.template')}</th>
                <th scope="col">{t('list.status')}</th>
                <th scope="col">{t('list.progress')}</th>
              </tr>
            </thead>
            <tbody>
              {list.data.bulk_sends.map((send) => (
                <tr key={send.bulk_send_id}>
                  <td data-label={t('list.started')}>
                    <Link href={`/bulk-sends/${send.bulk_send_id}`}>{format.dateTime(send.created_at)}</Link>
                  </td>
                  <td data-label={t('list.template')} className="bulk-template-cell">
                    {nameOf(send.template_id)}
                  </td>
                  <td data-label={t('list.status')}>
                    <BulkStatusBadge status={send.status} />
                  </td>
                  <td data-label={t('list.progress')}>
                    {t('list.counts', {
                      created: format.number(send.created),
                      failed: format.number(send.failed),
                      total: format.number(send.total),
                    })}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination page={page} pages={pages} label={t('list.pages')} onPage={setPage} />
    </section>
  );
}
