import { parse } from 'csv-parse/browser/esm/sync';
import { MAX_CSV_BYTES, MAX_ROWS } from './limits.js';

/** A bulk send's CSV as the page reads it for the column check: its header and its data rows. */
export interface CsvTable {
  header: string[];
  rows: string[][];
}

/** Why a file cannot be a bulk send's CSV, for the page to word in the reader's language. */
export type CsvProblem =
  | { kind: 'tooLarge' }
  | { kind: 'notText' }
  | { kind: 'empty' }
  | { kind: 'noRows' }
  | { kind: 'tooManyRows'; rows: number }
  | { kind: 'unreadable'; reason: string };

/** One record: the service's own bound on what a hostile row makes the parser hold. */
const MAX_RECORD_CHARACTERS = 64 * 1024;

/**
 * The file read as the service reads it, by the same parser with the same options: UTF-8 with or
 * without a byte-order mark, RFC 4180 quoting, cells trimmed, blank lines skipped, every record as
 * wide as the header. What the check shows is then what the service will find.
 */
export const readCsv = async (file: File): Promise<CsvTable | CsvProblem> => {
  if (file.size > MAX_CSV_BYTES) return { kind: 'tooLarge' };
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(await file.arrayBuffer());
  } catch {
    return { kind: 'notText' };
  }
  if (text.includes('\u0000')) return { kind: 'notText' };
  let records: string[][];
  try {
    records = parse(text, { bom: true, trim: true, skip_empty_lines: true, max_record_size: MAX_RECORD_CHARACTERS });
  } catch (error) {
    return { kind: 'unreadable', reason: error instanceof Error ? error.message : String(error) };
  }
  const [header, ...rows] = records;
  if (!header) return { kind: 'empty' };
  if (rows.length === 0) return { kind: 'noRows' };
  if (rows.length > MAX_ROWS) return { kind: 'tooManyRows', rows: rows.length };
  return { header, rows };
};
