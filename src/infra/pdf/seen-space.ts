import { ops, type PDF, type PDFPage } from '@libpdf/core';
import { pageGeometry, type PageGeometry } from './page-geometry.js';

/**
 * Runs `draw` with the page's coordinates set to "seen" space (bottom-left of the page as displayed,
 * y up), so that whatever it draws appears upright and where intended on pages rotated by /Rotate.
 */
export const drawInSeenSpace = (pdf: PDF, page: PDFPage, draw: (geometry: PageGeometry) => void): void => {
  const geometry = pageGeometry(pdf, page);
  // @libpdf/core wraps a page's existing content in q/Q on the first foreground draw. The transformation
  // below is opened in one draw and closed in a later one, so the wrapping must happen before it (an
  // empty draw triggers it), or it would enclose the transformation and cancel it.
  page.drawOperators([]);
  page.drawOperators([ops.pushGraphicsState(), ops.concatMatrix(geometry.seenToUser)]);
  draw(geometry);
  page.drawOperators([ops.popGraphicsState()]);
};
