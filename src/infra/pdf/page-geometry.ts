import { Matrix, PdfArray, PdfDict, PdfNumber, PdfRef, type PDF, type PDFPage, type PdfObject } from '@libpdf/core';

export type PageRotation = 0 | 90 | 180 | 270;

/** An axis-aligned rectangle; which corner `x`/`y` name depends on the coordinate system it lives in. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * How a page's user space relates to the page the signer sees. "Seen" space has its origin at the
 * bottom-left corner of the page as displayed, y pointing up; the contract's coordinates are the same
 * space measured from the top instead.
 */
export interface PageGeometry {
  rotation: PageRotation;
  seenWidth: number;
  seenHeight: number;
  /** Maps seen space into the page's user space (where content streams draw). */
  seenToUser: Matrix;
}

/** PDF spec: page attributes that a Page may inherit from its ancestors in the page tree. */
const MAX_TREE_DEPTH = 64;
const US_LETTER: Box = { x: 0, y: 0, width: 612, height: 792 };

const resolve = (pdf: PDF, value: PdfObject | undefined): PdfObject | undefined =>
  value instanceof PdfRef ? (pdf.getObject(value) ?? undefined) : value;

// @libpdf/core 0.4 neither inherits MediaBox/CropBox/Rotate from the page tree nor reads the box as
// [x1 y1 x2 y2]: documents with an inherited or offset box would be measured wrongly, so we read them here.
const inheritedAttribute = (pdf: PDF, page: PDFPage, key: string): PdfObject | undefined => {
  let node: PdfDict | undefined = page.dict;
  for (let depth = 0; node && depth < MAX_TREE_DEPTH; depth += 1) {
    const value = resolve(pdf, node.get(key));
    if (value !== undefined) return value;
    const parent = resolve(pdf, node.get('Parent'));
    node = parent instanceof PdfDict ? parent : undefined;
  }
  return undefined;
};

const readBox = (pdf: PDF, value: PdfObject | undefined): Box | undefined => {
  if (!(value instanceof PdfArray) || value.length !== 4) return undefined;
  const numbers = [0, 1, 2, 3].map((index) => resolve(pdf, value.at(index)));
  if (!numbers.every((n): n is PdfNumber => n instanceof PdfNumber)) return undefined;
  const [x1, y1, x2, y2] = numbers.map((n) => n.value) as [number, number, number, number];
  return { x: Math.min(x1, x2), y: Math.min(y1, y2), width: Math.abs(x2 - x1), height: Math.abs(y2 - y1) };
};

const intersect = (a: Box, b: Box): Box => {
  const x = Math.max(a.x, b.x);
  const y = Math.max(a.y, b.y);
  const width = Math.min(a.x + a.width, b.x + b.width) - x;
  const height = Math.min(a.y + a.height, b.y + b.height) - y;
  return width > 0 && height > 0 ? { x, y, width, height } : a;
};

const readRotation = (pdf: PDF, page: PDFPage): PageRotation => {
  const value = inheritedAttribute(pdf, page, 'Rotate');
  const degrees = value instanceof PdfNumber ? Math.round(value.value / 90) * 90 : 0;
  return (((degrees % 360) + 360) % 360) as PageRotation;
};

/** The region a viewer displays: the CropBox clipped to the MediaBox. */
const visibleBox = (pdf: PDF, page: PDFPage): Box => {
  const mediaBox = readBox(pdf, inheritedAttribute(pdf, page, 'MediaBox')) ?? US_LETTER;
  const cropBox = readBox(pdf, inheritedAttribute(pdf, page, 'CropBox'));
  return cropBox ? intersect(cropBox, mediaBox) : mediaBox;
};

/** /Rotate turns the page clockwise for display; each matrix undoes that for one quarter turn. */
const seenToUserMatrix = (box: Box, rotation: PageRotation): Matrix => {
  const { x, y, width, height } = box;
  switch (rotation) {
    case 0:
      return new Matrix(1, 0, 0, 1, x, y);
    case 90:
      return new Matrix(0, 1, -1, 0, x + width, y);
    case 180:
      return new Matrix(-1, 0, 0, -1, x + width, y + height);
    case 270:
      return new Matrix(0, -1, 1, 0, x, y + height);
  }
};

export const pageGeometry = (pdf: PDF, page: PDFPage): PageGeometry => {
  const box = visibleBox(pdf, page);
  const rotation = readRotation(pdf, page);
  const quarterTurn = rotation === 90 || rotation === 270;
  return {
    rotation,
    seenWidth: quarterTurn ? box.height : box.width,
    seenHeight: quarterTurn ? box.width : box.height,
    seenToUser: seenToUserMatrix(box, rotation),
  };
};

const invert = (m: Matrix): Matrix => {
  const [a, b, c, d, e, f] = m.toArray();
  const det = a * d - b * c;
  return new Matrix(d / det, -b / det, -c / det, a / det, (c * f - d * e) / det, (b * e - a * f) / det);
};

/** A box in user space (bottom-left corner), as the contract measures it: top-left corner of the seen page. */
export const userBoxToTopLeft = (geometry: PageGeometry, box: Box): Box => {
  const userToSeen = invert(geometry.seenToUser);
  const corners = [userToSeen.transformPoint(box.x, box.y), userToSeen.transformPoint(box.x + box.width, box.y + box.height)];
  const left = Math.min(...corners.map((p) => p.x));
  const right = Math.max(...corners.map((p) => p.x));
  const bottom = Math.min(...corners.map((p) => p.y));
  const top = Math.max(...corners.map((p) => p.y));
  return { x: left, y: geometry.seenHeight - top, width: right - left, height: top - bottom };
};

/** A top-left-origin box of the contract, in seen space (bottom-left corner, y up). */
export const topLeftToSeen = (geometry: PageGeometry, box: Box): Box => ({
  x: box.x,
  y: geometry.seenHeight - box.y - box.height,
  width: box.width,
  height: box.height,
});
