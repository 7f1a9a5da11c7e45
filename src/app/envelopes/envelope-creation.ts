import { AppError, type Problem } from '../../domain/app-error.js';
import { DEFAULT_LANGUAGE, type Language } from '../../domain/language.js';
import {
  reminderDueAt,
  resolveSettings,
  signingDueDate,
  type EnvelopeSettings,
  type EnvelopeSettingsInput,
} from '../../domain/envelope-settings.js';
import type { RecipientStatus } from '../../domain/recipient-state.js';
import { ProblemCollector } from '../../domain/problem-collector.js';
import { normalizeSigningOrders } from '../../domain/signing-order.js';
import { initialStepStatuses } from '../../domain/signing-steps.js';
import type { SignerRole } from '../../domain/signer-role.js';
import type { Db } from '../../infra/db/database.js';
import { readAccount, readAccountForUpdate, type Account } from '../../infra/db/tables/accounts-table.js';
import { documentInserts } from '../../infra/db/tables/documents-table.js';
import { envelopeInsert } from '../../infra/db/tables/envelopes-table.js';
import { fieldInserts, type Field } from '../../infra/db/tables/fields-table.js';
import { recipientInserts, type Recipient } from '../../infra/db/tables/recipients-table.js';
import { signingGroupInserts, type SigningGroup } from '../../infra/db/tables/signing-groups-table.js';
import { newId } from '../../infra/ids.js';
import { envelopesCreatedThisMonth } from '../accounts/envelope-quota.js';
import type { AppContext, Caller } from '../context.js';
import { assignDocumentFields } from '../documents/assign-document-fields.js';
import type { DocumentBringingFields } from '../documents/document-fields.js';
import { assertEnvelopeDocumentLimits, documentsOf, type StoredDocument } from '../documents/stored-document.js';
import { recordIdempotentResponse, type IdempotentResponse } from '../idempotency/idempotency-keys.js';
import { jobsToEnqueue, type NewJob } from '../outbox.js';
import { firstLedgerEntry, recordLedgerEntry } from '../ledger/append-ledger-entry.js';
import { ledgerTransaction } from '../ledger/ledger-transaction.js';
import { eventEnvelope, eventRecipient } from '../webhooks/event-subjects.js';
import { webhookEventInserts } from '../webhooks/record-webhook-event.js';
import { recipientAuthenticationInserts } from '../../infra/db/tables/recipient-authentications-table.js';
import type { NewEnvelope, ObserverInput, PersonInput, RequestOrigin, SignerInput } from './new-envelope.js';
import { authenticationRows } from './signer-authentication.js';
import { fieldPlacement, type FieldPlacement, type PlacedField, type PlacementDocument } from './place-fields.js';
import { actingPerson } from './sender.js';
import { addSignaturePages, type CreationWarning } from './signature-pages.js';
import { checkSignerEntries, fieldConditionProblems, resolveHosts, witnessTargets, type SignerStep } from './signer-entries.js';

/** A recipient of a new envelope as its creation answers it; a group's members carry their group. */
export interface CreatedSigner {
  recipientId: string;
  email: string;
  status: RecipientStatus;
  /** Absent from responses stored (for an Idempotency-Key) before roles existed. */
  role?: SignerRole;
  group?: { groupId: string; name: string };
}

/** A just-created envelope: its documents and recipients with their new ids. */
export interface CreatedEnvelope {
  envelopeId: string;
  status: 'Sent';
  signingDueDate: string;
  documents: { documentId: string; name: string; pageCount: number }[];
  /** One per person, in the entries' order: a group's members one after another in its place. */
  signers: CreatedSigner[];
  observers: { recipientId: string; email: string; status: RecipientStatus }[];
  /** What the sender should know, e.g. a signer given no field got a signature page (absent from responses stored before warnings existed). */
  warnings?: CreationWarning[];
}

