import type { ShowIf } from '../../../src/domain/field-conditions.js';
import { FIELD_TYPES, hasOptions, type FieldType } from '../../../src/domain/field-rules.js';
import type { ApiData } from '../shared/api-types.js';

// The palette offers the field types of docs/concepts/fields.md in the contract's order.
export { FIELD_TYPES, hasOptions, type FieldType, type ShowIf };

export const FIELD_LABELS: Record<FieldType, string> = {
  signature: 'Signature',
  initials: 'Initials',
  name: 'Name',
  email: 'E-mail',
  date_signed: 'Date signed',
  text: 'Text',
  number: 'Number',
  checkbox: 'Checkbox',
  dropdown: 'Dropdown',
  radio: 'Radio buttons',
  attachment: 'File upload',
};

/** A new field's size in PDF points: large enough to sign or read in, small enough to place. */
export const DEFAULT_SIZES: Record<FieldType, { width: number; height: number }> = {
  signature: { width: 160, height: 40 },
  initials: { width: 60, height: 36 },
  name: { width: 160, height: 24 },
  email: { width: 180, height: 24 },
  date_signed: { width: 110, height: 24 },
  text: { width: 160, height: 24 },
  number: { width: 90, height: 24 },
  checkbox: { width: 18, height: 18 },
  dropdown: { width: 140, height: 24 },
  radio: { width: 140, height: 60 },
  attachment: { width: 180, height: 24 },
};

/** The service fills these at signing (docs/concepts/signing.md) and the signer's upload an attachment (§12): none takes a default value. */
export const WITHOUT_DEFAULT_VALUE: ReadonlySet<FieldType> = new Set([
  'signature',
  'initials',
  'name',
  'email',
  'date_signed',
  'attachment',
]);

export const MIN_SIZE = 8;

/** A field being edited; `signer` is the key of the signer (or role) it belongs to. */
export interface EditorField {
  key: string;
  type: FieldType;
  signer: string;
  /** 1-based document index, as the API counts documents. */
  document: number;
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
  required: boolean;
  placeholder: string;
  defaultValue: string;
  options: string[];
  /** The field's name within the envelope, which conditions refer to; '' when it has none. */
  name: string;
  showIf: ShowIf | null;
}

/** Someone fields can be assigned to: a signer of the composer or a role of a template. */
export interface EditorSigner {
  key: string;
  label: string;
  /** False for approvers and viewers: their step carries no fields. */
  takesFields?: boolean;
}

export const takesFields = (signer: EditorSigner | undefined): boolean => signer?.takesFields !== false;

/** A page's size in PDF points, as the signer sees it (rotation applied). */
export interface PageSize {
  width: number;
  height: number;
}

/** A field as the API takes it and a template or draft holds it (docs/concepts/fields.md): coordinates, or an anchor the editor cannot draw. */
export type StoredField = ApiData<'getTemplate'>['roles']['signers'][number]['fields'][number] & {
  name?: string | null;
  show_if?: ShowIf | null;
};

const round = (value: number): number => Math.round(value * 100) / 100;

/** The API's flags may be written as strings ("TRUE", "false"). */
const flag = (value: StoredField['required']): boolean | undefined =>
  value === undefined ? undefined : value === true || String(value).toLowerCase() === 'true';

/** The field as the editor sends it, with coordinates rounded to hundredths of a point. */
export const toApiField = (field: EditorField): StoredField => ({
  type: field.type,
  document: field.document,
  page: field.page,
  x: round(field.x),
  y: round(field.y),
  width: round(field.width),
  height: round(field.height),
  required: field.required,
  ...(field.placeholder.trim() ? { placeholder: field.placeholder.trim() } : {}),
  ...(!WITHOUT_DEFAULT_VALUE.has(field.type) && field.defaultValue !== '' ? { default_value: field.defaultValue } : {}),
  ...(hasOptions(field.type) ? { options: field.options } : {}),
  ...(field.name.trim() ? { name: field.name.trim() } : {}),
  ...(field.showIf ? { show_if: field.showIf } : {}),
});

