import { useState } from 'react';
import type { ApiData } from '../../shared/api-types.js';
import { useApiQuery } from '../api-hooks.js';
import { ErrorNotice } from '../ErrorNotice.js';
import { useT } from '../i18n.js';
import { useFormat } from '../ui/format.js';
import '../signin/signin.css';

const PAGE_SIZE = 20;

/** The account's security log, newest first, for admins: one page at a time. */
export function SecurityLogSection() {
  const t = useT('security');
  const format = useFormat();
  const [page, setPage] = useState(1);
  const log = useApiQuery<ApiData<'listSecurityEvents'>>(`/account/security_events?page=${page}&page_size=${PAGE_SIZE}`);
  const pages = Math.max(1, Math.ceil((log.data?.total ?? 0) / PAGE_SIZE));

  return (
    <>
      <p className="hint">{t('intro')}</p>
      <ErrorNotice error={log.error} />
      {log.data && log.data.events.length === 0 && <p>{t('empty')}</p>}
      {log.data && log.data.events.length > 0 && (
        <>
          <div className="table-wrap">
            <table className="data-table cards-on-narrow" data-testid="security-log">
              <caption className="visually-hidden">{t('caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('time')}</th>
                  <th scope="col">{t('event')}</th>
                  <th scope="col">{t('person')}</th>
                  <th scope="col">{t('method')}</th>
                  <th scope="col">{t('address')}</th>
                  <th scope="col">{t('browser')}</th>
                  <th scope="col">{t('detail')}</th>
                </tr>
              </thead>
              <tbody>
                {log.data.events.map((event) => (
                  <tr key={event.event_id} data-testid="security-event" data-type={event.type}>
                    <td data-label={t('time')}>
                      <time dateTime={event.at}>{format.dateTime(event.at)}</time>
                    </td>
                    <td data-label={t('event')}>{t(`type.${event.type}`)}</td>
                    <td data-label={t('person')} className="cell-wrap">
                      {event.user_email ?? '—'}
                    </td>
                    <td data-label={t('method')}>{event.method ? t(`methods.${event.method}`) : '—'}</td>
                    <td data-label={t('address')}>{event.ip ?? '—'}</td>
                    <td data-label={t('browser')}>
                      <span className="security-agent">{event.user_agent ?? '—'}</span>
                    </td>
                    <td data-label={t('detail')} lang="en">
                      {event.detail ?? '—'}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <nav className="security-pager" aria-label={t('pages')}>
            <button type="button" className="button button-secondary button-small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              {t('previous')}
            </button>
            <span>
              {t('pageOf', { page: format.number(page), pages: format.number(pages) })} · {t('total', { count: log.data.total })}
            </span>
            <button
              type="button"
              className="button button-secondary button-small"
              disabled={page >= pages}
              onClick={() => setPage(page + 1)}
            >
              {t('next')}
            </button>
          </nav>
        </>
      )}
    </>
  );
}
