import type { EnvelopesTable } from '../../infra/db/schema.js';
import type { AppContext } from '../context.js';
import { loadEnvelope } from './load-envelope.js';

export const metadataView = (envelope: Pick<EnvelopesTable, 'id' | 'name' | 'description' | 'tags' | 'metadata'>) => ({
  envelope_id: envelope.id,
  name: envelope.name,
  description: envelope.description,
  tags: JSON.parse(envelope.tags) as string[],
  metadata: JSON.parse(envelope.metadata) as Record<string, string>,
});

export const retrieveMetadata = async (ctx: AppContext, accountId: string, envelopeId: string) =>
  metadataView(await loadEnvelope(ctx, ctx.db, accountId, envelopeId));
