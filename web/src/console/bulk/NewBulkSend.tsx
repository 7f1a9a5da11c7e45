import { useId, useMemo, useState } from 'react';
import { Link, useLocation } from 'wouter';
import type { TemplateDetail } from '../../editor/template-roles.js';
import { ApiFailure } from '../../shared/api-failure.js';
import { FileDropZone } from '../../shared/FileDropZone.js';
import type { ApiData } from '../../shared/api-types.js';
import { useApiQuery } from '../api-hooks.js';
import { consoleApi, saveBlob } from '../console-api.js';
import { ErrorNotice } from '../ErrorNotice.js';
import { useT } from '../i18n.js';
import { useFormat } from '../ui/format.js';
import { ColumnCheckReport } from './ColumnCheckReport.js';
import { checkColumns, templateColumns } from './column-check.js';
import type { CsvProblem, CsvTable } from './csv-file.js';
import { csvBlob, type RowError } from './csv-text.js';
import { MAX_CSV_MEGABYTES, MAX_ROWS } from './limits.js';
import { RowErrors } from './RowErrors.js';
import { useTemplates } from './use-templates.js';

/** The file as the page read it; the parser comes with the first file, so the console's first load stays as it was. */
type ReadFile = { file: File; result: CsvTable | CsvProblem };

const isTable = (result: CsvTable | CsvProblem): result is CsvTable => 'header' in result;

/** A refusal of every row (all or nothing, or no valid row) lists each refused row under its number after a summary. */
const refusedRows = (failure: ApiFailure | null): RowError[] =>
  failure?.code === 'BULK_ROWS_INVALID'
    ? (failure.errors as Partial<RowError>[]).filter((item): item is RowError => typeof item.row === 'number')
    : [];

/**
 * The notice says what happened, in the words of the refusal's first entry (how many rows, nothing
 * created); the rows go to their own table, which also downloads them (there may be thousands).
 */
const summaryOnly = (failure: ApiFailure | null): ApiFailure | null => {
  const summary = failure?.code === 'BULK_ROWS_INVALID' ? failure.errors[0] : undefined;
  return failure && summary ? new ApiFailure(failure.status, summary.developer_message, [summary], failure.language) : failure;
};

