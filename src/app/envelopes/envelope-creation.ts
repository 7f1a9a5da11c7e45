import { AppError, type Problem } from '../../domain/app-error.js';
import { DEFAULT_LANGUAGE } from '../../domain/language.js';
import {
  reminderDueAt,
  resolveSettings,
  signingDueDate,
  type EnvelopeSettings,
  type EnvelopeSettingsInput,
} from '../../domain/envelope-settings.js';
import type { RecipientStatus } from '../../domain/recipient-state.js';
import { ProblemCollector } from '../../domain/problem-collector.js';
import { initialStatuses, normalizeSigningOrders } from '../../domain/signing-order.js';
import type { Db } from '../../infra/db/database.js';
import { readAccount, readAccountForUpdate, type Account } from '../../infra/db/tables/accounts-table.js';
import { documentInserts } from '../../infra/db/tables/documents-table.js';
import { envelopeInsert } from '../../infra/db/tables/envelopes-table.js';
import { fieldInserts, type Field } from '../../infra/db/tables/fields-table.js';
import { recipientInserts, type Recipient } from '../../infra/db/tables/recipients-table.js';
import { newId } from '../../infra/ids.js';
import { envelopesCreatedThisMonth } from '../accounts/envelope-quota.js';
import type { AppContext, Caller } from '../context.js';
import { assertEnvelopeDocumentLimits, documentsOf, type StoredDocument } from '../documents/stored-document.js';
import { recordIdempotentResponse, type IdempotentResponse } from '../idempotency/idempotency-keys.js';
import { jobsToEnqueue, type NewJob } from '../outbox.js';
import { firstLedgerEntry, recordLedgerEntry } from '../ledger/append-ledger-entry.js';
import { ledgerTransaction } from '../ledger/ledger-transaction.js';
import { eventEnvelope, eventRecipient } from '../webhooks/event-subjects.js';
import { webhookEventInserts } from '../webhooks/record-webhook-event.js';
import { recipientAuthenticationInserts } from '../../infra/db/tables/recipient-authentications-table.js';
import type { NewEnvelope, ObserverInput, PersonInput, RequestOrigin, SignerInput } from './new-envelope.js';
import { authenticationProblems, authenticationRows } from './signer-authentication.js';
import { fieldPlacement, type FieldPlacement, type PlacedField, type PlacementDocument } from './place-fields.js';
import { actingPerson } from './sender.js';
import { addSignaturePages, type CreationWarning } from './signature-pages.js';

const MAX_SIGNERS = 50;

/** A just-created envelope: its documents and recipients with their new ids. */
export interface CreatedEnvelope {
  envelopeId: string;
  status: 'Sent';
  signingDueDate: string;
  documents: { documentId: string; name: string; pageCount: number }[];
  signers: { recipientId: string; email: string; status: RecipientStatus }[];
  observers: { recipientId: string; email: string; status: RecipientStatus }[];
  /** What the sender should know, e.g. a signer given no field got a signature page (absent from responses stored before warnings existed). */
  warnings?: CreationWarning[];
}

/** A creation request that passed every check, its signers' fields placed on its documents. */
export interface CheckedEnvelope {
  input: NewEnvelope;
  settings: EnvelopeSettings;
  signerNames: string[];
  observerNames: string[];
  orders: number[];
  placed: PlacedField[][];
  templateId: string | null;
}

/** `name`, or `first_name` + `last_name` joined by one space (docs/api/conventions.md). */
const personName = (person: PersonInput, path: string, problems: Problem[]): string => {
  const name = person.name?.trim() || [person.firstName?.trim(), person.lastName?.trim()].filter(Boolean).join(' ');
  if (!name) problems.push({ code: 'RECIPIENT_NAME_REQUIRED', message: 'Give name, or first_name and last_name.', field: `${path}.name` });
  return name;
};

const checkRecipients = (
  signers: readonly SignerInput[],
  observers: readonly ObserverInput[],
): { signerNames: string[]; observerNames: string[] } => {
  const problems: Problem[] = [];
  if (signers.length > MAX_SIGNERS)
    problems.push({ code: 'TOO_MANY_SIGNERS', message: `At most ${MAX_SIGNERS} signers.`, field: 'recipients.signers' });
  const signerNames = signers.map((s, i) => personName(s, `recipients.signers[${i}]`, problems));
  const observerNames = observers.map((o, i) => personName(o, `recipients.observers[${i}]`, problems));
  const seen = new Set<string>();
  signers.forEach((signer, i) => {
    const email = signer.email.toLowerCase();
    if (seen.has(email))
      problems.push({
        code: 'DUPLICATE_SIGNER',
        message: `${signer.email} is already a signer of this envelope.`,
        field: `recipients.signers[${i}].email`,
      });
    seen.add(email);
    if ((signer.countryCode === undefined) !== (signer.phoneNumber === undefined)) {
      problems.push({
        code: 'PHONE_INCOMPLETE',
        message: 'Give country_code and phone_number together, or neither.',
        field: `recipients.signers[${i}].phone_number`,
      });
    }
  });
  problems.push(...authenticationProblems(signers, observers));
  if (problems.length) throw AppError.of(problems, 'The request is invalid.');
  return { signerNames, observerNames };
};

