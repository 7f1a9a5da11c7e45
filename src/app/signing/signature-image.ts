import { boundedPng, readPngHeader, type PngHeader } from '../../infra/images/png-bounds.js';

/**
 * What a drawn signature or initials image may be (docs/decisions.md "Signing and completion").
 * The signing pad draws its canvas at the device pixel ratio, 8-bit RGBA: about 1800×600
 * on a phone, a few tens of kilobytes. These limits leave room for that and bound the work an image
 * can cause, here and when sealing stamps it into every signature field.
 */
export const SIGNATURE_IMAGE_LIMITS = {
  /** About 730 KiB of PNG. */
  maxBase64Chars: 1_000_000,
  maxSide: 4096,
  maxPixels: 2_000_000,
} as const;

export type SignatureImageCheck =
  { ok: true; png: Uint8Array } | { ok: false; code: 'IMAGE_TOO_LARGE' | 'INVALID_SIGNATURE'; message: string };

const tooLarge = (message: string): SignatureImageCheck => ({ ok: false, code: 'IMAGE_TOO_LARGE', message });
const invalid = (message: string): SignatureImageCheck => ({ ok: false, code: 'INVALID_SIGNATURE', message });

/** Sealing embeds non-interlaced PNGs of 8 or 16 bits per sample (8 for palettes); anything else would only fail once everyone signed. */
const embeddable = (header: PngHeader): boolean => !header.interlaced && (header.bitDepth === 8 || header.bitDepth === 16);

/**
 * Checks a drawn mark from its header before decoding anything, then inflates its pixels under the
 * budget the header implies. The answer's `png` is the image rebuilt from the checked chunks: it is
 * what is stored and what sealing stamps.
 */
export const checkSignatureImage = (base64: string): SignatureImageCheck => {
  const { maxBase64Chars, maxSide, maxPixels } = SIGNATURE_IMAGE_LIMITS;
  if (base64.length > maxBase64Chars) return tooLarge(`The image is over ${maxBase64Chars} base64 characters.`);
  const bytes = new Uint8Array(Buffer.from(base64, 'base64'));
  const header = readPngHeader(bytes);
  if (!header) return invalid('image_png_base64 is not a valid PNG image.');
  const { width, height } = header;
  if (width > maxSide || height > maxSide || width * height > maxPixels) {
    return tooLarge(`The image is ${width}×${height} pixels; at most ${maxSide} on a side and ${maxPixels} pixels in all.`);
  }
  if (!embeddable(header)) return invalid('The PNG must be non-interlaced, with 8 or 16 bits per sample.');
  const bounded = boundedPng(bytes, header);
  if (bounded.kind === 'too-large') return tooLarge(`The image data is larger than its ${width}×${height} pixels: ${bounded.reason}.`);
  if (bounded.kind === 'invalid') return invalid(`image_png_base64 is not a valid PNG image: ${bounded.reason}.`);
  return { ok: true, png: bounded.png };
};
