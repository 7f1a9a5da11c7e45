import { hiddenFieldIds, type ConditionalField } from '../../../src/domain/field-conditions.js';
import type { FieldValues } from './field-values.js';
import type { SigningField } from './signing-types.js';

/** Another recipient's named field that one of this signer's conditions refers to, with its value. */
export interface OtherNamedField {
  name: string;
  value: string | null;
}

/** Other recipients' fields stand in the evaluation under ids no field of the signer's can have. */
const otherId = (name: string): string => `other:${name}`;

/**
 * The signer's fields hidden by their conditions right now, evaluated by the very code the server
 * runs on the submitted values (src/domain/field-conditions.ts), so the page and the server agree.
 */
export const hiddenFieldsOf = (fields: readonly SigningField[], others: readonly OtherNamedField[], values: FieldValues): Set<string> => {
  const own: ConditionalField[] = fields.map((field) => ({ id: field.field_id, name: field.name ?? null, showIf: field.show_if ?? null }));
  const ownNames = new Set(own.flatMap((field) => (field.name ? [field.name] : [])));
  const theirs: ConditionalField[] = others
    .filter((other) => !ownNames.has(other.name))
    .map((other) => ({ id: otherId(other.name), name: other.name, showIf: null }));
  const otherValues = new Map(others.map((other) => [otherId(other.name), other.value]));
  const valueOf = (id: string): string | null => {
    if (otherValues.has(id)) return otherValues.get(id) ?? null;
    const value = values[id];
    return value === undefined || value === '' ? null : value;
  };
  return hiddenFieldIds([...own, ...theirs], valueOf);
};
