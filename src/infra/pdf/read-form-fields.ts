import {
  PdfArray,
  PdfDict,
  PdfNumber,
  PdfRef,
  type ButtonField,
  type CheckboxField,
  type DropdownField,
  type ListBoxField,
  type PDF,
  type PdfObject,
  type RadioField,
  type SignatureField,
  type TextField,
} from '@libpdf/core';
import { readFormTree, removeFormFields, type TerminalNode } from './form-tree.js';
import { openPdf } from './open-pdf.js';
import { pageGeometry, userBoxToTopLeft, type Box } from './page-geometry.js';

/** The §2 field types a PDF form field becomes. */
export type FormFieldType = 'text' | 'checkbox' | 'radio' | 'dropdown' | 'signature';

/** One field found in a PDF form, placed with the contract's coordinates (top-left origin of the page as seen). */
export interface FormFieldFound extends Box {
  /** The PDF field's full name (parents' names joined by dots). */
  name: string;
  type: FormFieldType;
  /** 1-based. */
  page: number;
  /** Its value in the PDF: text, a chosen option, "true" for a ticked checkbox; null when empty. */
  value: string | null;
  options: string[] | null;
  required: boolean;
  readOnly: boolean;
}

export interface FormFieldImport {
  bytes: Uint8Array;
  /** Top to bottom through the form's field order; one per widget, except a radio group: one field over its buttons. */
  fields: FormFieldFound[];
}

export interface FormFieldTask {
  bytes: Uint8Array;
  /** Widgets of the whole form (the envelope's field limit). */
  maxFields: number;
}

/** Widgets thinner than this are invisible (a signature field's usual [0 0 0 0]): nothing to place. */
const MIN_SIDE = 1;

const resolve = (pdf: PDF, value: PdfObject | undefined): PdfObject | undefined =>
  value instanceof PdfRef ? (pdf.getObject(value) ?? undefined) : value;

const rectOf = (pdf: PDF, widget: PdfDict): Box | undefined => {
  const rect = resolve(pdf, widget.get('Rect'));
  if (!(rect instanceof PdfArray) || rect.length !== 4) return undefined;
  const numbers = [0, 1, 2, 3].map((i) => resolve(pdf, rect.at(i)));
  if (!numbers.every((n): n is PdfNumber => n instanceof PdfNumber && Number.isFinite(n.value))) return undefined;
  const [x1, y1, x2, y2] = numbers.map((n) => n.value) as [number, number, number, number];
  return { x: Math.min(x1, x2), y: Math.min(y1, y2), width: Math.abs(x2 - x1), height: Math.abs(y2 - y1) };
};

const union = (boxes: readonly Box[]): Box => {
  const left = Math.min(...boxes.map((b) => b.x));
  const bottom = Math.min(...boxes.map((b) => b.y));
  const right = Math.max(...boxes.map((b) => b.x + b.width));
  const top = Math.max(...boxes.map((b) => b.y + b.height));
  return { x: left, y: bottom, width: right - left, height: top - bottom };
};

/** The page each widget is shown on: the page whose /Annots lists it (a widget's /P is only a hint, often missing). */
const widgetPages = (pdf: PDF): Map<PdfDict, number> => {
  const pages = new Map<PdfDict, number>();
  for (const page of pdf.getPages()) {
    const annots = resolve(pdf, page.dict.get('Annots'));
    if (!(annots instanceof PdfArray)) continue;
    for (const item of annots.toArray()) {
      const annotation = resolve(pdf, item);
      if (annotation instanceof PdfDict && !pages.has(annotation)) pages.set(annotation, page.index);
    }
  }
  return pages;
};

const distinct = (values: readonly string[]): string[] => [...new Set(values.filter((value) => value.length > 0))];

interface Reading {
  type: FormFieldType;
  options: string[] | null;
  /** The field's value, or for a checkbox the on-state of the widget that is ticked. */
  value: (widget: PdfDict) => string | null;
}

/** A radio group's options are its buttons' export values: /Opt when it names each button, else their on-states. */
const radioReading = (field: RadioField): Reading => {
  const states = field.getWidgets().map((widget) => widget.getOnValue() ?? '');
  const exported = field.getExportValues();
  const names = exported.length === states.length ? exported : states;
  const chosen = field.getValue();
  const index = chosen === null ? -1 : states.indexOf(chosen);
  return { type: 'radio', options: distinct(names), value: () => (index >= 0 ? names[index] || null : null) };
};