/** Template, CSV, the column check, options, send: POST /bulk_sends with the file, then on to its progress. */
export function NewBulkSend({ initialTemplateId }: { initialTemplateId: string }) {
  const t = useT('bulk');
  const format = useFormat();
  const [, navigate] = useLocation();
  const templates = useTemplates();
  const active = useMemo(() => (templates.data ?? []).filter((template) => template.status === 'Active'), [templates.data]);
  const [templateId, setTemplateId] = useState(initialTemplateId);
  const template = useApiQuery<TemplateDetail>(`/templates/${encodeURIComponent(templateId)}`, { enabled: templateId !== '' });
  const account = useApiQuery<ApiData<'getAccount'>>('/account');
  const [read, setRead] = useState<ReadFile | null>(null);
  const [reading, setReading] = useState(false);
  const [envelopeName, setEnvelopeName] = useState('');
  const [expirationDays, setExpirationDays] = useState('');
  const [allOrNothing, setAllOrNothing] = useState(false);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<ApiFailure | null>(null);
  const ids = { template: useId(), name: useId(), nameHint: useId(), days: useId(), daysHint: useId(), allHint: useId() };

  const roles = templateId && template.data?.template_id === templateId ? template.data.roles : null;
  const table = read && isTable(read.result) ? read.result : null;
  const check = roles && table ? checkColumns(table.header, roles) : null;
  const quota = account.data?.envelope_quota;
  const left = quota && quota.monthly_limit !== null ? Math.max(0, quota.monthly_limit - quota.used_this_month) : null;
  const days = expirationDays === '' ? null : Number(expirationDays);
  const daysValid = days === null || (Number.isInteger(days) && days >= 1 && days <= 365);

  const choose = async (file: File) => {
    setReading(true);
    setError(null);
    const { readCsv } = await import('./csv-file.js');
    setRead({ file, result: await readCsv(file) });
    setReading(false);
  };

  const send = async () => {
    if (!read || !check?.ready) return;
    setSending(true);
    setError(null);
    try {
      const envelope = {
        ...(envelopeName.trim() ? { name: envelopeName.trim() } : {}),
        ...(days !== null ? { expiration_days: days } : {}),
      };
      const started = await consoleApi.upload<ApiData<'createBulkSend'>>('/bulk_sends', read.file, {
        template_id: templateId,
        all_or_nothing: String(allOrNothing),
        ...(Object.keys(envelope).length ? { envelope: JSON.stringify(envelope) } : {}),
      });
      navigate(`/bulk-sends/${started.bulk_send_id}`);
    } catch (failure) {
      setError(failure as ApiFailure);
      setSending(false);
    }
  };

  const refused = refusedRows(error);

  return (
    <>
      <section className="panel" aria-labelledby="bulk-template-title">
        <h2 id="bulk-template-title" className="panel-title">
          {t('new.templateTitle')}
        </h2>
        <ErrorNotice error={templates.error} />
        {templates.data && active.length === 0 ? (
          <p data-testid="no-active-template">
            {t('new.noActiveTemplate')} <Link href="/templates">{t('new.toTemplates')}</Link>
          </p>
        ) : (
          <div className="field">
            <label className="input-label" htmlFor={ids.template}>
              {t('new.template')}
            </label>
            <select
              id={ids.template}
              className="text-input bulk-select"
              value={templateId}
              onChange={(event) => {
                setTemplateId(event.target.value);
                setError(null);
              }}
              disabled={templates.isPending}
              data-testid="bulk-template"
            >
              <option value="">{templates.isPending ? t('new.loadingTemplates') : t('new.chooseTemplate')}</option>
              {active.map((item) => (
                <option key={item.template_id} value={item.template_id}>
                  {item.name}
                </option>
              ))}
              {templateId && templates.data && !active.some((item) => item.template_id === templateId) && (
                <option value={templateId} disabled>
                  {t('new.notActive')}
                </option>
              )}
            </select>
          </div>
        )}
        <ErrorNotice error={templateId ? template.error : null} />
        {roles && template.data && template.data.status !== 'Active' && (
          <div className="notice notice-error" role="alert">
            <p className="notice-text">{t('new.inactive')}</p>
          </div>
        )}
        {roles && (
          <div className="bulk-columns-help" data-testid="template-columns">
            <p className="hint">{t('new.columnsHint')}</p>
            <p className="bulk-columns">
              {templateColumns(roles).map((column) => (
                <code key={column} className="bulk-code">
                  {column}
                </code>
              ))}
            </p>
            <button
              type="button"
              className="button button-secondary button-small"
              onClick={() => saveBlob(csvBlob([templateColumns(roles)], { escapeFormulas: false }), 'bulk-send.csv')}
              data-testid="download-header"
            >
              {t('new.downloadHeader')}
            </button>
          </div>
        )}
      </section>

      <section className="panel" aria-labelledby="bulk-file-title">
        <h2 id="bulk-file-title" className="panel-title">
          {t('new.fileTitle')}
        </h2>
        <CsvPicker busy={reading} chosen={read?.file.name ?? null} onFile={(file) => void choose(file)} />
        {read && !isTable(read.result) && <CsvProblemNotice problem={read.result} />}
        {table && !roles && (
          <p data-testid="row-count">{t('check.rows', { count: table.rows.length, rows: format.number(table.rows.length) })}</p>
        )}
        {table && left !== null && table.rows.length > left && (
          <div className="notice notice-error" data-testid="quota-warning">
            <p className="notice-text">
              {t('new.quotaWarning', { count: table.rows.length, rows: format.number(table.rows.length), left: format.number(left) })}
            </p>
          </div>
        )}
      </section>

      {check && table && <ColumnCheckReport check={check} table={table} />}

      <section className="panel" aria-labelledby="bulk-options-title">
        <h2 id="bulk-options-title" className="panel-title">
          {t('options.title')}
        </h2>
        <div className="bulk-options">
          <div className="field">
            <label className="input-label" htmlFor={ids.name}>
              {t('options.envelopeName')}
            </label>
            <input
              id={ids.name}
              className="text-input"
              value={envelopeName}
              maxLength={255}
              placeholder={template.data?.name}
              aria-describedby={ids.nameHint}
              onChange={(event) => setEnvelopeName(event.target.value)}
              data-testid="bulk-envelope-name"
            />
            <p id={ids.nameHint} className="hint">
              {t('options.envelopeNameHint')}
            </p>
          </div>
          <div className="field">
            <label className="input-label" htmlFor={ids.days}>
              {t('options.expirationDays')}
            </label>
            <input
              id={ids.days}
              className="text-input bulk-days"
              type="number"
              inputMode="numeric"
              min={1}
              max={365}
              value={expirationDays}
              aria-describedby={ids.daysHint}
              aria-invalid={!daysValid}
              onChange={(event) => setExpirationDays(event.target.value)}
            />
            <p id={ids.daysHint} className={daysValid ? 'hint' : 'form-error'}>
              {daysValid ? t('options.expirationDaysHint') : t('options.expirationDaysInvalid')}
            </p>
          </div>
        </div>
        <label className="bulk-check">
          <input
            type="checkbox"
            checked={allOrNothing}
            aria-describedby={ids.allHint}
            onChange={(event) => setAllOrNothing(event.target.checked)}
            data-testid="all-or-nothing"
          />
          {t('options.allOrNothing')}
        </label>
        <p id={ids.allHint} className="hint">
          {t('options.allOrNothingHint')}
        </p>
      </section>

      <div className="form-actions">
        <ErrorNotice error={summaryOnly(error)} />
        <button
          type="button"
          className="button button-primary"
          disabled={sending || !check?.ready || !daysValid || template.data?.status !== 'Active'}
          onClick={() => void send()}
          data-testid="start-bulk-send"
        >
          {sending
            ? t('new.sending')
            : table && check?.ready
              ? t('new.sendRows', { count: table.rows.length, rows: format.number(table.rows.length) })
              : t('new.send')}
        </button>
      </div>
      {refused.length > 0 && <RowErrors errors={refused} fileName="bulk-send-errors.csv" titleId="bulk-refused-title" />}
    </>
  );
}

