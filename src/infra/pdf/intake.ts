import { AppError } from '../../domain/app-error.js';
import { sha256Hex } from '../hash.js';
import { openPdf } from './open-pdf.js';
import { pageGeometry, type PageRotation } from './page-geometry.js';

/** A page as the signer sees it: width and height are swapped for pages rotated a quarter turn. */
export interface PageInfo {
  width: number;
  height: number;
  rotation: PageRotation;
}

export interface PdfInfo {
  pages: PageInfo[];
  sha256: string;
}

export interface InspectOptions {
  maxPages?: number;
}

const DEFAULT_MAX_PAGES = 500;

/** Checks an uploaded document against docs/concepts/fields.md and describes its pages. */
export const inspectPdf = async (bytes: Uint8Array, options: InspectOptions = {}): Promise<PdfInfo> => {
  const maxPages = options.maxPages ?? DEFAULT_MAX_PAGES;
  const pdf = await openPdf(bytes);
  const pageCount = pdf.getPageCount();
  if (pageCount > maxPages) {
    throw new AppError('PDF_TOO_MANY_PAGES', `The PDF has ${pageCount} pages; at most ${maxPages} are allowed.`);
  }
  const pages = pdf.getPages().map((page) => {
    const { seenWidth, seenHeight, rotation } = pageGeometry(pdf, page);
    return { width: seenWidth, height: seenHeight, rotation };
  });
  return { pages, sha256: sha256Hex(bytes) };
};
