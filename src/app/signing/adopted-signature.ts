import type { Problem } from '../../domain/app-error.js';
import { checkSignatureImage } from './signature-image.js';

/** A signature or initials as the signing page submits it. */
export interface SubmittedMark {
  type: 'drawn' | 'typed';
  image_png_base64?: string;
  text?: string;
}

/** A mark as stored once checked: the drawn PNG as rebuilt by the check, or the typed text. */
export type AdoptedMark = { type: 'drawn'; image_png_base64: string } | { type: 'typed'; text: string };

export type MarkAdoption = { ok: true; mark: AdoptedMark } | { ok: false; problems: Problem[] };

/** Sealing asks for the same few marks once per field: remember the last ones checked. */
const recentlyChecked = new Map<string, Uint8Array | null>();
const RECENT_MARKS = 8;

/**
 * The PNG of a drawn mark, checked again on the way out: marks stored before images were bounded
 * must not be inflated unchecked either. One that fails is stamped as an empty mark.
 */
export const pngOf = (mark: AdoptedMark): Uint8Array | null => {
  if (mark.type !== 'drawn') return null;
  if (!recentlyChecked.has(mark.image_png_base64)) {
    const checked = checkSignatureImage(mark.image_png_base64);
    if (recentlyChecked.size >= RECENT_MARKS) recentlyChecked.clear();
    recentlyChecked.set(mark.image_png_base64, checked.ok ? checked.png : null);
  }
  // A copy each time: a caller may hand its bytes to a worker and lose them.
  return recentlyChecked.get(mark.image_png_base64)?.slice() ?? null;
};

const refused = (code: Problem['code'], message: string, field: string): MarkAdoption => ({
  ok: false,
  problems: [{ code, message, field }],
});

/** The mark to store, keeping only what its type uses, or why it cannot be adopted. */
export const adoptMark = (mark: SubmittedMark, field: string): MarkAdoption => {
  if (mark.type === 'typed') {
    const text = mark.text?.trim();
    return text
      ? { ok: true, mark: { type: 'typed', text } }
      : refused('INVALID_SIGNATURE', 'A typed signature needs its text.', `${field}.text`);
  }
  if (!mark.image_png_base64) {
    return refused('INVALID_SIGNATURE', 'A drawn signature needs image_png_base64.', `${field}.image_png_base64`);
  }
  const checked = checkSignatureImage(mark.image_png_base64);
  if (!checked.ok) return refused(checked.code, checked.message, `${field}.image_png_base64`);
  return { ok: true, mark: { type: 'drawn', image_png_base64: Buffer.from(checked.png).toString('base64') } };
};
