import { PDF } from '@libpdf/core';
import { pageGeometry, userBoxToTopLeft, type Box } from './page-geometry.js';

/** Where an anchor text occurs: contract coordinates (PDF points, top-left origin of the page as seen). */
export interface AnchorMatch extends Box {
  /** 1-based page number. */
  page: number;
}

/** Every occurrence of `text` in the document, in reading order of the pages. */
export const findAnchors = async (bytes: Uint8Array, text: string): Promise<AnchorMatch[]> => {
  if (text.length === 0) return [];
  const pdf = await PDF.load(bytes);
  const pages = pdf.getPages();
  return pdf.findText(text).flatMap((match) => {
    const page = pages[match.pageIndex];
    if (!page) return [];
    return [{ page: match.pageIndex + 1, ...userBoxToTopLeft(pageGeometry(pdf, page), match.bbox) }];
  });
};
