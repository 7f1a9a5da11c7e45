import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { before, it } from 'node:test';
import { describeOnEachDatabase } from '../../support/api-suite.js';
import { createEnvelope, envelopeRequest } from '../../support/envelopes.js';
import { sendRaw } from '../../support/fuzz-client.js';
import type { ApiResponse } from '../../support/test-server.js';
import { templateRequest } from '../templates/template-requests.js';

/** The contract's error body (docs/api/conventions.md), whatever refused the request. */
const assertContractError = (response: ApiResponse, status: number, code: string) => {
  assert.equal(response.status, status, JSON.stringify(response.body));
  assert.equal(typeof response.body.message, 'string');
  assert.deepEqual(Object.keys(response.body).sort(), ['errors', 'message']);
  assert.equal(response.body.errors[0].error_code, code);
  assert.equal(typeof response.body.errors[0].developer_message, 'string');
  assert.ok(response.body.errors[0].developer_message.length < 500, 'the message does not echo a hostile path');
  assert.ok(response.headers.get('x-request-id'));
};

/** A request written byte for byte: what fetch refuses to send (raw non-ASCII in the path, giant headers). */
const rawRequest = (url: string, head: Buffer): Promise<{ status: number; body: any }> =>
  new Promise((resolve, reject) => {
    const { hostname, port } = new URL(url);
    const socket = connect(Number(port), hostname, () => socket.write(head));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [headers = '', body = ''] = text.split('\r\n\r\n');
      const status = Number(headers.split(' ')[1]);
      try {
        resolve({ status, body: JSON.parse(body) });
      } catch {
        reject(new Error(`not JSON: ${text.slice(0, 300)}`));
      }
    });
  });

