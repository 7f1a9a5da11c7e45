import type { EventEnvelope, EventRecipient } from '../../domain/webhook-events.js';
import type { Envelope } from '../../infra/db/tables/envelopes-table.js';
import type { Recipient } from '../../infra/db/tables/recipients-table.js';

/** The envelope as every envelope event names it, with the status the change left it in. */
export const eventEnvelope = (envelope: Pick<Envelope, 'id' | 'name' | 'tags'>, status: string): EventEnvelope => ({
  envelope_id: envelope.id,
  name: envelope.name,
  status,
  tags: envelope.tags,
});

export const eventRecipient = (recipient: Pick<Recipient, 'id' | 'name' | 'email' | 'role' | 'signingOrder'>): EventRecipient => ({
  recipient_id: recipient.id,
  name: recipient.name,
  email: recipient.email,
  role: recipient.role,
  signing_order: recipient.signingOrder,
});
