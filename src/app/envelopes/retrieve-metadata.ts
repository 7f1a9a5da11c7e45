import type { Envelope } from '../../infra/db/tables/envelopes-table.js';
import type { AppContext } from '../context.js';
import { loadEnvelope } from './load-envelope.js';

export type EnvelopeMetadata = Pick<Envelope, 'id' | 'name' | 'description' | 'tags' | 'metadata'>;

export const retrieveMetadata = async (ctx: AppContext, accountId: string, envelopeId: string): Promise<EnvelopeMetadata> => {
  const { id, name, description, tags, metadata } = await loadEnvelope(ctx, ctx.db, accountId, envelopeId);
  return { id, name, description, tags, metadata };
};