/** A creation request that passed every check, its signers' fields placed on its documents. */
export interface CheckedEnvelope {
  input: NewEnvelope;
  settings: EnvelopeSettings;
  /** Each signer entry's name: the person's, or the group's. */
  signerNames: string[];
  observerNames: string[];
  /** Each signer entry's step: role, witness, host and group. */
  steps: SignerStep[];
  /** Each in-person entry's host (a user id); null for other entries. */
  hostUserIds: (string | null)[];
  orders: number[];
  placed: PlacedField[][];
  templateId: string | null;
  /** The bulk send whose row this envelope is (docs/api/bulk-sending.md). */
  bulkSendId?: string;
  /** Signers (by e-mail) handed their link directly rather than invited by mail: a public link's visitor. */
  uninvited?: readonly string[];
}

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
  /** False when the fields' conditions are checked later, with the fields the documents bring. */
  checkConditions?: boolean;
}

const checkParts = (parts: EnvelopeRequestParts) => {
  const problems: Problem[] = [];
  const settings = parts.settings && collect(problems, () => resolveSettings(parts.settings!, parts.templateDefaults));
  const signers = parts.signers;
  const names = signers && collect(problems, () => checkSignerEntries(signers, parts.observers ?? []));
  if (signers && parts.checkConditions !== false) problems.push(...fieldConditionProblems(signers));
  const orders =
    signers &&
    settings &&
    parts.checkOrders !== false &&
    collect(problems, () => {
      const targets = witnessTargets(signers);
      return normalizeSigningOrders(
        settings.signProcessFlow,
        signers.map((signer, i) => ({ signingOrder: signer.signingOrder, role: signer.role, witnessOf: targets[i] })),
      );
    });
  return { problems, settings, names, orders };
};

/**
 * The problems of the parts of a creation request that need no document and no stored state —
 * settings, recipients, signing orders — for a request whose other parts already failed: they are
 * answered together with the schema's problems.
 */
export const envelopeRequestProblems = (parts: EnvelopeRequestParts): Problem[] => checkParts(parts).problems;

/** A document of a creation request: its pages and size, and the fields it brought (document-fields.ts), if any. */
export type CreationDocument = DocumentBringingFields<PlacementDocument & { size: number }>;

