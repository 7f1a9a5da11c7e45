import { setImmediate as nextTurn } from 'node:timers/promises';
import { CsvError, parse } from 'csv-parse';
import { AppError } from '../../domain/app-error.js';
import { BULK_SEND_LIMITS } from '../../domain/bulk-send.js';

/** Characters handed to the parser between two turns of the event loop: a 5 MB file never holds up other requests for long. */
const CHUNK = 64 * 1024;
/** One record (a row with all its cells): far above any real row, a bound on what a hostile one makes the parser hold. */
const MAX_RECORD_CHARACTERS = 64 * 1024;

const invalidCsv = (reason: string) => new AppError('INVALID_CSV', `The CSV could not be read: ${reason}`, { field: 'file' });

const textOf = (bytes: Uint8Array): string => {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw invalidCsv('it is not UTF-8 text.');
  }
  if (text.includes('\u0000')) throw invalidCsv('it holds a NUL character, so it is not a text file.');
  return text;
};

/**
 * A CSV's records (its header first), cells trimmed, blank lines skipped (docs/api/bulk-sending.md
 * "CSV"): UTF-8 with or without a byte-order mark, comma-separated, RFC 4180 quoting (a quoted cell
 * may hold commas, quotes doubled, and line breaks). Every record must have as many cells as the
 * header. More than the row limit answers TOO_MANY_ROWS as soon as it is reached.
 */
export const readCsvRecords = async (bytes: Uint8Array): Promise<string[][]> => {
  const text = textOf(bytes);
  const records: string[][] = [];
  const parser = parse({ bom: true, trim: true, skip_empty_lines: true, max_record_size: MAX_RECORD_CHARACTERS });
  parser.on('data', (record: string[]) => records.push(record));
  const failed = new Promise<never>((_, reject) => parser.once('error', reject));
  const ended = new Promise<void>((resolve) => parser.once('end', resolve));
  failed.catch(() => undefined);
  try {
    for (let start = 0; start < text.length; start += CHUNK) {
      parser.write(text.slice(start, start + CHUNK));
      await Promise.race([nextTurn(), failed]);
      if (records.length - 1 > BULK_SEND_LIMITS.maxRows) {
        parser.destroy();
        throw new AppError('TOO_MANY_ROWS', `A bulk send takes 1 to ${BULK_SEND_LIMITS.maxRows} rows; this CSV has more.`, {
          field: 'file',
        });
      }
    }
    parser.end();
    await Promise.race([ended, failed]);
  } catch (error) {
    if (error instanceof CsvError) throw invalidCsv(error.message);
    throw error;
  }
  if (records.length - 1 > BULK_SEND_LIMITS.maxRows) {
    throw new AppError('TOO_MANY_ROWS', `A bulk send takes 1 to ${BULK_SEND_LIMITS.maxRows} rows; this CSV has ${records.length - 1}.`, {
      field: 'file',
    });
  }
  return records;
};