/** A field the API returned (a template's role, a builder draft) as the editor holds it. */
export const fromApiField = (field: StoredField, signer: string): EditorField | null => {
  const type = FIELD_TYPES.find((candidate) => candidate === field.type);
  if (!type || field.page === undefined || field.x === undefined || field.y === undefined) return null;
  const size = DEFAULT_SIZES[type];
  return {
    key: newKey(),
    type,
    signer,
    document: field.document ?? 1,
    page: field.page,
    x: field.x,
    y: field.y,
    width: field.width ?? size.width,
    height: field.height ?? size.height,
    required: flag(field.required) ?? (type === 'signature' || type === 'initials'),
    placeholder: field.placeholder ?? '',
    defaultValue: field.default_value ?? '',
    options: field.options ?? [],
    name: field.name ?? '',
    showIf: field.show_if ?? null,
  };
};

let counter = 0;
/** A key unique within the page's lifetime, for React lists and selection. */
export const newKey = (): string => `k${Date.now().toString(36)}${(counter++).toString(36)}`;

/** Keeps a box inside its page: moved back in first, shrunk only when it is larger than the page. */
export const clampToPage = <T extends { x: number; y: number; width: number; height: number }>(box: T, page: PageSize): T => {
  const width = Math.min(Math.max(box.width, MIN_SIZE), page.width);
  const height = Math.min(Math.max(box.height, MIN_SIZE), page.height);
  return {
    ...box,
    width,
    height,
    x: Math.min(Math.max(box.x, 0), page.width - width),
    y: Math.min(Math.max(box.y, 0), page.height - height),
  };
};

/** A new field of `type` centred on a point of the page (in points), kept inside the page. */
export const newField = (
  type: FieldType,
  signer: string,
  at: { document: number; page: number; centerX: number; centerY: number },
  size: PageSize,
  /** A dropdown's or radio group's first choices, in the editor's language. */
  options: readonly string[] = [],
): EditorField => {
  const { width, height } = DEFAULT_SIZES[type];
  return clampToPage(
    {
      key: newKey(),
      type,
      signer,
      document: at.document,
      page: at.page,
      x: at.centerX - width / 2,
      y: at.centerY - height / 2,
      width,
      height,
      required: type === 'signature' || type === 'initials',
      placeholder: '',
      defaultValue: '',
      options: hasOptions(type) ? [...options] : [],
      name: '',
      showIf: null,
    },
    size,
  );
};

/**
 * A recipient's colour, by their position in the list: the Okabe–Ito hues, which people with any
 * common colour-vision deficiency tell apart, darkened until white text on them reads at 4.5:1 and
 * more. `fill` tints the field so the page stays legible under it; the name is always written too.
 */
export const SIGNER_COLOURS = [
  { fill: 'rgb(0 114 178 / 14%)', border: '#0072b2' },
  { fill: 'rgb(163 68 0 / 14%)', border: '#a34400' },
  { fill: 'rgb(0 120 90 / 14%)', border: '#00785a' },
  { fill: 'rgb(168 67 127 / 14%)', border: '#a8437f' },
  { fill: 'rgb(128 90 0 / 14%)', border: '#805a00' },
  { fill: 'rgb(77 77 77 / 14%)', border: '#4d4d4d' },
] as const;

export type SignerColour = (typeof SIGNER_COLOURS)[number];

/** The colour of the recipient at `index` of the recipients' list (the form's swatches use it too). */
export const colourAt = (index: number): SignerColour => SIGNER_COLOURS[Math.max(0, index) % SIGNER_COLOURS.length]!;

export const colourOf = (signers: readonly EditorSigner[], key: string): SignerColour =>
  colourAt(signers.findIndex((signer) => signer.key === key));
