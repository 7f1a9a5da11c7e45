import type { FieldType, SigningField } from './signing-types.js';

/** Each field type in words, from the catalog (`sign.fields.types`). */
export type TypeNames = Record<FieldType, string>;

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
export const fieldLabel = (field: Pick<SigningField, 'type' | 'placeholder'>, typeNames: TypeNames): string =>
  humanize(field.placeholder) || typeNames[field.type];
