import type { ErrorCode, Problem } from './app-error.js';

export const FIELD_TYPES = [
  'signature',
  'initials',
  'name',
  'email',
  'date_signed',
  'text',
  'number',
  'checkbox',
  'dropdown',
  'radio',
  'attachment',
] as const;

export type FieldType = (typeof FIELD_TYPES)[number];

/** Fields the service fills itself at signing (docs/concepts/signing.md); the signer never types into them. */
const SELF_FILLING: ReadonlySet<FieldType> = new Set(['signature', 'initials', 'name', 'email', 'date_signed']);

export const isSelfFilling = (type: FieldType): boolean => SELF_FILLING.has(type);

/** A field as the request gives it; geometry and anchors are checked elsewhere (field-geometry.ts). */
export interface FieldRulesInput {
  type: string;
  required?: unknown;
  editable?: unknown;
  placeholder?: string | null;
  default_value?: unknown;
  options?: unknown;
}

export interface FieldRules {
  type: FieldType;
  required: boolean;
  editable: boolean;
  placeholder: string | null;
  defaultValue: string | null;
  options: string[] | null;
}

/**
 * The rules of one signer's fields with their defaults applied, and every problem found.
 * `path` is the JSON path of the signer's `fields` array; `rules` is only complete when there is no problem.
 */
export const resolveSignerFieldRules = (fields: readonly FieldRulesInput[], path: string): { rules: FieldRules[]; problems: Problem[] } => {
  const resolved = fields.map((field, index) => resolveFieldRules(field, `${path}[${index}]`));
  return {
    rules: resolved.flatMap((result) => (result.rules ? [result.rules] : [])),
    problems: [...resolved.flatMap((result) => result.problems), ...duplicatePlaceholders(fields, path)],
  };
};

const resolveFieldRules = (input: FieldRulesInput, path: string): { rules?: FieldRules; problems: Problem[] } => {
  const type = FIELD_TYPES.find((candidate) => candidate === input.type);
  if (!type) {
    return { problems: [problem('INVALID_FIELD_TYPE', `type must be one of ${FIELD_TYPES.join(', ')}.`, `${path}.type`)] };
  }
  const required = parseFlag(input.required, type === 'signature' || type === 'initials');
  const editable = parseFlag(input.editable, true);
  const options = resolveOptions(type, input.options);
  const defaultValue = resolveDefaultValue(type, input.default_value, Array.isArray(options) ? options : null);
  const problems = [
    ...(required === undefined ? [flagProblem('required', path)] : []),
    ...(editable === undefined ? [flagProblem('editable', path)] : []),
    ...(typeof options === 'string' ? [problem('INVALID_FIELD_OPTIONS', options, `${path}.options`)] : []),
    ...(defaultValue.problem ? [problem('INVALID_FIELD_DEFAULT_VALUE', defaultValue.problem, `${path}.default_value`)] : []),
  ];
  if (problems.length > 0 || required === undefined || editable === undefined || typeof options === 'string') {
    return { problems };
  }
  return {
    rules: { type, required, editable, placeholder: input.placeholder ?? null, defaultValue: defaultValue.value, options },
    problems,
  };
};

/** Booleans, and the strings "TRUE"/"FALSE" in any case, as the original API accepted; `undefined` when neither. */
const parseFlag = (value: unknown, fallback: boolean): boolean | undefined => {
  if (value === undefined || value === null) return fallback;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string' && /^(true|false)$/i.test(value.trim())) return value.trim().toLowerCase() === 'true';
  return undefined;
};

const flagProblem = (key: string, path: string): Problem =>
  problem('INVALID_FIELD_FLAG', `${key} must be a boolean (or "TRUE"/"FALSE").`, `${path}.${key}`);

/** The fields whose value is one of their `options`. */
export const hasOptions = (type: FieldType): boolean => type === 'dropdown' || type === 'radio';

/** The dropdown's or radio group's options, or a message saying what is wrong with them. */
const resolveOptions = (type: FieldType, options: unknown): string[] | null | string => {
  if (!hasOptions(type)) return options === undefined || options === null ? null : 'options are only allowed on dropdown and radio fields.';
  if (!Array.isArray(options) || options.length === 0) return `A ${type} field needs a non-empty options array.`;
  if (!options.every((option) => typeof option === 'string' && option.length > 0)) return 'Every option must be a non-empty string.';
  if (new Set(options).size !== options.length) return 'Options must be distinct.';
  return options as string[];
};

const resolveDefaultValue = (
  type: FieldType,
  raw: unknown,
  options: readonly string[] | null,
): { value: string | null; problem?: string } => {
  if (raw === undefined || raw === null || raw === '') return { value: null };
  if (isSelfFilling(type)) return { value: null, problem: `A ${type} field fills itself at signing and takes no default_value.` };
  if (type === 'attachment')
    return { value: null, problem: "An attachment field's value is the file the signer uploads: it takes no default_value." };
  if (typeof raw !== 'string' && typeof raw !== 'number' && typeof raw !== 'boolean') {
    return { value: null, problem: 'default_value must be a string.' };
  }
  const value = normalizeValue(type, String(raw));
  const invalid = valueProblem({ type, options }, value);
  return invalid ? { value: null, problem: `default_value: ${invalid}` } : { value };
};

