import type { Envelope } from '../../infra/db/tables/envelopes-table.js';
import type { AppContext } from '../context.js';
import { loadEnvelope } from './load-envelope.js';

export const metadataView = (envelope: Pick<Envelope, 'id' | 'name' | 'description' | 'tags' | 'metadata'>) => ({
  envelope_id: envelope.id,
  name: envelope.name,
  description: envelope.description,
  tags: envelope.tags,
  metadata: envelope.metadata,
});

export const retrieveMetadata = async (ctx: AppContext, accountId: string, envelopeId: string) =>
  metadataView(await loadEnvelope(ctx, ctx.db, accountId, envelopeId));
