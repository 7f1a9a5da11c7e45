import { scanInflateBudget } from '@countersign/verify';
import { PDF } from '@libpdf/core';
import { AppError } from '../../domain/app-error.js';

const PDF_HEADER = '%PDF-';
/** Producers may put junk before the header; readers accept it within the first KiB (ISO 32000-2 §7.5.2 note). */
const HEADER_SEARCH_WINDOW = 1024;

/** Whether the bytes begin like a PDF, as readers accept it. */
export const hasPdfHeader = (bytes: Uint8Array): boolean =>
  Buffer.from(bytes.subarray(0, HEADER_SEARCH_WINDOW)).includes(PDF_HEADER, 0, 'latin1');

/**
 * Parses a document a user handed us, turning every way it can be unusable into the contract's errors:
 * not a PDF at all (UNSUPPORTED_FILE_TYPE), one whose streams inflate past the budget (PDF_TOO_COMPLEX), an
 * encrypted one (PDF_ENCRYPTED, read from the raw trailer too: the library cannot even parse some encrypted
 * files, such as AES-256 ones whose objects sit in encrypted object streams) or one we cannot parse (INVALID_PDF).
 */
export const openPdf = async (bytes: Uint8Array): Promise<PDF> => {
  if (!hasPdfHeader(bytes)) {
    throw new AppError('UNSUPPORTED_FILE_TYPE', 'The file is not a PDF document.');
  }
  if (scanInflateBudget(bytes).encrypted) {
    throw new AppError('PDF_ENCRYPTED', 'The PDF document is encrypted; upload it without a password.');
  }
  let pdf: PDF;
  try {
    pdf = await PDF.load(bytes);
  } catch {
    throw new AppError('INVALID_PDF', 'The PDF document could not be parsed.');
  }
  if (pdf.isEncrypted) {
    throw new AppError('PDF_ENCRYPTED', 'The PDF document is encrypted; upload it without a password.');
  }
  if (pdf.getPageCount() === 0) {
    throw new AppError('INVALID_PDF', 'The PDF document has no pages.');
  }
  return pdf;
};
