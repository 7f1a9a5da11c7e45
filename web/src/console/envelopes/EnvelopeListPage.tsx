import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { Link } from 'wouter';
import type { ApiFailure } from '../../shared/api-failure.js';
import { consoleApi } from '../console-api.js';
import { ErrorNotice } from '../ErrorNotice.js';
import { useT } from '../i18n.js';
import { useFormat } from '../ui/format.js';
import { StatusBadge } from '../ui/StatusBadge.js';
import '../ui/ui.css';
import { ENVELOPE_STATUSES, type EnvelopeListPage as ListPage, type EnvelopeListRequest } from './envelope-types.js';
import './envelopes.css';

const PAGE_SIZE = 20;
const LIVE_MS = 10_000;
/** Typing pauses this long before the list is asked again, so each keystroke is not a request. */
const SEARCH_PAUSE_MS = 300;

const useSettled = (value: string, delay: number) => {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
};

export function EnvelopeListPage() {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(1);
  const name = useSettled(search.trim(), SEARCH_PAUSE_MS);
  const searchId = useId();
  const statusId = useId();
  const t = useT('envelopes');
  const tc = useT('common');
  const format = useFormat();

  useEffect(() => setPage(1), [name, status]);

  const chosen = ENVELOPE_STATUSES.find((candidate) => candidate === status);
  const filters = { ...(name ? { name_contains: name } : {}), ...(chosen ? { status: [chosen] } : {}) };
  const body: EnvelopeListRequest = { filters, page, page_size: PAGE_SIZE };
  const list = useQuery<ListPage, ApiFailure>({
    queryKey: ['/envelopes/list', body],
    queryFn: () => consoleApi.request<ListPage>('POST', '/envelopes/list', body),
    refetchInterval: LIVE_MS,
    placeholderData: keepPreviousData,
  });

  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / PAGE_SIZE)) : 1;
  const filtered = Boolean(name || status);

  return (
    <>
      <div className="page-heading">
        <h1>{t('list.title')}</h1>
        <Link href="/compose" className="button button-primary link-button">
          {t('list.sendDocument')}
        </Link>
      </div>

      <form className="envelope-filters panel" role="search" onSubmit={(event) => event.preventDefault()}>
        <div className="envelope-filter-search">
          <label className="input-label" htmlFor={searchId}>
            {t('list.searchByName')}
          </label>
          <input
            id={searchId}
            className="text-input"
            type="search"
            value={search}
            maxLength={255}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
        <div className="envelope-filter-status">
          <label className="input-label" htmlFor={statusId}>
            {t('list.status')}
          </label>
          <select id={statusId} className="text-input" value={status} onChange={(event) => setStatus(event.target.value)}>
            <option value="">{t('list.allStatuses')}</option>
            {ENVELOPE_STATUSES.map((value) => (
              <option key={value} value={value}>
                {tc(`status.${value}`)}
              </option>
            ))}
          </select>
        </div>
      </form>

      <ErrorNotice error={list.error} />
      {list.isPending && <p className="loading">{t('list.loading')}</p>}

      {list.data && list.data.envelopes.length === 0 && (
        <div className="panel empty-state" data-testid="envelopes-empty">
          {filtered ? (
            <p>{t('list.noMatch')}</p>
          ) : (
            <>
              <h2 className="panel-title">{t('list.emptyTitle')}</h2>
              <p>{t('list.emptyText')}</p>
              <Link href="/compose" className="button button-primary link-button">
                {t('list.sendFirst')}
              </Link>
            </>
          )}
        </div>
      )}

      {list.data && list.data.envelopes.length > 0 && (
        <>
          <div className="table-wrap">
            <table className="data-table cards-on-narrow" data-testid="envelope-table">
              <caption className="visually-hidden">{t('list.caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('list.name')}</th>
                  <th scope="col">{t('list.status')}</th>
                  <th scope="col">{t('list.signed')}</th>
                  <th scope="col">{t('list.created')}</th>
                  <th scope="col">{t('list.due')}</th>
                </tr>
              </thead>
              <tbody>
                {list.data.envelopes.map((envelope) => (
                  <tr key={envelope.envelope_id} data-testid="envelope-row">
                    <td data-label={t('list.name')} className="envelope-name-cell">
                      <Link href={`/envelopes/${envelope.envelope_id}`}>{envelope.name}</Link>
                    </td>
                    <td data-label={t('list.status')}>
                      <StatusBadge status={envelope.status} />
                    </td>
                    <td data-label={t('list.signed')}>
                      <SignedProgress signed={envelope.signed_count} recipients={envelope.recipients_count} />
                    </td>
                    <td data-label={t('list.created')}>{format.date(envelope.created_at)}</td>
                    <td data-label={t('list.due')}>{format.date(envelope.signing_due_date)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <nav className="pagination" aria-label={t('list.pages')}>
            <button type="button" className="button button-secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              {tc('previous')}
            </button>
            <span aria-live="polite" data-testid="page-of">
              {tc('pageOf', { page: list.data.page, pages })} · {t('list.total', { count: list.data.total })}
            </span>
            <button type="button" className="button button-secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>
              {tc('next')}
            </button>
          </nav>
        </>
      )}
    </>
  );
}

/** Signers who signed, against everyone on the envelope (observers included, as the list counts them). */
function SignedProgress({ signed, recipients }: { signed: number; recipients: number }) {
  const t = useT('envelopes');
  return (
    <span className="signed-progress">
      <span className="signed-bar" aria-hidden="true">
        <span className="signed-bar-fill" style={{ width: `${recipients ? (signed / recipients) * 100 : 0}%` }} />
      </span>
      <span>{t('list.signedOf', { signed, count: recipients })}</span>
    </span>
  );
}
