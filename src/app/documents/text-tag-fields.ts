import type { Problem } from '../../domain/app-error.js';
import { textTagProblem } from '../../domain/text-tags.js';
import type { TextTagFound } from '../../infra/pdf/find-text-tags.js';
import type { AppContext } from '../context.js';
import { FIELD_LIMITS } from '../envelopes/place-fields.js';
import type { DocumentField } from './document-fields.js';

/** A good tag as the field it brings: `name=` is both the field's name (conditions) and its placeholder (templates' form_fields). */
const fromTag = ({ page, text, tag, box }: Extract<TextTagFound, { tag: unknown }>): DocumentField => ({
  type: tag.type,
  page,
  x: box.x,
  y: box.y,
  width: box.width,
  height: box.height,
  signer: tag.signer,
  ...(tag.required !== undefined ? { required: tag.required } : {}),
  placeholder: tag.name ?? null,
  name: tag.name ?? null,
  defaultValue: tag.defaultValue ?? null,
  options: tag.options ?? null,
  origin: { kind: 'text_tag', tag: text, page },
});

/**
 * A document's text tags (docs/api/text-tags.md), read and erased in a PDF worker: the bytes to
 * store, a field per good tag, and a problem per bad one (at `path`, the document's place in the
 * request), every one at once. The document has at most as many tags as an envelope has fields.
 */
export const readTextTagFields = async (
  ctx: AppContext,
  bytes: Uint8Array,
  path: string,
): Promise<{ bytes: Uint8Array; fields: DocumentField[]; problems: Problem[] }> => {
  const reading = await ctx.pdf.readTextTags(bytes, FIELD_LIMITS.maxFieldsPerEnvelope);
  const fields: DocumentField[] = [];
  const problems: Problem[] = [];
  for (const found of reading.tags) {
    if ('reason' in found) problems.push(textTagProblem(found.page, found.text, found.reason, path));
    else fields.push(fromTag(found));
  }
  return { bytes: reading.bytes, fields, problems };
};
