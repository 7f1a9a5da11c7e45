import type { CreatedEnvelope } from '../../../app/envelopes/envelope-creation.js';
import { Example } from '../../openapi-examples.js';
import { Ok } from '../../schema-kit.js';
import { CreatedEnvelope as CreatedEnvelopeData, presentCreatedEnvelope } from './envelope.schema.js';

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
        { recipient_id: 'rcp_UoW1cLoq6lSFgGH09C9X3A', email: 'grace@example.com', status: 'Sent' },
        { recipient_id: 'rcp_eMkHVN4mVx7vifgfzbNogA', email: 'ada@example.com', status: 'Waiting' },
      ],
      observers: [{ recipient_id: 'rcp_Kd8sPq2LmX5vN7bR1tYw3g', email: 'hr@example.com', status: 'Sent' }],
    },
    warnings: [],
  },
});
