import { useT } from '../i18n.js';
import { useFormat } from '../ui/format.js';
import type { ColumnCheck } from './column-check.js';
import type { CsvTable } from './csv-file.js';

const PREVIEW_ROWS = 5;

/** The column mapping check: each role with the columns that fill it, what is missing, what the template does not know; then the first rows. */
export function ColumnCheckReport({ check, table }: { check: ColumnCheck; table: CsvTable }) {
  const t = useT('bulk');
  const format = useFormat();
  return (
    <section className="panel" aria-labelledby="bulk-check-title" data-testid="column-check">
      <h2 id="bulk-check-title" className="panel-title">
        {t('check.title')}
      </h2>
      <p data-testid="row-count">{t('check.rows', { count: table.rows.length, rows: format.number(table.rows.length) })}</p>
      <div className={`notice ${check.ready ? 'notice-ok' : 'notice-error'}`} role="status" data-testid="check-verdict">
        <p className="notice-text">{check.ready ? t('check.ready') : t('check.notReady')}</p>
      </div>

      <div className="table-wrap">
        <table className="data-table cards-on-narrow" data-testid="role-coverage">
          <caption className="visually-hidden">{t('check.rolesCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('check.role')}</th>
              <th scope="col">{t('check.columns')}</th>
              <th scope="col">{t('check.result')}</th>
            </tr>
          </thead>
          <tbody>
            {check.roles.map((role) => (
              <tr key={`${role.kind}:${role.title}`} data-testid="role-coverage-row">
                <td data-label={t('check.role')} className="bulk-role">
                  {role.kind === 'observer' ? t('check.observer', { title: role.title }) : role.title}
                </td>
                <td data-label={t('check.columns')}>
                  {role.columns.length ? <ColumnList columns={role.columns} /> : <span className="hint">{t('check.none')}</span>}
                </td>
                <td data-label={t('check.result')}>
                  <RoleResult
                    group={role.group}
                    missing={role.missing}
                    observer={role.kind === 'observer'}
                    filled={role.columns.length > 0}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      {check.unknown.length > 0 && (
        <div className="bulk-problem" data-testid="unknown-columns">
          <h3 className="bulk-subtitle">{t('check.unknownTitle', { count: check.unknown.length })}</h3>
          <ul>
            {check.unknown.map(({ column, reason }) => (
              <li key={column}>
                <code className="bulk-code">{column}</code> — {t(`check.unknown.${reason}`)}
              </li>
            ))}
          </ul>
        </div>
      )}
      {check.duplicates.length > 0 && (
        <div className="bulk-problem" data-testid="duplicate-columns">
          <h3 className="bulk-subtitle">{t('check.duplicatesTitle', { count: check.duplicates.length })}</h3>
          <ColumnList columns={check.duplicates} />
        </div>
      )}
      <ul className="bulk-extras">
        <li>{check.envelopeName ? t('check.envelopeNameColumn') : t('check.noEnvelopeNameColumn')}</li>
        {check.metadata.length > 0 && (
          <li>
            {t('check.metadata')} <ColumnList columns={check.metadata} />
          </li>
        )}
      </ul>

      <h3 className="bulk-subtitle" id="bulk-preview-title">
        {t('check.previewTitle', { count: Math.min(PREVIEW_ROWS, table.rows.length) })}
      </h3>
      {/* A wide file scrolls within its own frame, which a keyboard reaches as a labelled region. */}
      <div className="table-wrap bulk-preview" role="region" aria-labelledby="bulk-preview-title" tabIndex={0}>
        <table className="data-table" data-testid="csv-preview">
          <thead>
            <tr>
              <th scope="col">{t('check.rowNumber')}</th>
              {table.header.map((column, index) => (
                <th scope="col" key={index}>
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.slice(0, PREVIEW_ROWS).map((row, index) => (
              <tr key={index}>
                <td>{format.number(index + 1)}</td>
                {table.header.map((_, cell) => (
                  <td key={cell}>{row[cell] ?? ''}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function ColumnList({ columns }: { columns: readonly string[] }) {
  return (
    <span className="bulk-columns">
      {columns.map((column) => (
        <code key={column} className="bulk-code">
          {column}
        </code>
      ))}
    </span>
  );
}

function RoleResult({ group, missing, observer, filled }: { group: boolean; missing: string[]; observer: boolean; filled: boolean }) {
  const t = useT('bulk');
  if (group) return <span className="bulk-bad">{t('check.group')}</span>;
  if (missing.length)
    return (
      <span className="bulk-bad">
        {t('check.missing')} <ColumnList columns={missing} />
      </span>
    );
  if (observer && !filled) return <span className="hint">{t('check.observerUnfilled')}</span>;
  return <span className="bulk-good">{t('check.covered')}</span>;
}