/** Runs a check that throws, keeping its problems with the others (docs/api/conventions.md: every problem at once). */
const collect = <T>(problems: Problem[], check: () => T): T | undefined => {
  try {
    return check();
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    problems.push(...error.problems);
    return undefined;
  }
};

/** Whichever parts of a creation request are at hand: a request that failed its schema may have only some. */
export interface EnvelopeRequestParts {
  settings?: EnvelopeSettingsInput;
  templateDefaults?: EnvelopeSettingsInput;
  signers?: readonly SignerInput[];
  observers?: readonly ObserverInput[];
  /** False to skip the signing orders (see NewEnvelopeChecks). */
  checkOrders?: boolean;
}

const checkParts = (parts: EnvelopeRequestParts) => {
  const problems: Problem[] = [];
  const settings = parts.settings && collect(problems, () => resolveSettings(parts.settings!, parts.templateDefaults));
  const signers = parts.signers;
  const names = signers && collect(problems, () => checkRecipients(signers, parts.observers ?? []));
  const orders =
    signers &&
    settings &&
    parts.checkOrders !== false &&
    collect(problems, () => normalizeSigningOrders(settings.signProcessFlow, signers));
  return { problems, settings, names, orders };
};

/**
 * The problems of the parts of a creation request that need no document and no stored state —
 * settings, recipients, signing orders — for a request whose other parts already failed: they are
 * answered together with the schema's problems.
 */
export const envelopeRequestProblems = (parts: EnvelopeRequestParts): Problem[] => checkParts(parts).problems;

/** A creation request's checks beyond its own parts, all answered with them. */
export interface NewEnvelopeChecks<D extends PlacementDocument & { size: number }> {
  /** Its documents, checked but not necessarily stored; their problems are answered with the others. */
  documents: () => Promise<D[]>;
  template?: { id: string; defaults: EnvelopeSettingsInput };
  /** Problems already found (a template's roles), answered with these. */
  problems?: readonly Problem[];
  /** False when the signing orders mean nothing (a signer that fills no template role has none). */
  checkOrders?: boolean;
  /**
   * Run once the request's own parts are valid, before its documents are read: the quota, so an
   * account over it is answered before any document is parsed, and long before any is stored.
   */
  beforeDocuments?: () => Promise<void>;
}

/**
 * Checks a creation request in full before anything is stored: settings (with the template's
 * defaults, if any), recipients and signing orders, then the documents and every signer's fields
 * placed on them. Every problem is thrown at once (docs/api/conventions.md); documents that cannot be read leave
 * placement unchecked, and their problems are answered with the others.
 */
export const checkNewEnvelope = async <D extends PlacementDocument & { size: number }>(
  ctx: AppContext,
  input: NewEnvelope,
  checks: NewEnvelopeChecks<D>,
): Promise<{ checked: CheckedEnvelope; documents: D[]; anchors: FieldPlacement['anchors'] }> => {
  const problems = new ProblemCollector();
  problems.add(checks.problems ?? []);
  const parts = checkParts({
    settings: input.envelope.settings,
    templateDefaults: checks.template?.defaults,
    signers: input.signers,
    observers: input.observers,
    checkOrders: checks.checkOrders,
  });
  problems.add(parts.problems);
  if (problems.empty) await checks.beforeDocuments?.();
  const documents = await problems.check(async () => {
    const documents = await checks.documents();
    assertEnvelopeDocumentLimits(documents);
    return documents;
  });
  // The anchor search can fail on its own (a document too complex to search); that is answered with the rest too.
  const placement = documents && (await problems.check(() => fieldPlacement(ctx, input.signers, documents, 'recipients.signers')));
  problems.add(placement?.problems ?? []);
  problems.throwIfAny();
  const { settings, names, orders } = parts;
  if (!settings || !names || !orders || !documents || !placement) throw new Error('A creation request without problems lacks a part.');
  return {
    checked: { input, settings, ...names, orders, placed: placement.placed, templateId: checks.template?.id ?? null },
    documents,
    anchors: placement.anchors,
  };
};

