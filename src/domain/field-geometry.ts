import type { ErrorCode, Problem } from './app-error.js';

/** A page's size as the signer sees it: width and height already swapped for rotated pages. */
export interface PageSize {
  width: number;
  height: number;
}

/** A field's box: 1-based document and page; x, y from the page's top-left corner, in PDF points. */
export interface FieldBox {
  document: number;
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A field with the JSON path of its object in the request, e.g. `recipients.signers[1].fields[0]`. */
export interface LocatedFieldBox extends FieldBox {
  path: string;
}

/** Boxes may overrun the page by float noise (sums of decimal coordinates), not by anything visible. */
const TOLERANCE_POINTS = 0.001;

/** Every placement problem of every field, each at the JSON path of the offending key. */
export const checkFieldPlacement = (fields: readonly LocatedFieldBox[], documents: readonly { pages: readonly PageSize[] }[]): Problem[] =>
  fields.flatMap((field) => placementProblems(field, documents));

const placementProblems = (field: LocatedFieldBox, documents: readonly { pages: readonly PageSize[] }[]): Problem[] => {
  const document = Number.isInteger(field.document) ? documents[field.document - 1] : undefined;
  if (!document) {
    return [
      problem(
        'INVALID_FIELD_DOCUMENT',
        `document ${field.document} does not exist: the envelope has ${documents.length} document(s).`,
        field,
        'document',
      ),
    ];
  }
  const page = Number.isInteger(field.page) ? document.pages[field.page - 1] : undefined;
  if (!page) {
    return [
      problem(
        'INVALID_FIELD_PAGE',
        `page ${field.page} does not exist: document ${field.document} has ${document.pages.length} page(s).`,
        field,
        'page',
      ),
    ];
  }
  const sizeProblems = (['width', 'height'] as const)
    .filter((key) => !(field[key] > 0))
    .map((key) => problem('INVALID_FIELD_SIZE', `${key} must be a positive number of points.`, field, key));
  if (sizeProblems.length > 0) return sizeProblems;
  return fitsInside(field, page)
    ? []
    : [
        problem(
          'FIELD_OUT_OF_BOUNDS',
          `The field (x ${field.x}, y ${field.y}, ${field.width} × ${field.height}) does not fit inside page ${field.page} (${page.width} × ${page.height} points).`,
          field,
          'x',
        ),
      ];
};

const fitsInside = (box: FieldBox, page: PageSize): boolean =>
  box.x >= -TOLERANCE_POINTS &&
  box.y >= -TOLERANCE_POINTS &&
  box.x + box.width <= page.width + TOLERANCE_POINTS &&
  box.y + box.height <= page.height + TOLERANCE_POINTS;

const problem = (code: ErrorCode, message: string, field: LocatedFieldBox, key: keyof FieldBox): Problem => ({
  code,
  message,
  field: `${field.path}.${key}`,
});
