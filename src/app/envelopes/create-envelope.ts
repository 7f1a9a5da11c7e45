import { lockForUpdate } from '../../infra/db/lock-for-update.js';
import type { PlanName } from '../../config.js';
import { AppError, type Problem } from '../../domain/app-error.js';
import { reminderDueAt, resolveSettings, signingDueDate } from '../../domain/envelope-settings.js';
import { initialStatuses, normalizeSigningOrders } from '../../domain/signing-order.js';
import type { Db } from '../../infra/db/database.js';
import { newId } from '../../infra/ids.js';
import { envelopesCreatedThisMonth } from '../accounts/envelope-quota.js';
import type { AppContext, Caller } from '../context.js';
import { assertEnvelopeDocumentLimits } from '../documents/stored-document.js';
import { enqueueJob } from '../jobs/enqueue-job.js';
import { appendLedgerEntry } from '../ledger/append-ledger-entry.js';
import type { NewEnvelope, PersonInput, RequestOrigin } from './new-envelope.js';
import { placeSignerFields } from './place-fields.js';
import { senderOf } from './sender.js';

const MAX_SIGNERS = 50;

/** `name`, or `first_name` + `last_name` joined by one space (API.md §0). */
export const personName = (person: PersonInput, path: string, problems: Problem[]): string => {
  const name = person.name?.trim() || [person.first_name?.trim(), person.last_name?.trim()].filter(Boolean).join(' ');
  if (!name) problems.push({ code: 'RECIPIENT_NAME_REQUIRED', message: 'Give name, or first_name and last_name.', field: `${path}.name` });
  return name;
};

const checkRecipients = (input: NewEnvelope): { signerNames: string[]; observerNames: string[] } => {
  const problems: Problem[] = [];
  if (input.signers.length > MAX_SIGNERS) problems.push({ code: 'TOO_MANY_SIGNERS', message: `At most ${MAX_SIGNERS} signers.`, field: 'recipients.signers' });
  const signerNames = input.signers.map((s, i) => personName(s, `recipients.signers[${i}]`, problems));
  const observerNames = input.observers.map((o, i) => personName(o, `recipients.observers[${i}]`, problems));
  const seen = new Set<string>();
  input.signers.forEach((signer, i) => {
    const email = signer.email.toLowerCase();
    if (seen.has(email)) problems.push({ code: 'DUPLICATE_SIGNER', message: `${signer.email} is already a signer of this envelope.`, field: `recipients.signers[${i}].email` });
    seen.add(email);
    if ((signer.country_code === undefined) !== (signer.phone_number === undefined)) {
      problems.push({ code: 'PHONE_INCOMPLETE', message: 'Give country_code and phone_number together, or neither.', field: `recipients.signers[${i}].phone_number` });
    }
  });
  if (problems.length) throw AppError.of(problems, 'The request is invalid.');
  return { signerNames, observerNames };
};

/** Plan quotas (API.md §1): the account row lock makes concurrent creations count one after another. */
const assertQuota = async (ctx: AppContext, trx: Db, accountId: string) => {
  let query = trx.selectFrom('accounts').select('plan').where('id', '=', accountId);
  query = lockForUpdate(trx, query);
  const account = await query.executeTakeFirstOrThrow();
  const limit = ctx.config.planQuotas[account.plan as PlanName];
  if (limit === null || limit === undefined) return;
  const used = await envelopesCreatedThisMonth(trx, accountId, ctx.clock.now());
  if (used >= limit) {
    throw new AppError('ENVELOPE_QUOTA_EXCEEDED', `The ${account.plan} plan allows ${limit} envelopes a month, and they are used up.`);
  }
};

export type CreatedEnvelope = Awaited<ReturnType<typeof createEnvelope>>;

/** Work a caller needs done atomically with the creation, such as marking the uploads it consumed. */
export type WithinCreation = (trx: Db) => Promise<void>;

