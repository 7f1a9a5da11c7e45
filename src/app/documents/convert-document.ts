import { AppError } from '../../domain/app-error.js';
import { sniffDocumentKind } from '../../infra/convert/sniff-document-kind.js';
import type { AppContext } from '../context.js';

export type { DocumentOriginal } from '../../infra/db/tables/document-original.js';

/** The file a document was converted from, as it came, until its bytes are stored. */
export interface OriginalFile {
  name: string;
  mediaType: string;
  bytes: Uint8Array;
}

/** A document as PDF bytes: as it came, or converted from its original file. */
export interface PdfDocument {
  name: string;
  bytes: Uint8Array;
  original?: OriginalFile;
}

/** The extensions of the formats converted here: a converted document's name ends in `.pdf` instead. */
const CONVERTED_EXTENSION = /\.(docx|docm|odt|rtf|html?|xhtml|png|jpe?g)$/i;

const ACCEPTED = 'a PDF, DOCX, ODT, RTF, HTML, PNG or JPEG document';

/**
 * The intake's first step (docs/api/conversion.md): what the bytes are is read from them, never from
 * the name; a PDF passes as it is, the other formats are converted to PDF (keeping the file they came
 * as), anything else is 415 UNSUPPORTED_FILE_TYPE. The converter's refusals name the document.
 */
export const convertDocument = async (ctx: AppContext, name: string, bytes: Uint8Array): Promise<PdfDocument> => {
  const sniffed = await sniffDocumentKind(bytes);
  if (!sniffed) throw new AppError('UNSUPPORTED_FILE_TYPE', `"${name}" is not ${ACCEPTED}.`);
  if (sniffed.kind === 'pdf') return { name, bytes };
  let pdf: Uint8Array;
  try {
    pdf = await ctx.converter.toPdf(sniffed.kind, sniffed.mediaType, bytes);
  } catch (error) {
    if (error instanceof AppError && error.code !== 'SERVICE_UNAVAILABLE') {
      throw new AppError(error.code, `"${name}": ${error.message}`);
    }
    throw error;
  }
  return { name: name.replace(CONVERTED_EXTENSION, '.pdf'), bytes: pdf, original: { name, mediaType: sniffed.mediaType, bytes } };
};