/** A drop zone that is also a file chooser, for one CSV. */
function CsvPicker({ busy, chosen, onFile }: { busy: boolean; chosen: string | null; onFile: (file: File) => void }) {
  const t = useT('bulk');
  const format = useFormat();
  return (
    <FileDropZone
      accept=".csv,text/csv"
      multiple={false}
      busy={busy}
      buttonLabel={busy ? t('file.reading') : chosen ? t('file.chooseAnother') : t('file.choose')}
      hint={t('file.hint', { rows: format.number(MAX_ROWS), megabytes: format.number(MAX_CSV_MEGABYTES) })}
      onFiles={([file]) => file && onFile(file)}
      inputTestId="csv-input"
    >
      {chosen && (
        <p className="bulk-file-name" data-testid="csv-file-name">
          {chosen}
        </p>
      )}
    </FileDropZone>
  );
}

function CsvProblemNotice({ problem }: { problem: CsvProblem }) {
  const t = useT('bulk');
  const format = useFormat();
  return (
    <div className="notice notice-error" role="alert" data-testid="csv-problem">
      <p className="notice-text">
        {problem.kind === 'tooLarge'
          ? t('file.tooLarge', { megabytes: format.number(MAX_CSV_MEGABYTES) })
          : problem.kind === 'tooManyRows'
            ? t('file.tooManyRows', { rows: format.number(problem.rows), max: format.number(MAX_ROWS) })
            : t(`file.${problem.kind}`)}
      </p>
      {problem.kind === 'unreadable' && (
        <p className="notice-detail" lang="en">
          {problem.reason}
        </p>
      )}
    </div>
  );
}
