import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { COMPLETION_RETRY_DELAYS_MS } from '../../../src/domain/completion-state.js';
import { verifySealedPdf } from '@countersign/verify';
import { describeOnEachDatabase } from '../../support/api-suite.js';
import { createEnvelope } from '../../support/envelopes.js';
import { startSwitchableTsa } from '../../support/switchable-tsa.js';
import { secretsThatVerify, startWebhookReceiver } from '../../support/webhook-receiver.js';
import { pdfsig } from '../../unit/pdf/poppler.js';
import { signBody, tokenFor, waitForCompletion } from '../signing/signing-helpers.js';
import { completionOf, driveToFailedSeal, loginAgain, signedEnvelope } from './completion-helpers.js';

// One authority for both databases' suites, which run one after the other.
const tsa = await startSwitchableTsa();
after(() => tsa.close());

const TSA_DOWN = 'The time-stamp authority answered HTTP 500.';

it('retries a failed seal after 30 s, 2 min, 10 min, 1 h and 6 h', () => {
  assert.deepEqual(COMPLETION_RETRY_DELAYS_MS, [30_000, 120_000, 600_000, 3_600_000, 21_600_000]);
});

describeOnEachDatabase(
  'sealing that never gets stuck silently',
  (server) => {
    let credentials: string;
    let token: string;

    before(async () => {
      const account = await server.newAccount();
      credentials = account.credentials;
      token = account.accessToken;
    });

    const fresh = async () => (token = await loginAgain(server, credentials));

    const reseal = (envelopeId: string, as = token) => server.call('POST', `/api/v2.0/envelopes/${envelopeId}/reseal`, { token: as });

    const jobsPending = (envelopeId: string) =>
      server.service.ctx.db
        .selectFrom('jobs')
        .select('id')
        .where('kind', '=', 'complete-envelope')
        .where('payload', 'like', `%${envelopeId}%`)
        .where('done_at', 'is', null)
        .execute();

    it('shows completion null in the details until every signer has signed', async () => {
      await fresh();
      const envelope = await createEnvelope(server, token);
      assert.equal((await completionOf(server, token, envelope.envelope_id)).completion, null);
      const first = envelope.recipients.signers[0]!;
      const signed = await server.call(
        'POST',
        `/api/v2.0/signing/${await tokenFor(server, envelope.envelope_id, first.recipient_id)}/sign`,
        {
          body: signBody(),
        },
      );
      assert.equal(signed.status, 200);
      assert.equal((await completionOf(server, token, envelope.envelope_id)).completion, null);
    });

    it('reports a seal failing every attempt as failed, with its attempts and last error, sends envelope.completion_failed, and stops retrying', async () => {
      tsa.fail();
      await fresh();
      const receiver = await startWebhookReceiver(server.clock);
      const hook = await server.call('POST', '/api/v2.0/webhooks', {
        token,
        body: { url: `${receiver.url}/failed`, events: ['envelope.completion_failed'] },
      });
      assert.equal(hook.status, 201);
      const envelopeId = await signedEnvelope(server, token);
      token = await driveToFailedSeal(server, credentials, envelopeId);
      await server.service.worker.drain();
      await receiver.close();
      const [failed, ...more] = receiver.received('/failed');
      assert.deepEqual(more, [], 'one event, after the last attempt only');
      assert.equal(failed!.body.type, 'envelope.completion_failed');
      assert.deepEqual(secretsThatVerify(failed!, [hook.body.data.secret]), [hook.body.data.secret]);
      assert.deepEqual(
        { envelope_id: failed!.body.data.envelope_id, attempts: failed!.body.data.attempts, last_error: failed!.body.data.last_error },
        { envelope_id: envelopeId, attempts: 6, last_error: TSA_DOWN },
      );
      assert.equal(failed!.body.data.failed_at, failed!.receivedAt.toISOString());

      const { status, completion } = await completionOf(server, token, envelopeId);
      assert.equal(status, 'InProgress');
      assert.deepEqual(completion, { state: 'failed', attempts: 6, last_error: TSA_DOWN, next_attempt_at: null });
      assert.deepEqual(await jobsPending(envelopeId), []);

      const refused = tsa.refused();
      server.clock.advanceDays(2);
      await server.service.worker.drain();
      assert.equal(tsa.refused(), refused, 'no attempt after the last');
      await fresh();
      assert.equal((await completionOf(server, token, envelopeId)).completion.state, 'failed');
    });

    it('reseals a failed envelope through the API once the cause is fixed, even past its due date: Completed, and the sealed PDF downloads', async () => {
      tsa.fail();
      await fresh();
      const envelopeId = await signedEnvelope(server, token, { envelope: { expiration_days: 1 } });
      token = await driveToFailedSeal(server, credentials, envelopeId);
      server.clock.advanceDays(1);
      await server.service.worker.drain();
      const stored = await server.service.ctx.db
        .selectFrom('envelopes')
        .select('status')
        .where('id', '=', envelopeId)
        .executeTakeFirstOrThrow();
      assert.equal(stored.status, 'InProgress', 'every signer signed in time: the expiry job leaves it to its seal');
      token = await loginAgain(server, credentials);
      tsa.heal();

      const accepted = await reseal(envelopeId);
      assert.equal(accepted.status, 202, JSON.stringify(accepted.body));
      assert.equal(accepted.body.data.envelope_id, envelopeId);
      assert.equal(accepted.body.data.completion.state, 'pending');
      assert.equal(accepted.body.data.completion.attempts, 0);

      assert.equal((await waitForCompletion(server, envelopeId)).status, 'Completed');
      const { status, completion } = await completionOf(server, token, envelopeId);
      assert.equal(status, 'Completed');
      assert.equal(completion.state, 'completed');
      assert.equal(completion.attempts, 1);
      assert.equal(completion.last_error, TSA_DOWN, 'the latest failure stays on record');

      const download = await server.call('GET', `/api/v2.0/envelopes/${envelopeId}/certificate/download`, { token });
      assert.equal(download.status, 200, JSON.stringify(download.body));
      const sealed = Buffer.from(download.body.data.content_base64, 'base64');
      assert.equal((await verifySealedPdf(sealed)).valid, true);
      assert.match(await pdfsig(sealed), /Signature is Valid/);

      const again = await reseal(envelopeId);
      assert.equal(again.status, 409);
      assert.equal(again.body.errors[0].error_code, 'ENVELOPE_NOT_RESEALABLE');
    });

    it('completes without anyone acting when the authority recovers before a retry', async () => {
      tsa.fail();
      await fresh();
      const envelopeId = await signedEnvelope(server, token);
      await server.service.worker.drain();
      const failedOnce = await completionOf(server, token, envelopeId);
      assert.equal(failedOnce.completion.state, 'retrying');
      assert.equal(failedOnce.completion.attempts, 1);
      assert.equal(failedOnce.completion.last_error, TSA_DOWN);

      tsa.heal();
      server.clock.advanceSeconds(30);
      assert.equal((await waitForCompletion(server, envelopeId)).status, 'Completed');
      const { completion } = await completionOf(server, token, envelopeId);
      assert.equal(completion.state, 'completed');
      assert.equal(completion.attempts, 2);
      assert.equal(completion.next_attempt_at, null);
    });

    it('reseals at once an envelope waiting to retry, answers the same while that round runs, and ignores the old round', async () => {
      tsa.fail();
      await fresh();
      const envelopeId = await signedEnvelope(server, token);
      await server.service.worker.drain();
      assert.equal((await completionOf(server, token, envelopeId)).completion.state, 'retrying');

      tsa.hold();
      const started = await reseal(envelopeId);
      assert.equal(started.status, 202, JSON.stringify(started.body));
      assert.match(started.body.message, /started/);
      const repeated = await reseal(envelopeId);
      assert.equal(repeated.status, 202, JSON.stringify(repeated.body));
      assert.match(repeated.body.message, /already under way/);
      assert.ok(['pending', 'sealing'].includes(repeated.body.data.completion.state));

      tsa.heal();
      assert.equal((await waitForCompletion(server, envelopeId)).status, 'Completed');
      server.clock.advanceSeconds(30);
      await server.service.worker.drain();
      const { completion } = await completionOf(server, token, envelopeId);
      assert.equal(completion.state, 'completed');
      assert.equal(completion.attempts, 1, 'the job the first round had queued did nothing');
    });

    it("answers 409 ENVELOPE_NOT_RESEALABLE for an envelope whose seal did not fail, and 404 for another account's", async () => {
      tsa.heal();
      await fresh();
      const unsigned = await createEnvelope(server, token);
      const notSigned = await reseal(unsigned.envelope_id);
      assert.equal(notSigned.status, 409);
      assert.equal(notSigned.body.errors[0].error_code, 'ENVELOPE_NOT_RESEALABLE');

      const completed = await signedEnvelope(server, token);
      assert.equal((await waitForCompletion(server, completed)).status, 'Completed');
      const sealed = await reseal(completed);
      assert.equal(sealed.status, 409);
      assert.equal(sealed.body.errors[0].error_code, 'ENVELOPE_NOT_RESEALABLE');

      tsa.fail();
      const failing = await signedEnvelope(server, token);
      await server.service.worker.drain();
      assert.equal((await completionOf(server, token, failing)).completion.state, 'retrying');
      const other = await server.newAccount();
      const foreign = await reseal(failing, other.accessToken);
      assert.equal(foreign.status, 404);
      assert.equal(foreign.body.errors[0].error_code, 'ENVELOPE_NOT_FOUND');
      const unknown = await reseal('env_unknown');
      assert.equal(unknown.status, 404);
      assert.equal(unknown.body.errors[0].error_code, 'ENVELOPE_NOT_FOUND');
      assert.equal((await completionOf(server, token, failing)).completion.state, 'retrying', 'nothing changed');
      tsa.heal();
    });
  },
  { env: { TSA_URL: tsa.url, WEBHOOK_ALLOW_PRIVATE: 'true' } },
);