/** Creates and sends an envelope in one transaction, with its ledger entry and the invitations as jobs. */
export const createEnvelope = async (ctx: AppContext, caller: Caller, input: NewEnvelope, origin: RequestOrigin, withinCreation?: WithinCreation) => {
  const settings = resolveSettings(input.envelope, input.template?.defaults);
  assertEnvelopeDocumentLimits(input.documents);
  const { signerNames, observerNames } = checkRecipients(input);
  const orders = normalizeSigningOrders(settings.signProcessFlow, input.signers.map((s) => ({ signingOrder: s.signing_order })));
  const fields = await placeSignerFields(ctx, input.signers, input.documents, 'recipients.signers');
  const statuses = initialStatuses(settings.signProcessFlow, orders);

  const now = ctx.clock.now();
  const dueDate = signingDueDate(now, settings.expirationDays);
  const envelopeId = newId('env');
  const documents = input.documents.map((doc, i) => ({ ...doc, id: newId('doc'), position: i + 1 }));
  const signers = input.signers.map((signer, i) => ({ ...signer, id: newId('rcp'), name: signerNames[i]!, order: orders[i]!, status: statuses[i]!, fields: fields[i]! }));
  const observers = input.observers.map((observer, i) => ({ ...observer, id: newId('rcp'), name: observerNames[i]! }));

  await ctx.db.transaction().execute(async (trx) => {
    await assertQuota(ctx, trx, caller.accountId);
    await withinCreation?.(trx);
    const sender = await senderOf(trx, caller.accountId);
    await trx
      .insertInto('envelopes')
      .values({
        id: envelopeId,
        account_id: caller.accountId,
        created_by_user_id: sender.userId,
        template_id: input.template?.id ?? null,
        name: input.envelope.name,
        description: input.envelope.description ?? null,
        tags: JSON.stringify(input.envelope.tags ?? []),
        metadata: '{}',
        message: input.envelope.message ?? null,
        status: 'Sent',
        sign_process_flow: settings.signProcessFlow,
        expiration_days: settings.expirationDays,
        email_reminders: Number(settings.emailReminders),
        reminder_period: settings.reminderPeriod,
        append_verification_qr_code: Number(settings.appendVerificationQrCode),
        remove_signed_envelope: Number(settings.removeSignedEnvelope),
        enforce_signers_location: Number(settings.enforceSignersLocation),
        send_email_to_recipients: Number(settings.sendEmailToRecipients),
        created_at: now.toISOString(),
        signing_due_date: dueDate.toISOString(),
        completed_at: null, cancelled_at: null, cancel_reason: null, declined_at: null, expired_at: null,
        documents_removed_at: null, deleted_at: null, ledger_head_hash: null, sealed_ledger_head_hash: null,
      })
      .execute();
    await trx
      .insertInto('documents')
      .values(documents.map((doc) => ({ id: doc.id, account_id: caller.accountId, envelope_id: envelopeId, template_id: null, position: doc.position, name: doc.name, pages: JSON.stringify(doc.pages), size: doc.size, sha256: doc.sha256, sealed_sha256: null })))
      .execute();
    const recipientRows = [
      ...signers.map((s, i) => ({ id: s.id, role: 'signer' as const, position: i + 1, name: s.name, email: s.email.toLowerCase(), title: s.title ?? null, signing_order: s.order, status: s.status, country_code: s.country_code ?? null, phone_number: s.phone_number ?? null, private_note: s.private_note ?? null, sent_at: s.status === 'Sent' ? now.toISOString() : null })),
      ...observers.map((o, i) => ({ id: o.id, role: 'observer' as const, position: i + 1, name: o.name, email: o.email.toLowerCase(), title: o.title ?? null, signing_order: 0, status: 'Sent', country_code: null, phone_number: null, private_note: null, sent_at: now.toISOString() })),
    ];
    await trx
      .insertInto('recipients')
      .values(recipientRows.map((r) => ({ ...r, envelope_id: envelopeId, viewed_at: null, consented_at: null, consent_text_sha256: null, signed_at: null, declined_at: null, decline_reason: null, ip_address: null, user_agent: null, location: null, signature: null, last_reminded_at: null, auto_reminded_at: null })))
      .execute();
    const fieldRows = signers.flatMap((signer) =>
      signer.fields.map((f, i) => ({ id: newId('fld'), envelope_id: envelopeId, recipient_id: signer.id, position: i + 1, type: f.type, document: f.document, page: f.page, x: f.x, y: f.y, width: f.width, height: f.height, required: Number(f.required), placeholder: f.placeholder, default_value: f.defaultValue, editable: Number(f.editable), options: f.options ? JSON.stringify(f.options) : null, value: null })),
    );
    if (fieldRows.length) await trx.insertInto('fields').values(fieldRows).execute();

    await appendLedgerEntry(ctx, trx, {
      envelopeId,
      activityType: 'ENVELOPE_CREATED',
      actor: { name: sender.name, email: sender.email },
      description: `Envelope "${input.envelope.name}" created with ${documents.length} document(s), ${signers.length} signer(s) and ${observers.length} observer(s); ${settings.signProcessFlow} signing.`,
      ipAddress: origin.ipAddress,
      userAgent: origin.userAgent,
    });
    if (settings.sendEmailToRecipients) {
      for (const recipient of [...signers.filter((s) => s.status === 'Sent'), ...observers]) {
        await enqueueJob(ctx, trx, 'send-invitation', { recipientId: recipient.id });
      }
    }
    await enqueueJob(ctx, trx, 'expire-envelope', { envelopeId }, dueDate);
    if (settings.emailReminders && settings.reminderPeriod) {
      await enqueueJob(ctx, trx, 'auto-remind', { envelopeId }, reminderDueAt(dueDate, settings.reminderPeriod));
    }
  });
  ctx.jobs.poke();

  return {
    envelope_id: envelopeId,
    status: 'Sent',
    signing_due_date: dueDate.toISOString(),
    documents: documents.map((d) => ({ document_id: d.id, name: d.name, pages: d.pages.length })),
    recipients: {
      signers: signers.map((s) => ({ recipient_id: s.id, email: s.email.toLowerCase(), status: s.status })),
      observers: observers.map((o) => ({ recipient_id: o.id, email: o.email.toLowerCase(), status: 'Sent' })),
    },
  };
};