/**
 * Plan quotas (docs/api/authentication.md). Checked without a lock before anything is stored (an account over its
 * quota writes no bytes), then again inside the creation's transaction, where the account row lock
 * makes concurrent creations count one after another. An unlimited plan counts nothing and locks
 * nothing, so its creations never wait for one another.
 */
const assertQuotaLeftOf = async (ctx: AppContext, db: Db, account: Account, options: { lock: boolean }) => {
  const unlocked = ctx.config.planQuotas[account.plan];
  if (unlocked === null || unlocked === undefined) return;
  const current = options.lock ? await readAccountForUpdate(db, account.id) : account;
  if (!current) throw new Error(`No account ${account.id}.`);
  const limit = ctx.config.planQuotas[current.plan];
  if (limit === null || limit === undefined) return;
  const used = await envelopesCreatedThisMonth(db, account.id, ctx.clock.now());
  if (used >= limit) {
    throw new AppError('ENVELOPE_QUOTA_EXCEEDED', `The ${current.plan} plan allows ${limit} envelopes a month, and they are used up.`);
  }
};

/** The quota check made before anything is stored (see assertQuotaLeftOf). */
export const assertEnvelopeQuotaLeft = async (ctx: AppContext, db: Db, accountId: string) => {
  const account = await readAccount(db, accountId);
  if (!account) throw new Error(`No account ${accountId}.`);
  await assertQuotaLeftOf(ctx, db, account, { lock: false });
};

/** Work that must commit or roll back with the creation, such as marking the uploads or the draft it consumed. */
export type WithinCreation = (trx: Db, envelopeId: string) => Promise<void>;

/**
 * Creates and sends a checked envelope with its documents, in one transaction, with its ledger
 * entry, the invitations as jobs and, with an Idempotency-Key, the response to replay.
 */
export const sendNewEnvelope = async (
  ctx: AppContext,
  caller: Caller,
  checked: CheckedEnvelope,
  storedDocuments: StoredDocument[],
  origin: RequestOrigin,
  withinCreation?: WithinCreation,
  idempotency?: IdempotentResponse<CreatedEnvelope>,
): Promise<CreatedEnvelope> => {
  const { warnings, ...completed } = await addSignaturePages(ctx, checked, storedDocuments);
  return storeNewEnvelope(ctx, caller, completed.checked, completed.documents, warnings, origin, withinCreation, idempotency);
};

