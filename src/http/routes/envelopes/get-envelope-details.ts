import { Type, type Static } from 'typebox';
import type { AppContext } from '../../../app/context.js';
import { getEnvelopeDetails, type EnvelopeDetails as Details } from '../../../app/envelopes/get-envelope-details.js';
import { callerOf, type App } from '../../app-type.js';
import { Example, errorExample } from '../../openapi-examples.js';
import { Email, Id, Int, List, Nullable, Ok, Text, Timestamp, errorResponses } from '../../schema-kit.js';
import { COMPLETION_DESCRIPTION, Completion, presentCompletion } from './completion.schema.js';
import { OriginalFile, originalExample, presentOriginal } from './document-original.schema.js';
import { EnvelopeIdParams } from './envelope-id-params.js';
import { LanguageCode } from './envelope.schema.js';

const Delegation = Type.Object({
  from: Type.Object({ name: Text(255), email: Email() }),
  to: Type.Object({ name: Text(255), email: Email() }),
  reason: Nullable(Text(1000)),
  at: Timestamp(),
});

const Signer = Type.Object({
  recipient_id: Id('rcp'),
  name: Text(255, { description: 'Empty for a witness the witnessed signer names at signing' }),
  email: Text(320, { description: 'Empty for a witness the witnessed signer names at signing' }),
  signer_title: Nullable(Text(255)),
  signing_order: Int(0, 1000),
  language: LanguageCode("The language of the signer's mails, signing page and certificate wording"),
  status: Text(16),
  sent_at: Nullable(Timestamp()),
  viewed_at: Nullable(Timestamp()),
  signed_at: Nullable(Timestamp()),
  declined_at: Nullable(Timestamp()),
  decline_reason: Nullable(Text(1000)),
  authentication: Type.Union([Type.Object({ method: Text(11, { description: '`access_code` or `sms`' }) }), Type.Null()], {
    description: 'How the signer authenticates before signing (docs/concepts/recipients.md); the access code itself is never shown',
  }),
  role: Text(16, { description: '`signer`, `approver`, `viewer`, `in_person` or `witness` (docs/api/workflows.md)' }),
  host: Type.Union([Type.Object({ name: Text(255), email: Email() }), Type.Null()], {
    description: 'An in_person signer’s host, the account user on whose device they sign; null otherwise',
  }),
  witness_for: Nullable(Id('rcp'), { description: 'A witness’s witnessed signer (their recipient_id); null otherwise' }),
  approved_at: Nullable(Timestamp()),
  delegations: List(Delegation, 50, { description: 'Every hand-over of this step, oldest first; [] when none' }),
});

const GroupMember = Type.Object({
  recipient_id: Id('rcp'),
  name: Text(255),
  email: Email(),
  status: Text(16, { description: '`NotNeeded` once the group was done without them' }),
  sent_at: Nullable(Timestamp()),
  viewed_at: Nullable(Timestamp()),
  signed_at: Nullable(Timestamp()),
  declined_at: Nullable(Timestamp()),
});

const SigningGroupEntry = Type.Object(
  {
    group: Type.Object({
      group_id: Id('grp'),
      name: Text(100),
      required: Int(1, 20, { description: 'How many members must sign' }),
      signed: Int(0, 20, { description: 'How many have signed' }),
      members: List(GroupMember, 20),
    }),
    signing_order: Int(0, 1000),
    status: Text(16, {
      description: '`Signed` once `required` members signed; else the furthest a member got (`Declined`, `Viewed`, `Sent`, `Waiting`)',
    }),
  },
  { description: 'A signing group in its place among the signers' },
);

const Observer = Type.Object({
  recipient_id: Id('rcp'),
  name: Text(255),
  email: Email(),
  observer_title: Nullable(Text(255)),
  language: LanguageCode("The language of the observer's mails and certificate wording"),
  status: Text(16),
  sent_at: Nullable(Timestamp()),
});

