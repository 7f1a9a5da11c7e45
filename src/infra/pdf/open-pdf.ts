import { scanInflateBudget } from '@countersign/verify';
import { PDF } from '@libpdf/core';
import { AppError } from '../../domain/app-error.js';
import { hasPdfHeader } from './pdf-header.js';

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
