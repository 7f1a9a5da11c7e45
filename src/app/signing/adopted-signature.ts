import { PDF } from '@libpdf/core';
import type { Problem } from '../../domain/app-error.js';

/** A signature or initials as the signing page submits it. */
export interface SubmittedMark {
  type: 'drawn' | 'typed';
  image_png_base64?: string;
  text?: string;
}

/** A mark as stored once checked: the drawn PNG, or the typed text. */
export type AdoptedMark = { type: 'drawn'; image_png_base64: string } | { type: 'typed'; text: string };

export const pngOf = (mark: AdoptedMark): Uint8Array | null =>
  mark.type === 'drawn' ? new Uint8Array(Buffer.from(mark.image_png_base64, 'base64')) : null;

const invalid = (message: string, field: string): Problem[] => [{ code: 'INVALID_SIGNATURE', message, field }];

/** Embedding it the way sealing will: a PNG that would only fail once every signer signed must be refused now. */
const isEmbeddablePng = (base64: string): boolean => {
  try {
    PDF.create().embedPng(new Uint8Array(Buffer.from(base64, 'base64')));
    return true;
  } catch {
    return false;
  }
};

export const markProblems = (mark: SubmittedMark, field: string): Problem[] => {
  if (mark.type === 'typed') return mark.text?.trim() ? [] : invalid('A typed signature needs its text.', `${field}.text`);
  if (!mark.image_png_base64) return invalid('A drawn signature needs image_png_base64.', `${field}.image_png_base64`);
  return isEmbeddablePng(mark.image_png_base64) ? [] : invalid('image_png_base64 is not a valid PNG image.', `${field}.image_png_base64`);
};

/** The checked mark, keeping only what its type uses. */
export const adoptMark = (mark: SubmittedMark): AdoptedMark =>
  mark.type === 'typed'
    ? { type: 'typed', text: mark.text?.trim() ?? '' }
    : { type: 'drawn', image_png_base64: mark.image_png_base64 ?? '' };