describeOnEachDatabase('contract: hostile requests answer the contract, never 500', (server) => {
  let token: string;
  let credentials: string;
  before(async () => {
    ({ accessToken: token, credentials } = await server.newAccount());
  });

  it('answers 414 URI_TOO_LONG in the contract shape for a 5,000-character id', async () => {
    const response = await server.call('POST', `/api/v2.0/envelopes/env_${'a'.repeat(5000)}/cancel`, { token, body: {} });
    assertContractError(response, 414, 'URI_TOO_LONG');
  });

  it('answers 400 MALFORMED_URL in the contract shape for a malformed %-encoding', async () => {
    assertContractError(await server.call('GET', '/api/v2.0/signing/%E0%A4%A', { token }), 400, 'MALFORMED_URL');
  });

  it('answers requests the HTTP parser refuses in the contract shape: 431 HEADERS_TOO_LARGE, 400 INVALID_REQUEST', async () => {
    const overflow = await rawRequest(
      server.url,
      Buffer.from(`GET /api/v2.0/account HTTP/1.1\r\nHost: x\r\nX-Padding: ${'x'.repeat(20_000)}\r\n\r\n`),
    );
    assert.equal(overflow.status, 431);
    assert.deepEqual(Object.keys(overflow.body).sort(), ['errors', 'message']);
    assert.equal(overflow.body.errors[0].error_code, 'HEADERS_TOO_LARGE');
    const rawBytes = await rawRequest(
      server.url,
      Buffer.concat([Buffer.from('GET /verify/'), Buffer.from([0xe9, 0xff, 0x01]), Buffer.from(' HTTP/1.1\r\nHost: x\r\n\r\n')]),
    );
    assert.equal(rawBytes.status, 400);
    assert.equal(rawBytes.body.errors[0].error_code, 'INVALID_REQUEST');
  });

  it('answers 404 ROUTE_NOT_FOUND, not 500, for a directory or an encoded ".." under the pages’ assets', async () => {
    // Sent as written: fetch would resolve `%2e%2e` itself (WHATWG URL) and ask for `/`, the console.
    for (const path of ['/app/assets/', '/app/..%2f..%2fpackage.json', '/app/assets/..%2f..%2f..%2fpackage.json', '/app/%2e%2e/']) {
      const response = await sendRaw(server.url, { method: 'GET', path, headers: {} }, 15_000);
      assert.equal(response.status, 404, `${path}: ${response.text.slice(0, 200)}`);
      assert.match(response.text, /"error_code":"ROUTE_NOT_FOUND"/);
    }
  });

  it('answers 415 UNSUPPORTED_MEDIA_TYPE for upload_file with a JSON body, empty or not', async () => {
    for (const path of ['/api/v2.0/envelopes/upload_file', '/api/v2.0/templates/upload_file']) {
      assertContractError(await server.call('POST', path, { token, body: { file: 'x' } }), 415, 'UNSUPPORTED_MEDIA_TYPE');
      assertContractError(await server.call('POST', path, { token, body: [] }), 415, 'UNSUPPORTED_MEDIA_TYPE');
      const empty = await server.call('POST', path, { token, rawBody: '', headers: { 'content-type': 'application/json' } });
      assertContractError(empty, 415, 'UNSUPPORTED_MEDIA_TYPE');
      assertContractError(await server.call('POST', path, { token }), 415, 'UNSUPPORTED_MEDIA_TYPE');
    }
  });

  it('answers 415 UNSUPPORTED_MEDIA_TYPE for a text/plain body, never 500', async () => {
    const { envelope_id } = await createEnvelope(server, token);
    for (const path of [`/api/v2.0/envelopes/${envelope_id}/upload_supporting_document`, `/api/v2.0/envelopes/${envelope_id}/cancel`]) {
      const response = await server.call('POST', path, { token, rawBody: '{"documents":[]}', headers: { 'content-type': 'text/plain' } });
      assertContractError(response, 415, 'UNSUPPORTED_MEDIA_TYPE');
    }
  });

  it('answers 400 INVALID_REQUEST for a NUL character in a JSON string, a path parameter or the query, on both databases', async () => {
    const { envelope_id } = await createEnvelope(server, token);
    const metadata = await server.call('POST', `/api/v2.0/envelopes/${envelope_id}/update_envelope_metadata`, {
      token,
      body: { name: 'a\u0000b' },
    });
    assertContractError(metadata, 400, 'INVALID_REQUEST');
    const escapedBackslash = await server.call('POST', `/api/v2.0/envelopes/${envelope_id}/cancel`, {
      token,
      rawBody: '{"cancel_reason":"C:\\\\u0000 is a path, not a NUL"}',
      headers: { 'content-type': 'application/json' },
    });
    assert.equal(escapedBackslash.status, 200, JSON.stringify(escapedBackslash.body));
    assertContractError(
      await server.call('POST', '/verify/%00/check', {
        rawBody: new Blob([new Uint8Array(8)]),
        headers: { 'content-type': 'application/pdf' },
      }),
      400,
      'INVALID_REQUEST',
    );
    assertContractError(await server.call('GET', '/api/v2.0/envelopes/list?status=%00', { token }), 400, 'INVALID_REQUEST');
  });

  it('answers 400 CANCEL_REASON_REQUIRED, not MALFORMED_JSON, for a cancel with an empty body or none', async () => {
    const { envelope_id } = await createEnvelope(server, token);
    const path = `/api/v2.0/envelopes/${envelope_id}/cancel`;
    const emptyJson = await server.call('POST', path, { token, rawBody: '', headers: { 'content-type': 'application/json' } });
    assertContractError(emptyJson, 400, 'CANCEL_REASON_REQUIRED');
    assertContractError(await server.call('POST', path, { token }), 400, 'CANCEL_REASON_REQUIRED');
    assertContractError(
      await server.call('POST', path, { token, rawBody: '{', headers: { 'content-type': 'application/json' } }),
      400,
      'MALFORMED_JSON',
    );
  });

  it('accepts an empty JSON body where every body field is optional (login by Authorization: Basic)', async () => {
    const response = await server.call('POST', '/api/v2.0/authorization/token', {
      rawBody: '',
      headers: { 'content-type': 'application/json', authorization: `Basic ${credentials}` },
    });
    assert.equal(response.status, 200, JSON.stringify(response.body));
  });

  it('answers 400 INVALID_REMINDER_PERIOD for reminder_period ≥ expiration_days, reminders on or off', async () => {
    for (const settings of [
      { email_reminders: true, expiration_days: 5, reminder_period: 5 },
      { email_reminders: false, expiration_days: 5, reminder_period: 9 },
      { expiration_days: 1, reminder_period: 1 },
    ]) {
      const response = await server.call('POST', '/api/v2.0/envelopes/create', {
        token,
        body: await envelopeRequest({ envelope: settings }),
      });
      assertContractError(response, 400, 'INVALID_REMINDER_PERIOD');
      assert.equal(response.body.errors[0].field, 'envelope.reminder_period');
    }
    const accepted = await server.call('POST', '/api/v2.0/envelopes/create', {
      token,
      body: await envelopeRequest({ envelope: { email_reminders: true, expiration_days: 5, reminder_period: 4 } }),
    });
    assert.equal(accepted.status, 201, JSON.stringify(accepted.body));
  });

  it('answers 400 INVALID_REMINDER_PERIOD for a template whose default reminder_period does not fit its expiration_days', async () => {
    const response = await server.call('POST', '/api/v2.0/templates/create', {
      token,
      body: await templateRequest({ expiration_days: 10, reminder_period: 10 }),
    });
    assertContractError(response, 400, 'INVALID_REMINDER_PERIOD');
  });

  it('marks login and refresh responses Cache-Control: no-store and Pragma: no-cache', async () => {
    const login = await server.call('POST', '/api/v2.0/authorization/token', { body: { credentials } });
    assert.equal(login.status, 200);
    assert.equal(login.headers.get('cache-control'), 'no-store');
    assert.equal(login.headers.get('pragma'), 'no-cache');
    const refresh = await server.call('POST', '/api/v2.0/authorization/refresh_token', {
      body: { access_token: login.body.data.access_token, refresh_token: login.body.data.refresh_token },
    });
    assert.equal(refresh.status, 200, JSON.stringify(refresh.body));
    assert.equal(refresh.headers.get('cache-control'), 'no-store');
    assert.equal(refresh.headers.get('pragma'), 'no-cache');
  });

  it('serves /docs with a Content-Security-Policy', async () => {
    for (const path of ['/docs', '/docs/']) {
      const response = await fetch(`${server.url}${path}`);
      assert.equal(response.status, 200);
      const policy = response.headers.get('content-security-policy') ?? '';
      assert.match(policy, /default-src 'self'/);
      assert.match(policy, /object-src 'none'/);
      assert.doesNotMatch(policy, /upgrade-insecure-requests/, 'a plain-HTTP installation must still load its assets');
    }
  });
});
