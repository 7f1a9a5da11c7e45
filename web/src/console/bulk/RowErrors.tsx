import { saveBlob } from '../console-api.js';
import { useT } from '../i18n.js';
import { useFormat } from '../ui/format.js';
import { csvBlob, errorLines, type RowError } from './csv-text.js';

/** A page of errors stays readable; the download has every one. */
const SHOWN = 50;

/** The rows the service refused, by row number (data rows of the file, from 1), and all of them as a CSV file. */
export function RowErrors({ errors, fileName, titleId }: { errors: readonly RowError[]; fileName: string; titleId: string }) {
  const t = useT('bulk');
  const format = useFormat();
  const rows = new Set(errors.map((error) => error.row)).size;
  return (
    <section className="panel" aria-labelledby={titleId} data-testid="row-errors">
      <div className="bulk-section-heading">
        <h2 id={titleId} className="panel-title">
          {t('errors.title', { count: rows })}
        </h2>
        <button
          type="button"
          className="button button-secondary button-small"
          onClick={() => saveBlob(csvBlob(errorLines(errors), { escapeFormulas: true }), fileName)}
          data-testid="download-errors"
        >
          {t('errors.download')}
        </button>
      </div>
      {errors.length > SHOWN && (
        <p className="hint">{t('errors.firstOnly', { shown: format.number(SHOWN), total: format.number(errors.length) })}</p>
      )}
      <div className="table-wrap">
        <table className="data-table cards-on-narrow" data-testid="row-error-table">
          <caption className="visually-hidden">{t('errors.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('errors.row')}</th>
              <th scope="col">{t('errors.code')}</th>
              <th scope="col">{t('errors.message')}</th>
            </tr>
          </thead>
          <tbody>
            {errors.slice(0, SHOWN).map((error, index) => (
              <tr key={index}>
                <td data-label={t('errors.row')}>{format.number(error.row)}</td>
                <td data-label={t('errors.code')}>
                  <code className="bulk-code">{error.error_code}</code>
                </td>
                <td data-label={t('errors.message')} lang="en" className="bulk-message">
                  {error.developer_message}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
