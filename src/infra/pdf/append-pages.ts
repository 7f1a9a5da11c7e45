import { PDF, black, grayscale } from '@libpdf/core';
import { DocumentFonts } from './fonts.js';

/** The target document followed by every page of `extra` (e.g. the certificate of completion). */
export const appendPages = async (target: Uint8Array, extra: Uint8Array): Promise<Uint8Array> => {
  const pdf = await PDF.load(target);
  const source = await PDF.load(extra);
  await pdf.copyPagesFrom(
    source,
    source.getPages().map((_, index) => index),
  );
  return pdf.save({ subsetFonts: true });
};

/** What a signature page shows for one signer: a line under their field's box and their name under it. */
export interface SignatureLine {
  /** 0 = the first appended page. */
  pageOffset: number;
  /** The field's box, top-left origin, in points. */
  x: number;
  y: number;
  width: number;
  height: number;
  name: string;
}

export interface SignaturePagesTask {
  bytes: Uint8Array;
  pageCount: number;
  size: { width: number; height: number };
  title: string;
  lines: SignatureLine[];
}

/** The document followed by `pageCount` signature pages of `size`, each titled, with a line and a name per signer. */
export const appendSignaturePages = async (task: SignaturePagesTask): Promise<Uint8Array> => {
  const pdf = await PDF.load(task.bytes);
  const fonts = new DocumentFonts(pdf);
  const { width, height } = task.size;
  const pages = Array.from({ length: task.pageCount }, () => pdf.addPage({ width, height }));
  for (const page of pages) page.drawText(task.title, { x: 72, y: height - 90, font: fonts.get('bold'), size: 16, color: black });
  for (const line of task.lines) {
    const page = pages[line.pageOffset];
    if (!page) continue;
    const baseline = height - (line.y + line.height);
    page.drawLine({
      start: { x: line.x, y: baseline },
      end: { x: line.x + line.width, y: baseline },
      color: grayscale(0.4),
      thickness: 0.75,
    });
    page.drawText(line.name, { x: line.x, y: baseline - 14, font: fonts.get('regular'), size: 10, color: black });
  }
  return pdf.save({ subsetFonts: true });
};
