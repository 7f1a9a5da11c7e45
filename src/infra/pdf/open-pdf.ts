import { PDF } from '@libpdf/core';
import { ApiError } from '../../domain/api-error.js';

const PDF_HEADER = '%PDF-';
/** Producers may put junk before the header; readers accept it within the first KiB (ISO 32000-2 §7.5.2 note). */
const HEADER_SEARCH_WINDOW = 1024;

const hasPdfHeader = (bytes: Uint8Array): boolean =>
  Buffer.from(bytes.subarray(0, HEADER_SEARCH_WINDOW)).includes(PDF_HEADER, 0, 'latin1');

/**
 * Parses a document a user handed us, turning every way it can be unusable into the contract's errors:
 * not a PDF at all (415), a PDF we cannot parse (400 INVALID_PDF), an encrypted one (400 PDF_ENCRYPTED).
 */
export const openPdf = async (bytes: Uint8Array): Promise<PDF> => {
  if (!hasPdfHeader(bytes)) {
    throw new ApiError('UNSUPPORTED_FILE_TYPE', 415, 'The file is not a PDF document.');
  }
  let pdf: PDF;
  try {
    pdf = await PDF.load(bytes);
  } catch {
    throw new ApiError('INVALID_PDF', 400, 'The PDF document could not be parsed.');
  }
  if (pdf.isEncrypted) {
    throw new ApiError('PDF_ENCRYPTED', 400, 'The PDF document is encrypted; upload it without a password.');
  }
  if (pdf.getPageCount() === 0) {
    throw new ApiError('INVALID_PDF', 400, 'The PDF document has no pages.');
  }
  return pdf;
};