/** A choice list offers what it shows (the display text of each option); its value, read as an export value, is shown the same way. */
const choiceReading = (field: DropdownField | ListBoxField): Reading => {
  const options = field.getOptions();
  const raw = field.getValue();
  const chosen = Array.isArray(raw) ? raw[0] : raw;
  const match = options.find((option) => option.value === chosen) ?? options.find((option) => option.display === chosen);
  return { type: 'dropdown', options: distinct(options.map((option) => option.display)), value: () => match?.display ?? null };
};

/** The terminal fields @libpdf/core tells apart by their `type` (its classes are exported as types only). */
type TerminalField = TextField | CheckboxField | RadioField | DropdownField | ListBoxField | SignatureField | ButtonField;

const readingOf = (field: TerminalField): Reading | undefined => {
  switch (field.type) {
    case 'text':
      return { type: 'text', options: null, value: () => field.getValue() || null };
    case 'checkbox':
      return {
        type: 'checkbox',
        options: null,
        value: (widget) => {
          const on = field
            .getWidgets()
            .find((w) => w.dict === widget)
            ?.getOnValue();
          return on && field.getValue() === on ? 'true' : null;
        },
      };
    case 'radio':
      return radioReading(field);
    case 'dropdown':
    case 'listbox':
      return choiceReading(field);
    case 'signature':
      // A signature field already signed keeps its signature as drawn: it is not asked for again.
      return field.isSigned() ? undefined : { type: 'signature', options: null, value: () => null };
    default:
      return undefined;
  }
};

/**
 * The form fields of a document (text, checkboxes, radio groups, choice lists, unsigned signature
 * fields) at their widgets' rectangles, and the document without them, so that whoever signs sees
 * the envelope's fields in their place and no second copy. Push buttons, signed signatures and
 * invisible widgets stay as they are: they are flattened with the rest of the form when the document
 * is sealed. A document without a form comes back unchanged.
 */
export const importFormFields = async (task: FormFieldTask): Promise<FormFieldImport> => {
  const pdf = await openPdf(task.bytes);
  const tree = readFormTree(pdf, { maxWidgets: task.maxFields });
  if (!tree || tree.terminals.length === 0) return { bytes: task.bytes, fields: [] };
  const byDict = new Map((pdf.getForm()?.getFields() ?? []).map((field) => [field.acroField(), field as TerminalField]));
  const pages = widgetPages(pdf);
  const allPages = pdf.getPages();
  const fields: FormFieldFound[] = [];
  const imported: TerminalNode[] = [];
  for (const terminal of tree.terminals) {
    const field = byDict.get(terminal.dict);
    const reading = field && readingOf(field);
    if (!field || !reading) continue;
    const shown = terminal.widgets.flatMap((widget) => {
      const page = pages.get(widget.dict);
      const rect = rectOf(pdf, widget.dict);
      return page !== undefined && rect && rect.width >= MIN_SIDE && rect.height >= MIN_SIDE ? [{ widget, page, rect }] : [];
    });
    if (shown.length === 0) continue;
    const common = {
      name: field.name,
      type: reading.type,
      options: reading.options,
      required: field.isRequired(),
      readOnly: field.isReadOnly(),
    };
    const place = (page: number, rect: Box) => ({ page: page + 1, ...userBoxToTopLeft(pageGeometry(pdf, allPages[page]!), rect) });
    if (reading.type === 'radio') {
      // One field over the group's buttons on the page of its first one: the contract's radio field is one box with its options.
      const page = shown[0]!.page;
      const rect = union(shown.filter((s) => s.page === page).map((s) => s.rect));
      fields.push({ ...common, ...place(page, rect), value: reading.value(shown[0]!.widget.dict) });
    } else {
      for (const { widget, page, rect } of shown) fields.push({ ...common, ...place(page, rect), value: reading.value(widget.dict) });
    }
    imported.push(terminal);
  }
  if (imported.length === 0) return { bytes: task.bytes, fields: [] };
  removeFormFields(pdf, tree, imported);
  return { bytes: await pdf.save(), fields };
};
