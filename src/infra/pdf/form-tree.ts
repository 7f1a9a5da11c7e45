import { PdfArray, PdfDict, PdfRef, type PDF, type PdfObject } from '@libpdf/core';
import { AppError } from '../../domain/app-error.js';

/** A field of the form that holds a value: its dictionary and the array (/Fields or a parent's /Kids) that lists it. */
export interface TerminalNode {
  dict: PdfDict;
  ref: PdfRef | null;
  container: PdfArray;
  /** Its widget annotations: its /Kids, or the field itself when field and widget are one dictionary. */
  widgets: { dict: PdfDict; ref: PdfRef | null }[];
}

/** A document's AcroForm, walked within bounds. */
export interface FormTree {
  acroForm: PdfDict;
  fields: PdfArray;
  terminals: TerminalNode[];
}

export interface FormTreeLimits {
  /** Widgets of the whole form; a form with more is refused (TOO_MANY_FIELDS). */
  maxWidgets: number;
}

/** Real forms nest a few levels (XFA-made ones about six); a deeper tree is built to exhaust the reader. */
const MAX_DEPTH = 32;

const resolve = (pdf: PDF, value: PdfObject | undefined): PdfObject | undefined =>
  value instanceof PdfRef ? (pdf.getObject(value) ?? undefined) : value;

const keyOf = (ref: PdfRef): string => `${ref.objectNumber} ${ref.generation}`;

const entries = (pdf: PDF, array: PdfArray): { dict: PdfDict; ref: PdfRef | null }[] =>
  array.toArray().flatMap((item) => {
    const dict = resolve(pdf, item);
    return dict instanceof PdfDict ? [{ dict, ref: item instanceof PdfRef ? item : null }] : [];
  });

/**
 * The form's fields, walked by hand rather than by @libpdf/core, which recurses without a depth
 * bound and reads every field before anyone can count them: a hostile form (cycles in /Kids, a
 * million entries, a tree thousands of levels deep) is refused here after a bounded amount of work.
 * A field is terminal as PDF readers decide it: no /Kids, or /Kids that are widgets (no /T).
 */
export const readFormTree = (pdf: PDF, limits: FormTreeLimits): FormTree | undefined => {
  const acroForm = resolve(pdf, pdf.getCatalog().get('AcroForm'));
  if (!(acroForm instanceof PdfDict)) return undefined;
  const fields = resolve(pdf, acroForm.get('Fields'));
  if (!(fields instanceof PdfArray)) return undefined;
  const maxNodes = 2 * limits.maxWidgets;
  const tooMany = () =>
    new AppError('TOO_MANY_FIELDS', `The PDF form has more than ${limits.maxWidgets} fields; at most that many are allowed.`);
  const seen = new Set<string>();
  let nodes = 0;
  let widgets = 0;
  const terminals: TerminalNode[] = [];
  // Every array is counted before its entries are read: a million-entry /Kids costs its parse only.
  const count = (array: PdfArray): void => {
    nodes += array.length;
    if (nodes > maxNodes) throw tooMany();
  };
  const visit = (container: PdfArray, depth: number): void => {
    if (depth > MAX_DEPTH) throw new AppError('INVALID_PDF', `The PDF form's fields nest deeper than ${MAX_DEPTH} levels.`);
    for (const node of entries(pdf, container)) {
      if (node.ref) {
        if (seen.has(keyOf(node.ref))) throw new AppError('INVALID_PDF', "The PDF form's field tree refers back to itself.");
        seen.add(keyOf(node.ref));
      }
      const kids = resolve(pdf, node.dict.get('Kids'));
      if (kids instanceof PdfArray) count(kids);
      const children = kids instanceof PdfArray ? entries(pdf, kids) : [];
      if (kids instanceof PdfArray && children.length > 0 && children[0]!.dict.has('T')) {
        visit(kids, depth + 1);
        continue;
      }
      const own = children.length > 0 ? children : [node];
      widgets += own.length;
      if (widgets > limits.maxWidgets) throw tooMany();
      terminals.push({ ...node, container, widgets: own });
    }
  };
  count(fields);
  visit(fields, 0);
  return { acroForm, fields, terminals };
};

/** Takes fields off the form and their widgets off the pages, in one pass over each page's annotations. */
export const removeFormFields = (pdf: PDF, tree: FormTree, removed: readonly TerminalNode[]): void => {
  const widgetDicts = new Set(removed.flatMap((terminal) => terminal.widgets.map((widget) => widget.dict)));
  for (const page of pdf.getPages()) {
    const annots = resolve(pdf, page.dict.get('Annots'));
    if (!(annots instanceof PdfArray)) continue;
    for (let i = annots.length - 1; i >= 0; i -= 1) {
      const annotation = resolve(pdf, annots.at(i));
      if (annotation instanceof PdfDict && widgetDicts.has(annotation)) annots.remove(i);
    }
    if (annots.length === 0) page.dict.delete('Annots');
  }
  for (const terminal of removed) {
    const index = terminal.container.toArray().findIndex((item) => resolve(pdf, item) === terminal.dict);
    if (index >= 0) terminal.container.remove(index);
  }
  pruneEmptyParents(pdf, tree.fields);
  if (tree.fields.length === 0) pdf.getCatalog().delete('AcroForm');
};

/** A parent left with no kids would read as a field of its own, with no widget: it goes too (the tree was bounded by readFormTree). */
const pruneEmptyParents = (pdf: PDF, container: PdfArray): void => {
  for (let i = container.length - 1; i >= 0; i -= 1) {
    const node = resolve(pdf, container.at(i));
    const kids = node instanceof PdfDict ? resolve(pdf, node.get('Kids')) : undefined;
    if (!(kids instanceof PdfArray)) continue;
    pruneEmptyParents(pdf, kids);
    if (kids.length === 0) container.remove(i);
  }
};
