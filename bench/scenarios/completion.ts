import { setTimeout as sleep } from 'node:timers/promises';
import type { ApiClient } from '../api-client.js';
import { waitUntilIdle } from '../process-stats.js';
import { SIGNER_EMAILS, signaturePngBase64 } from '../request-bodies.js';

/** An envelope whose first signer has signed: one signature away from completion. */
export interface ReadyEnvelope {
  envelopeId: string;
  lastSigningToken: string;
}

const POLL_MS = 10;
const COMPLETION_TIMEOUT_MS = 60_000;

/** Creates an envelope from `body` and signs it as its first signer, through the API. */
export const oneSignatureAway = async (client: ApiClient, body: unknown): Promise<ReadyEnvelope> => {
  const { envelopeId } = await client.createEnvelope(body);
  await client.sign(await client.signingToken(envelopeId, SIGNER_EMAILS[0]), signaturePngBase64);
  return { envelopeId, lastSigningToken: await client.signingToken(envelopeId, SIGNER_EMAILS[1]) };
};

/**
 * Signs each envelope as its last signer, all at once, and answers for each the time from its
 * signature's answer to the envelope reading Completed, in ms. One list request every 10 ms watches
 * them all, so watching ten costs the server no more than watching one. The server is let settle
 * first, so the mails of the first signatures are not part of the time.
 */
export const completeAndTime = async (client: ApiClient, serverPid: number, envelopes: ReadyEnvelope[]): Promise<number[]> => {
  await waitUntilIdle(serverPid, 10_000);
  const answered = new Map<string, number>();
  const completed = new Map<string, number>();
  const signing = Promise.all(
    envelopes.map(async ({ envelopeId, lastSigningToken }) => {
      await client.sign(lastSigningToken, signaturePngBase64);
      answered.set(envelopeId, performance.now());
    }),
  );
  let failure: unknown;
  signing.catch((error: unknown) => (failure = error));
  const deadline = performance.now() + COMPLETION_TIMEOUT_MS;
  while (completed.size < envelopes.length) {
    if (failure) throw failure;
    if (performance.now() > deadline) throw new Error(`${envelopes.length - completed.size} envelopes not Completed within a minute`);
    const ids = await client.completedEnvelopeIds();
    const seen = performance.now();
    for (const { envelopeId } of envelopes) if (ids.has(envelopeId) && !completed.has(envelopeId)) completed.set(envelopeId, seen);
    await sleep(POLL_MS);
  }
  await signing;
  // Sealing can finish before the signature's answer has reached the bench: that counts as no wait.
  return envelopes.map(({ envelopeId }) => Math.max(0, completed.get(envelopeId)! - answered.get(envelopeId)!));
};
