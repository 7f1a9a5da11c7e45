import type { CreatedEnvelope } from '../../../app/envelopes/envelope-creation.js';
import { presentCreatedEnvelope } from './envelope.schema.js';

/** The 201 body of every envelope creation route, as sent and as replayed for its Idempotency-Key. */
export const createdBody = (created: CreatedEnvelope) => ({
  message: 'Envelope created successfully.',
  data: presentCreatedEnvelope(created),
});
