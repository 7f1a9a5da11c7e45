import { AppError, type Problem } from '../../domain/app-error.js';
import { mappedSigner, type FormFieldMap, type SignerReference } from '../../domain/form-field-map.js';
import type { FieldType } from '../../domain/field-rules.js';
import { ProblemCollector } from '../../domain/problem-collector.js';
import type { FormFieldFound } from '../../infra/pdf/read-form-fields.js';
import type { AppContext } from '../context.js';
import { FIELD_LIMITS } from '../envelopes/place-fields.js';
import { storeCheckedDocument, type CheckedDocument, type StoredDocument } from './stored-document.js';
import { readTextTagFields } from './text-tag-fields.js';

/**
 * What a document's sender asks of its intake (docs/api/form-fields.md, docs/api/text-tags.md):
 * import its PDF form's fields, and read its text tags. Both bring fields with the document.
 */
export interface DocumentIntake {
  /** `import`: the PDF form's fields become envelope fields; `ignore` (default): the form is left as drawn, and flattened at sealing. */
  formFields?: 'ignore' | 'import';
  /** Which signer fills which imported form field (form-field-map.ts). */
  formFieldMap?: FormFieldMap;
  /** Tags like `{{signature:1}}` in the document's text become fields and are erased from it. */
  textTags?: boolean;
}

/** Where a field a document brings comes from, for the messages that name it. */
export type DocumentFieldOrigin =
  /** A PDF form field, by its full name. */
  | { kind: 'form_field'; name: string }
  /** A text tag, as written, and the 1-based page it is on. */
  | { kind: 'text_tag'; tag: string; page: number };

/**
 * A field a document brings (its PDF form, its text tags), before it is anybody's: placed in the
 * contract's coordinates (top-left origin of the page as seen), with the signer as the document or the
 * request names it. It becomes an envelope (or template role) field through the same rules as a field
 * of the request (assign-document-fields.ts).
 */
export interface DocumentField {
  type: FieldType;
  /** 1-based. */
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
  /** A signer_title (or, outside templates, an e-mail) or a 1-based position among the signers; null when nobody was named. */
  signer: SignerReference | null;
  /** Undefined: the type's default (docs/concepts/fields.md). */
  required?: boolean;
  /** Undefined: editable. */
  editable?: boolean;
  placeholder: string | null;
  /** Unique per envelope; what `show_if` conditions refer to. */
  name: string | null;
  defaultValue: string | null;
  options: string[] | null;
  origin: DocumentFieldOrigin;
}

/** A document's fields and the JSON path of the document in its request (`documents[0]`, `file_ids[1]`), which their problems name. */
export interface FieldsBrought {
  path: string;
  fields: readonly DocumentField[];
  /** The map the request gave, checked against its signers whether or not any field matched it. */
  formFieldMap?: FormFieldMap;
}

/** A document of a creation request, checked, with the fields it brought if its intake asked for any. */
export type DocumentBringingFields<D> = D & { brought?: FieldsBrought };

/** Bounds of what one imported field may carry, those of a field given in a request (docs/api/limits.md). */
const IMPORT_LIMITS = { maxNameLength: 100, maxOptions: 100, maxOptionLength: 200, maxValueLength: 1000 };

export const describeOrigin = (origin: DocumentFieldOrigin): string =>
  origin.kind === 'form_field' ? `The form field "${origin.name}"` : `The text tag ${origin.tag} on page ${origin.page}`;

/** Whether the intake asks for anything beyond storing the document as it is. */
export const bringsFields = (intake: DocumentIntake | undefined): boolean => intake?.formFields === 'import' || intake?.textTags === true;

/** What an imported form field may not carry, each problem naming the field. */
const importProblems = (field: FormFieldFound, path: string): Problem[] => {
  const at = (code: Problem['code'], what: string): Problem => ({ code, message: `The form field "${field.name}" ${what}.`, field: path });
  const problems: Problem[] = [];
  if (field.name.length > IMPORT_LIMITS.maxNameLength) {
    problems.push(at('INVALID_FIELD', `has a name longer than ${IMPORT_LIMITS.maxNameLength} characters`));
  }
  if ((field.options?.length ?? 0) > IMPORT_LIMITS.maxOptions) {
    problems.push(at('INVALID_FIELD_OPTIONS', `has more than ${IMPORT_LIMITS.maxOptions} options`));
  }
  if (field.options?.some((option) => option.length > IMPORT_LIMITS.maxOptionLength)) {
    problems.push(at('INVALID_FIELD_OPTIONS', `has an option longer than ${IMPORT_LIMITS.maxOptionLength} characters`));
  }
  if ((field.value?.length ?? 0) > IMPORT_LIMITS.maxValueLength) {
    problems.push(at('INVALID_FIELD_DEFAULT_VALUE', `holds a value longer than ${IMPORT_LIMITS.maxValueLength} characters`));
  }
  return problems;
};

