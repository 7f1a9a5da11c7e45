import { AppError } from '../../domain/app-error.js';
import { BULK_SEND_LIMITS } from '../../domain/bulk-send.js';
import type { TemplateRoles } from '../templates/template-roles.js';

/** A signer's or observer's own keys as CSV columns (`<title>.<key>`); any other key of a signer role is a field's placeholder. */
const SIGNER_KEYS = ['name', 'email', 'phone_number', 'country_code', 'language'] as const;
const OBSERVER_KEYS = ['name', 'email', 'language'] as const;
const METADATA_PREFIX = 'metadata.';
const ENVELOPE_NAME = 'envelope_name';

type Column =
  | { kind: 'envelope_name' }
  | { kind: 'metadata'; key: string }
  | { kind: 'signer' | 'observer'; title: string; key: string }
  | { kind: 'placeholder'; title: string; placeholder: string };

/** One row as the JSON body would give it (docs/api/bulk-sending.md), for the same checks. */
export type CsvRow = Record<string, unknown>;

const headerProblem = (message: string) => new AppError('INVALID_CSV', message, { field: 'file' });

/** What each header cell maps to, every mistake in it answered at once: a header mistake would fail every row alike. */
const readHeader = (header: readonly string[], roles: TemplateRoles): Column[] => {
  const problems: string[] = [];
  const columns = header.map((name, i): Column => {
    if (header.indexOf(name) !== i) problems.push(`column "${name}" is given twice`);
    if (name === ENVELOPE_NAME) return { kind: 'envelope_name' };
    if (name.startsWith(METADATA_PREFIX) && name.length > METADATA_PREFIX.length)
      return { kind: 'metadata', key: name.slice(METADATA_PREFIX.length) };
    const dot = name.lastIndexOf('.');
    const title = name.slice(0, dot);
    const key = name.slice(dot + 1);
    const signer = roles.signers.find((role) => role.signer_title === title);
    if (dot > 0 && key && signer) {
      if ((SIGNER_KEYS as readonly string[]).includes(key)) return { kind: 'signer', title, key };
      if (!(signer.fields ?? []).some((field) => field.placeholder === key))
        problems.push(`column "${name}": the role "${title}" has no field with the placeholder "${key}"`);
      return { kind: 'placeholder', title, placeholder: key };
    }
    if (dot > 0 && key && roles.observers.some((role) => role.observer_title === title)) {
      if (!(OBSERVER_KEYS as readonly string[]).includes(key))
        problems.push(`column "${name}": an observer's columns are ${OBSERVER_KEYS.map((k) => `${title}.${k}`).join(', ')}`);
      return { kind: 'observer', title, key };
    }
    problems.push(
      `column "${name}" names no role of the template (columns are <title>.name, <title>.email, <title>.phone_number, ` +
        `<title>.country_code, <title>.language, <title>.<placeholder>, envelope_name and metadata.<key>)`,
    );
    return { kind: 'metadata', key: name };
  });
  for (const role of roles.signers) {
    if (role.group) problems.push(`the role "${role.signer_title}" is a signing group, which a CSV cannot fill (send JSON rows)`);
    else if (!columns.some((column) => 'title' in column && column.title === role.signer_title))
      problems.push(`no column fills the role "${role.signer_title}" (${role.signer_title}.name and ${role.signer_title}.email)`);
  }
  if (problems.length) throw headerProblem(`The CSV header does not match the template: ${problems.join('; ')}.`);
  return columns;
};

/** A cell as the JSON body would carry it: a country code is a number there. */
const valueOf = (key: string, cell: string): unknown => (key === 'country_code' && /^\d{1,4}$/.test(cell) ? Number(cell) : cell);

/** One data row as a JSON row, and which column each signer and observer entry's keys came from. */
const rowOf = (record: readonly string[], columns: readonly Column[]) => {
  const signers = new Map<string, Record<string, unknown> & { form_fields: unknown[] }>();
  const observers = new Map<string, Record<string, unknown>>();
  const metadata: Record<string, string> = {};
  let envelopeName: string | undefined;
  columns.forEach((column, i) => {
    const cell = record[i] ?? '';
    if (column.kind === 'signer' || column.kind === 'placeholder') {
      if (!signers.has(column.title)) signers.set(column.title, { signer_title: column.title, form_fields: [] });
    }
    if (cell === '') return;
    if (column.kind === 'envelope_name') envelopeName = cell;
    else if (column.kind === 'metadata') metadata[column.key] = cell;
    else if (column.kind === 'signer') signers.get(column.title)![column.key] = valueOf(column.key, cell);
    else if (column.kind === 'placeholder')
      signers.get(column.title)!.form_fields.push({ placeholder: column.placeholder, default_value: cell, editable: true });
    else observers.set(column.title, { ...observers.get(column.title), observer_title: column.title, [column.key]: cell });
  });
  const signerEntries = [...signers.values()].map(({ form_fields, ...signer }) =>
    form_fields.length ? { ...signer, form_fields } : signer,
  );
  const row: CsvRow = {
    recipients: { signers: signerEntries, ...(observers.size ? { observers: [...observers.values()] } : {}) },
    ...(envelopeName !== undefined ? { envelope_name: envelopeName } : {}),
    ...(Object.keys(metadata).length ? { metadata } : {}),
  };
  return { row, signerTitles: [...signers.keys()], observerTitles: [...observers.keys()], formFields: signerEntries };
};

const ENTRY = /^recipients\.(signers|observers)\[(\d+)\](?:\.([a-z_]+))?(?:\[(\d+)\])?/;

/**
 * A CSV's data rows as JSON rows (docs/api/bulk-sending.md "CSV"), the header checked against the
 * template's roles first; and for each problem's field (a JSON path in its row) the CSV column it
 * came from, so a sender is told `Employee.email` rather than `recipients.signers[0].email`.
 */
export const csvRows = (records: readonly string[][], roles: TemplateRoles) => {
  const [header, ...data] = records;
  if (!header) throw headerProblem('The CSV is empty: it needs a header line and at least one data row.');
  if (!data.length) {
    throw new AppError('TOO_MANY_ROWS', `The CSV has a header but no data row: a bulk send takes 1 to ${BULK_SEND_LIMITS.maxRows} rows.`, {
      field: 'file',
    });
  }
  const columns = readHeader(header, roles);
  const rows = data.map((record) => rowOf(record, columns));
  const fieldOf = (position: number, field: string): string => {
    const row = rows[position - 1];
    const match = ENTRY.exec(field);
    if (!row || !match) return field;
    const [, kind, index, key, item] = match;
    const title = (kind === 'signers' ? row.signerTitles : row.observerTitles)[Number(index)];
    if (title === undefined) return field;
    if (key === 'form_fields' && item !== undefined) {
      const formFields = (row.formFields[Number(index)] as { form_fields?: { placeholder: string }[] }).form_fields;
      return `${title}.${formFields?.[Number(item)]?.placeholder ?? key}`;
    }
    return key && key !== 'signer_title' && key !== 'observer_title' ? `${title}.${key}` : title;
  };
  return { rows: rows.map((row) => row.row), fieldOf };
};
