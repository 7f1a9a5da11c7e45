import type { TestServer } from './test-server.js';

/**
 * Test setup only: marks an envelope Completed (every signer Signed) straight in the database, for
 * testing what a Completed envelope allows before the real signing and sealing flow is used.
 */
export const markCompletedInDb = async (server: TestServer, envelopeId: string): Promise<void> => {
  const { db, clock } = server.service.ctx;
  const now = clock.now().toISOString();
  await db
    .updateTable('recipients')
    .set({ status: 'Signed', signed_at: now })
    .where('envelope_id', '=', envelopeId)
    .where('role', '=', 'signer')
    .execute();
  await db.updateTable('envelopes').set({ status: 'Completed', completed_at: now }).where('id', '=', envelopeId).execute();
};
