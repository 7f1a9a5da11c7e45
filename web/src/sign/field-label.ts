import type { FieldType, SigningField } from './signing-types.js';

const TYPE_NAMES: Record<FieldType, string> = {
  signature: 'Signature',
  initials: 'Initials',
  name: 'Full name',
  email: 'E-mail',
  date_signed: 'Date signed',
  text: 'Text',
  number: 'Number',
  checkbox: 'Checkbox',
  dropdown: 'Choice',
  attachment: 'Attachment',
};

/** Placeholders are machine names ("company_name"); people read "Company name". */
const humanize = (placeholder: string | null): string => {
  if (!placeholder) return '';
  const words = placeholder
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : '';
};

/** The accessible name of a field: its placeholder in words, or its type when it has none. */
export const fieldLabel = (field: Pick<SigningField, 'type' | 'placeholder'>): string =>
  humanize(field.placeholder) || TYPE_NAMES[field.type];

export const typeName = (field: Pick<SigningField, 'type'>): string => TYPE_NAMES[field.type];