/**
 * A PDF form field as a document field: its full name is its placeholder, its value the default
 * (kept, not editable, when the PDF made the field read-only), its signer the map's.
 */
const fromFormField = (field: FormFieldFound, map: FormFieldMap): DocumentField => ({
  type: field.type,
  page: field.page,
  x: field.x,
  y: field.y,
  width: field.width,
  height: field.height,
  signer: mappedSigner(map, field.name),
  ...(field.required ? { required: true } : {}),
  ...(field.readOnly ? { editable: false } : {}),
  placeholder: field.name,
  name: null,
  defaultValue: field.value,
  options: field.options,
  origin: { kind: 'form_field', name: field.name },
});

const intakeProblems = (intake: DocumentIntake, path: string): Problem[] =>
  intake.formFieldMap && intake.formFields !== 'import'
    ? [
        {
          code: 'INVALID_FIELD',
          message: 'form_field_map assigns imported form fields: it needs form_fields "import".',
          field: `${path}.form_field_map`,
        },
      ]
    : [];

/**
 * One document's bytes to store and the fields it brings, as its intake asks: its PDF form's fields
 * imported (their widgets taken off the document), then its text tags read (and erased). Every parse
 * runs in the PDF workers; every problem is thrown at once, at `path`.
 */
export const readDocumentFields = async (
  ctx: AppContext,
  bytes: Uint8Array,
  intake: DocumentIntake,
  path: string,
): Promise<{ bytes: Uint8Array; fields: DocumentField[] }> => {
  const problems: Problem[] = intakeProblems(intake, path);
  let current = bytes;
  const fields: DocumentField[] = [];
  try {
    if (intake.formFields === 'import') {
      const form = await ctx.pdf.importFormFields(current, FIELD_LIMITS.maxFieldsPerEnvelope);
      current = form.bytes;
      for (const field of form.fields) {
        const found = importProblems(field, path);
        problems.push(...found);
        if (found.length === 0) fields.push(fromFormField(field, intake.formFieldMap ?? {}));
      }
    }
    // ── Text tags (docs/api/text-tags.md) are read here, from the bytes the form import left. ──
    if (intake.textTags) {
      const tagged = await readTextTagFields(ctx, current, path);
      current = tagged.bytes;
      fields.push(...tagged.fields);
      problems.push(...tagged.problems);
    }
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    problems.push(...error.problems.map((problem) => ({ ...problem, field: problem.field ?? path })));
  }
  if (problems.length) throw AppError.of(problems);
  return { bytes: current, fields };
};

/** A document's keys but the blob its bytes were read from: the bytes to store are new. */
const withoutBlob = <D extends CheckedDocument | StoredDocument>(document: D): Omit<D, 'sha256'> => {
  const { sha256: _blob, ...kept } = document as D & { sha256?: string };
  return kept;
};

/**
 * A request's documents with the fields their intakes bring: a document whose intake asks for
 * nothing is passed through untouched; any other is read (an upload's bytes from the blob store)
 * and comes back with the bytes to store in place of the ones given, not stored yet. Every
 * document's problems are thrown at once.
 */
export const bringDocumentFields = async <D extends CheckedDocument | StoredDocument>(
  ctx: AppContext,
  documents: readonly D[],
  intakes: readonly (DocumentIntake | undefined)[],
  pathOf: (index: number) => string,
): Promise<DocumentBringingFields<D | CheckedDocument>[]> => {
  const problems = new ProblemCollector();
  const read: DocumentBringingFields<D | CheckedDocument>[] = [];
  for (const [i, document] of documents.entries()) {
    const intake = intakes[i];
    if (!intake || (!bringsFields(intake) && !intake.formFieldMap)) {
      read.push(document);
      continue;
    }
    const path = pathOf(i);
    const given = 'bytes' in document ? document.bytes : await ctx.blobs.get(document.sha256);
    if (!given) throw new Error(`The bytes of the upload "${document.name}" are not in the blob store.`);
    const result = await problems.check(() => readDocumentFields(ctx, given, intake, path));
    if (!result) continue;
    read.push({
      ...withoutBlob(document),
      bytes: result.bytes,
      size: result.bytes.byteLength,
      brought: { path, fields: result.fields, ...(intake.formFieldMap ? { formFieldMap: intake.formFieldMap } : {}) },
    });
  }
  problems.throwIfAny();
  return read;
};

/** Stores the documents whose bytes are new (given in the request, or changed by their intake); the others are stored already. */
export const storeBroughtDocuments = async (
  ctx: AppContext,
  documents: readonly (CheckedDocument | StoredDocument)[],
): Promise<StoredDocument[]> => {
  const stored: StoredDocument[] = [];
  for (const document of documents) stored.push('bytes' in document ? await storeCheckedDocument(ctx, document) : document);
  return stored;
};
