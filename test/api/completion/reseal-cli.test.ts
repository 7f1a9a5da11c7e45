import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { verifySealedPdf } from '@countersign/verify';
import { describeOnEachDatabase } from '../../support/api-suite.js';
import { startSwitchableTsa } from '../../support/switchable-tsa.js';
import { completionOf, driveToFailedSeal, loginAgain, signedEnvelope } from './completion-helpers.js';
import { runCli } from '../../support/cli-runner.js';

// One authority for both databases' suites, which run one after the other.
const tsa = await startSwitchableTsa();
after(() => tsa.close());

describeOnEachDatabase(
  'countersign envelope reseal',
  (server) => {
    let credentials: string;
    let token: string;

    /** The CLI as an operator runs it next to the service: same database, DATA_DIR (keys, files) and TSA_URL. */
    const cli = (...args: string[]) => {
      const { config } = server.service.ctx;
      return runCli(
        {
          DATA_DIR: server.dataDir,
          LOG_LEVEL: 'error',
          TSA_URL: tsa.url,
          ...(config.database.kind === 'postgres' ? { DATABASE_URL: config.database.url } : {}),
        },
        args,
      );
    };

    before(async () => {
      // The command runs the attempt itself; the server's worker, driven by hand here, must not take it first.
      await server.service.worker.stop();
      const account = await server.newAccount();
      credentials = account.credentials;
      token = account.accessToken;
    });

    it('runs a new round of a failed seal: exit 1 while the cause lasts, then exit 0 and the envelope Completed', async () => {
      tsa.fail();
      const envelopeId = await signedEnvelope(server, token);
      token = await driveToFailedSeal(server, credentials, envelopeId);

      const stillFailing = await cli('envelope', 'reseal', envelopeId, '--json');
      assert.equal(stillFailing.code, 1, stillFailing.stderr);
      const failed = JSON.parse(stillFailing.stdout);
      assert.equal(failed.envelope_id, envelopeId);
      assert.equal(failed.state, 'retrying');
      assert.equal(failed.attempts, 1);
      assert.equal(failed.last_error, 'The time-stamp authority answered HTTP 500.');

      tsa.heal();
      const resealed = await cli('envelope', 'reseal', envelopeId, '--json');
      assert.equal(resealed.code, 0, resealed.stderr);
      assert.deepEqual(JSON.parse(resealed.stdout), {
        envelope_id: envelopeId,
        state: 'completed',
        attempts: 1,
        last_error: 'The time-stamp authority answered HTTP 500.',
        next_attempt_at: null,
      });

      token = await loginAgain(server, credentials);
      const { status, completion } = await completionOf(server, token, envelopeId);
      assert.equal(status, 'Completed');
      assert.equal(completion.state, 'completed');
      const download = await server.call('GET', `/api/v2.0/envelopes/${envelopeId}/certificate/download`, { token });
      assert.equal(download.status, 200, JSON.stringify(download.body));
      assert.equal((await verifySealedPdf(Buffer.from(download.body.data.content_base64, 'base64'))).valid, true);
    });

    it('refuses what it cannot reseal with the error code, and a missing id as a usage error', async () => {
      tsa.heal();
      const sealed = await cli('envelope', 'reseal', 'env_unknown', '--json');
      assert.equal(sealed.code, 1);
      assert.equal(JSON.parse(sealed.stdout).error.code, 'ENVELOPE_NOT_FOUND');

      const envelopeId = await signedEnvelope(server, token);
      await server.service.worker.drain();
      assert.equal((await completionOf(server, token, envelopeId)).status, 'Completed');
      const completed = await cli('envelope', 'reseal', envelopeId, '--json');
      assert.equal(completed.code, 1);
      assert.equal(JSON.parse(completed.stdout).error.code, 'ENVELOPE_NOT_RESEALABLE');

      const missing = await cli('envelope', 'reseal', '--json');
      assert.equal(missing.code, 2);
      assert.equal(JSON.parse(missing.stdout).error.code, 'USAGE_ERROR');
    });
  },
  { env: { TSA_URL: tsa.url } },
);
