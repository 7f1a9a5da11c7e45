import { PDF } from '@libpdf/core';
import { DocumentFonts } from './fonts.js';
import { drawQrCode } from './qr-code.js';
import { drawInSeenSpace } from './seen-space.js';

const QR_SIZE = 64;
const MARGIN = 18;
const CAPTION_SIZE = 6;

/**
 * Puts a small verification QR code with a "Verify at <url>" caption in the bottom-right corner of the
 * last page, as seen (`append_verification_qr_code`).
 */
export const addQrCode = async (bytes: Uint8Array, url: string): Promise<Uint8Array> => {
  const pdf = await PDF.load(bytes);
  const page = pdf.getPage(pdf.getPageCount() - 1);
  if (!page) throw new RangeError('The document has no pages');
  const font = new DocumentFonts(pdf).get('regular');
  const caption = `Verify at ${url}`;
  drawInSeenSpace(pdf, page, ({ seenWidth }) => {
    const right = seenWidth - MARGIN;
    drawQrCode(page, url, right - QR_SIZE, MARGIN + CAPTION_SIZE + 2, QR_SIZE);
    const captionSize = Math.min(CAPTION_SIZE, (CAPTION_SIZE * (seenWidth - 2 * MARGIN)) / font.getTextWidth(caption, CAPTION_SIZE));
    page.drawText(caption, { x: right - font.getTextWidth(caption, captionSize), y: MARGIN, font, size: captionSize });
  });
  return pdf.save({ subsetFonts: true });
};
