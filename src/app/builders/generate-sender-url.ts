import { insertBuilderDraft } from '../../infra/db/tables/builder-drafts-table.js';
import { originalColumns } from '../../infra/db/tables/document-original.js';
import { newId } from '../../infra/ids.js';
import type { AppContext, Caller } from '../context.js';
import { checkBase64Documents, storeCheckedDocuments } from '../documents/stored-document.js';
import type { CreateEnvelopeRequest } from '../envelopes/create-envelope.js';
import { checkNewEnvelope } from '../envelopes/envelope-creation.js';
import { withHashedAccessCode } from '../envelopes/signer-authentication.js';
import { issueBuilderUrl, type BuilderUrl } from './builder-tokens.js';
import type { ComposeDraft } from './compose-drafts.js';

/**
 * A single-use, 10-minute URL of the embedded composer, prefilled with a create request whose
 * signers' fields may be missing (docs/api/people.md). The request gets exactly the checks of envelope
 * creation — settings, recipients, orders, documents, the fields it does give — and the same
 * errors; its documents are stored now, referenced by the draft so the blob collector keeps them.
 * The quota is not counted: nothing is created until the composer's Send.
 */
export const generateSenderUrl = async (ctx: AppContext, caller: Caller, request: CreateEnvelopeRequest): Promise<BuilderUrl> => {
  const { envelope, signers, observers } = request;
  const { documents } = await checkNewEnvelope(ctx, request, {
    accountId: caller.accountId,
    documents: () => checkBase64Documents(ctx, request.documents),
  });
  const stored = await storeCheckedDocuments(ctx, documents);
  // The draft waits in the database: it keeps an access code's hash, never the code.
  const draftSigners = await Promise.all(
    signers.map(async (signer) => ({ ...signer, authentication: await withHashedAccessCode(signer.authentication) })),
  );
  const draft: ComposeDraft = {
    id: newId('drf'),
    accountId: caller.accountId,
    clientId: caller.clientId,
    createdByUserId: caller.userId,
    request: { envelope, signers: draftSigners, observers },
    envelopeId: null,
    createdAt: ctx.clock.now().toISOString(),
    sentAt: null,
  };
  return ctx.db.transaction().execute(async (trx) => {
    await insertBuilderDraft(
      trx,
      draft,
      stored.map(({ original, ...doc }, i) => ({
        id: newId('doc'),
        draftId: draft.id,
        position: i + 1,
        ...doc,
        ...originalColumns(original),
      })),
    );
    return issueBuilderUrl(ctx, trx, caller, { kind: 'compose', draftId: draft.id });
  });
};
