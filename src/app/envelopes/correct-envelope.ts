import { AppError, type Problem } from '../../domain/app-error.js';
import { reminderDueAt } from '../../domain/envelope-settings.js';
import { assertCorrectable } from '../../domain/envelope-state.js';
import { DEFAULT_LANGUAGE } from '../../domain/language.js';
import { isOnTurn } from '../../domain/recipient-state.js';
import type { SignerRole } from '../../domain/signer-role.js';
import type { Db } from '../../infra/db/database.js';
import { insertAtOnce } from '../../infra/db/insert-at-once.js';
import { readAccount } from '../../infra/db/tables/accounts-table.js';
import { readEnvelopeDocuments } from '../../infra/db/tables/documents-table.js';
import { updateEnvelope, type Envelope } from '../../infra/db/tables/envelopes-table.js';
import { fieldInserts, readFields } from '../../infra/db/tables/fields-table.js';
import { recipientAuthenticationInserts, replaceRecipientAuthentication } from '../../infra/db/tables/recipient-authentications-table.js';
import { deleteRecipientFields, removeRecipient } from '../../infra/db/tables/recipient-removal.js';
import {
  readRecipients,
  recipientInserts,
  updateEnvelopeRecipients,
  updateRecipient,
  type Recipient,
} from '../../infra/db/tables/recipients-table.js';
import { readSigningGroups } from '../../infra/db/tables/signing-groups-table.js';
import { revokeRecipientTokens } from '../../infra/db/tables/signing-tokens-table.js';
import { newId } from '../../infra/ids.js';
import type { AppContext, Caller } from '../context.js';
import { advanceSteps } from '../corrections/advance-steps.js';
import {
  addedOrders,
  addedWitnessTargets,
  conditionRefusals,
  namesRecipient,
  Refusals,
  stateRefusals,
  type AddedWitnessTarget,
} from '../corrections/correction-checks.js';
import { isEmptyCorrection, type EnvelopeCorrection, type RecipientCorrection } from '../corrections/correction-request.js';
import { appendLedgerEntry } from '../ledger/append-ledger-entry.js';
import { ledgerTransaction } from '../ledger/ledger-transaction.js';
import { enqueueJob } from '../outbox.js';
import { eventEnvelope } from '../webhooks/event-subjects.js';
import { recordWebhookEvent } from '../webhooks/record-webhook-event.js';
import { newDueDate } from './extend-due-date.js';
import { loadEnvelope } from './load-envelope.js';
import type { RequestOrigin, SignerInput } from './new-envelope.js';
import { newFieldRows, newSignerRow } from './envelope-creation.js';
import { fieldPlacement } from './place-fields.js';
import { actingPerson } from './sender.js';
import { authenticationRows, withHashedAccessCode, type AuthenticationInput } from './signer-authentication.js';
import { checkSignerEntries, resolveHosts } from './signer-entries.js';

export interface CorrectionRequest extends Pick<Caller, 'accountId' | 'userId'> {
  envelopeId: string;
  correction: EnvelopeCorrection;
  origin: RequestOrigin;
}

/** Where creation's checks name `recipients.signers[i]`, a correction's entries are `add_signers[i]`. */
const asAdded = (problems: readonly Problem[]): Problem[] =>
  problems.map((problem) => ({ ...problem, field: problem.field?.replace(/^recipients\.signers/, 'add_signers') }));

/** Runs a check that throws, keeping its problems with the others (every problem at once). */
const collect = async <T>(refusals: Refusals, check: () => T | Promise<T>): Promise<T | undefined> => {
  try {
    return await check();
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    refusals.addAll(asAdded(error.problems));
    return undefined;
  }
};

/**
 * What needs no stored state to check, and the work (anchor search, hashing) best done before any
 * lock. Added entries are checked as creation checks them: roles, hosts, witnesses, names, phones,
 * authentication.
 */
const prepare = async (ctx: AppContext, envelope: Envelope, correction: EnvelopeCorrection, refusals: Refusals) => {
  const now = ctx.clock.now();
  const due =
    correction.signingDueDate === undefined
      ? undefined
      : await collect(refusals, () => newDueDate({ signingDueDate: correction.signingDueDate! }, now));
  const added = correction.addSigners ?? [];
  added.forEach((signer, index) => {
    if (signer.group) {
      refusals.add(
        'INVALID_SIGNING_GROUP',
        'Signing groups are added at creation only: add their members as signers, or send a new envelope.',
        `add_signers[${index}].group`,
      );
    }
  });
  const entries = await collect(refusals, () => checkSignerEntries(added, [], { namesRecipient }));
  const hostUserIds = (await collect(refusals, () => resolveHosts(ctx.db, envelope.accountId, added, 'add_signers'))) ?? [];
  const documents = await readEnvelopeDocuments(ctx.db, envelope.id);
  const addedPlacement = await fieldPlacement(ctx, added, documents, 'add_signers');
  const replacedPlacement = await fieldPlacement(ctx, correction.fields ?? [], documents, 'fields');
  refusals.addAll([...addedPlacement.problems, ...replacedPlacement.problems]);
  const ids = added.map(() => newId('rcp'));
  const hashed = async (authentication: AuthenticationInput | undefined) => withHashedAccessCode(authentication);
  return {
    due,
    ids,
    names: entries?.signerNames ?? [],
    steps: entries?.steps ?? [],
    hostUserIds,
    addedFields: addedPlacement.placed,
    replacedFields: replacedPlacement.placed,
    addedAuthentications: await authenticationRows(
      ids.map((id) => ({ id, envelopeId: envelope.id })),
      added,
    ),
    correctedAuthentications: await Promise.all((correction.recipients ?? []).map((change) => hashed(change.authentication))),
  };
};

