import { AppError, type Problem } from '../../domain/app-error.js';
import type { ShowIf } from '../../domain/field-conditions.js';
import { checkFieldPlacement, type FieldBox, type LocatedFieldBox } from '../../domain/field-geometry.js';
import { resolveSignerFieldRules, type FieldRules } from '../../domain/field-rules.js';
import type { DocumentAnchors } from '../../infra/db/tables/documents-table.js';
import type { AnchorMatch } from '../../infra/pdf/find-anchors.js';
import type { AppContext } from '../context.js';
import type { CheckedDocument, StoredDocument } from '../documents/stored-document.js';
import type { FieldInput } from './new-envelope.js';

export interface PlacedField extends FieldRules, FieldBox {
  /** Every occurrence of an anchor field keeps its name, so a condition on it reads any of them. */
  name: string | null;
  showIf: ShowIf | null;
}

/**
 * A document fields are placed on: its page sizes, and its bytes for the anchor search — in hand
 * while a request is checked before anything is stored, or in the blob store once it is. A
 * template's document also knows where its roles' anchor texts occur: then it is not searched.
 */
export type PlacementDocument = (Pick<CheckedDocument, 'pages' | 'bytes'> | Pick<StoredDocument, 'pages' | 'sha256'>) & {
  anchors?: DocumentAnchors | null;
};

const bytesOf = async (ctx: AppContext, document: PlacementDocument): Promise<Uint8Array | undefined> =>
  'bytes' in document ? document.bytes : ctx.blobs.get(document.sha256);

const DEFAULT_ANCHOR_SIZE: Record<string, { width: number; height: number }> = {
  signature: { width: 160, height: 40 },
  initials: { width: 60, height: 30 },
  checkbox: { width: 14, height: 14 },
};

/**
 * Bounds on what a small request can make the service do (docs/api/limits.md): every anchor field is a text
 * search through whole documents and each match a field row. A signer's fields stay within what the
 * signing API accepts in one submission (200).
 */
export const FIELD_LIMITS = { maxAnchorFields: 100, maxMatchesPerAnchor: 100, maxFieldsPerSigner: 200, maxFieldsPerEnvelope: 2000 };

/** Where each anchor text occurs, per 1-based document index. */
type AnchorIndex = Map<number, Map<string, AnchorMatch[]>>;

interface AnchorField {
  text: string;
  documents: number[];
}

const anchorFieldsOf = (signers: readonly { fields?: readonly FieldInput[] }[], documents: readonly PlacementDocument[]): AnchorField[] =>
  signers.flatMap((signer) =>
    (signer.fields ?? []).flatMap((field) =>
      field.anchor ? [{ text: field.anchor.text, documents: field.document ? [field.document] : documents.map((_, i) => i + 1) }] : [],
    ),
  );

/** The anchor texts a document already knows, if it knows every one searched in it. */
const knownMatches = (document: PlacementDocument | undefined, texts: readonly string[]): Map<string, AnchorMatch[]> | undefined => {
  const known = document?.anchors;
  if (!known || !texts.every((text) => Object.hasOwn(known, text))) return undefined;
  return new Map(texts.map((text) => [text, known[text]!]));
};

/** Each document parsed once for every anchor text of the request, in a PDF worker, unless it knows where they are. */
const searchAnchors = async (ctx: AppContext, anchors: AnchorField[], documents: readonly PlacementDocument[]): Promise<AnchorIndex> => {
  const textsByDocument = new Map<number, Set<string>>();
  for (const anchor of anchors) {
    for (const index of anchor.documents) textsByDocument.set(index, (textsByDocument.get(index) ?? new Set()).add(anchor.text));
  }
  const found: AnchorIndex = new Map();
  for (const [index, texts] of textsByDocument) {
    const document = documents[index - 1];
    const searched = [...texts];
    const known = knownMatches(document, searched);
    if (known) {
      found.set(index, known);
      continue;
    }
    const bytes = document ? await bytesOf(ctx, document) : undefined;
    if (!bytes) continue;
    const matches = await ctx.pdf.findAnchors(bytes, searched, FIELD_LIMITS.maxMatchesPerAnchor);
    found.set(index, new Map(searched.map((text, i) => [text, matches[i] ?? []])));
  }
  return found;
};

