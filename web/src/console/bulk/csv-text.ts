/** A refused row as the errors file lists it. */
export interface RowError {
  row: number;
  error_code: string;
  developer_message: string;
}

type Lines = readonly (readonly (string | number)[])[];

/** A spreadsheet runs a cell that starts with one of these as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * RFC 4180: every cell quoted, quotes doubled, so commas and line breaks inside a cell stay in it.
 * With `escapeFormulas`, a cell a spreadsheet would run is written as text: for cells that quote what
 * someone else typed (a row's address in an error message), never for a header the service must read back.
 */
const cell = (value: string | number, escapeFormulas: boolean): string => {
  const text = String(value);
  return `"${(escapeFormulas && FORMULA_START.test(text) ? `'${text}` : text).replace(/"/g, '""')}"`;
};

/** Lines of cells as CSV text, CRLF line ends as spreadsheets expect. */
export const csvText = (lines: Lines, { escapeFormulas }: { escapeFormulas: boolean }): string =>
  lines.map((line) => line.map((value) => cell(value, escapeFormulas)).join(',')).join('\r\n') + '\r\n';

/** CSV text as a download; its byte-order mark tells spreadsheet programs the text is UTF-8. */
export const csvBlob = (lines: Lines, options: { escapeFormulas: boolean }): Blob =>
  new Blob(['\ufeff', csvText(lines, options)], { type: 'text/csv;charset=utf-8' });

/** The refused rows of a bulk send, one line each: `row,error_code,message`. */
export const errorLines = (errors: readonly RowError[]): (string | number)[][] => [
  ['row', 'error_code', 'message'],
  ...errors.map((error) => [error.row, error.error_code, error.developer_message]),
];