export const EnvelopeDetails = Type.Object({
  envelope_id: Id('env'),
  name: Text(255),
  description: Nullable(Text(2000)),
  tags: List(Text(64), 50),
  status: Text(16),
  sign_process_flow: Text(16),
  created_by: Type.Object(
    { name: Text(255), email: Email() },
    {
      description:
        'The account user who created the envelope through the console (or the embedded composer whose URL they generated); ' +
        "the account's owner when an API client created it, or when that user has since been removed from the account. " +
        'The ledger keeps naming whoever acted.',
    },
  ),
  created_at: Timestamp(),
  signing_due_date: Timestamp(),
  expiration_days: Int(1, 365),
  email_reminders: Type.Boolean(),
  reminder_period: Nullable(Int(1, 364)),
  completed_at: Nullable(Timestamp()),
  documents_purged_at: Nullable(Timestamp(), {
    description:
      'When the account’s retention (`retention_days`) deleted the documents’ bytes; null until then. Downloads answer 410 ' +
      '`DOCUMENT_PURGED` from the retention deadline on, before the purge has run too; the certificate of completion stays',
  }),
  completion: Type.Union([Completion, Type.Null()], { description: COMPLETION_DESCRIPTION }),
  documents: List(
    Type.Object({ document_id: Id('doc'), name: Text(255), pages: Int(1, 500), sha256: Text(64), original: OriginalFile }),
    10,
  ),
  allow_reassign: Type.Boolean({ description: 'Signers may hand their step to another person (docs/api/workflows.md)' }),
  bulk_send_id: Nullable(Id('bulk'), { description: 'The bulk send whose row created it (docs/api/bulk-sending.md); null otherwise' }),
  returned: Type.Union(
    [
      Type.Object({
        by: Type.Object({ recipient_id: Id('rcp'), name: Text(255), email: Email() }),
        at: Timestamp(),
        comment: Text(2000),
      }),
      Type.Null(),
    ],
    { description: 'Who sent the envelope back for correction, when and why, while it is `Correcting`; null otherwise' },
  ),
  recipients: Type.Object({
    signers: List(Type.Union([Signer, SigningGroupEntry]), 50, {
      description: 'In order: each person, or a signing group as `group` in its place',
    }),
    observers: List(Observer, 50),
  }),
});

type Recipient = Details['signers'][number];

const presentDelegation = (d: Details['delegations'][number]) => ({
  from: { name: d.fromName, email: d.fromEmail },
  to: { name: d.toName, email: d.toEmail },
  reason: d.reason,
  at: d.at,
});

const presentSigner = (r: Recipient, delegations: Details['delegations']) => ({
  recipient_id: r.id,
  name: r.name,
  email: r.email,
  signer_title: r.title,
  signing_order: r.signingOrder,
  language: r.language,
  status: r.status,
  sent_at: r.sentAt,
  viewed_at: r.viewedAt,
  signed_at: r.signedAt,
  declined_at: r.declinedAt,
  decline_reason: r.declineReason,
  authentication: r.authenticationMethod ? { method: r.authenticationMethod } : null,
  role: r.signerRole,
  host: r.host,
  witness_for: r.witnessFor,
  approved_at: r.approvedAt,
  delegations: delegations.filter((d) => d.recipientId === r.id).map(presentDelegation),
});

/** How far a member of an unfinished group got, furthest last; a member who signed counts as having viewed. */
const MEMBER_PROGRESS = ['NotNeeded', 'Waiting', 'Sent', 'Viewed', 'Declined'];

const groupStatus = (members: readonly Recipient[], complete: boolean): string => {
  if (complete) return 'Signed';
  const progress = members.map((m) => MEMBER_PROGRESS.indexOf(m.status === 'Signed' ? 'Viewed' : m.status));
  return MEMBER_PROGRESS[Math.max(...progress)] ?? 'Waiting';
};

const presentGroup = (group: Details['groups'][number], members: readonly Recipient[]) => {
  const signed = members.filter((m) => m.status === 'Signed').length;
  return {
    group: {
      group_id: group.id,
      name: group.name,
      required: group.required,
      signed,
      members: members.map((m) => ({
        recipient_id: m.id,
        name: m.name,
        email: m.email,
        status: m.status,
        sent_at: m.sentAt,
        viewed_at: m.viewedAt,
        signed_at: m.signedAt,
        declined_at: m.declinedAt,
      })),
    },
    signing_order: members[0]?.signingOrder ?? 0,
    status: groupStatus(members, signed >= group.required),
  };
};

