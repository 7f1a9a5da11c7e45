import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { before, it } from 'node:test';
import { describeOnEachDatabase } from '../../support/api-suite.js';
import { envelopeRequest, pdfBase64 } from '../../support/envelopes.js';
import { assertError, type ApiResponse } from '../../support/test-server.js';

const codesOf = (response: ApiResponse): string[] => response.body.errors.map((e: { error_code: string }) => e.error_code).sort();

const twin = (email: string) => ({
  name: 'Ada Lovelace',
  email,
  fields: [{ type: 'signature', page: 1, x: 72, y: 600, width: 160, height: 40 }],
});

/** Every blob file under the fs store (the suites run with the default DOCUMENT_STORE=fs). */
const blobFiles = (dataDir: string): string[] => {
  try {
    return readdirSync(join(dataDir, 'blobs'), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
};

describeOnEachDatabase(
  'contract: every validation problem of a create request in one answer (docs/api/conventions.md)',
  (server) => {
    let token: string;
    before(async () => {
      ({ accessToken: token } = await server.newAccount());
    });

    it('answers schema, settings and recipient problems of POST /envelopes/create together', async () => {
      const body = await envelopeRequest({
        envelope: { email_reminders: true, expiration_days: 5, reminder_period: 7 },
        signers: [twin('ada@example.test'), twin('ADA@example.test')],
      });
      const response = await server.call('POST', '/api/v2.0/envelopes/create', {
        token,
        body: { ...body, documents: [{ name: 'agreement.pdf' }] },
      });
      assert.equal(response.status, 400, JSON.stringify(response.body));
      assert.deepEqual(codesOf(response), ['DOCUMENT_CONTENT_REQUIRED', 'DUPLICATE_SIGNER', 'INVALID_REMINDER_PERIOD']);
      assert.equal(response.body.message, 'The request is invalid.');
    });

    it('answers settings and recipient problems together when the schema passes', async () => {
      const response = await server.call('POST', '/api/v2.0/envelopes/create', {
        token,
        body: await envelopeRequest({
          envelope: { expiration_days: 10, expiration_day: 12 },
          signers: [twin('grace@example.test'), twin('grace@example.test')],
        }),
      });
      assert.equal(response.status, 400, JSON.stringify(response.body));
      assert.deepEqual(codesOf(response), ['CONFLICTING_EXPIRATION_DAYS', 'DUPLICATE_SIGNER']);
    });

    it('still checks the settings when the recipients fail their schema, and the recipients when the envelope does', async () => {
      const badRecipients = await server.call('POST', '/api/v2.0/envelopes/create', {
        token,
        body: await envelopeRequest({
          envelope: { expiration_days: 10, expiration_day: 12 },
          signers: [{ name: 'No Email', email: 'not-an-e-mail' }],
        }),
      });
      assert.equal(badRecipients.status, 400);
      assert.deepEqual(codesOf(badRecipients), ['CONFLICTING_EXPIRATION_DAYS', 'INVALID_FIELD']);

      const badEnvelope = await server.call('POST', '/api/v2.0/envelopes/create', {
        token,
        body: await envelopeRequest({
          envelope: { name: '', colour: 'blue' },
          signers: [{ ...twin('a@example.test'), country_code: 33 } as ReturnType<typeof twin>],
        }),
      });
      assert.equal(badEnvelope.status, 400);
      assert.deepEqual(codesOf(badEnvelope), ['ENVELOPE_NAME_REQUIRED', 'PHONE_INCOMPLETE', 'UNKNOWN_FIELD']);
    });

    it('answers schema and recipient problems of create_with_files and create_with_template together', async () => {
      const withFiles = await server.call('POST', '/api/v2.0/envelopes/create_with_files', {
        token,
        body: {
          envelope: { name: 'Files' },
          file_ids: [],
          recipients: { signers: [twin('x@example.test'), twin('x@example.test')] },
        },
      });
      assert.equal(withFiles.status, 400, JSON.stringify(withFiles.body));
      assert.ok(codesOf(withFiles).includes('DUPLICATE_SIGNER'), JSON.stringify(withFiles.body));
      assert.ok(codesOf(withFiles).length >= 2, 'the file_ids problem is listed too');

      const withTemplate = await server.call('POST', '/api/v2.0/envelopes/create_with_template', {
        token,
        body: {
          envelope: { name: 'From template' },
          recipients: {
            signers: [
              { signer_title: 'Client', name: 'Ada', email: 'y@example.test' },
              { signer_title: 'Provider', name: 'Ada', email: 'y@example.test', country_code: 1 },
            ],
          },
        },
      });
      assert.equal(withTemplate.status, 400, JSON.stringify(withTemplate.body));
      assert.deepEqual(codesOf(withTemplate), ['DUPLICATE_SIGNER', 'PHONE_INCOMPLETE', 'TEMPLATE_ID_REQUIRED']);
    });

    it('answers a body that is not an object at all with its schema problem alone', async () => {
      const response = await server.call('POST', '/api/v2.0/envelopes/create', { token, body: ['not', 'an', 'object'] });
      assert.equal(response.status, 400);
      assert.equal(response.body.errors[0].error_code, 'INVALID_FIELD');
    });

    it('writes no document bytes for a request that fails validation or the quota', async () => {
      const before = blobFiles(server.dataDir).length;
      const invalid = await server.call('POST', '/api/v2.0/envelopes/create', {
        token,
        body: await envelopeRequest({ signers: [twin('z@example.test'), twin('z@example.test')] }),
      });
      assertError(invalid, 400, 'DUPLICATE_SIGNER');
      const { accessToken: freeToken } = await server.newAccount('free');
      const body = { ...(await envelopeRequest()), documents: [{ name: 'fresh.pdf', content_base64: await pdfBase64(2, 'quota probe') }] };
      assert.equal((await server.call('POST', '/api/v2.0/envelopes/create', { token: freeToken, body })).status, 201);
      const afterFirst = blobFiles(server.dataDir).length;
      const unique = { ...body, documents: [{ name: 'other.pdf', content_base64: await pdfBase64(2, 'over quota') }] };
      const overQuota = await server.call('POST', '/api/v2.0/envelopes/create', { token: freeToken, body: unique });
      assert.equal(overQuota.status, 403, JSON.stringify(overQuota.body));
      assert.equal(overQuota.body.errors[0].error_code, 'ENVELOPE_QUOTA_EXCEEDED');
      assert.equal(blobFiles(server.dataDir).length, afterFirst, 'no bytes written past the quota');
      assert.ok(afterFirst > before);
    });
  },
  { env: { PLAN_QUOTAS: 'free=1' } },
);
