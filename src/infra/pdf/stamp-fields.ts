import { PDF, black, ops, type PDFPage } from '@libpdf/core';
import { flattenForm } from './flatten-form.js';
import { DocumentFonts, fontFor, lineExtent, type FontName } from './fonts.js';
import { topLeftToSeen, type Box } from './page-geometry.js';
import { drawInSeenSpace } from './seen-space.js';

/** One value to print into a document, placed with the contract's coordinates (top-left origin, as seen). */
export interface FieldStamp {
  /** 1-based page number. */
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
  /** `radio`: the chosen option, drawn as a selected radio button followed by its text. */
  kind: 'text' | 'checkbox' | 'image' | 'radio';
  text?: string;
  checked?: boolean;
  imagePng?: Uint8Array;
  font?: 'regular' | 'handwriting';
}

/** Field text reads like form text, not a headline; handwriting fills the box like a real signature. */
const MAX_REGULAR_SIZE = 12;
const PADDING = 2;
const CHECK_STROKE = 1.5;

const fitFontSize = (fonts: DocumentFonts, fontName: FontName, text: string, box: Box): number => {
  const font = fonts.get(fontName);
  const { ascent, descent } = lineExtent(font, 1);
  const byHeight = (box.height - 2 * PADDING) / (ascent + descent);
  const byWidth = (box.width - 2 * PADDING) / Math.max(font.getTextWidth(text, 1), Number.EPSILON);
  const size = Math.min(byHeight, byWidth);
  return fontName === 'regular' ? Math.min(size, MAX_REGULAR_SIZE) : size;
};

const drawText = (page: PDFPage, fonts: DocumentFonts, stamp: FieldStamp, box: Box): void => {
  const text = (stamp.text ?? '').replace(/\s+/g, ' ').trim();
  if (!text) return;
  const fontName = fontFor(text, stamp.font ?? 'regular');
  const font = fonts.get(fontName);
  const size = fitFontSize(fonts, fontName, text, box);
  const { ascent, descent } = lineExtent(font, size);
  const baseline = box.y + (box.height - ascent - descent) / 2 + descent;
  page.drawText(text, { x: box.x + PADDING, y: baseline, font, size });
};

const drawCheckbox = (page: PDFPage, stamp: FieldStamp, box: Box): void => {
  const side = Math.min(box.width, box.height);
  const left = box.x + (box.width - side) / 2;
  const bottom = box.y + (box.height - side) / 2;
  page.drawRectangle({ x: left, y: bottom, width: side, height: side, borderColor: black, borderWidth: 0.75 });
  if (!stamp.checked) return;
  page.drawOperators([
    ops.pushGraphicsState(),
    ops.setLineWidth(Math.max(CHECK_STROKE, side / 10)),
    ops.moveTo(left + side * 0.2, bottom + side * 0.5),
    ops.lineTo(left + side * 0.42, bottom + side * 0.25),
    ops.lineTo(left + side * 0.8, bottom + side * 0.78),
    ops.stroke(),
    ops.popGraphicsState(),
  ]);
};

/** A filled button like the one the signer chose, then the option's text in the room to its right. */
const drawRadio = (page: PDFPage, fonts: DocumentFonts, stamp: FieldStamp, box: Box): void => {
  const diameter = Math.max(Math.min(box.height - 2 * PADDING, MAX_REGULAR_SIZE, box.width / 4), 2);
  const radius = diameter / 2;
  const centre = { x: box.x + PADDING + radius, y: box.y + box.height / 2 };
  page.drawCircle({ ...centre, radius, borderColor: black, borderWidth: 0.75 });
  page.drawCircle({ ...centre, radius: radius * 0.55, color: black });
  const gap = Math.max(radius, PADDING);
  const left = box.x + PADDING + diameter + gap - PADDING;
  const width = box.x + box.width - left;
  if (width > 2 * PADDING + 1) drawText(page, fonts, { ...stamp, font: 'regular' }, { ...box, x: left, width });
};

const drawImage = (pdf: PDF, page: PDFPage, stamp: FieldStamp, box: Box): void => {
  if (!stamp.imagePng) return;
  const image = pdf.embedPng(stamp.imagePng);
  const scale = Math.min(box.width / image.width, box.height / image.height);
  const width = image.width * scale;
  const height = image.height * scale;
  page.drawImage(image, { x: box.x + (box.width - width) / 2, y: box.y + (box.height - height) / 2, width, height });
};

const drawStamp = (pdf: PDF, page: PDFPage, fonts: DocumentFonts, stamp: FieldStamp, box: Box): void => {
  switch (stamp.kind) {
    case 'text':
      return drawText(page, fonts, stamp, box);
    case 'checkbox':
      return drawCheckbox(page, stamp, box);
    case 'image':
      return drawImage(pdf, page, stamp, box);
    case 'radio':
      return drawRadio(page, fonts, stamp, box);
  }
};

const groupByPage = (stamps: FieldStamp[]): Map<number, FieldStamp[]> => {
  const byPage = new Map<number, FieldStamp[]>();
  for (const stamp of stamps) byPage.set(stamp.page, [...(byPage.get(stamp.page) ?? []), stamp]);
  return byPage;
};

/**
 * Prints field values into the page content (not as form fields, so they cannot be edited later),
 * upright and in place as the signer saw the page, whatever its /Rotate, over the document's own
 * form flattened first (flatten-form.ts).
 */
export const stampFields = async (bytes: Uint8Array, stamps: FieldStamp[]): Promise<Uint8Array> => {
  const pdf = await PDF.load(bytes);
  flattenForm(pdf);
  const fonts = new DocumentFonts(pdf);
  for (const [pageNumber, pageStamps] of groupByPage(stamps)) {
    const page = pdf.getPage(pageNumber - 1);
    if (!page) throw new RangeError(`Page ${pageNumber} does not exist (the document has ${pdf.getPageCount()})`);
    drawInSeenSpace(pdf, page, (geometry) => {
      for (const stamp of pageStamps) drawStamp(pdf, page, fonts, stamp, topLeftToSeen(geometry, stamp));
    });
  }
  return pdf.save({ subsetFonts: true });
};
