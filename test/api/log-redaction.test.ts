import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import type { ParsedMail } from 'mailparser';
import { describeOnEachDatabase } from '../support/api-suite.js';
import { envelopeRequest } from '../support/envelopes.js';
import { linksIn } from '../support/smtp-sink.js';
import { createTemplate } from './templates/template-requests.js';

const CONSOLE = { 'x-requested-with': 'countersign-console' };
const ACCESS_CODE = 'blue-harbour-42';
const SIGNATURE_FIELD = { type: 'signature', page: 1, x: 72, y: 600, width: 160, height: 40 };

interface LogLine {
  msg: string;
  reqId?: string;
  req?: { method: string; url: string; remoteAddress?: string; headers: Record<string, string> };
  res?: { statusCode: number };
  responseTime?: number;
}

const addressOf = (mail: ParsedMail) => (Array.isArray(mail.to) ? mail.to[0] : mail.to)?.text;
const lastSegment = (url: string) => new URL(url).pathname.split('/').pop()!;

describeOnEachDatabase(
  'Secrets never appear in the logs (docs/operations/scaling.md)',
  (server, sink) => {
    /** Every credential the run used, by kind: none may appear in the log. */
    const secrets: Record<string, string> = {};
    let documentId: string;
    let publicUrl: string;
    let lines: LogLine[];

    const expectOk = (response: { status: number; body: unknown }, status = 200) =>
      assert.equal(response.status, status, JSON.stringify(response.body));
    // A page answers 503 WEB_NOT_BUILT until `npm run build:web`; it is requested, and logged, all the same.
    const page = (path: string, headers: Record<string, string> = {}) =>
      fetch(`${server.url}${path}`, { redirect: 'manual', headers }).then(async (response) => {
        await response.arrayBuffer();
        return response;
      });
    const used = (kind: string, secret: string): string => {
      secrets[kind] = secret;
      return secret;
    };
    const publicCall = (method: string, path: string, options: { body?: unknown; headers?: Record<string, string> } = {}) =>
      server.call(method, path, { noAppAuthType: true, ...options });

    before(async () => {
      const account = await server.newAccount('enterprise');
      used('accessToken', account.accessToken);
      used('refreshToken', account.refreshToken);
      used('credentials', account.credentials);
      const clientSecret = used('clientSecret', account.client_secret);
      const refreshed = await server.call('POST', '/api/v2.0/authorization/refresh_token', {
        body: { access_token: account.accessToken, refresh_token: account.refreshToken },
      });
      expectOk(refreshed);
      const token = used('refreshedAccessToken', refreshed.body.data.access_token);
      const refreshToken = used('refreshedRefreshToken', refreshed.body.data.refresh_token);

      // Signing links from the invitations: Ada proves who she is with an access code, Grace signs embedded.
      const body = await envelopeRequest({
        signers: [
          {
            name: 'Ada Lovelace',
            email: 'ada@example.test',
            fields: [SIGNATURE_FIELD],
            authentication: { method: 'access_code', access_code: ACCESS_CODE },
          },
          { name: 'Grace Hopper', email: 'grace@example.test', fields: [SIGNATURE_FIELD] },
        ],
      });
      const created = await server.call('POST', '/api/v2.0/envelopes/create', { token, body });
      expectOk(created, 201);
      const envelopeId: string = created.body.data.envelope_id;
      documentId = created.body.data.documents[0].document_id;
      const invitation = await sink.waitFor((mail) => addressOf(mail) === 'ada@example.test');
      const signingLink = linksIn(invitation).find((url) => url.includes('/sign/'));
      assert.ok(signingLink, 'the invitation carries a signing link');
      const signingToken = used('signingToken', lastSegment(signingLink));
      await page(`/sign/${signingToken}`);
      const authenticated = await publicCall('POST', `/api/v2.0/signing/${signingToken}/authenticate`, {
        body: { code: ACCESS_CODE },
      });
      expectOk(authenticated);
      const session = { 'countersign-signing-session': used('signingSession', authenticated.body.data.signing_session) };
      expectOk(await publicCall('GET', `/api/v2.0/signing/${signingToken}`, { headers: session }));
      expectOk(await publicCall('GET', `/api/v2.0/signing/${signingToken}/documents/${documentId}`, { headers: session }));

      const embedded = await server.call('GET', `/api/v2.0/envelopes/${envelopeId}/generate_embedded_url/grace%40example.test`, { token });
      expectOk(embedded);
      const embeddedUrl = new URL(embedded.body.data.url);
      publicUrl = embeddedUrl.origin;
      const embeddedToken = used('embeddedToken', lastSegment(embeddedUrl.href));
      await page(`${embeddedUrl.pathname}${embeddedUrl.search}`, { referer: `https://app.example/orders?signing=${embeddedUrl.href}` });
      expectOk(await publicCall('GET', `/api/v2.0/signing/${embeddedToken}`));

      // Builder URLs: the template editor and the composer, each page, its first API call (which spends
      // the URL token) and a call with the session token it returned.
      const { template_id } = await createTemplate(server, token);
      const editUrl = await server.call('POST', `/api/v2.0/templates/${template_id}/generate_edit_url`, { token });
      expectOk(editUrl, 201);
      const draft = await envelopeRequest();
      const composeBody = {
        ...draft,
        recipients: { ...draft.recipients, signers: draft.recipients.signers.map(({ fields: _fields, ...signer }) => signer) },
      };
      const senderUrl = await server.call('POST', '/api/v2.0/envelopes/generate_sender_url', { token, body: composeBody });
      expectOk(senderUrl, 201);
      let builderSession = '';
      for (const { kind, url } of [
        { kind: 'template', url: editUrl.body.data.url as string },
        { kind: 'compose', url: senderUrl.body.data.url as string },
      ]) {
        const urlToken = used(`${kind}BuilderToken`, lastSegment(url));
        await page(`/embed/${kind}/${urlToken}`);
        const opened = await publicCall('GET', `/api/v2.0/builder/${urlToken}`);
        expectOk(opened);
        builderSession = used(`${kind}BuilderSession`, opened.body.data.session_token);
        expectOk(await publicCall('GET', `/api/v2.0/builder/${builderSession}`));
      }

      // A console sign-in link from an invitation, the session cookie it sets, and the console token.
      const invited = await server.call('POST', '/api/v2.0/account/users', {
        token,
        body: { email: 'ops@people.test', name: 'Ops', role: 'admin' },
      });
      expectOk(invited, 201);
      const signInMail = await sink.waitFor((mail) => addressOf(mail) === 'ops@people.test');
      const signInLink = linksIn(signInMail).find((url) => url.includes('/console/login/'));
      assert.ok(signInLink, 'the invitation carries a sign-in link');
      const signedIn = await page(`/console/login/${used('signInToken', lastSegment(signInLink))}`);
      assert.equal(signedIn.status, 303);
      const cookie = (signedIn.headers.get('set-cookie') ?? '').split(';')[0]!;
      used('sessionCookie', cookie.slice(cookie.indexOf('=') + 1));
      const consoleToken = await publicCall('POST', '/api/v2.0/console/token', { headers: { ...CONSOLE, cookie } });
      expectOk(consoleToken);
      expectOk(await server.call('GET', '/api/v2.0/account', { token: used('consoleToken', consoleToken.body.data.access_token) }));

      // URLs no route matches, credentials in query strings, and a custom header.
      await publicCall('GET', `/api/v2.0/signing/${signingToken}/no-such-operation`);
      await page(`/embed/template/${builderSession}/extra`);
      await page(`/setup?token=${refreshToken}&step=1`);
      await server.call('GET', `/api/v2.0/account?access_token=${account.accessToken}`, {
        token,
        headers: { 'x-partner-token': clientSecret },
      });

      await server.service.worker.drain();
      lines = server
        .loggedText()
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as LogLine);
    });

    it('logs no access, refresh, signing, embedded, builder or sign-in token, session or secret that the run used', () => {
      assert.ok(Object.keys(secrets).length >= 15, Object.keys(secrets).join());
      const text = server.loggedText();
      for (const [kind, secret] of Object.entries(secrets)) {
        assert.ok(secret && secret.length >= 20, `${kind} was used`);
        const leaked = text.split('\n').find((line) => line.includes(secret));
        assert.equal(leaked, undefined, `the ${kind} is in the log`);
      }
    });

    it('logs each token-bearing URL with the token replaced by [redacted], and no credential header at all', () => {
      const requests = lines.filter((line) => line.msg === 'incoming request').map((line) => line.req!);
      const urls = new Set(requests.map((request) => request.url));
      for (const url of [
        '/sign/[redacted]',
        '/sign/[redacted]?embed=1',
        '/api/v2.0/signing/[redacted]/authenticate',
        '/api/v2.0/signing/[redacted]',
        `/api/v2.0/signing/[redacted]/documents/${documentId}`,
        '/embed/template/[redacted]',
        '/embed/compose/[redacted]',
        '/api/v2.0/builder/[redacted]',
        '/console/login/[redacted]',
        '/api/v2.0/signing/[redacted]/no-such-operation',
        '/embed/template/[redacted]/extra',
        '/setup?token=[redacted]&step=1',
        '/api/v2.0/account?access_token=[redacted]',
      ]) {
        assert.ok(urls.has(url), `${url} is not among the logged URLs: ${[...urls].join(', ')}`);
      }
      const headers = requests.map((request) => request.headers);
      const valuesOf = (name: string) => new Set(headers.filter((h) => name in h).map((h) => h[name]));
      for (const credential of ['authorization', 'cookie', 'countersign-signing-session', 'x-partner-token'])
        assert.deepEqual(valuesOf(credential), new Set(), `${credential} is logged`);
      assert.ok(
        valuesOf('referer').has(`https://app.example/orders?signing=${publicUrl}/sign/[redacted]?embed=1`),
        [...valuesOf('referer')].join(),
      );
    });

    it('keeps each request useful: method, URL, address and headers coming in; status, response time and request id going out', () => {
      const incoming = lines.filter((line) => line.msg === 'incoming request');
      const completed = lines.filter((line) => line.msg === 'request completed');
      assert.ok(incoming.length >= 25, `${incoming.length} requests logged`);
      const builderCall = incoming.find((line) => line.req!.url === '/api/v2.0/builder/[redacted]')!;
      assert.equal(builderCall.req!.method, 'GET');
      assert.equal(builderCall.req!.remoteAddress, '127.0.0.1');
      assert.match(builderCall.req!.headers['user-agent']!, /node/i);
      const answer = completed.find((line) => line.reqId === builderCall.reqId);
      assert.ok(answer, 'the answer is logged under the same request id');
      assert.equal(answer.res!.statusCode, 200);
      assert.equal(typeof answer.responseTime, 'number');
    });
  },
  { smtpSink: true, captureLog: true },
);
