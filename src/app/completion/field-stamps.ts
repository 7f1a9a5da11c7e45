import { formatIsoDay } from '../../domain/date-format.js';
import { DEFAULT_LANGUAGE, type Language } from '../../domain/language.js';
import type { Field } from '../../infra/db/tables/fields-table.js';
import type { FieldStamp } from '../../infra/pdf/stamp-fields.js';
import { pngOf, type AdoptedMark } from '../signing/adopted-signature.js';
import type { StoredSignature } from '../signing/sign-envelope.js';

const markStamp = (mark: AdoptedMark): Pick<FieldStamp, 'kind' | 'imagePng' | 'text' | 'font'> => {
  const png = pngOf(mark);
  return png ? { kind: 'image', imagePng: png } : { kind: 'text', text: mark.type === 'typed' ? mark.text : '', font: 'handwriting' };
};

const valueStamp = (
  field: Field,
  signature: StoredSignature,
  attachmentNames: ReadonlyMap<string, string>,
  language: Language,
): Omit<FieldStamp, 'page' | 'x' | 'y' | 'width' | 'height'> | undefined => {
  switch (field.type) {
    case 'signature':
      return markStamp(signature.signature);
    case 'initials':
      return markStamp(signature.initials ?? signature.signature);
    case 'checkbox':
      return { kind: 'checkbox', checked: field.value === 'true' };
    case 'radio':
      return field.value === null ? undefined : { kind: 'radio', text: field.value, font: 'regular' };
    case 'date_signed':
      // Stored as the ISO day (what the API returns); printed the way the page and the mails write dates, in the signer's language.
      return field.value === null ? undefined : { kind: 'text', text: formatIsoDay(field.value, language), font: 'regular' };
    case 'attachment': {
      const name = field.value === null ? undefined : attachmentNames.get(field.value);
      return name === undefined ? undefined : { kind: 'text', text: name, font: 'regular' };
    }
    default:
      return field.value === null ? undefined : { kind: 'text', text: field.value, font: 'regular' };
  }
};

/**
 * What to print into one document: each given field's value where the signer saw the field (which
 * fields are given is stamped-fields.ts's rule); signature and initials fields carry the adopted
 * mark (the drawn image, or typed text in handwriting); a radio field its chosen option beside a
 * selected button; attachment fields the name of the file (the file itself is embedded, by attachment_id).
 */
export const fieldStamps = (
  fields: readonly Field[],
  signatures: ReadonlyMap<string, StoredSignature>,
  languages: ReadonlyMap<string, Language>,
  attachmentNames: ReadonlyMap<string, string>,
): FieldStamp[] =>
  fields.flatMap((field) => {
    const signature = signatures.get(field.recipientId);
    const stamp = signature && valueStamp(field, signature, attachmentNames, languages.get(field.recipientId) ?? DEFAULT_LANGUAGE);
    return stamp ? [{ page: field.page, x: field.x, y: field.y, width: field.width, height: field.height, ...stamp }] : [];
  });