/** Anchor fields become one placed field per occurrence of their text (like DocuSign anchor tabs). */
const locate = (
  field: FieldInput,
  path: string,
  documents: readonly PlacementDocument[],
  anchors: AnchorIndex | undefined,
  problems: Problem[],
): Omit<LocatedFieldBox, 'path'>[] => {
  if (!field.anchor) {
    const missing = (['page', 'x', 'y', 'width', 'height'] as const).filter((key) => field[key] === undefined);
    if (missing.length) {
      problems.push({
        code: 'FIELD_POSITION_REQUIRED',
        message: `A field needs an anchor or ${missing.join(', ')}.`,
        field: `${path}.${missing[0]}`,
      });
      return [];
    }
    return [{ document: field.document ?? 1, page: field.page!, x: field.x!, y: field.y!, width: field.width!, height: field.height! }];
  }
  // Too many anchor fields: none was searched, and that one problem says why.
  if (!anchors) return [];
  const { text, offset_x = 0, offset_y = 0 } = field.anchor;
  const size = {
    width: field.anchor.width ?? field.width ?? DEFAULT_ANCHOR_SIZE[field.type]?.width ?? 120,
    height: field.anchor.height ?? field.height ?? DEFAULT_ANCHOR_SIZE[field.type]?.height ?? 20,
  };
  const searched = field.document ? [field.document] : documents.map((_, i) => i + 1);
  const placements = searched.flatMap((index) =>
    (anchors.get(index)?.get(text) ?? []).map((match) => ({
      document: index,
      page: match.page,
      x: match.x + offset_x,
      y: match.y + offset_y,
      ...size,
    })),
  );
  if (placements.length === 0) {
    problems.push({ code: 'ANCHOR_NOT_FOUND', message: `The anchor text "${text}" is not in the document.`, field: `${path}.anchor.text` });
  }
  if (placements.length > FIELD_LIMITS.maxMatchesPerAnchor) {
    problems.push({
      code: 'TOO_MANY_ANCHOR_MATCHES',
      message: `The anchor text "${text}" occurs more than ${FIELD_LIMITS.maxMatchesPerAnchor} times; an anchor may place at most that many fields.`,
      field: `${path}.anchor.text`,
    });
    return [];
  }
  return placements;
};

const countProblems = (placed: PlacedField[][], signersPath: string): Problem[] => {
  const problems: Problem[] = placed.flatMap((fields, signerIndex) =>
    fields.length > FIELD_LIMITS.maxFieldsPerSigner
      ? [
          {
            code: 'TOO_MANY_FIELDS' as const,
            message: `A signer may have at most ${FIELD_LIMITS.maxFieldsPerSigner} fields (anchors included); this one has ${fields.length}.`,
            field: `${signersPath}[${signerIndex}].fields`,
          },
        ]
      : [],
  );
  const total = placed.reduce((sum, fields) => sum + fields.length, 0);
  if (total > FIELD_LIMITS.maxFieldsPerEnvelope) {
    problems.push({
      code: 'TOO_MANY_FIELDS',
      message: `An envelope may have at most ${FIELD_LIMITS.maxFieldsPerEnvelope} fields (anchors included); this one has ${total}.`,
      field: signersPath,
    });
  }
  return problems;
};

/** Signers' fields placed, and where each document's anchor texts occur (undefined for a document without any). */
export interface FieldPlacement {
  placed: PlacedField[][];
  anchors: (DocumentAnchors | undefined)[];
}

/**
 * Every signer's fields with their rules applied and their boxes checked against the real page
 * sizes, with every problem found, for a caller that answers them with others (docs/api/conventions.md).
 */
export const fieldPlacement = async (
  ctx: AppContext,
  signers: readonly { fields?: readonly FieldInput[] }[],
  documents: readonly PlacementDocument[],
  signersPath: string,
): Promise<FieldPlacement & { problems: Problem[] }> => {
  const problems: Problem[] = [];
  const anchorFields = anchorFieldsOf(signers, documents);
  let anchors: AnchorIndex | undefined;
  if (anchorFields.length > FIELD_LIMITS.maxAnchorFields) {
    problems.push({
      code: 'TOO_MANY_ANCHORS',
      message: `A request may have at most ${FIELD_LIMITS.maxAnchorFields} anchor fields; this one has ${anchorFields.length}.`,
      field: signersPath,
    });
  } else {
    anchors = await searchAnchors(ctx, anchorFields, documents);
  }
  const placed: PlacedField[][] = [];
  for (const [signerIndex, signer] of signers.entries()) {
    const path = `${signersPath}[${signerIndex}].fields`;
    const fields = signer.fields ?? [];
    const { rules, problems: ruleProblems } = resolveSignerFieldRules(fields, path);
    problems.push(...ruleProblems);
    const signerFields: PlacedField[] = [];
    for (const [fieldIndex, field] of fields.entries()) {
      const fieldPath = `${path}[${fieldIndex}]`;
      const boxes = locate(field, fieldPath, documents, anchors, problems);
      problems.push(
        ...checkFieldPlacement(
          boxes.map((box) => ({ ...box, path: fieldPath })),
          documents,
        ),
      );
      const fieldRules = rules[fieldIndex];
      if (!fieldRules) continue;
      boxes.forEach((box, occurrence) =>
        signerFields.push({
          ...fieldRules,
          ...box,
          name: field.name ?? null,
          showIf: field.show_if ?? null,
          placeholder: occurrence === 0 || !fieldRules.placeholder ? fieldRules.placeholder : `${fieldRules.placeholder}_${occurrence + 1}`,
        }),
      );
    }
    placed.push(signerFields);
  }
  problems.push(...countProblems(placed, signersPath));
  const anchorsOf = (index: number) => {
    const matches = anchors?.get(index);
    return matches && Object.fromEntries(matches);
  };
  return { placed, anchors: documents.map((_, i) => anchorsOf(i + 1)), problems };
};

/** Every signer's fields placed, as fieldPlacement, or every placement problem thrown at once. */
export const placeSignerFields = async (
  ctx: AppContext,
  signers: readonly { fields?: readonly FieldInput[] }[],
  documents: readonly PlacementDocument[],
  signersPath: string,
): Promise<FieldPlacement> => {
  const { problems, ...placement } = await fieldPlacement(ctx, signers, documents, signersPath);
  if (problems.length) throw AppError.of(problems, 'The request is invalid.');
  return placement;
};
