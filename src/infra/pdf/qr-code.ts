import { ops, white, type PDFPage } from '@libpdf/core';
import QRCode from 'qrcode';

/** ISO/IEC 18004 asks for a quiet zone of four modules around the symbol. */
const QUIET_ZONE_MODULES = 4;

/**
 * Draws a QR code of `text` as vector squares (sharp at any zoom, no image to encode), `size` points
 * wide including its white quiet zone, with its bottom-left corner at (x, y).
 */
export const drawQrCode = (page: PDFPage, text: string, x: number, y: number, size: number): void => {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const count = modules.size + 2 * QUIET_ZONE_MODULES;
  const unit = size / count;
  page.drawRectangle({ x, y, width: size, height: size, color: white });
  const squares = [];
  for (let row = 0; row < modules.size; row += 1) {
    for (let column = 0; column < modules.size; column += 1) {
      if (!modules.get(row, column)) continue;
      const left = x + (column + QUIET_ZONE_MODULES) * unit;
      const top = y + size - (row + QUIET_ZONE_MODULES) * unit;
      squares.push(ops.rectangle(left, top - unit, unit, unit));
    }
  }
  page.drawOperators([ops.pushGraphicsState(), ops.setNonStrokingGray(0), ...squares, ops.fill(), ops.popGraphicsState()]);
};