const duplicatePlaceholders = (fields: readonly FieldRulesInput[], path: string): Problem[] => {
  const seen = new Set<string>();
  return fields.flatMap((field, index) => {
    const placeholder = field.placeholder;
    if (placeholder === undefined || placeholder === null) return [];
    if (!seen.has(placeholder)) {
      seen.add(placeholder);
      return [];
    }
    return [
      problem(
        'DUPLICATE_FIELD_PLACEHOLDER',
        `The placeholder "${placeholder}" is already used by another field of this signer.`,
        `${path}[${index}].placeholder`,
      ),
    ];
  });
};

/** Checkbox values are compared and stored in lower case; every other value as given. */
export const normalizeValue = (type: FieldType, value: string): string => (type === 'checkbox' ? value.trim().toLowerCase() : value);

const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;

/** Why `value` (already normalised) does not suit the field, or `undefined` when it does. */
export const valueProblem = (field: { type: FieldType; options: readonly string[] | null }, value: string): string | undefined => {
  switch (field.type) {
    case 'number':
      return NUMBER.test(value.trim()) ? undefined : `"${value}" is not a number.`;
    case 'checkbox':
      return value === 'true' || value === 'false' ? undefined : 'A checkbox value is "true" or "false".';
    case 'dropdown':
    case 'radio':
      return field.options?.includes(value) ? undefined : `"${value}" is not one of the options.`;
    default:
      return undefined;
  }
};

/** A field of the signer as stored, with the id the signing page uses. */
export interface SignerField {
  id: string;
  type: FieldType;
  required: boolean;
  editable: boolean;
  defaultValue: string | null;
  options: readonly string[] | null;
}

export interface SubmittedValue {
  field_id: string;
  value?: unknown;
}

export type ResolvedValues = { ok: true; values: Map<string, string> } | { ok: false; problems: Problem[] };

/** What the signer brings besides the field values: the marks adopted, and the attachment_ids of the files they uploaded. */
export interface SigningSubmissionContext {
  hasSignature: boolean;
  hasInitials: boolean;
  uploadedAttachments?: ReadonlySet<string>;
}

/**
 * Checks a signature's `fields` against the signer's fields and returns the value of every
 * signer-filled field (text, number, checkbox, dropdown, attachment) that has one: the submitted
 * value, else the default. Self-filling fields get no entry: the stamping step fills them; this only
 * checks that a required signature or initials field will be filled. A required checkbox must be
 * ticked. An attachment field's value is the attachment_id of a file this signer uploaded.
 */
export const resolveSubmittedValues = (
  fields: readonly SignerField[],
  submitted: readonly SubmittedValue[],
  adopted: SigningSubmissionContext,
): ResolvedValues => {
  const byId = new Map(fields.map((field) => [field.id, field]));
  const given = new Map<string, string>();
  const problems: Problem[] = submitted.flatMap((entry, index) => {
    const path = `fields[${index}]`;
    const field = byId.get(entry.field_id);
    if (!field) return [problem('UNKNOWN_FIELD_ID', `The signer has no field "${entry.field_id}".`, `${path}.field_id`)];
    if (given.has(field.id)) return [problem('INVALID_FIELD_VALUE', `A value for "${field.id}" is given twice.`, `${path}.field_id`)];
    const value = submittedText(entry.value);
    if (value === undefined) return [];
    given.set(field.id, normalizeValue(field.type, value));
    return submittedValueProblems(field, normalizeValue(field.type, value), `${path}.value`, adopted.uploadedAttachments);
  });
  const values = new Map<string, string>();
  for (const field of fields) {
    const value = isSelfFilling(field.type) ? undefined : (given.get(field.id) ?? field.defaultValue ?? undefined);
    if (value !== undefined) values.set(field.id, value);
    if (field.required && !isFilled(field, value, adopted)) {
      problems.push(problem('REQUIRED_FIELD_MISSING', `The required ${field.type} field "${field.id}" has no value.`, 'fields'));
    }
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, values };
};

/** Strings, numbers and booleans are taken as text; null or an empty string means "no value". */
export const submittedText = (value: unknown): string | undefined => {
  if (typeof value === 'string') return value === '' ? undefined : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
};

const submittedValueProblems = (
  field: SignerField,
  value: string,
  path: string,
  uploadedAttachments: ReadonlySet<string> = new Set(),
): Problem[] => {
  if (field.type === 'attachment' && !uploadedAttachments.has(value)) {
    return [problem('UNKNOWN_ATTACHMENT', `"${value}" is not the attachment_id of a file this signer uploaded to this envelope.`, path)];
  }
  if (isSelfFilling(field.type)) {
    return [problem('FIELD_NOT_EDITABLE', `The ${field.type} field "${field.id}" fills itself at signing.`, path)];
  }
  if (!field.editable && value !== field.defaultValue) {
    return [problem('FIELD_NOT_EDITABLE', `The field "${field.id}" is not editable.`, path)];
  }
  const invalid = valueProblem(field, value);
  return invalid ? [problem('INVALID_FIELD_VALUE', invalid, path)] : [];
};

const isFilled = (field: SignerField, value: string | undefined, { hasSignature, hasInitials }: SigningSubmissionContext): boolean => {
  switch (field.type) {
    case 'signature':
      return hasSignature;
    case 'initials':
      return hasInitials || hasSignature;
    case 'name':
    case 'email':
    case 'date_signed':
      return true;
    case 'checkbox':
      return value === 'true';
    default:
      return value !== undefined && value.trim() !== '';
  }
};

const problem = (code: ErrorCode, message: string, field: string): Problem => ({
  code,
  message,
  field,
});
