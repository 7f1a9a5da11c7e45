import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, it } from 'node:test';
import { formatTimestamp } from '../../../src/domain/date-format.js';
import { readLedger } from '../../../src/app/ledger/append-ledger-entry.js';
import { codeIn, startSmsReceiver } from '../../support/sms-receiver.js';
import { describeOnEachDatabase } from '../../support/api-suite.js';
import { envelopeRequest } from '../../support/envelopes.js';
import type { TestServer } from '../../support/test-server.js';
import { certificateText, signBody, tokenFor, waitForCompletion } from './signing-helpers.js';

// Started before the suites are declared: their servers' SMS_URL must name its port.
const twilio = await startSmsReceiver();
const hook = await startSmsReceiver();
after(() => {
  twilio.server.close();
  hook.server.close();
});

const SIGNATURE_FIELD = { type: 'signature', page: 1, x: 72, y: 600, width: 160, height: 40 };
const ACCESS_CODE = 'blue-harbour-42';

type Authentication = Record<string, unknown>;

const signerWith = (authentication: Authentication | undefined, extra: Record<string, unknown> = {}) => ({
  name: 'Ada Lovelace',
  email: 'ada@example.test',
  fields: [SIGNATURE_FIELD],
  ...(authentication ? { authentication } : {}),
  ...extra,
});

const SMS_SIGNER = { country_code: 49, phone_number: '0151 2345 6789' };

const setUp = (server: TestServer) => {
  let token: string;
  let issuedAt = 0;
  // Tests move the clock by hours: an access token lives one, so a stale one is replaced.
  const freshToken = async () => {
    if (!token || server.clock.now().getTime() - issuedAt > 30 * 60_000) {
      issuedAt = server.clock.now().getTime();
      token = (await server.newAccount('enterprise')).accessToken;
    }
    return token;
  };
  const create = async (signer: Record<string, unknown>, observers: unknown[] = []) => {
    const body = await envelopeRequest({ signers: [signer as never] });
    body.recipients.observers = observers as never;
    return server.call('POST', '/api/v2.0/envelopes/create', { token: await freshToken(), body });
  };
  const newSigner = async (authentication: Authentication | undefined, extra: Record<string, unknown> = {}) => {
    const created = await create(signerWith(authentication, extra));
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const envelopeId: string = created.body.data.envelope_id;
    const recipientId: string = created.body.data.recipients.signers[0].recipient_id;
    const signingToken = await tokenFor(server, envelopeId, recipientId);
    return { envelopeId, recipientId, signingToken, documentId: created.body.data.documents[0].document_id as string };
  };
  const authenticate = (signingToken: string, code: string) =>
    server.call('POST', `/api/v2.0/signing/${signingToken}/authenticate`, { body: { code }, noAppAuthType: true });
  const sendCode = (signingToken: string) => server.call('POST', `/api/v2.0/signing/${signingToken}/send_code`, { noAppAuthType: true });
  const withSession = (session: string) => ({ headers: { 'countersign-signing-session': session } });
  return {
    token: freshToken,
    create,
    newSigner,
    authenticate,
    sendCode,
    withSession,
  };
};

const errorCode = (response: { body: { errors?: { error_code: string }[] } }) => response.body.errors?.[0]?.error_code;

const codeOf = (text: string): string => {
  const code = codeIn(text);
  assert.ok(code, `no 6-digit code in ${text}`);
  return code;
};