const storeNewEnvelope = async (
  ctx: AppContext,
  caller: Caller,
  checked: CheckedEnvelope,
  storedDocuments: StoredDocument[],
  warnings: CreationWarning[],
  origin: RequestOrigin,
  withinCreation?: WithinCreation,
  idempotency?: IdempotentResponse<CreatedEnvelope>,
): Promise<CreatedEnvelope> => {
  const { input, settings, orders, placed } = checked;
  const statuses = initialStatuses(settings.signProcessFlow, orders);

  const now = ctx.clock.now();
  const createdAt = now.toISOString();
  const dueDate = signingDueDate(now, settings.expirationDays);
  const envelopeId = newId('env');
  const documents = documentsOf(caller.accountId, { envelopeId, templateId: null }, storedDocuments);
  const defaultLanguage = (await readAccount(ctx.db, caller.accountId))?.defaultLanguage ?? DEFAULT_LANGUAGE;
  const recipient = (id: string, role: Recipient['role'], position: number, person: PersonInput & { name: string; title?: string }) => ({
    id,
    envelopeId,
    role,
    position,
    name: person.name,
    email: person.email.toLowerCase(),
    title: person.title ?? null,
    language: person.language ?? defaultLanguage,
    viewedAt: null,
    consentedAt: null,
    consentTextSha256: null,
    signedAt: null,
    declinedAt: null,
    declineReason: null,
    ipAddress: null,
    userAgent: null,
    location: null,
    signature: null,
    lastRemindedAt: null,
    autoRemindedAt: null,
  });
  const signers: Recipient[] = input.signers.map((signer, i) => ({
    ...recipient(newId('rcp'), 'signer', i + 1, { ...signer, name: checked.signerNames[i]! }),
    signingOrder: orders[i]!,
    status: statuses[i]!,
    countryCode: signer.countryCode ?? null,
    phoneNumber: signer.phoneNumber ?? null,
    privateNote: signer.privateNote ?? null,
    sentAt: statuses[i] === 'Sent' ? createdAt : null,
  }));
  const observers: Recipient[] = input.observers.map((observer, i) => ({
    ...recipient(newId('rcp'), 'observer', i + 1, { ...observer, name: checked.observerNames[i]! }),
    signingOrder: 0,
    status: 'Sent',
    countryCode: null,
    phoneNumber: null,
    privateNote: null,
    sentAt: createdAt,
  }));
  const fields: Field[] = signers.flatMap((signer, s) =>
    placed[s]!.map((f, i) => ({
      id: newId('fld'),
      envelopeId,
      recipientId: signer.id,
      position: i + 1,
      type: f.type,
      document: f.document,
      page: f.page,
      x: f.x,
      y: f.y,
      width: f.width,
      height: f.height,
      required: f.required,
      placeholder: f.placeholder,
      defaultValue: f.defaultValue,
      editable: f.editable,
      options: f.options,
      value: null,
    })),
  );

  // Hashed before the transaction: scrypt takes tens of milliseconds, which no lock should wait for.
  const authentications = await authenticationRows(signers, input.signers);
  const summary = (r: Recipient) => ({ recipientId: r.id, email: r.email, status: r.status });
  const created: CreatedEnvelope = {
    envelopeId,
    status: 'Sent',
    signingDueDate: dueDate.toISOString(),
    documents: documents.map((d) => ({ documentId: d.id, name: d.name, pageCount: d.pages.length })),
    signers: signers.map(summary),
    observers: observers.map(summary),
    warnings,
  };

  const jobs: NewJob[] = [
    ...(settings.sendEmailToRecipients
      ? [...signers.filter((s) => s.status === 'Sent'), ...observers].map((invited): NewJob => ({
          kind: 'send-invitation',
          payload: { recipientId: invited.id },
        }))
      : []),
    { kind: 'expire-envelope', payload: { envelopeId }, runAt: dueDate },
    ...(settings.emailReminders && settings.reminderPeriod
      ? [{ kind: 'auto-remind', payload: { envelopeId }, runAt: reminderDueAt(dueDate, settings.reminderPeriod) } as const]
      : []),
  ];

  await ledgerTransaction(ctx, async (trx) => {
    // First, so a request whose key was taken over does nothing, and on PostgreSQL the key's row stays locked until the commit.
    await recordIdempotentResponse(trx, idempotency, created);
    const account = await readAccount(trx, caller.accountId);
    if (!account) throw new Error(`No account ${caller.accountId}.`);
    await assertQuotaLeftOf(ctx, trx, account, { lock: true });
    await withinCreation?.(trx, envelopeId);
    // The person who created it is its sender (docs/api/people.md "Who acted"); the owner when an API client did.
    const sender = await actingPerson(trx, caller);
    // A new envelope's chain starts here: no earlier entry to read or lock, and its row is written with its head.
    const entry = firstLedgerEntry(ctx, {
      envelopeId,
      activityType: 'ENVELOPE_CREATED',
      actor: { name: sender.name, email: sender.email },
      description: `Envelope "${input.envelope.name}" created with ${documents.length} document(s), ${signers.length} signer(s) and ${observers.length} observer(s); ${settings.signProcessFlow} signing.`,
      ipAddress: origin.ipAddress,
      userAgent: origin.userAgent,
    });
    const envelopeRow = envelopeInsert(trx, {
      id: envelopeId,
      accountId: caller.accountId,
      createdByUserId: sender.userId,
      templateId: checked.templateId,
      name: input.envelope.name,
      description: input.envelope.description ?? null,
      tags: input.envelope.tags ?? [],
      metadata: {},
      message: input.envelope.message ?? null,
      status: 'Sent',
      ...settings,
      createdAt,
      signingDueDate: dueDate.toISOString(),
      completedAt: null,
      cancelledAt: null,
      cancelReason: null,
      declinedAt: null,
      expiredAt: null,
      documentsRemovedAt: null,
      deletedAt: null,
      ledgerHeadHash: entry.entry_hash,
      sealedLedgerHeadHash: null,
    });
    const webhookInserts = await webhookEventInserts(ctx, trx, {
      accountId: caller.accountId,
      type: 'envelope.sent',
      data: {
        ...eventEnvelope({ id: envelopeId, name: input.envelope.name, tags: input.envelope.tags ?? [] }, 'Sent'),
        created_at: createdAt,
        signing_due_date: dueDate.toISOString(),
        recipients: [...signers, ...observers].map((r) => ({ ...eventRecipient(r), status: r.status })),
      },
    });
    await recordLedgerEntry(trx, entry, [
      envelopeRow,
      ...documentInserts(trx, documents),
      ...recipientInserts(trx, [...signers, ...observers]),
      ...recipientAuthenticationInserts(trx, authentications),
      ...fieldInserts(trx, fields),
      ...jobsToEnqueue(ctx, trx, jobs),
      ...webhookInserts,
    ]);
  });
  ctx.jobs.poke();
  return created;
};
