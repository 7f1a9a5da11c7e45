import { PDF, type PDFImage } from '@libpdf/core';
import { PNG } from 'pngjs';
import { AppError } from '../../domain/app-error.js';
import { boundedPng, readPngHeader } from '../images/png-bounds.js';
import { KIND_NAMES, type ImageKind } from './document-kind.js';
import { readJpegHeader } from './jpeg-header.js';

/**
 * How large an image may be to become a document page: a 300 dpi A3 scan or a phone's 40-megapixel
 * photo fits, and a PNG's pixels, which are inflated and re-encoded here, stay within a worker's memory.
 */
export const IMAGE_LIMITS = { maxSide: 12_000, maxPixels: 40_000_000 };

/** The page an image is placed on: A4, turned to the image's orientation, with a margin left for fields. */
const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 36;

const failed = (kind: ImageKind, reason: string) =>
  new AppError('CONVERSION_FAILED', `The ${KIND_NAMES[kind]} image could not be converted to PDF: ${reason}.`);

const reasonOf = (error: unknown): string => (error instanceof Error ? error.message : String(error)).replace(/\.$/, '');

const assertPixels = (kind: ImageKind, width: number, height: number) => {
  const { maxSide, maxPixels } = IMAGE_LIMITS;
  if (width > maxSide || height > maxSide || width * height > maxPixels) {
    throw failed(kind, `it is ${width}×${height} pixels; at most ${maxSide} on a side and ${maxPixels / 1_000_000} million pixels in all`);
  }
};

/**
 * A PNG as @libpdf/core embeds it: its pixels inflated under the budget its header implies first (a
 * decompression bomb stops there), then, unless it is non-interlaced with 8 bits per sample, the
 * only kind the library reads, redrawn as 8-bit RGBA.
 */
const embeddablePng = (bytes: Uint8Array): Uint8Array => {
  const header = readPngHeader(bytes);
  if (!header) throw failed('png', 'its header is not a valid PNG header');
  assertPixels('png', header.width, header.height);
  const bounded = boundedPng(bytes, header);
  if (bounded.kind !== 'ok') throw failed('png', bounded.reason);
  if (!header.interlaced && header.bitDepth === 8) return bounded.png;
  try {
    return new Uint8Array(PNG.sync.write(PNG.sync.read(Buffer.from(bounded.png)), { colorType: 6 }));
  } catch (error) {
    throw failed('png', reasonOf(error));
  }
};

const embedImage = (pdf: PDF, kind: ImageKind, bytes: Uint8Array): { image: PDFImage; quarterTurns: number } => {
  if (kind === 'png') {
    const png = embeddablePng(bytes);
    try {
      return { image: pdf.embedPng(png), quarterTurns: 0 };
    } catch (error) {
      throw failed(kind, reasonOf(error));
    }
  }
  const header = readJpegHeader(bytes);
  if (typeof header === 'string') throw failed(kind, header);
  assertPixels(kind, header.width, header.height);
  if (header.width === 0 || header.height === 0) throw failed(kind, 'its frame has no pixels');
  if (header.precision !== 8) throw failed(kind, `it has ${header.precision} bits per sample; PDF takes 8`);
  if (![1, 3, 4].includes(header.components)) throw failed(kind, `it has ${header.components} colour components`);
  try {
    // Embedded as it is (DCTDecode): a JPEG is never decoded here.
    return { image: pdf.embedJpeg(bytes), quarterTurns: header.quarterTurns };
  } catch (error) {
    throw failed(kind, reasonOf(error));
  }
};

/**
 * A one-page PDF of a PNG or JPEG image (docs/api/conversion.md): the page is A4, portrait or
 * landscape as the image is shown (a JPEG's EXIF orientation turns it upright), and the image is
 * scaled to fit inside the margin, keeping its aspect, centred. Runs in a PDF worker.
 */
export const imagePdf = async (kind: ImageKind, bytes: Uint8Array): Promise<Uint8Array> => {
  const pdf = PDF.create();
  const { image, quarterTurns } = embedImage(pdf, kind, bytes);
  const sideways = quarterTurns % 2 === 1;
  const shown = sideways ? { width: image.height, height: image.width } : { width: image.width, height: image.height };
  const size = shown.width > shown.height ? { width: A4.height, height: A4.width } : A4;
  const scale = Math.min((size.width - 2 * MARGIN) / shown.width, (size.height - 2 * MARGIN) / shown.height);
  const width = image.width * scale;
  const height = image.height * scale;
  const page = pdf.addPage(size);
  // Turned about its centre, which is the page's: the angle is counter-clockwise, the quarter turns clockwise.
  page.drawImage(image, {
    x: (size.width - width) / 2,
    y: (size.height - height) / 2,
    width,
    height,
    ...(quarterTurns ? { rotate: { angle: -90 * quarterTurns } } : {}),
  });
  return pdf.save();
};