describeOnEachDatabase('recipient authentication', (server) => {
  const t = setUp(server);

  it('answers 401 RECIPIENT_AUTH_REQUIRED with the method on view, document, sign, decline and attachment upload before authenticating', async () => {
    const { signingToken, documentId } = await t.newSigner({ method: 'access_code', access_code: ACCESS_CODE });
    const calls = [
      await server.call('GET', `/api/v2.0/signing/${signingToken}`),
      await server.call('GET', `/api/v2.0/signing/${signingToken}/documents/${documentId}`),
      await server.call('POST', `/api/v2.0/signing/${signingToken}/sign`, { body: signBody() }),
      await server.call('POST', `/api/v2.0/signing/${signingToken}/decline`, { body: { reason: 'no' } }),
      await server.call('POST', `/api/v2.0/signing/${signingToken}/attachments`, {
        rawBody: new Blob(['x']),
        headers: { 'content-type': 'multipart/form-data; boundary=b' },
      }),
    ];
    for (const response of calls) {
      assert.equal(response.status, 401);
      assert.equal(errorCode(response), 'RECIPIENT_AUTH_REQUIRED');
      assert.equal(response.headers.get('content-language'), 'en', "the refusal names the signer's language");
      assert.match(response.body.errors[0].developer_message, /access_code/);
    }
  });

  it('opens a signing session with the access code; with its header the signer views, downloads and signs', async () => {
    const { envelopeId, signingToken, documentId } = await t.newSigner({ method: 'access_code', access_code: ACCESS_CODE });
    const opened = await t.authenticate(signingToken, ACCESS_CODE);
    assert.equal(opened.status, 200, JSON.stringify(opened.body));
    const { signing_session: session, expires_at: expiresAt } = opened.body.data;
    assert.match(session, /^cs_ss_/);
    assert.equal(new Date(expiresAt).getTime() - server.clock.now().getTime(), 3600_000);
    const page = await server.call('GET', `/api/v2.0/signing/${signingToken}`, t.withSession(session));
    assert.equal(page.status, 200);
    const pdf = await server.call('GET', `/api/v2.0/signing/${signingToken}/documents/${documentId}`, t.withSession(session));
    assert.equal(pdf.status, 200);
    const signed = await server.call('POST', `/api/v2.0/signing/${signingToken}/sign`, { body: signBody(), ...t.withSession(session) });
    assert.equal(signed.status, 200, JSON.stringify(signed.body));
    const entries = await readLedger(server.service.ctx.db, envelopeId);
    const authenticated = entries.filter((e) => e.activity_type === 'RECIPIENT_AUTHENTICATED');
    assert.equal(authenticated.length, 1);
    assert.match(authenticated[0]!.description, /access code/);
    assert.equal(authenticated[0]!.actor.email, 'ada@example.test');
  });

  it('refuses a session of another signer and a made-up session', async () => {
    const first = await t.newSigner({ method: 'access_code', access_code: ACCESS_CODE });
    const second = await t.newSigner({ method: 'access_code', access_code: 'another-code' });
    const session = (await t.authenticate(first.signingToken, ACCESS_CODE)).body.data.signing_session;
    for (const header of [session, 'cs_ss_made_up']) {
      const response = await server.call('GET', `/api/v2.0/signing/${second.signingToken}`, t.withSession(header));
      assert.equal(response.status, 401);
      assert.equal(errorCode(response), 'RECIPIENT_AUTH_REQUIRED');
    }
  });

  it('stores the access code hashed and shows only the method in the envelope details', async () => {
    const { envelopeId, recipientId } = await t.newSigner({ method: 'access_code', access_code: ACCESS_CODE });
    const row = await server.service.ctx.db
      .selectFrom('recipient_authentications')
      .selectAll()
      .where('recipient_id', '=', recipientId)
      .executeTakeFirstOrThrow();
    assert.match(row.access_code_hash!, /^scrypt1\$/);
    assert.ok(!row.access_code_hash!.includes(ACCESS_CODE));
    const details = await server.call('GET', `/api/v2.0/envelopes/${envelopeId}/details`, { token: await t.token() });
    assert.deepEqual(details.body.data.recipients.signers[0].authentication, { method: 'access_code' });
    assert.ok(!JSON.stringify(details.body).includes(ACCESS_CODE));
  });

  it('leaves signers without authentication as they were (no header needed, authentication null in the details)', async () => {
    const { envelopeId, signingToken } = await t.newSigner(undefined);
    assert.equal((await server.call('GET', `/api/v2.0/signing/${signingToken}`)).status, 200);
    const details = await server.call('GET', `/api/v2.0/envelopes/${envelopeId}/details`, { token: await t.token() });
    assert.equal(details.body.data.recipients.signers[0].authentication, null);
    const authenticate = await t.authenticate(signingToken, '1234');
    assert.equal(authenticate.status, 409);
    assert.equal(errorCode(authenticate), 'AUTHENTICATION_NOT_REQUIRED');
  });

  it('answers 400 PHONE_NUMBER_REQUIRED for sms without a phone number, and AUTHENTICATION_NOT_FOR_OBSERVERS for an observer', async () => {
    const sms = await t.create(signerWith({ method: 'sms' }));
    assert.equal(sms.status, 400);
    assert.ok(sms.body.errors.some((e: { error_code: string }) => e.error_code === 'PHONE_NUMBER_REQUIRED'));
    const observer = await t.create(signerWith(undefined), [
      { name: 'Alan Turing', email: 'alan@example.test', authentication: { method: 'access_code', access_code: '1234' } },
    ]);
    assert.equal(observer.status, 400);
    assert.equal(errorCode(observer), 'AUTHENTICATION_NOT_FOR_OBSERVERS');
    assert.equal(observer.body.errors[0].field, 'recipients.observers[0].authentication');
    const short = await t.create(signerWith({ method: 'access_code', access_code: 'abc' }));
    assert.equal(short.status, 400);
    assert.equal(short.body.errors[0].field, 'recipients.signers[0].authentication.access_code');
    const missing = await t.create(signerWith({ method: 'access_code' }));
    assert.equal(missing.status, 400);
    assert.equal(missing.body.errors[0].field, 'recipients.signers[0].authentication.access_code');
  });

  it('answers 401 INVALID_CODE with the attempts left for a wrong code', async () => {
    const { signingToken } = await t.newSigner({ method: 'access_code', access_code: ACCESS_CODE });
    const wrong = await t.authenticate(signingToken, 'wrong-code');
    assert.equal(wrong.status, 401);
    assert.equal(errorCode(wrong), 'INVALID_CODE');
    assert.match(wrong.body.errors[0].developer_message, /4 attempts left/);
  });

  it('locks the signer for 15 minutes after 5 wrong codes (423 RECIPIENT_LOCKED with Retry-After, even for the right code), then unlocks', async () => {
    const { envelopeId, signingToken } = await t.newSigner({ method: 'access_code', access_code: ACCESS_CODE });
    for (let i = 0; i < 5; i++) assert.equal(errorCode(await t.authenticate(signingToken, `wrong-${i}`)), 'INVALID_CODE');
    const locked = await t.authenticate(signingToken, ACCESS_CODE);
    assert.equal(locked.status, 423);
    assert.equal(errorCode(locked), 'RECIPIENT_LOCKED');
    assert.equal(locked.headers.get('retry-after'), String(15 * 60));
    const entries = await readLedger(server.service.ctx.db, envelopeId);
    assert.equal(entries.filter((e) => e.activity_type === 'RECIPIENT_AUTHENTICATION_FAILED').length, 5);
    assert.equal(entries.filter((e) => e.activity_type === 'RECIPIENT_LOCKED').length, 1);

    server.clock.advanceSeconds(14 * 60);
    assert.equal((await t.authenticate(signingToken, ACCESS_CODE)).status, 423);
    server.clock.advanceSeconds(60);
    const unlocked = await t.authenticate(signingToken, ACCESS_CODE);
    assert.equal(unlocked.status, 200, JSON.stringify(unlocked.body));
  });

  it('counts wrong codes afresh after a right one: four wrong, the right code, four wrong again and the right code each open a session', async () => {
    const { signingToken } = await t.newSigner({ method: 'access_code', access_code: ACCESS_CODE });
    const invalidCode = (left: number) => {
      const text = `The code is wrong: ${left} attempt${left === 1 ? '' : 's'} left before a 15-minute lock-out.`;
      return { message: text, errors: [{ error_code: 'INVALID_CODE', developer_message: text }] };
    };
    for (const round of [1, 2]) {
      for (const left of [4, 3, 2, 1]) {
        const wrong = await t.authenticate(signingToken, `wrong-${round}-${left}`);
        assert.equal(wrong.status, 401, `round ${round}: ${JSON.stringify(wrong.body)}`);
        assert.deepEqual(wrong.body, invalidCode(left));
      }
      const right = await t.authenticate(signingToken, ACCESS_CODE);
      assert.equal(right.status, 200, `round ${round}: ${JSON.stringify(right.body)}`);
      assert.match(right.body.data.signing_session, /^cs_ss_/);
    }
  });

  it('opens a session for every right code, the sixth in a row too', async () => {
    const { signingToken } = await t.newSigner({ method: 'access_code', access_code: ACCESS_CODE });
    for (let i = 1; i <= 6; i++) {
      const right = await t.authenticate(signingToken, ACCESS_CODE);
      assert.equal(right.status, 200, `code ${i}: ${JSON.stringify(right.body)}`);
    }
  });

  it('never checks more than 5 codes however many wrong guesses arrive in parallel', async () => {
    const { recipientId, signingToken } = await t.newSigner({ method: 'access_code', access_code: ACCESS_CODE });
    const responses = await Promise.all(Array.from({ length: 12 }, (_, i) => t.authenticate(signingToken, `guess-${i}`)));
    const codes = responses.map(errorCode);
    assert.equal(codes.filter((c) => c === 'INVALID_CODE').length, 5, codes.join(', '));
    assert.equal(codes.filter((c) => c === 'RECIPIENT_LOCKED').length, 7, codes.join(', '));
    const row = await server.service.ctx.db
      .selectFrom('recipient_authentications')
      .select('failed_attempts')
      .where('recipient_id', '=', recipientId)
      .executeTakeFirstOrThrow();
    assert.equal(row.failed_attempts, 5);
  });

  it('ends the signing session after one hour', async () => {
    const { signingToken } = await t.newSigner({ method: 'access_code', access_code: ACCESS_CODE });
    const session = (await t.authenticate(signingToken, ACCESS_CODE)).body.data.signing_session;
    server.clock.advanceSeconds(3599);
    assert.equal((await server.call('GET', `/api/v2.0/signing/${signingToken}`, t.withSession(session))).status, 200);
    server.clock.advanceSeconds(1);
    const expired = await server.call('GET', `/api/v2.0/signing/${signingToken}`, t.withSession(session));
    assert.equal(expired.status, 401);
    assert.equal(errorCode(expired), 'RECIPIENT_AUTH_REQUIRED');
    assert.match(expired.body.errors[0].developer_message, /expired/);
  });

  it('keeps an embedded URL unspent until authenticated, and its session token still needs the signing session', async () => {
    const created = await t.newSigner({ method: 'access_code', access_code: ACCESS_CODE });
    const embedded = await tokenFor(
      server,
      created.envelopeId,
      created.recipientId,
      'embedded',
      new Date(server.clock.now().getTime() + 600_000),
    );
    assert.equal((await server.call('GET', `/api/v2.0/signing/${embedded}`)).status, 401);
    const session = (await t.authenticate(embedded, ACCESS_CODE)).body.data.signing_session;
    const page = await server.call('GET', `/api/v2.0/signing/${embedded}`, t.withSession(session));
    assert.equal(page.status, 200, JSON.stringify(page.body));
    const sessionToken: string = page.body.data.session_token;
    const without = await server.call('GET', `/api/v2.0/signing/${sessionToken}/documents/${created.documentId}`);
    assert.equal(errorCode(without), 'RECIPIENT_AUTH_REQUIRED');
    const withHeader = await server.call(
      'GET',
      `/api/v2.0/signing/${sessionToken}/documents/${created.documentId}`,
      t.withSession(session),
    );
    assert.equal(withHeader.status, 200);
  });

  it('answers send_code for an access-code signer with 409 NOT_SMS_AUTHENTICATION', async () => {
    const { signingToken } = await t.newSigner({ method: 'access_code', access_code: ACCESS_CODE });
    const response = await t.sendCode(signingToken);
    assert.equal(response.status, 409);
    assert.equal(errorCode(response), 'NOT_SMS_AUTHENTICATION');
  });

  it('writes the SMS code to DATA_DIR/outbox without SMS_URL; the code authenticates; one a minute (429 CODE_TOO_SOON)', async () => {
    const { envelopeId, signingToken } = await t.newSigner({ method: 'sms' }, SMS_SIGNER);
    const before = new Set(await readdir(join(server.dataDir, 'outbox')).catch(() => [] as string[]));
    const sent = await t.sendCode(signingToken);
    assert.equal(sent.status, 200, JSON.stringify(sent.body));
    assert.equal(sent.body.data.sent_to, '+49…6789');
    const tooSoon = await t.sendCode(signingToken);
    assert.equal(tooSoon.status, 429);
    assert.equal(errorCode(tooSoon), 'CODE_TOO_SOON');
    assert.equal(tooSoon.headers.get('retry-after'), '60');

    await server.service.worker.drain();
    const files = (await readdir(join(server.dataDir, 'outbox'))).filter((f) => f.endsWith('.sms.txt') && !before.has(f));
    assert.equal(files.length, 1);
    const text = await readFile(join(server.dataDir, 'outbox', files[0]!), 'utf8');
    assert.match(text, /^To: \+4915123456789\n/);
    const row = await server.service.ctx.db
      .selectFrom('recipient_authentications')
      .selectAll()
      .where('envelope_id', '=', envelopeId)
      .executeTakeFirstOrThrow();
    assert.ok(!row.sms_code_hash!.includes(codeOf(text)));

    const opened = await t.authenticate(signingToken, codeOf(text));
    assert.equal(opened.status, 200, JSON.stringify(opened.body));
    const reused = await t.authenticate(signingToken, codeOf(text));
    assert.equal(errorCode(reused), 'CODE_EXPIRED');

    server.clock.advanceSeconds(60);
    assert.equal((await t.sendCode(signingToken)).status, 200);
  });

  it('refuses an SMS code after its 10 minutes (401 CODE_EXPIRED)', async () => {
    const { signingToken } = await t.newSigner({ method: 'sms' }, SMS_SIGNER);
    assert.equal((await t.sendCode(signingToken)).status, 200);
    await server.service.worker.drain();
    server.clock.advanceSeconds(600);
    const response = await t.authenticate(signingToken, '000000');
    assert.equal(response.status, 401);
    assert.equal(errorCode(response), 'CODE_EXPIRED');
  });

  it('prints the method and time of authentication on the certificate of completion', async () => {
    const { envelopeId, signingToken } = await t.newSigner({ method: 'access_code', access_code: ACCESS_CODE });
    const opened = await t.authenticate(signingToken, ACCESS_CODE);
    const authenticatedAt = server.clock.now().toISOString();
    const signed = await server.call('POST', `/api/v2.0/signing/${signingToken}/sign`, {
      body: signBody(),
      ...t.withSession(opened.body.data.signing_session),
    });
    assert.equal(signed.status, 200);
    assert.equal((await waitForCompletion(server, envelopeId)).status, 'Completed');
    const text = await certificateText(server, envelopeId);
    assert.ok(text.includes(`Authentication: Access code, at ${formatTimestamp(new Date(authenticatedAt), 'en')}`), text);
  });
});

