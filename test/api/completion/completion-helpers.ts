import assert from 'node:assert/strict';
import { COMPLETION_RETRY_DELAYS_MS } from '../../../src/domain/completion-state.js';
import { createEnvelope, type EnvelopeRequestOptions } from '../../support/envelopes.js';
import type { TestServer } from '../../support/test-server.js';
import { signBody, tokenFor } from '../signing/signing-helpers.js';

/** A fresh access token: the tests move the clock by hours, past a token's lifetime. */
export const loginAgain = async (server: TestServer, credentials: string): Promise<string> => {
  const login = await server.call('POST', '/api/v2.0/authorization/token', { body: { credentials } });
  assert.equal(login.status, 200, JSON.stringify(login.body));
  return login.body.data.access_token;
};

export const completionOf = async (server: TestServer, token: string, envelopeId: string) => {
  const details = await server.call('GET', `/api/v2.0/envelopes/${envelopeId}/details`, { token });
  assert.equal(details.status, 200, JSON.stringify(details.body));
  return { status: details.body.data.status as string, completion: details.body.data.completion };
};

/** An envelope whose two signers have signed; the last signature queued its completion. */
export const signedEnvelope = async (server: TestServer, token: string, options: EnvelopeRequestOptions = {}): Promise<string> => {
  const envelope = await createEnvelope(server, token, options);
  for (const signer of envelope.recipients.signers) {
    const signingToken = await tokenFor(server, envelope.envelope_id, signer.recipient_id);
    const signed = await server.call('POST', `/api/v2.0/signing/${signingToken}/sign`, { body: signBody() });
    assert.equal(signed.status, 200, JSON.stringify(signed.body));
  }
  return envelope.envelope_id;
};

/**
 * Runs the first attempt and every retry of a seal while the time-stamp authority fails, moving the
 * test clock through the back-off; checks each step on the way and returns a fresh token.
 */
export const driveToFailedSeal = async (server: TestServer, credentials: string, envelopeId: string): Promise<string> => {
  let token = await loginAgain(server, credentials);
  await server.service.worker.drain();
  for (const [index, delayMs] of COMPLETION_RETRY_DELAYS_MS.entries()) {
    const { completion } = await completionOf(server, token, envelopeId);
    assert.equal(completion.state, 'retrying');
    assert.equal(completion.attempts, index + 1);
    assert.equal(completion.next_attempt_at, new Date(server.clock.now().getTime() + delayMs).toISOString());
    server.clock.advance(delayMs - 1000);
    await server.service.worker.drain();
    token = await loginAgain(server, credentials);
    assert.equal((await completionOf(server, token, envelopeId)).completion.attempts, index + 1, 'no attempt before its time');
    server.clock.advance(1000);
    await server.service.worker.drain();
  }
  return token;
};
