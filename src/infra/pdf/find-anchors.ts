import { scanInflateBudget } from '@countersign/verify';
import { PDF, type PDFPage } from '@libpdf/core';
import { pageGeometry, userBoxToTopLeft, type Box } from './page-geometry.js';

/** Where an anchor text occurs: contract coordinates (PDF points, top-left origin of the page as seen). */
export interface AnchorMatch extends Box {
  /** 1-based page number. */
  page: number;
}

export interface AnchorSearch {
  bytes: Uint8Array;
  texts: string[];
  /** Occurrences kept per text; the caller sees one more than this when a text occurs too often. */
  maxMatches: number;
}

/**
 * Extracting a page's text is the expensive part of a search and @libpdf/core repeats it on every
 * findText: extracted once here, it serves every anchor text of the request.
 */
const extractOnce = (page: PDFPage): PDFPage => {
  const text = page.extractText();
  page.extractText = () => text;
  return page;
};

/**
 * Every occurrence of each text in the document, in reading order of the pages, with the document
 * parsed once and each page's text extracted once, however many texts are searched.
 */
export const findAnchorsOnce = async ({ bytes, texts, maxMatches }: AnchorSearch): Promise<AnchorMatch[][]> => {
  scanInflateBudget(bytes);
  const pdf = await PDF.load(bytes);
  const found = texts.map((): AnchorMatch[] => []);
  for (const [pageIndex, page] of pdf.getPages().entries()) {
    const searched = extractOnce(page);
    texts.forEach((text, index) => {
      const matches = found[index]!;
      if (text.length === 0 || matches.length > maxMatches) return;
      for (const match of searched.findText(text)) {
        if (matches.length > maxMatches) break;
        matches.push({ page: pageIndex + 1, ...userBoxToTopLeft(pageGeometry(pdf, page), match.bbox) });
      }
    });
  }
  return found;
};

/** Every occurrence of `text` in the document, in reading order of the pages. */
export const findAnchors = async (bytes: Uint8Array, text: string): Promise<AnchorMatch[]> =>
  (await findAnchorsOnce({ bytes, texts: [text], maxMatches: Number.MAX_SAFE_INTEGER }))[0]!;
