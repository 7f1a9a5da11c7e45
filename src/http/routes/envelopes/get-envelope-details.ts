import { Type } from 'typebox';
import type { AppContext } from '../../../app/context.js';
import { getEnvelopeDetails, type EnvelopeDetails as Details } from '../../../app/envelopes/get-envelope-details.js';
import { callerOf, type App } from '../../app-type.js';
import { Example, errorExample } from '../../openapi-examples.js';
import { Email, Id, Int, List, Nullable, Ok, Text, Timestamp, errorResponses } from '../../schema-kit.js';
import { COMPLETION_DESCRIPTION, Completion, presentCompletion } from './completion.schema.js';
import { EnvelopeIdParams } from './envelope-id-params.js';
import { LanguageCode } from './envelope.schema.js';

const Signer = Type.Object({
  recipient_id: Id('rcp'),
  name: Text(255),
  email: Email(),
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
});

const Observer = Type.Object({
  recipient_id: Id('rcp'),
  name: Text(255),
  email: Email(),
  observer_title: Nullable(Text(255)),
  language: LanguageCode("The language of the observer's mails and certificate wording"),
  status: Text(16),
  sent_at: Nullable(Timestamp()),
});

const EnvelopeDetails = Type.Object({
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
  completion: Type.Union([Completion, Type.Null()], { description: COMPLETION_DESCRIPTION }),
  documents: List(Type.Object({ document_id: Id('doc'), name: Text(255), pages: Int(1, 500), sha256: Text(64) }), 10),
  recipients: Type.Object({ signers: List(Signer, 50), observers: List(Observer, 50) }),
});

type Recipient = Details['signers'][number];

const presentSigner = (r: Recipient) => ({
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
});

const presentObserver = (r: Recipient) => ({
  recipient_id: r.id,
  name: r.name,
  email: r.email,
  observer_title: r.title,
  language: r.language,
  status: r.status,
  sent_at: r.sentAt,
});

const presentDetails = ({ envelope, createdBy, completion, documents, signers, observers }: Details) => ({
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
  completion: completion && presentCompletion(completion),
  documents: documents.map((d) => ({ document_id: d.id, name: d.name, pages: d.pageCount, sha256: d.sha256 })),
  recipients: { signers: signers.map(presentSigner), observers: observers.map(presentObserver) },
});

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
            data: {
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
              completion: null,
              documents: [
                {
                  document_id: 'doc_FDbMyONAc6X0ABi9U7b6Bg',
                  name: 'Employment contract.pdf',
                  pages: 4,
                  sha256: 'd0e92edf481760dca6d03672816b7e4344974d3ab8a21f1a2a118541d4470a5e',
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
                  },
                  {
                    recipient_id: 'rcp_eMkHVN4mVx7vifgfzbNogA',
                    name: 'Ada Lovelace',
                    email: 'ada@example.com',
                    signer_title: null,
                    signing_order: 2,
                    language: 'en',
                    status: 'Sent',
                    sent_at: '2026-03-03T10:05:41.000Z',
                    viewed_at: null,
                    signed_at: null,
                    declined_at: null,
                    decline_reason: null,
                    authentication: null,
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
            },
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