/** A creation request's checks beyond its own parts, all answered with them. */
export interface NewEnvelopeChecks<D extends CreationDocument> {
  /** The account creating it: in-person hosts are its users. */
  accountId: string;
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
export const checkNewEnvelope = async <D extends CreationDocument>(
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
    checkConditions: false,
  });
  problems.add(parts.problems);
  const hostUserIds = await problems.check(() => resolveHosts(ctx.db, checks.accountId, input.signers));
  if (problems.empty) await checks.beforeDocuments?.();
  const documents = await problems.check(async () => {
    const documents = await checks.documents();
    assertEnvelopeDocumentLimits(documents);
    return documents;
  });
  // Fields the documents brought (form fields, text tags) join their signers' own, through the same checks,
  // conditions included: a show_if may name a text tag's field.
  const brought = documents && assignDocumentFields(input.signers, documents, 'recipients.signers');
  problems.add(brought?.problems ?? fieldConditionProblems(input.signers));
  // The anchor search can fail on its own (a document too complex to search); that is answered with the rest too.
  const placement =
    documents && brought && (await problems.check(() => fieldPlacement(ctx, brought.entries, documents, 'recipients.signers')));
  problems.add(brought?.relocate(placement?.problems ?? []) ?? []);
  problems.throwIfAny();
  const { settings, names, orders } = parts;
  if (!settings || !names || !orders || !hostUserIds || !documents || !brought || !placement)
    throw new Error('A creation request without problems lacks a part.');
  return {
    checked: {
      input: { ...input, signers: brought.entries },
      settings,
      ...names,
      hostUserIds,
      orders,
      placed: placement.placed,
      templateId: checks.template?.id ?? null,
    },
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

/** The columns of a recipient nothing has happened to yet, as creation and corrections write them. */
const newRecipientRow = (
  envelopeId: string,
  defaultLanguage: Language,
  id: string,
  role: Recipient['role'],
  position: number,
  person: PersonInput & { name: string; title?: string },
) => ({
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
  signerRole: 'signer' as const,
  hostUserId: null,
  witnessFor: null,
  groupId: null,
  viewedDocuments: null,
  approvedAt: null,
  notNeededAt: null,
});

/** Where a new signer stands: their step, their status on it and, until their turn, no invitation. */
export type SignerPlace = Pick<
  Recipient,
  'id' | 'position' | 'signingOrder' | 'status' | 'sentAt' | 'signerRole' | 'hostUserId' | 'witnessFor' | 'groupId'
>;

/** A new signer's row: a person of a signer entry (the entry's own, or a group member), on their step. */
export const newSignerRow = (
  envelopeId: string,
  defaultLanguage: Language,
  entry: SignerInput,
  person: PersonInput & { name: string },
  place: SignerPlace,
): Recipient => ({
  ...newRecipientRow(envelopeId, defaultLanguage, place.id, 'signer', place.position, { ...person, title: entry.title }),
  ...place,
  countryCode: entry.countryCode ?? null,
  phoneNumber: entry.phoneNumber ?? null,
  privateNote: entry.privateNote ?? null,
});

/** A signer's new fields, placed on the envelope's documents, in their order. */
export const newFieldRows = (envelopeId: string, recipientId: string, placed: readonly PlacedField[]): Field[] =>
  placed.map((f, i) => ({
    id: newId('fld'),
    envelopeId,
    recipientId,
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
    name: f.name,
    showIf: f.showIf,
  }));

const counted = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** The ENVELOPE_CREATED entry's words: what was sent to whom, with the steps that are not plain signatures named. */
const creationDescription = (
  name: string,
  documents: number,
  steps: readonly SignerStep[],
  signers: number,
  observers: number,
  flow: string,
): string => {
  const roles = (['approver', 'viewer', 'in_person', 'witness'] as const).flatMap((role) => {
    const count = steps.filter((step) => step.role === role).length;
    return count ? [counted(count, role === 'in_person' ? 'in-person signer' : role)] : [];
  });
  const groups = steps.flatMap((step) =>
    step.group ? [`"${step.group.name}" (${step.group.required} of ${step.group.members.length})`] : [],
  );
  const workflow = [
    ...(roles.length ? [`including ${roles.join(', ')}`] : []),
    ...(groups.length ? [`signing group${groups.length === 1 ? '' : 's'} ${groups.join(', ')}`] : []),
  ];
  return `Envelope "${name}" created with ${documents} document(s), ${signers} signer(s) and ${observers} observer(s)${workflow.length ? ` (${workflow.join('; ')})` : ''}; ${flow} signing.`;
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
  const { input, settings, orders, placed, steps } = checked;

  const now = ctx.clock.now();
  const createdAt = now.toISOString();
  const dueDate = signingDueDate(now, settings.expirationDays);
  const envelopeId = newId('env');
  const documents = documentsOf(caller.accountId, { envelopeId, templateId: null }, storedDocuments);
  const defaultLanguage = (await readAccount(ctx.db, caller.accountId))?.defaultLanguage ?? DEFAULT_LANGUAGE;
  const groups: SigningGroup[] = steps.flatMap((step, i) =>
    step.group
      ? [{ id: newId('grp'), envelopeId, name: step.group.name, required: step.group.required, position: i + 1, completedAt: null }]
      : [],
  );
  const groupOf = (entry: number) => groups.find((group) => group.position === entry + 1);
  const recipientIds = input.signers.map((signer, i) =>
    steps[i]!.group ? steps[i]!.group!.members.map(() => newId('rcp')) : [newId('rcp')],
  );
  // Each entry's people: the signer, or the group's members, who share the entry's order and each get a copy of its fields.
  const entryPeople = input.signers.map((signer, i) => {
    const step = steps[i]!;
    const people = step.group ? step.group.members : [{ ...signer, email: signer.email, name: checked.signerNames[i]! }];
    return people.map((person, m) => ({
      id: recipientIds[i]![m]!,
      entry: i,
      signerRole: step.role,
      signingOrder: orders[i]!,
      groupId: groupOf(i)?.id ?? null,
      witnessFor: step.witnessOf === null ? null : recipientIds[step.witnessOf]![0]!,
      person,
    }));
  });
  const people = entryPeople.flat();
  const statuses = initialStepStatuses(settings.signProcessFlow, people, groups);
  const signers: Recipient[] = people.map((p, i) =>
    newSignerRow(envelopeId, defaultLanguage, input.signers[p.entry]!, p.person, {
      id: p.id,
      position: i + 1,
      signingOrder: p.signingOrder,
      status: statuses[i]!,
      sentAt: statuses[i] === 'Sent' ? createdAt : null,
      signerRole: p.signerRole,
      hostUserId: checked.hostUserIds[p.entry] ?? null,
      witnessFor: p.witnessFor,
      groupId: p.groupId,
    }),
  );
  const observers: Recipient[] = input.observers.map((observer, i) => ({
    ...newRecipientRow(envelopeId, defaultLanguage, newId('rcp'), 'observer', i + 1, { ...observer, name: checked.observerNames[i]! }),
    signingOrder: 0,
    status: 'Sent',
    countryCode: null,
    phoneNumber: null,
    privateNote: null,
    sentAt: createdAt,
  }));
  const fields: Field[] = signers.flatMap((signer, s) => newFieldRows(envelopeId, signer.id, placed[people[s]!.entry]!));

  // Hashed before the transaction: scrypt takes tens of milliseconds, which no lock should wait for.
  const authentications = await authenticationRows(
    entryPeople.map((entry) => signers.find((signer) => signer.id === entry[0]!.id)!),
    input.signers,
  );
  const summary = (r: Recipient) => ({ recipientId: r.id, email: r.email, status: r.status });
  const signerSummary = (r: Recipient): CreatedSigner => {
    const group = groups.find((g) => g.id === r.groupId);
    return { ...summary(r), role: r.signerRole, ...(group ? { group: { groupId: group.id, name: group.name } } : {}) };
  };
  const created: CreatedEnvelope = {
    envelopeId,
    status: 'Sent',
    signingDueDate: dueDate.toISOString(),
    documents: documents.map((d) => ({ documentId: d.id, name: d.name, pageCount: d.pages.length })),
    signers: signers.map(signerSummary),
    observers: observers.map(summary),
    warnings,
  };

  const jobs: NewJob[] = [
    ...(settings.sendEmailToRecipients
      ? [...signers.filter((s) => s.status === 'Sent' && s.email && !checked.uninvited?.includes(s.email)), ...observers].map(
          (invited): NewJob => ({
            kind: 'send-invitation',
            payload: { recipientId: invited.id },
          }),
        )
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
      description: creationDescription(
        input.envelope.name,
        documents.length,
        steps,
        signers.length,
        observers.length,
        settings.signProcessFlow,
      ),
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
      metadata: input.envelope.metadata ?? {},
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
      documentsPurgedAt: null,
      deletedAt: null,
      ledgerHeadHash: entry.entry_hash,
      sealedLedgerHeadHash: null,
      returnedAt: null,
      returnComment: null,
      returnedBy: null,
      bulkSendId: checked.bulkSendId ?? null,
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
      ...signingGroupInserts(trx, groups),
      ...recipientInserts(trx, [...signers, ...observers]),
      ...recipientAuthenticationInserts(trx, authentications),
      ...fieldInserts(trx, fields),
      ...jobsToEnqueue(ctx, trx, jobs),
      ...webhookInserts,
    ]);
  });
  ctx.metrics.envelopesCreated.inc();
  ctx.jobs.poke();
  return created;
};
