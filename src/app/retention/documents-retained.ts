import { assertDocumentsRetained } from '../../domain/retention.js';
import type { Db } from '../../infra/db/database.js';
import { readAccount } from '../../infra/db/tables/accounts-table.js';
import type { Envelope } from '../../infra/db/tables/envelopes-table.js';
import type { AppContext } from '../context.js';

/**
 * 410 DOCUMENT_PURGED for the documents (originals, sealed copies, supporting files) of an envelope past its account's
 * retention deadline, purged yet or not: the deadline, not the purge job, decides (docs/operations/retention-and-erasure.md).
 */
export const assertEnvelopeDocumentsRetained = async (ctx: AppContext, db: Db, envelope: Envelope): Promise<void> => {
  const retentionDays = envelope.documentsPurgedAt ? null : ((await readAccount(db, envelope.accountId))?.retentionDays ?? null);
  assertDocumentsRetained(envelope, retentionDays, ctx.clock.now());
};
