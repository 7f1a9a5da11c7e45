import { AppError } from '../../domain/app-error.js';
import { signaturePageCount, signatureSlots } from '../../domain/signature-page.js';
import { signsDocuments } from '../../domain/signer-role.js';
import type { AppContext } from '../context.js';
import { DOCUMENT_LIMITS, type StoredDocument } from '../documents/stored-document.js';
import type { CheckedEnvelope } from './envelope-creation.js';

/** Something the sender should know about an envelope that was created all the same. */
export interface CreationWarning {
  code: 'SIGNER_WITHOUT_FIELDS';
  message: string;
  signerEmail: string;
}

const seenSize = (page: { width: number; height: number; rotation: number }) =>
  page.rotation % 180 === 0 ? { width: page.width, height: page.height } : { width: page.height, height: page.width };

/** The name printed under a signature line: the signer's, the group's, or for a witness yet to be named, whose witness they are. */
const lineName = (checked: CheckedEnvelope, index: number): string => {
  const name = checked.signerNames[index]!;
  const witnessOf = checked.steps[index]!.witnessOf;
  return name || (witnessOf === null ? 'Witness' : `Witness for ${checked.signerNames[witnessOf]!}`);
};

/** One warning per person the entry's signature line is for: a group's line is each member's copy. */
const warningsOf = (checked: CheckedEnvelope, index: number, documentName: string): CreationWarning[] => {
  const added = `a signature field was added for them on a signature page at the end of "${documentName}".`;
  const group = checked.steps[index]!.group;
  if (group) {
    return group.members.map((member) => ({
      code: 'SIGNER_WITHOUT_FIELDS',
      message: `${member.name} (${member.email}), a member of the signing group "${group.name}", was given no field: ${added}`,
      signerEmail: member.email.toLowerCase(),
    }));
  }
  const signer = checked.input.signers[index]!;
  const who = signer.email ? `${lineName(checked, index)} (${signer.email})` : lineName(checked, index);
  return [{ code: 'SIGNER_WITHOUT_FIELDS', message: `${who} was given no field: ${added}`, signerEmail: signer.email.toLowerCase() }];
};

/**
 * A signer given no field would sign nothing visible: each gets one required signature field on
 * signature pages appended to the last document (pages the size of its last page), and the sender
 * a warning per signer. A signing group's line is copied to each member; approvers and viewers sign
 * nothing and get none. The documents are stored already; the last one is stored again with its
 * new pages, and the envelope refers to that one.
 */
export const addSignaturePages = async <D extends StoredDocument>(
  ctx: AppContext,
  checked: CheckedEnvelope,
  documents: readonly D[],
): Promise<{ checked: CheckedEnvelope; documents: D[]; warnings: CreationWarning[] }> => {
  const fieldless = checked.placed.flatMap((fields, index) =>
    fields.length === 0 && signsDocuments(checked.steps[index]!.role) ? [index] : [],
  );
  const last = documents.at(-1);
  const lastPage = last?.pages.at(-1);
  if (fieldless.length === 0 || !last || !lastPage) return { checked, documents: [...documents], warnings: [] };

  const size = seenSize(lastPage);
  const slots = signatureSlots(size, fieldless.length);
  const pageCount = signaturePageCount(slots);
  if (last.pages.length + pageCount > DOCUMENT_LIMITS.maxPages) {
    throw new AppError(
      'PDF_TOO_MANY_PAGES',
      `"${last.name}" has no room for the signature page of the signers without fields (at most ${DOCUMENT_LIMITS.maxPages} pages): give each signer a field.`,
      { field: 'recipients.signers' },
    );
  }
  const bytes = await ctx.blobs.get(last.sha256);
  if (!bytes) throw new Error(`The bytes of ${last.sha256} are missing.`);
  const appended = await ctx.pdf.appendSignaturePages({
    bytes,
    pageCount,
    size,
    title: 'Signatures',
    lines: fieldless.map((signerIndex, i) => ({ ...slots[i]!, name: lineName(checked, signerIndex) })),
  });
  const replaced: D = { ...last, sha256: await ctx.blobs.put(appended.bytes), size: appended.bytes.byteLength, pages: appended.pages };

  const placed = checked.placed.map((fields) => [...fields]);
  fieldless.forEach((signerIndex, i) => {
    const slot = slots[i]!;
    placed[signerIndex] = [
      {
        type: 'signature',
        required: true,
        editable: true,
        placeholder: null,
        defaultValue: null,
        options: null,
        name: null,
        showIf: null,
        document: documents.length,
        page: last.pages.length + slot.pageOffset + 1,
        x: slot.x,
        y: slot.y,
        width: slot.width,
        height: slot.height,
      },
    ];
  });
  const warnings = fieldless.flatMap((signerIndex) => warningsOf(checked, signerIndex, last.name));
  return { checked: { ...checked, placed }, documents: [...documents.slice(0, -1), replaced], warnings };
};
