import { issueSigningToken, type SigningTokenKind } from '../../../src/app/signing/signing-tokens.js';
import { makePng } from '../../support/pdf-fixtures.js';
import { pdfText } from '../../unit/pdf/poppler.js';
import type { TestServer } from '../../support/test-server.js';

/** A fresh signing token for a recipient, as an invitation mail would carry. */
export const tokenFor = (
  server: TestServer,
  envelopeId: string,
  recipientId: string,
  kind: SigningTokenKind = 'invitation',
  expiresAt: Date | null = null,
) => issueSigningToken(server.service.ctx, server.service.ctx.db, { id: recipientId, envelopeId }, kind, expiresAt);

export const drawnSignature = () => ({ type: 'drawn', image_png_base64: Buffer.from(makePng(120, 40)).toString('base64') });

export const signBody = (extra: Record<string, unknown> = {}) => ({ consent: true, signature: drawnSignature(), ...extra });

export const envelopeRow = (server: TestServer, envelopeId: string) =>
  server.service.ctx.db.selectFrom('envelopes').selectAll().where('id', '=', envelopeId).executeTakeFirstOrThrow();

/** Where an envelope's sealing stands, printed when a wait for it gives up: a failed test then says why it did not complete. */
const reportStuckCompletion = async (server: TestServer, envelopeId: string) => {
  const { db } = server.service.ctx;
  const completion = await db.selectFrom('envelope_completions').selectAll().where('envelope_id', '=', envelopeId).executeTakeFirst();
  const jobs = await db
    .selectFrom('jobs')
    .select(['kind', 'attempts', 'run_at', 'last_error'])
    .where('payload', 'like', `%${envelopeId}%`)
    .execute();
  console.error(`envelope ${envelopeId} still InProgress: completion ${JSON.stringify(completion)}, jobs ${JSON.stringify(jobs)}`);
};

/** Runs due jobs until the envelope leaves InProgress (the worker may already be sealing it when poked). */
export const waitForCompletion = async (server: TestServer, envelopeId: string, timeoutMs = 15_000) => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await server.service.worker.drain();
    const row = await envelopeRow(server, envelopeId);
    if (row.status !== 'InProgress') return row;
    if (Date.now() > deadline) {
      await reportStuckCompletion(server, envelopeId);
      return row;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

/** The text of a completed envelope's certificate of completion (its document at position 0), white space folded. */
export const certificateText = async (server: TestServer, envelopeId: string): Promise<string> => {
  const certificate = await server.service.ctx.db
    .selectFrom('documents')
    .select('sha256')
    .where('envelope_id', '=', envelopeId)
    .where('position', '=', 0)
    .executeTakeFirstOrThrow();
  return (await pdfText((await server.service.ctx.blobs.get(certificate.sha256))!)).replace(/\s+/g, ' ');
};
