import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { readCompletionRecord } from '@countersign/verify';
import { describeOnEachDatabase } from '../../support/api-suite.js';
import { createEnvelope } from '../../support/envelopes.js';
import { pdfsig } from '../../unit/pdf/poppler.js';
import { startTestTsa } from '../../unit/pdf/tsa-server.js';
import { signBody, tokenFor, waitForCompletion } from './signing-helpers.js';

// The server's environment is fixed when the suite is declared, so the TSA runs for the whole file.
const tsa = await startTestTsa();
after(() => tsa.close());

describeOnEachDatabase(
  'envelope completion with TSA_URL (PAdES B-LTA)',
  (server) => {
    let token: string;

    before(async () => {
      token = (await server.newAccount()).accessToken;
    });

    it('seals B-LTA: the downloaded PDF has a valid seal and a document time-stamp over the whole file, and the public check accepts it', async () => {
      const envelope = await createEnvelope(server, token);
      for (const signer of envelope.recipients.signers) {
        const signingToken = await tokenFor(server, envelope.envelope_id, signer.recipient_id);
        const response = await server.call('POST', `/api/v2.0/signing/${signingToken}/sign`, { body: signBody() });
        assert.equal(response.status, 200, JSON.stringify(response.body));
      }
      assert.equal((await waitForCompletion(server, envelope.envelope_id)).status, 'Completed');
      const documentId = envelope.documents[0]!.document_id;
      const response = await fetch(`${server.url}/api/v2.0/envelopes/${envelope.envelope_id}/${documentId}/download`, {
        headers: { authorization: `Bearer ${token}`, app_auth_type: 'esign-oauth2', accept: 'application/pdf' },
      });
      assert.equal(response.status, 200);
      const sealed = new Uint8Array(await response.arrayBuffer());

      const report = await pdfsig(sealed);
      const [seal, timestamp] = report.split(/Signature #\d+:/).slice(1);
      assert.ok(seal && timestamp, report);
      assert.match(seal, /Signature Type: ETSI\.CAdES\.detached/);
      assert.match(seal, /Signature Validation: Signature is Valid\./);
      assert.match(timestamp, /Signer Certificate Common Name: Test TSA/);
      assert.match(timestamp, /- Total document signed/);
      assert.match(Buffer.from(sealed).toString('latin1'), /\/Type \/DSS/);
      assert.equal((await readCompletionRecord(sealed))?.envelope_id, envelope.envelope_id);

      const check = await server.call('POST', `/verify/${envelope.envelope_id}/check`, {
        noAppAuthType: true,
        rawBody: new Blob([Buffer.from(sealed)]),
        headers: { 'content-type': 'application/pdf' },
      });
      assert.equal(check.status, 200, JSON.stringify(check.body));
      assert.equal(check.body.data.match, true);
      assert.equal(check.body.data.seal.valid, true, JSON.stringify(check.body.data.seal.checks));
      const names = (check.body.data.seal.checks as { name: string }[]).map((c) => c.name);
      assert.ok(names.includes('time-stamp') && names.includes('later revisions') && names.includes('document time-stamp'), names.join());
    });
  },
  { env: { TSA_URL: tsa.url } },
);
