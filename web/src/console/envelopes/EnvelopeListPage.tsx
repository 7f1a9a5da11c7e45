import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { Link } from 'wouter';
import type { ApiFailure } from '../../shared/api-failure.js';
import { consoleApi } from '../console-api.js';
import { ErrorNotice } from '../ErrorNotice.js';
import { formatDate } from '../ui/format.js';
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
        <h1>Envelopes</h1>
        <Link href="/compose" className="button button-primary link-button">
          Send a document
        </Link>
      </div>

      <form className="envelope-filters panel" role="search" onSubmit={(event) => event.preventDefault()}>
        <div className="envelope-filter-search">
          <label className="input-label" htmlFor={searchId}>
            Search by name
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
            Status
          </label>
          <select id={statusId} className="text-input" value={status} onChange={(event) => setStatus(event.target.value)}>
            <option value="">All statuses</option>
            {ENVELOPE_STATUSES.map((value) => (
              <option key={value} value={value}>
                {value === 'InProgress' ? 'In progress' : value}
              </option>
            ))}
          </select>
        </div>
      </form>

      <ErrorNotice error={list.error} />
      {list.isPending && <p className="loading">Loading envelopes…</p>}

      {list.data && list.data.envelopes.length === 0 && (
        <div className="panel empty-state" data-testid="envelopes-empty">
          {filtered ? (
            <p>No envelope matches this search. Clear the search or choose another status.</p>
          ) : (
            <>
              <h2 className="panel-title">No envelopes yet</h2>
              <p>Upload a PDF, add the people who sign it and place their fields. They get an e-mail with a link.</p>
              <Link href="/compose" className="button button-primary link-button">
                Send your first document
              </Link>
            </>
          )}
        </div>
      )}

      {list.data && list.data.envelopes.length > 0 && (
        <>
          <div className="table-wrap">
            <table className="data-table cards-on-narrow" data-testid="envelope-table">
              <caption className="visually-hidden">Envelopes, newest first; the status updates by itself</caption>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Status</th>
                  <th scope="col">Signed</th>
                  <th scope="col">Created</th>
                  <th scope="col">Due</th>
                </tr>
              </thead>
              <tbody>
                {list.data.envelopes.map((envelope) => (
                  <tr key={envelope.envelope_id} data-testid="envelope-row">
                    <td data-label="Name" className="envelope-name-cell">
                      <Link href={`/envelopes/${envelope.envelope_id}`}>{envelope.name}</Link>
                    </td>
                    <td data-label="Status">
                      <StatusBadge status={envelope.status} />
                    </td>
                    <td data-label="Signed">
                      <SignedProgress signed={envelope.signed_count} recipients={envelope.recipients_count} />
                    </td>
                    <td data-label="Created">{formatDate(envelope.created_at)}</td>
                    <td data-label="Due">{formatDate(envelope.signing_due_date)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <nav className="pagination" aria-label="Pages of envelopes">
            <button type="button" className="button button-secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              Previous
            </button>
            <span aria-live="polite" data-testid="page-of">
              Page {list.data.page} of {pages} · {list.data.total} envelope{list.data.total === 1 ? '' : 's'}
            </span>
            <button type="button" className="button button-secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>
              Next
            </button>
          </nav>
        </>
      )}
    </>
  );
}

/** Signers who signed, against everyone on the envelope (observers included, as the list counts them). */
function SignedProgress({ signed, recipients }: { signed: number; recipients: number }) {
  return (
    <span className="signed-progress">
      <span className="signed-bar" aria-hidden="true">
        <span className="signed-bar-fill" style={{ width: `${recipients ? (signed / recipients) * 100 : 0}%` }} />
      </span>
      <span>
        {signed} of {recipients} recipient{recipients === 1 ? '' : 's'}
      </span>
    </span>
  );
}
