import { addSeconds } from '../../domain/clock.js';
import { AppError } from '../../domain/app-error.js';
import { statusAfterView, type RecipientStatus } from '../../domain/recipient-state.js';
import type { Db } from '../../infra/db/database.js';
import type { AppContext } from '../context.js';
import type { RequestOrigin } from '../envelopes/new-envelope.js';
import { appendLedgerEntry } from '../ledger/append-ledger-entry.js';
import { CONSENT_TEXT } from './consent-text.js';
import { openSigningAccess, type SigningAccess } from './signing-access.js';
import { issueSigningToken } from './signing-tokens.js';

const SESSION_SECONDS = 60 * 60;

/**
 * An embedded URL's token is single use: its first view spends it and hands out a session token
 * (one hour) for the rest of the signing, so a leaked iFrame URL cannot be replayed.
 */
const exchangeEmbeddedToken = async (ctx: AppContext, trx: Db, { token, recipient }: SigningAccess): Promise<string> => {
  const spent = await trx
    .updateTable('signing_tokens')
    .set({ used_at: ctx.clock.now().toISOString() })
    .where('token_hash', '=', token.token_hash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(spent.numUpdatedRows) !== 1) throw new AppError('SIGNING_TOKEN_NOT_FOUND', 'This embedded signing link was already used.');
  return issueSigningToken(ctx, trx, { id: recipient.id, envelopeId: recipient.envelope_id }, 'session', addSeconds(ctx.clock.now(), SESSION_SECONDS));
};

/** The first visit of a signer whose turn it is marks them Viewed, with its ledger entry. */
const markViewed = async (ctx: AppContext, trx: Db, { recipient }: SigningAccess, origin: RequestOrigin): Promise<RecipientStatus> => {
  const status = recipient.status as RecipientStatus;
  const next = statusAfterView(status);
  if (recipient.role !== 'signer' || next === status) return status;
  await trx.updateTable('recipients').set({ status: next, viewed_at: ctx.clock.now().toISOString() }).where('id', '=', recipient.id).execute();
  await appendLedgerEntry(ctx, trx, {
    envelopeId: recipient.envelope_id,
    activityType: 'DOCUMENT_VIEWED',
    actor: { name: recipient.name, email: recipient.email },
    description: `${recipient.name} opened the envelope for signing.`,
    ipAddress: origin.ipAddress,
    userAgent: origin.userAgent,
  });
  return next;
};

const signerFields = async (db: Db, recipientId: string) => {
  const rows = await db.selectFrom('fields').selectAll().where('recipient_id', '=', recipientId).orderBy('position').execute();
  return rows.map((f) => ({
    field_id: f.id, type: f.type, placeholder: f.placeholder, document: f.document, page: f.page,
    x: f.x, y: f.y, width: f.width, height: f.height, required: f.required === 1, editable: f.editable === 1,
    default_value: f.default_value, options: f.options ? (JSON.parse(f.options) as string[]) : null,
  }));
};

const envelopeDocuments = async (db: Db, envelopeId: string) => {
  const rows = await db.selectFrom('documents').select(['id', 'name', 'pages']).where('envelope_id', '=', envelopeId).where('position', '>=', 1).orderBy('position').execute();
  return rows.map((d) => ({ document_id: d.id, name: d.name, pages: (JSON.parse(d.pages) as unknown[]).length }));
};

/** What the signing page shows (API.md §7): the envelope, this signer, the documents, their fields and the disclosure. */
export const viewSigningPage = (ctx: AppContext, rawToken: string, origin: RequestOrigin) =>
  ctx.db.transaction().execute(async (trx) => {
    const access = await openSigningAccess(ctx, trx, rawToken, { lock: true });
    const sessionToken = access.token.kind === 'embedded' ? await exchangeEmbeddedToken(ctx, trx, access) : undefined;
    const status = await markViewed(ctx, trx, access, origin);
    const { envelope, recipient } = access;
    return {
      envelope: {
        envelope_id: envelope.id, name: envelope.name, message: envelope.message, status: envelope.status,
        sign_process_flow: envelope.signProcessFlow, enforce_signers_location: envelope.enforceSignersLocation,
      },
      signer: { name: recipient.name, email: recipient.email, status },
      documents: await envelopeDocuments(trx, envelope.id),
      fields: await signerFields(trx, recipient.id),
      consent_text: CONSENT_TEXT,
      ...(sessionToken ? { session_token: sessionToken } : {}),
    };
  });