/** The signers in order, each group's members gathered into one entry where its first member stands. */
const presentSigners = ({ signers, groups, delegations }: Details) =>
  signers.flatMap((signer): (ReturnType<typeof presentSigner> | ReturnType<typeof presentGroup>)[] => {
    if (!signer.groupId) return [presentSigner(signer, delegations)];
    const members = signers.filter((other) => other.groupId === signer.groupId);
    const group = groups.find((g) => g.id === signer.groupId);
    return group && members[0] === signer ? [presentGroup(group, members)] : [];
  });

/** Who sent the envelope back, while it is Correcting. */
const presentReturned = ({ envelope, signers }: Details) => {
  const by = signers.find((signer) => signer.id === envelope.returnedBy);
  if (envelope.status !== 'Correcting' || !envelope.returnedAt || !by) return null;
  return { by: { recipient_id: by.id, name: by.name, email: by.email }, at: envelope.returnedAt, comment: envelope.returnComment ?? '' };
};

const presentObserver = (r: Recipient) => ({
  recipient_id: r.id,
  name: r.name,
  email: r.email,
  observer_title: r.title,
  language: r.language,
  status: r.status,
  sent_at: r.sentAt,
});

/** An envelope's details as the OpenAPI document shows them, for every answer that carries them. */
export const envelopeDetailsExample: Static<typeof EnvelopeDetails> = {
  envelope_id: 'env_zgqQWvT72rpxEKoy8-nlng',
  name: 'Employment contract – Grace Hopper',
  description: 'Permanent contract, engineering team',
  tags: ['hr', 'contracts'],
  status: 'InProgress',
  sign_process_flow: 'Sequential',
  created_by: { name: 'Ada Lovelace', email: 'ada@example.com' },
  created_at: '2026-03-03T09:15:27.000Z',
  signing_due_date: '2026-04-02T09:15:27.000Z',
  expiration_days: 30,
  email_reminders: true,
  reminder_period: 3,
  completed_at: null,
  documents_purged_at: null,
  completion: null,
  allow_reassign: true,
  bulk_send_id: null,
  returned: null,
  documents: [
    {
      document_id: 'doc_FDbMyONAc6X0ABi9U7b6Bg',
      name: 'Employment contract.pdf',
      pages: 4,
      sha256: 'd0e92edf481760dca6d03672816b7e4344974d3ab8a21f1a2a118541d4470a5e',
      original: originalExample,
    },
  ],
  recipients: {
    signers: [
      {
        recipient_id: 'rcp_UoW1cLoq6lSFgGH09C9X3A',
        name: 'Grace Hopper',
        email: 'grace@example.com',
        signer_title: null,
        signing_order: 1,
        language: 'en',
        status: 'Signed',
        sent_at: '2026-03-03T09:15:28.000Z',
        viewed_at: '2026-03-03T10:02:11.000Z',
        signed_at: '2026-03-03T10:05:40.000Z',
        declined_at: null,
        decline_reason: null,
        authentication: { method: 'access_code' },
        role: 'signer',
        host: null,
        witness_for: null,
        approved_at: null,
        delegations: [],
      },
      {
        group: {
          group_id: 'grp_Q2v8LmN4pR6sT1uW3xY5zA',
          name: 'Board',
          required: 2,
          signed: 1,
          members: [
            {
              recipient_id: 'rcp_Hq3ZkL8mN2pR5sT7vW9xYb',
              name: 'Mary Jackson',
              email: 'mary@example.com',
              status: 'Signed',
              sent_at: '2026-03-03T10:05:41.000Z',
              viewed_at: '2026-03-03T11:12:09.000Z',
              signed_at: '2026-03-03T11:14:30.000Z',
              declined_at: null,
            },
            {
              recipient_id: 'rcp_Jt4AbC6dE8fG0hI2jK4lMn',
              name: 'Dorothy Vaughan',
              email: 'dorothy@example.com',
              status: 'Sent',
              sent_at: '2026-03-03T10:05:41.000Z',
              viewed_at: null,
              signed_at: null,
              declined_at: null,
            },
            {
              recipient_id: 'rcp_Lp6CdE8fG0hI2jK4lMnOpQ',
              name: 'Katherine Johnson',
              email: 'katherine@example.com',
              status: 'Viewed',
              sent_at: '2026-03-03T10:05:41.000Z',
              viewed_at: '2026-03-03T12:40:02.000Z',
              signed_at: null,
              declined_at: null,
            },
          ],
        },
        signing_order: 2,
        status: 'Viewed',
      },
      {
        recipient_id: 'rcp_eMkHVN4mVx7vifgfzbNogA',
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        signer_title: null,
        signing_order: 3,
        language: 'en',
        status: 'Waiting',
        sent_at: null,
        viewed_at: null,
        signed_at: null,
        declined_at: null,
        decline_reason: null,
        authentication: null,
        role: 'approver',
        host: null,
        witness_for: null,
        approved_at: null,
        delegations: [
          {
            from: { name: 'Alan Turing', email: 'alan@example.com' },
            to: { name: 'Ada Lovelace', email: 'ada@example.com' },
            reason: 'Ada approves contracts while Alan is away.',
            at: '2026-03-03T09:40:00.000Z',
          },
        ],
      },
    ],
    observers: [
      {
        recipient_id: 'rcp_Kd8sPq2LmX5vN7bR1tYw3g',
        name: 'HR team',
        email: 'hr@example.com',
        observer_title: null,
        language: 'en',
        status: 'Sent',
        sent_at: '2026-03-03T09:15:28.000Z',
      },
    ],
  },
};

