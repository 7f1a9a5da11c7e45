import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { redactHeaders, redactUrl } from '../../../src/infra/log-redaction.js';
import { createLogger } from '../../../src/infra/logger.js';

const SIGNING = 'cs_st_R3kQ9vX2mN7pL4wT8yB1cD6fH0jK5sA3gE9iU2oZ7qM';
const BUILDER = 'cs_bt_Y8nB3vC6xZ1aS4dF7gH0jK2lQ5wE9rT3yU6iO8pA1sD';
/** A credential the service did not mint (or a future one): only the route says what it is. */
const OPAQUE = 'a1b2c3d4e5f6';

describe('redactUrl', () => {
  it('redacts the path parameter of the matched route whose name marks a credential, and keeps the others', () => {
    const cases: [pattern: string, url: string, logged: string][] = [
      ['/sign/:token', `/sign/${OPAQUE}?embed=1`, '/sign/[redacted]?embed=1'],
      [
        '/api/v2.0/signing/:signingCode/documents/:documentId',
        `/api/v2.0/signing/${OPAQUE}/documents/doc_1`,
        '/api/v2.0/signing/[redacted]/documents/doc_1',
      ],
      ['/console/login/:token', `/console/login/${OPAQUE}`, '/console/login/[redacted]'],
      ['/embed/template/:token', `/embed/template/${OPAQUE}`, '/embed/template/[redacted]'],
      ['/embed/compose/:token', `/embed/compose/${OPAQUE}`, '/embed/compose/[redacted]'],
      ['/api/v2.0/builder/:builderCode/send', `/api/v2.0/builder/${OPAQUE}/send`, '/api/v2.0/builder/[redacted]/send'],
      ['/setup/:token', `/setup/${OPAQUE}`, '/setup/[redacted]'],
      ['/reset-password/:resetToken', `/reset-password/${OPAQUE}`, '/reset-password/[redacted]'],
      ['/api/v2.0/envelopes/:envelopeId/details', '/api/v2.0/envelopes/env_abc/details', '/api/v2.0/envelopes/env_abc/details'],
      ['/app/*', '/app/assets/index.js', '/app/assets/index.js'],
    ];
    for (const [pattern, url, logged] of cases) assert.equal(redactUrl(url, pattern), logged, pattern);
  });

  it('redacts secret-shaped segments of a URL no route matched, even %-encoded, and keeps the rest', () => {
    assert.equal(redactUrl(`/embed/template/${BUILDER}/extra`), '/embed/template/[redacted]/extra');
    assert.equal(redactUrl(`/api/v2.0/signing/${SIGNING}/nope`), '/api/v2.0/signing/[redacted]/nope');
    assert.equal(redactUrl(`/x/${BUILDER.replace('_', '%5F')}`), '/x/[redacted]');
    assert.equal(redactUrl(`/x/prefix-${SIGNING}`), '/x/[redacted]');
    assert.equal(redactUrl('/api/v2.0/envelopes/env_abc/nope'), '/api/v2.0/envelopes/env_abc/nope');
    assert.equal(redactUrl('/%zz/cs%5'), '/%zz/cs%5');
  });

  it('redacts credential query parameters and secret-shaped query values, keeping the others in place', () => {
    const cases: [url: string, logged: string][] = [
      [`/setup?token=${OPAQUE}&step=1`, '/setup?token=[redacted]&step=1'],
      [`/x?access_token=${OPAQUE}&refresh_token=${OPAQUE}`, '/x?access_token=[redacted]&refresh_token=[redacted]'],
      [
        `/x?code=${OPAQUE}&reset_token=${OPAQUE}&client_secret=${OPAQUE}`,
        '/x?code=[redacted]&reset_token=[redacted]&client_secret=[redacted]',
      ],
      [`/x?Session%5FToken=${OPAQUE}`, '/x?Session%5FToken=[redacted]'],
      [`/x?next=%2Fsign%2F${SIGNING}`, '/x?next=[redacted]'],
      [`/x?${SIGNING}`, '/x?[redacted]'],
      [`/x?${SIGNING}=1`, '/x?[redacted]=[redacted]'],
      ['/x?token=%zz', '/x?token=[redacted]'],
      ['/api/v2.0/envelopes/list?page=2&sort=asc&embed', '/api/v2.0/envelopes/list?page=2&sort=asc&embed'],
    ];
    for (const [url, logged] of cases) assert.equal(redactUrl(url), logged, url);
  });
});

describe('redactHeaders', () => {
  it('censors credential headers whole, cuts secret-shaped values out of the others, and keeps the rest', () => {
    assert.deepEqual(
      redactHeaders({
        authorization: `Bearer ${OPAQUE}`,
        'proxy-authorization': OPAQUE,
        cookie: `countersign_session=${OPAQUE}`,
        'countersign-signing-session': OPAQUE,
        'x-setup-token': OPAQUE,
        'x-api-key': OPAQUE,
        referer: `https://app.example/sign/${SIGNING}?embed=1`,
        'x-forwarded-for': ['203.0.113.9', BUILDER],
        'user-agent': 'Mozilla/5.0',
        'accept-encoding': 'gzip',
        'content-length': '12',
        app_auth_type: 'esign-oauth2',
      }),
      {
        authorization: '[redacted]',
        'proxy-authorization': '[redacted]',
        cookie: '[redacted]',
        'countersign-signing-session': '[redacted]',
        'x-setup-token': '[redacted]',
        'x-api-key': '[redacted]',
        referer: 'https://app.example/sign/[redacted]?embed=1',
        'x-forwarded-for': ['203.0.113.9', '[redacted]'],
        'user-agent': 'Mozilla/5.0',
        'accept-encoding': 'gzip',
        'content-length': '12',
        app_auth_type: 'esign-oauth2',
      },
    );
  });
});

describe('createLogger', () => {
  it("logs a request's method, address, URL redacted by its matched route, and a few headers redacted, never a credential header", () => {
    const lines: string[] = [];
    const logger = createLogger('info', { write: (line: string) => lines.push(line) });
    const request = {
      method: 'GET',
      url: `/embed/compose/${OPAQUE}`,
      ip: '192.0.2.1',
      headers: {
        authorization: `Bearer ${OPAQUE}`,
        cookie: `countersign_session=${OPAQUE}`,
        'user-agent': 'curl/8',
        referer: `https://app.example/x?t=cs_st_${OPAQUE}`,
      },
      routeOptions: { url: '/embed/compose/:token' },
    };
    logger.info({ req: request }, 'incoming request');
    assert.equal(lines.length, 1);
    assert.ok(!lines[0]!.includes(OPAQUE), lines[0]);
    assert.deepEqual(JSON.parse(lines[0]!).req, {
      method: 'GET',
      url: '/embed/compose/[redacted]',
      remoteAddress: '192.0.2.1',
      headers: { 'user-agent': 'curl/8', referer: 'https://app.example/x?t=[redacted]' },
    });
  });
});
