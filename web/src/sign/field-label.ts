import type { TFunction } from 'i18next';
import type { FieldType } from './signing-types.js';

/** Each field type in words, from the catalog (`sign.fields.types`, the radio group's `workflow_page.radio`). */
export type TypeNames = Record<FieldType, string>;

export const typeNamesOf = (t: TFunction): TypeNames => ({
  ...(t('sign.fields.types', { returnObjects: true }) as Omit<TypeNames, 'radio'>),
  radio: t('workflow_page.radio'),
});

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
export const fieldLabel = (field: { type: FieldType; placeholder: string | null }, typeNames: TypeNames): string =>
  humanize(field.placeholder) || typeNames[field.type];
