import type { SigningField } from './signing-types.js';

/** What the signer has entered so far, by field_id. Checkboxes hold "true"/"false". */
export type FieldValues = Record<string, string>;

/** Types the server fills itself at signing time; the page only shows them. */
const SERVER_FILLED = new Set(['name', 'email', 'date_signed']);
/** Types whose value travels in the `fields` array of the sign request. */
const ENTERED = new Set(['text', 'number', 'checkbox', 'dropdown', 'radio', 'attachment']);

export const isMark = (field: SigningField): boolean => field.type === 'signature' || field.type === 'initials';

export const isServerFilled = (field: SigningField): boolean => SERVER_FILLED.has(field.type);

const TRUTHY = /^(true|1|yes|on|checked|x)$/i;

export const checkboxValue = (raw: string | null): string => (raw !== null && TRUTHY.test(raw.trim()) ? 'true' : 'false');

export const isValidNumber = (value: string): boolean => value.trim() !== '' && Number.isFinite(Number(value));

interface Signer {
  name: string;
  email: string;
}

/** Prefills: the signer's own name and e-mail, today's date, each field's default_value. */
export const initialValues = (fields: SigningField[], signer: Signer, today: string): FieldValues => {
  const values: FieldValues = {};
  for (const field of fields) {
    if (field.type === 'name') values[field.field_id] = signer.name;
    else if (field.type === 'email') values[field.field_id] = signer.email;
    else if (field.type === 'date_signed') values[field.field_id] = today;
    else if (field.type === 'checkbox') values[field.field_id] = checkboxValue(field.default_value);
    else if (!isMark(field)) values[field.field_id] = field.default_value ?? '';
  }
  return values;
};

/** The required fields the signer still has to act on: server-filled and locked ones never count. */
export const counted = (field: SigningField): boolean => field.required && field.editable && !isServerFilled(field);

export const isComplete = (field: SigningField, values: FieldValues, applied: ReadonlySet<string>): boolean => {
  const value = values[field.field_id] ?? '';
  switch (field.type) {
    case 'signature':
    case 'initials':
      return applied.has(field.field_id);
    case 'checkbox':
      return value === 'true';
    case 'number':
      return isValidNumber(value);
    default:
      return value.trim() !== '';
  }
};

export interface Progress {
  done: number;
  total: number;
  missing: SigningField[];
}

export const progressOf = (fields: SigningField[], values: FieldValues, applied: ReadonlySet<string>): Progress => {
  const requiredFields = fields.filter(counted);
  const missing = requiredFields.filter((field) => !isComplete(field, values, applied));
  return { done: requiredFields.length - missing.length, total: requiredFields.length, missing };
};

/** Optional number fields may stay empty, but a filled one must be a number. */
export const invalidNumbers = (fields: SigningField[], values: FieldValues): SigningField[] =>
  fields.filter(
    (field) =>
      field.type === 'number' &&
      field.editable &&
      (values[field.field_id] ?? '').trim() !== '' &&
      !isValidNumber(values[field.field_id] ?? ''),
  );

/** The `fields` array of the sign request: every editable entered field, empty optional text omitted. */
export const fieldsPayload = (fields: SigningField[], values: FieldValues): { field_id: string; value: string }[] =>
  fields.flatMap((field) => {
    if (!field.editable || !ENTERED.has(field.type)) return [];
    const value = (values[field.field_id] ?? '').trim();
    return value === '' && field.type !== 'checkbox' ? [] : [{ field_id: field.field_id, value }];
  });

/** Reading order (document, page, top to bottom, left to right) gives a natural tab order. */
export const readingOrder = (fields: SigningField[]): SigningField[] =>
  [...fields].sort((a, b) => a.document - b.document || a.page - b.page || a.y - b.y || a.x - b.x);
