import { AppError, type Problem } from '../../domain/app-error.js';
import { checkFieldPlacement, type FieldBox, type LocatedFieldBox } from '../../domain/field-geometry.js';
import { resolveSignerFieldRules, type FieldRules } from '../../domain/field-rules.js';
import { findAnchors } from '../../infra/pdf/find-anchors.js';
import type { AppContext } from '../context.js';
import type { StoredDocument } from '../documents/stored-document.js';
import type { FieldInput } from './new-envelope.js';

export interface PlacedField extends FieldRules, FieldBox {}

const DEFAULT_ANCHOR_SIZE: Record<string, { width: number; height: number }> = {
  signature: { width: 160, height: 40 },
  initials: { width: 60, height: 30 },
  checkbox: { width: 14, height: 14 },
};

/** Anchor fields become one placed field per occurrence of their text (like DocuSign anchor tabs). */
const locate = async (
  ctx: AppContext,
  field: FieldInput,
  path: string,
  documents: readonly StoredDocument[],
  problems: Problem[],
): Promise<Omit<LocatedFieldBox, 'path'>[]> => {
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
  const { text, offset_x = 0, offset_y = 0 } = field.anchor;
  const size = {
    width: field.anchor.width ?? field.width ?? DEFAULT_ANCHOR_SIZE[field.type]?.width ?? 120,
    height: field.anchor.height ?? field.height ?? DEFAULT_ANCHOR_SIZE[field.type]?.height ?? 20,
  };
  const searched = field.document ? [field.document] : documents.map((_, i) => i + 1);
  const placements: Omit<LocatedFieldBox, 'path'>[] = [];
  for (const index of searched) {
    const document = documents[index - 1];
    const bytes = document ? await ctx.blobs.get(document.sha256) : undefined;
    if (!bytes) continue;
    for (const match of await findAnchors(bytes, text)) {
      placements.push({ document: index, page: match.page, x: match.x + offset_x, y: match.y + offset_y, ...size });
    }
  }
  if (placements.length === 0) {
    problems.push({ code: 'ANCHOR_NOT_FOUND', message: `The anchor text "${text}" is not in the document.`, field: `${path}.anchor.text` });
  }
  return placements;
};

/** Every signer's fields with their rules applied and their boxes checked against the real page sizes. */
export const placeSignerFields = async (
  ctx: AppContext,
  signers: readonly { fields?: readonly FieldInput[] }[],
  documents: readonly StoredDocument[],
  signersPath: string,
): Promise<PlacedField[][]> => {
  const problems: Problem[] = [];
  const placed: PlacedField[][] = [];
  for (const [signerIndex, signer] of signers.entries()) {
    const path = `${signersPath}[${signerIndex}].fields`;
    const fields = signer.fields ?? [];
    const { rules, problems: ruleProblems } = resolveSignerFieldRules(fields, path);
    problems.push(...ruleProblems);
    const signerFields: PlacedField[] = [];
    for (const [fieldIndex, field] of fields.entries()) {
      const fieldPath = `${path}[${fieldIndex}]`;
      const boxes = await locate(ctx, field, fieldPath, documents, problems);
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
          placeholder: occurrence === 0 || !fieldRules.placeholder ? fieldRules.placeholder : `${fieldRules.placeholder}_${occurrence + 1}`,
        }),
      );
    }
    placed.push(signerFields);
  }
  if (problems.length) throw AppError.of(problems, 'The request is invalid.');
  return placed;
};
