import { PdfArray, PdfDict, PdfName, PdfRef, type PDF, type PdfObject } from '@libpdf/core';
import { AppError } from '../../domain/app-error.js';
import { readFormTree } from './form-tree.js';

/**
 * A form may be flattened with far more widgets than an envelope imports (a document given with
 * `form_fields: "ignore"` was never counted); past this, or when its tree is hostile, it is dropped instead.
 */
const MAX_FLATTENED_WIDGETS = 20_000;

const resolve = (pdf: PDF, value: PdfObject | undefined): PdfObject | undefined =>
  value instanceof PdfRef ? (pdf.getObject(value) ?? undefined) : value;

const isWidget = (pdf: PDF, annotation: PdfObject | undefined): boolean => {
  const dict = resolve(pdf, annotation);
  const subtype = dict instanceof PdfDict ? resolve(pdf, dict.get('Subtype')) : undefined;
  return subtype instanceof PdfName && subtype.value === 'Widget';
};

/** The last resort: no form and no widget left, at the cost of what the widgets showed. */
const dropForm = (pdf: PDF): void => {
  for (const page of pdf.getPages()) {
    const annots = resolve(pdf, page.dict.get('Annots'));
    if (!(annots instanceof PdfArray)) continue;
    for (let i = annots.length - 1; i >= 0; i -= 1) if (isWidget(pdf, annots.at(i))) annots.remove(i);
    if (annots.length === 0) page.dict.delete('Annots');
  }
  pdf.getCatalog().delete('AcroForm');
};

/**
 * Flattens whatever form a document still has before it is sealed (docs/api/form-fields.md): each
 * widget's appearance is drawn into its page and the form removed, so the sealed file has no field
 * but the seal's own signature and nobody can change a value in it. A form too large or malformed to
 * flatten within bounds, or that @libpdf/core cannot flatten, is dropped: sealing never fails because
 * of a form the envelope ignored.
 */
export const flattenForm = (pdf: PDF): void => {
  let flattenable: boolean;
  try {
    flattenable = readFormTree(pdf, { maxWidgets: MAX_FLATTENED_WIDGETS }) !== undefined;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    flattenable = false;
  }
  if (flattenable) {
    try {
      pdf.getForm()?.flatten();
    } catch {
      // A widget whose appearance the library cannot draw (a broken stream, an unknown font): dropped below.
    }
  }
  dropForm(pdf);
};