type Prepared = Awaited<ReturnType<typeof prepare>>;

/** Applies one recipient's correction; answers the sentence the history gets for it. */
const correctRecipient = async (
  ctx: AppContext,
  trx: Db,
  envelope: Envelope,
  recipient: Recipient,
  change: RecipientCorrection,
  authentication: AuthenticationInput | undefined,
): Promise<string> => {
  const now = ctx.clock.now().toISOString();
  const email = change.email?.toLowerCase();
  const newAddress = email !== undefined && email !== recipient.email;
  const what = [
    ...(change.name !== undefined && change.name.trim() !== recipient.name ? [`name ${change.name.trim()}`] : []),
    ...(newAddress ? [`e-mail ${email}`] : []),
    ...(change.phoneNumber !== undefined ? ['phone number'] : []),
    ...(authentication ? [`authentication ${authentication.method}`] : []),
    ...(change.language !== undefined ? [`language ${change.language}`] : []),
  ];
  const columns: Partial<Recipient> = {
    ...(change.name !== undefined ? { name: change.name.trim() } : {}),
    ...(newAddress ? { email, viewedAt: null, ...(isOnTurn(recipient.status) ? { status: 'Sent' as const, sentAt: now } : {}) } : {}),
    ...(change.phoneNumber !== undefined ? { countryCode: change.countryCode ?? null, phoneNumber: change.phoneNumber } : {}),
    ...(change.language !== undefined ? { language: change.language } : {}),
  };
  if (Object.keys(columns).length) await updateRecipient(trx, recipient.id, columns);
  if (authentication) {
    await replaceRecipientAuthentication(
      trx,
      { recipientId: recipient.id, envelopeId: recipient.envelopeId },
      {
        method: authentication.method,
        accessCodeHash: authentication.accessCodeHash ?? null,
      },
    );
  }
  if (newAddress) {
    await revokeRecipientTokens(trx, recipient.id, 'corrected', now);
    const reachable = recipient.role === 'observer' || isOnTurn(recipient.status);
    if (reachable && envelope.sendEmailToRecipients && envelope.status !== 'Correcting') {
      await enqueueJob(ctx, trx, 'send-invitation', { recipientId: recipient.id });
    }
  }
  return `${recipient.name} <${recipient.email}> corrected: ${what.length ? what.join(', ') : 'nothing changed'}.`;
};

const ROLE_NAMES: Record<SignerRole, string> = {
  signer: 'Signer',
  approver: 'Approver',
  viewer: 'Viewer',
  in_person: 'In-person signer',
  witness: 'Witness',
};

const addSigners = async (
  ctx: AppContext,
  trx: Db,
  envelope: Envelope,
  signers: readonly SignerInput[],
  orders: readonly number[],
  witnesses: readonly AddedWitnessTarget[],
  prepared: Prepared,
  position: number,
): Promise<string[]> => {
  const defaultLanguage = (await readAccount(trx, envelope.accountId))?.defaultLanguage ?? DEFAULT_LANGUAGE;
  const witnessed = (target: AddedWitnessTarget | undefined) =>
    !target ? null : 'entry' in target ? prepared.ids[target.entry]! : target.recipient.id;
  const rows = signers.map((signer, index) =>
    newSignerRow(
      envelope.id,
      defaultLanguage,
      signer,
      { ...signer, name: prepared.names[index]! },
      {
        id: prepared.ids[index]!,
        position: position + index + 1,
        signingOrder: orders[index]!,
        status: 'Waiting',
        sentAt: null,
        signerRole: prepared.steps[index]!.role,
        hostUserId: prepared.hostUserIds[index] ?? null,
        witnessFor: witnessed(witnesses[index]),
        groupId: null,
      },
    ),
  );
  await insertAtOnce(trx, [
    ...recipientInserts(trx, rows),
    ...recipientAuthenticationInserts(trx, prepared.addedAuthentications),
    ...fieldInserts(
      trx,
      rows.flatMap((row, index) => newFieldRows(envelope.id, row.id, prepared.addedFields[index] ?? [])),
    ),
  ]);
  return rows.map((row, index) => {
    // A witness their signer names at signing has neither name nor address yet.
    const who = row.email ? `${row.name} <${row.email}>` : 'to be named at signing';
    const fields = prepared.addedFields[index]?.length ?? 0;
    return `${ROLE_NAMES[row.signerRole]} ${who} added at signing order ${row.signingOrder} with ${fields} field(s).`;
  });
};

