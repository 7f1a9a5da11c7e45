import { useT } from '../i18n.js';

/** Previous and next page of a list, with where the reader is; nothing for a list of one page. */
export function Pagination({ page, pages, label, onPage }: { page: number; pages: number; label: string; onPage: (page: number) => void }) {
  const tc = useT('common');
  if (pages <= 1) return null;
  return (
    <nav className="row-actions pagination" aria-label={label}>
      <button type="button" className="button button-secondary button-small" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {tc('previous')}
      </button>
      <span>{tc('pageOf', { page, pages })}</span>
      <button type="button" className="button button-secondary button-small" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {tc('next')}
      </button>
    </nav>
  );
}
