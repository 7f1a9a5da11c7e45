import { AppError, type Problem } from '../../domain/app-error.js';
import { markBuilderDraftSent } from '../../infra/db/tables/builder-drafts-table.js';
import type { AppContext, Caller } from '../context.js';
import { assertEnvelopeQuotaLeft, checkNewEnvelope, sendNewEnvelope, type CreatedEnvelope } from '../envelopes/envelope-creation.js';
import type { FieldInput, NewEnvelope, RequestOrigin } from '../envelopes/new-envelope.js';
import { kindMismatch, requireBuilderSession } from './builder-tokens.js';
import { loadComposeDraft, storedDraftDocuments } from './compose-drafts.js';

/** The fields the composer placed for one of the draft's signers, named by position (0-based) or e-mail. */
export interface PlacedSignerFields {
  index?: number;
  email?: string;
  fields: FieldInput[];
}

const alreadySent = () => new AppError('BUILDER_ALREADY_SENT', 'This composer already sent its envelope.');

/** The draft's request with the placed fields in place of its signers' own; a signer named twice keeps the last. */
const withPlacedFields = (request: NewEnvelope, placed: readonly PlacedSignerFields[]): NewEnvelope => {
  const problems: Problem[] = [];
  const signers = request.signers.map((signer) => ({ ...signer }));
  placed.forEach((entry, i) => {
    const at =
      entry.index !== undefined ? entry.index : signers.findIndex((signer) => signer.email.toLowerCase() === entry.email?.toLowerCase());
    const signer = signers[at];
    if (!signer || (entry.index !== undefined && entry.email !== undefined && signer.email.toLowerCase() !== entry.email.toLowerCase())) {
      problems.push({
        code: 'BUILDER_SIGNER_NOT_FOUND',
        message: 'Name one of the draft’s signers by index or email.',
        field: `signers[${i}]`,
      });
      return;
    }
    signer.fields = entry.fields;
  });
  if (problems.length) throw AppError.of(problems);
  return { ...request, signers };
};

/**
 * The composer's Send: creates and sends the draft's envelope, with the fields placed, through the
 * very checks and transaction of POST /envelopes/create — quota included, counted now (docs/api/people.md).
 * The draft is marked sent in that transaction: a second Send is BUILDER_ALREADY_SENT.
 */
export const sendBuilderDraft = async (
  ctx: AppContext,
  rawToken: string,
  placed: readonly PlacedSignerFields[],
  origin: RequestOrigin,
): Promise<CreatedEnvelope> => {
  const session = await requireBuilderSession(ctx, rawToken);
  if (session.subject.kind !== 'compose') throw kindMismatch('compose');
  const { draft, documents } = await loadComposeDraft(ctx.db, session.accountId, session.subject.draftId);
  if (draft.sentAt) throw alreadySent();
  const request = withPlacedFields(draft.request, placed);
  const stored = storedDraftDocuments(documents);
  const { checked } = await checkNewEnvelope(ctx, request, {
    accountId: draft.accountId,
    documents: async () => stored,
    beforeDocuments: () => assertEnvelopeQuotaLeft(ctx, ctx.db, draft.accountId),
  });
  // Whoever generated the composer's URL sends it (a console user is named as its creator); the builder's session is the credential.
  const caller: Caller = {
    accountId: draft.accountId,
    clientId: draft.clientId,
    userId: draft.createdByUserId,
    tokenHash: session.tokenHash,
    role: 'sender',
  };
  return sendNewEnvelope(ctx, caller, checked, stored, origin, async (trx, envelopeId) => {
    if (!(await markBuilderDraftSent(trx, draft.id, envelopeId, ctx.clock.now().toISOString()))) throw alreadySent();
  });
};