export const presentDetails = (details: Details) => {
  const { envelope, createdBy, completion, documents, observers } = details;
  return {
    envelope_id: envelope.id,
    name: envelope.name,
    description: envelope.description,
    tags: envelope.tags,
    status: envelope.status,
    sign_process_flow: envelope.signProcessFlow,
    created_by: createdBy,
    created_at: envelope.createdAt,
    signing_due_date: envelope.signingDueDate,
    expiration_days: envelope.expirationDays,
    email_reminders: envelope.emailReminders,
    reminder_period: envelope.reminderPeriod,
    completed_at: envelope.completedAt,
    documents_purged_at: envelope.documentsPurgedAt,
    completion: completion && presentCompletion(completion),
    documents: documents.map((d) => ({
      document_id: d.id,
      name: d.name,
      pages: d.pageCount,
      sha256: d.sha256,
      original: presentOriginal(d.original),
    })),
    allow_reassign: envelope.allowReassign,
    bulk_send_id: envelope.bulkSendId,
    returned: presentReturned(details),
    recipients: { signers: presentSigners(details), observers: observers.map(presentObserver) },
  };
};

export const getEnvelopeDetailsRoute = (app: App, ctx: AppContext) =>
  app.get(
    '/envelopes/:envelopeId/details',
    {
      schema: {
        operationId: 'getEnvelopeDetails',
        summary: "An envelope's settings, documents and recipients",
        description:
          'The certificate of completion is not listed among the documents; download it as document `certificate`. ' +
          '`completion` reports where sealing stands once every signer has signed: ' +
          'a seal that fails is retried with back-off and, after its last attempt, shows `state: failed` with `last_error`. ' +
          '`created_by` is the person who created the envelope (the owner for an API client, or for a user removed since).',
        tags: ['Envelopes'],
        params: EnvelopeIdParams,
        response: {
          200: Example(Ok(EnvelopeDetails), {
            message: 'Envelope details.',
            data: envelopeDetailsExample,
          }),
          ...errorResponses(400, 401, 404, 429),
          ...errorExample('ENVELOPE_NOT_FOUND', 'No envelope env_zgqQWvT72rpxEKoy8-nlng.'),
        },
      },
    },
    async (request) => ({
      message: 'Envelope details.',
      data: presentDetails(await getEnvelopeDetails(ctx, callerOf(request).accountId, request.params.envelopeId)),
    }),
  );