const rescheduleDueDate = async (ctx: AppContext, trx: Db, envelope: Envelope, due: Date): Promise<string> => {
  await updateEnvelope(trx, envelope.id, { signingDueDate: due.toISOString() });
  // The expiry job of the old date finds the due date moved on and does nothing.
  await enqueueJob(ctx, trx, 'expire-envelope', { envelopeId: envelope.id }, due);
  const remindAt = envelope.emailReminders && envelope.reminderPeriod ? reminderDueAt(due, envelope.reminderPeriod) : undefined;
  if (remindAt && remindAt > ctx.clock.now()) {
    await updateEnvelopeRecipients(trx, envelope.id, { autoRemindedAt: null });
    await enqueueJob(ctx, trx, 'auto-remind', { envelopeId: envelope.id }, remindAt);
  }
  return `Signing due date moved from ${envelope.signingDueDate} to ${due.toISOString()}.`;
};

/**
 * The sender corrects an envelope out for signature or sent back (docs/api/corrections.md):
 * recipients who have not acted (name, address, phone, authentication, language), signers added
 * at later steps, recipients removed, fields replaced, the due date moved. Every problem is
 * answered at once and nothing changes unless all of it can; then one transaction applies it,
 * writes one history entry per change and asks the step machine whose turn it now is. A changed
 * address kills the recipient's links (404) and invites them at the new one when it is their turn;
 * the sender is not mailed.
 */
export const correctEnvelope = async (ctx: AppContext, request: CorrectionRequest): Promise<void> => {
  const { correction } = request;
  if (isEmptyCorrection(correction)) {
    throw new AppError(
      'NOTHING_TO_UPDATE',
      'Give at least one of recipients, add_signers, remove_recipients, fields and signing_due_date.',
    );
  }
  const unlocked = await loadEnvelope(ctx, ctx.db, request.accountId, request.envelopeId);
  assertCorrectable(unlocked.status);
  const refusals = new Refusals();
  const prepared = await prepare(ctx, unlocked, correction, refusals);

  await ledgerTransaction(ctx, async (trx) => {
    const envelope = await loadEnvelope(ctx, trx, request.accountId, request.envelopeId, { lock: true });
    assertCorrectable(envelope.status);
    const recipients = await readRecipients(trx, envelope.id);
    stateRefusals(refusals, correction, recipients, await readSigningGroups(trx, envelope.id));
    conditionRefusals(refusals, correction, recipients, await readFields(trx, envelope.id));
    const witnesses = addedWitnessTargets(refusals, correction, prepared.steps, recipients);
    const orders = addedOrders(refusals, envelope.signProcessFlow, correction, recipients, witnesses);
    refusals.throwIfAny();

    const byId = new Map(recipients.map((recipient) => [recipient.id, recipient]));
    const changes: string[] = [];
    for (const [index, change] of (correction.recipients ?? []).entries()) {
      changes.push(
        await correctRecipient(ctx, trx, envelope, byId.get(change.recipientId)!, change, prepared.correctedAuthentications[index]),
      );
    }
    for (const recipientId of correction.removeRecipients ?? []) {
      const recipient = byId.get(recipientId)!;
      await removeRecipient(trx, recipientId);
      changes.push(`${recipient.role === 'observer' ? 'Observer' : 'Recipient'} ${recipient.name} <${recipient.email}> removed.`);
    }
    for (const [index, change] of (correction.fields ?? []).entries()) {
      const recipient = byId.get(change.recipientId)!;
      await deleteRecipientFields(trx, recipient.id);
      const placed = prepared.replacedFields[index] ?? [];
      await insertAtOnce(trx, fieldInserts(trx, newFieldRows(envelope.id, recipient.id, placed)));
      changes.push(`The fields of ${recipient.name} <${recipient.email}> replaced by ${placed.length} field(s).`);
    }
    const lastPosition = Math.max(
      0,
      ...recipients.filter((recipient) => recipient.role === 'signer').map((recipient) => recipient.position),
    );
    changes.push(...(await addSigners(ctx, trx, envelope, correction.addSigners ?? [], orders, witnesses, prepared, lastPosition)));
    if (prepared.due) changes.push(await rescheduleDueDate(ctx, trx, envelope, prepared.due));
    await advanceSteps(ctx, trx, envelope);

    const actor = await actingPerson(trx, request);
    for (const description of changes) {
      await appendLedgerEntry(ctx, trx, {
        envelopeId: envelope.id,
        activityType: 'ENVELOPE_CORRECTED',
        actor: { name: actor.name, email: actor.email },
        description,
        ipAddress: request.origin.ipAddress,
        userAgent: request.origin.userAgent,
      });
    }
    await recordWebhookEvent(ctx, trx, {
      accountId: envelope.accountId,
      type: 'envelope.corrected',
      data: { ...eventEnvelope(envelope, envelope.status), corrected_at: ctx.clock.now().toISOString(), changes },
    });
  });
  ctx.jobs.poke();
};
