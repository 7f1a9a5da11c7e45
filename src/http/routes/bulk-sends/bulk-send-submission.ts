import type { FastifyRequest } from 'fastify';
import type { Static, TSchema } from 'typebox';
import type { BulkRowsSource, BulkSendRequest, SubmittedRow } from '../../../app/bulk-sends/bulk-send-request.js';
import { AppError, type Problem } from '../../../domain/app-error.js';
import { BULK_SEND_LIMITS } from '../../../domain/bulk-send.js';
import { validationError } from '../../errors.js';
import { FILE_PART } from '../../multipart-files.js';
import { bodyValidation, validatorCompiler } from '../../validator.js';
import { BulkRow, BulkSendFields, MAX_CSV_BYTES, toBulkEnvelopeInput, toBulkRowInput, type BulkSendBody } from './bulk-send.schema.js';

/** A schema's check as a function: its problems, none when the value passed (the same AJV as every request body). */
const checker = <T extends TSchema>(schema: T) => {
  const validate = validatorCompiler({ schema, method: 'POST', url: '', httpPart: 'body' }) as ((value: unknown) => boolean) & {
    errors?: Parameters<typeof validationError>[0] | null;
  };
  return (value: unknown): Problem[] => (validate(value) ? [] : validationError(validate.errors ?? [], 'body').problems);
};

const checkRow = checker(BulkRow);
const checkFields = checker(BulkSendFields);

/** A CSV row (already shaped like a JSON row) through the JSON row's schema. */
const toRow = (row: unknown): SubmittedRow => {
  const problems = checkRow(row);
  return problems.length ? { problems } : { input: toBulkRowInput(row as Static<typeof BulkRow>) };
};

const ROW_FIELD = /^rows\[(\d+)\]\.?(.*)$/;

const wrongRowCount = (count: number) =>
  new AppError('TOO_MANY_ROWS', `A bulk send takes 1 to ${BULK_SEND_LIMITS.maxRows} rows; this one has ${count}.`, { field: 'rows' });

/**
 * A JSON body as the use case takes it: the request's own problems refuse it whole (with any row's
 * as well, all at once); a row's problems stay with that row, its path made relative to it.
 */
const fromJson = (request: FastifyRequest): BulkSendRequest => {
  const raw = request.body as { rows?: unknown } | undefined;
  if (Array.isArray(raw?.rows) && (raw.rows.length === 0 || raw.rows.length > BULK_SEND_LIMITS.maxRows))
    throw wrongRowCount(raw.rows.length);
  const failed = bodyValidation(request as FastifyRequest & { body: Static<typeof BulkSendBody> });
  const byRow = new Map<number, Problem[]>();
  const requestProblems: Problem[] = [];
  for (const problem of failed?.problems ?? []) {
    const match = problem.field ? ROW_FIELD.exec(problem.field) : null;
    if (!match) {
      requestProblems.push(problem);
      continue;
    }
    const [full, index, rest] = match as unknown as [string, string, string];
    const relative: Problem = { code: problem.code, message: problem.message.replaceAll(`"${full}"`, `"${rest || 'row'}"`) };
    if (rest) relative.field = rest;
    byRow.set(Number(index), [...(byRow.get(Number(index)) ?? []), relative]);
  }
  if (requestProblems.length) {
    const rowProblems = [...byRow.entries()].flatMap(([index, problems]) =>
      problems.map((problem) => ({
        ...problem,
        ...(problem.field ? { field: `rows[${index}].${problem.field}` } : {}),
        row: index + 1,
      })),
    );
    throw AppError.of([...requestProblems, ...rowProblems]);
  }
  const body = request.body as Static<typeof BulkSendBody>;
  return {
    templateId: body.template_id,
    envelope: toBulkEnvelopeInput(body.envelope),
    allOrNothing: body.all_or_nothing ?? false,
    source: {
      kind: 'rows',
      rows: body.rows.map((row, index) => {
        const problems = byRow.get(index);
        return problems ? { problems } : { input: toBulkRowInput(row) };
      }),
    },
  };
};

/** The multipart form's text parts as the JSON body would carry them: `envelope` parsed, `all_or_nothing` a boolean. */
const fieldsOf = (parts: Map<string, string>): Record<string, unknown> => {
  const fields: Record<string, unknown> = Object.fromEntries(parts);
  const envelope = parts.get('envelope');
  if (envelope !== undefined) {
    try {
      fields.envelope = JSON.parse(envelope);
    } catch {
      throw new AppError('MALFORMED_JSON', 'The "envelope" part is not valid JSON.', { field: 'envelope' });
    }
  }
  const allOrNothing = parts.get('all_or_nothing');
  if (allOrNothing !== undefined) fields.all_or_nothing = allOrNothing === 'true' ? true : allOrNothing === 'false' ? false : allOrNothing;
  return fields;
};

const readParts = async (request: FastifyRequest): Promise<{ file: Uint8Array | undefined; parts: Map<string, string> }> => {
  let file: Uint8Array | undefined;
  const parts = new Map<string, string>();
  for await (const part of request.parts({ limits: { fileSize: MAX_CSV_BYTES, files: 1 } })) {
    if (part.type === 'file' && part.fieldname === FILE_PART) {
      const bytes = await part.toBuffer();
      file = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    } else if (part.type === 'field' && typeof part.value === 'string' && !parts.has(part.fieldname)) {
      parts.set(part.fieldname, part.value);
    } else {
      throw new AppError('UNKNOWN_FIELD', `Unknown multipart part "${part.fieldname}": send the CSV as "file", the rest as text fields.`, {
        field: part.fieldname,
      });
    }
  }
  return { file, parts };
};

/** A multipart form: the CSV `file`, and `template_id`, `envelope` (JSON) and `all_or_nothing` as text parts. */
const fromMultipart = async (request: FastifyRequest): Promise<BulkSendRequest> => {
  let read: Awaited<ReturnType<typeof readParts>>;
  try {
    read = await readParts(request);
  } catch (error) {
    // As for uploads (multipart-files.ts): a body the parser cannot frame is malformed; its limits answer 413.
    if (error instanceof AppError || (error as { code?: string }).code?.startsWith('FST_')) throw error;
    throw new AppError('MALFORMED_MULTIPART', 'The multipart/form-data body could not be read: check its boundary and parts.');
  }
  const fields = fieldsOf(read.parts);
  const problems = [
    ...checkFields(fields),
    ...(read.file ? [] : [{ code: 'FILE_REQUIRED' as const, message: 'Send the CSV as a "file" part.', field: FILE_PART }]),
  ];
  if (problems.length || !read.file) throw AppError.of(problems);
  const checked = fields as Static<typeof BulkSendFields>;
  const source: BulkRowsSource = { kind: 'csv', bytes: read.file, toRow };
  return {
    templateId: checked.template_id,
    envelope: toBulkEnvelopeInput(checked.envelope),
    allOrNothing: checked.all_or_nothing ?? false,
    source,
  };
};

/** A bulk send request from whichever body it came in: JSON rows, or a CSV in a multipart form. */
export const bulkSendSubmission = async (request: FastifyRequest): Promise<BulkSendRequest> => {
  if (request.isMultipart()) return fromMultipart(request);
  if (!request.headers['content-type']?.toLowerCase().includes('application/json')) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the rows as an application/json body, or a CSV as multipart/form-data.');
  }
  return fromJson(request);
};
