import type { RecipientsTable } from '../../infra/db/schema.js';
import type { AppContext } from '../context.js';
import { loadEnvelope } from './load-envelope.js';
import { senderOf } from './sender.js';

const signerView = (r: RecipientsTable) => ({
  recipient_id: r.id,
  name: r.name,
  email: r.email,
  signer_title: r.title,
  signing_order: r.signing_order,
  status: r.status,
  sent_at: r.sent_at,
  viewed_at: r.viewed_at,
  signed_at: r.signed_at,
  declined_at: r.declined_at,
  decline_reason: r.decline_reason,
});

const observerView = (r: RecipientsTable) => ({
  recipient_id: r.id,
  name: r.name,
  email: r.email,
  observer_title: r.title,
  status: r.status,
  sent_at: r.sent_at,
});

/**
 * Everything the sender sees about one envelope (API.md §3). The certificate of completion is a
 * download of its own (`documentId` = `certificate`), so it is not listed among the documents.
 */
export const getEnvelopeDetails = async (ctx: AppContext, accountId: string, envelopeId: string) => {
  const envelope = await loadEnvelope(ctx, ctx.db, accountId, envelopeId);
  const [sender, documents, recipients] = await Promise.all([
    senderOf(ctx.db, accountId),
    ctx.db.selectFrom('documents').select(['id', 'name', 'pages', 'sha256']).where('envelope_id', '=', envelopeId).where('position', '>', 0).orderBy('position').execute(),
    ctx.db.selectFrom('recipients').selectAll().where('envelope_id', '=', envelopeId).orderBy('role').orderBy('position').execute(),
  ]);
  return {
    envelope_id: envelope.id,
    name: envelope.name,
    description: envelope.description,
    tags: envelope.tags,
    status: envelope.status,
    sign_process_flow: envelope.signProcessFlow,
    created_by: { name: sender.name, email: sender.email },
    created_at: envelope.createdAt,
    signing_due_date: envelope.signingDueDate,
    expiration_days: envelope.expirationDays,
    email_reminders: envelope.emailReminders,
    reminder_period: envelope.reminderPeriod,
    completed_at: envelope.completedAt,
    documents: documents.map((d) => ({ document_id: d.id, name: d.name, pages: (JSON.parse(d.pages) as unknown[]).length, sha256: d.sha256 })),
    recipients: {
      signers: recipients.filter((r) => r.role === 'signer').map(signerView),
      observers: recipients.filter((r) => r.role === 'observer').map(observerView),
    },
  };
};
