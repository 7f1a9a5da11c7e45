import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { describeOnEachDatabase } from '../../support/api-suite.js';
import { createEnvelope } from '../../support/envelopes.js';

describeOnEachDatabase('upload bodies that cannot be framed', (server) => {
  let token: string;
  before(async () => {
    ({ accessToken: token } = await server.newAccount());
  });

  const upload = (path: string, contentType: string, rawBody: string) =>
    server.call('POST', path, { token, headers: { 'content-type': contentType }, rawBody });

  for (const path of ['/api/v2.0/envelopes/upload_file', '/api/v2.0/templates/upload_file']) {
    it(`answers 400 MALFORMED_MULTIPART on ${path} when the boundary is missing`, async () => {
      const response = await upload(path, 'multipart/form-data', '--x\r\nContent-Disposition: form-data; name="file"\r\n\r\nQ\r\n--x--');
      assert.equal(response.status, 400, JSON.stringify(response.body));
      assert.equal(response.body.errors[0].error_code, 'MALFORMED_MULTIPART');
    });

    it(`answers 400 MALFORMED_MULTIPART on ${path} when the body does not match its boundary`, async () => {
      const response = await upload(path, `multipart/form-data; boundary=${'-'.repeat(70)}`, 'Q®');
      assert.equal(response.status, 400, JSON.stringify(response.body));
      assert.equal(response.body.errors[0].error_code, 'MALFORMED_MULTIPART');
    });
  }

  it('answers 415 UNSUPPORTED_MEDIA_TYPE on upload_supporting_document sent with neither a body nor a Content-Type', async () => {
    const { envelope_id } = await createEnvelope(server, token);
    const response = await server.call('POST', `/api/v2.0/envelopes/${envelope_id}/upload_supporting_document`, { token });
    assert.equal(response.status, 415, JSON.stringify(response.body));
    assert.equal(response.body.errors[0].error_code, 'UNSUPPORTED_MEDIA_TYPE');
  });
});