describeOnEachDatabase(
  'recipient authentication by SMS through Twilio',
  (server) => {
    const t = setUp(server);

    it('POSTs To/From/Body form-encoded with basic auth to the Messages API; the code it received authenticates; the certificate masks the number', async () => {
      const { envelopeId, signingToken } = await t.newSigner({ method: 'sms' }, SMS_SIGNER);
      const seen = twilio.received.length;
      const sent = await t.sendCode(signingToken);
      assert.equal(sent.status, 200, JSON.stringify(sent.body));
      await server.service.worker.drain();
      assert.equal(twilio.received.length, seen + 1);
      const request = twilio.received.at(-1);
      assert.equal(request!.path, '/2010-04-01/Accounts/ACtest123/Messages.json');
      assert.equal(request!.headers.authorization, `Basic ${Buffer.from('ACtest123:twilio-secret').toString('base64')}`);
      assert.match(request!.headers['content-type']!, /^application\/x-www-form-urlencoded/);
      const form = new URLSearchParams(request!.body);
      assert.equal(form.get('To'), '+4915123456789');
      assert.equal(form.get('From'), '+15005550006');

      const opened = await t.authenticate(signingToken, codeOf(form.get('Body')!));
      assert.equal(opened.status, 200, JSON.stringify(opened.body));
      const signed = await server.call('POST', `/api/v2.0/signing/${signingToken}/sign`, {
        body: signBody(),
        ...t.withSession(opened.body.data.signing_session),
      });
      assert.equal(signed.status, 200);
      const entries = await readLedger(server.service.ctx.db, envelopeId);
      assert.ok(entries.some((e) => e.activity_type === 'AUTHENTICATION_CODE_SENT'));
      assert.match(entries.find((e) => e.activity_type === 'RECIPIENT_AUTHENTICATED')!.description, /SMS to \+49…6789/);
      assert.equal((await waitForCompletion(server, envelopeId)).status, 'Completed');
      const text = await certificateText(server, envelopeId);
      assert.match(text, /Authentication: SMS to \+49…6789, at /);
      assert.ok(!text.includes('2345 6789'));
    });
  },
  { env: { SMS_URL: 'twilio://ACtest123:twilio-secret@+15005550006', TWILIO_API_URL: twilio.url } },
);

describeOnEachDatabase(
  'recipient authentication by SMS through an HTTPS hook',
  (server) => {
    const t = setUp(server);

    it('POSTs {to, text} as JSON with the bearer SMS_TOKEN; the code it received authenticates', async () => {
      const { signingToken } = await t.newSigner({ method: 'sms' }, SMS_SIGNER);
      const seen = hook.received.length;
      assert.equal((await t.sendCode(signingToken)).status, 200);
      await server.service.worker.drain();
      assert.equal(hook.received.length, seen + 1);
      const request = hook.received.at(-1);
      assert.equal(request!.path, '/sms');
      assert.equal(request!.headers.authorization, 'Bearer hook-token');
      const body = JSON.parse(request!.body) as { to: string; text: string };
      assert.equal(body.to, '+4915123456789');
      assert.equal((await t.authenticate(signingToken, codeOf(body.text))).status, 200);
    });
  },
  { env: { SMS_URL: `${hook.url}/sms`, SMS_TOKEN: 'hook-token' } },
);
