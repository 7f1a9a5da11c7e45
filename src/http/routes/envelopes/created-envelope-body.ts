import type { Static } from 'typebox';
import type { CreatedEnvelope } from '../../../app/envelopes/envelope-creation.js';
import { Example } from '../../openapi-examples.js';
import { Ok } from '../../schema-kit.js';
import {
  CreatedEnvelope as CreatedEnvelopeData,
  presentCreatedEnvelope,
  type EnvelopeObject,
  type RecipientsObject,
} from './envelope.schema.js';

/** The 201 body of every envelope creation route, as sent and as replayed for its Idempotency-Key. */
export const createdBody = (created: CreatedEnvelope) => ({
  message: 'Envelope created successfully.',
  data: presentCreatedEnvelope(created),
});

/** That 201 in the OpenAPI document, one example for every creation route. */
export const CreatedEnvelopeResponse = Example(Ok(CreatedEnvelopeData, 'Envelope created'), {
  message: 'Envelope created successfully.',
  data: {
    envelope_id: 'env_zgqQWvT72rpxEKoy8-nlng',
    status: 'Sent',
    signing_due_date: '2026-04-02T09:15:27.000Z',
    documents: [{ document_id: 'doc_FDbMyONAc6X0ABi9U7b6Bg', name: 'Employment contract.pdf', pages: 4 }],
    recipients: {
      signers: [
        { recipient_id: 'rcp_UoW1cLoq6lSFgGH09C9X3A', email: 'grace@example.com', status: 'Sent', role: 'signer' },
        { recipient_id: 'rcp_eMkHVN4mVx7vifgfzbNogA', email: 'ada@example.com', status: 'Waiting', role: 'signer' },
      ],
      observers: [{ recipient_id: 'rcp_Kd8sPq2LmX5vN7bR1tYw3g', email: 'hr@example.com', status: 'Sent' }],
    },
    warnings: [],
  },
});

/** The envelope settings of the creation operations' examples. */
export const envelopeExample: Static<typeof EnvelopeObject> = {
  name: 'Employment contract – Grace Hopper',
  message: 'Please sign your contract by Friday.',
  tags: ['hr', 'contracts'],
  expiration_days: 30,
  email_reminders: true,
  reminder_period: 3,
  sign_process_flow: 'Sequential',
};

/** Two signers in order, one placed by coordinates and one by an anchor, and an observer: the creation operations' examples. */
export const recipientsExample: Static<typeof RecipientsObject> = {
  signers: [
    {
      name: 'Grace Hopper',
      email: 'grace@example.com',
      signing_order: 1,
      fields: [
        { type: 'signature', page: 4, x: 72, y: 640, width: 180, height: 40, required: true },
        { type: 'date_signed', page: 4, x: 300, y: 650, width: 120, height: 20 },
      ],
    },
    {
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      signing_order: 2,
      fields: [{ type: 'signature', anchor: { text: 'Employer signature', offset_y: -12, width: 180, height: 40 } }],
    },
  ],
  observers: [{ name: 'HR team', email: 'hr@example.com' }],
};
