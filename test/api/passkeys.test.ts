import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import { operatorLoginLink } from '../../src/app/users/operator-login-link.js';
import { insertSsoConfig } from '../../src/infra/db/tables/sso-configs-table.js';
import { readUser } from '../../src/infra/db/tables/users-table.js';
import { describeOnEachDatabase } from '../support/api-suite.js';
import { exchangeConsoleSession, signInNewConsoleUser, type ConsoleUser } from '../support/console-users.js';
import { SoftwareAuthenticator } from '../support/software-authenticator.js';
import { assertError, type ApiResponse, type TestServer } from '../support/test-server.js';

const PUBLIC_URL = 'https://sign.acme.example';
const API = '/api/v2.0/console';

const REGISTRATION_FAILED = {
  message:
    'The passkey could not be registered: the answer does not match a challenge of yours that is still valid (ask for new options), ' +
    'or its origin, RP ID or attestation is wrong.',
  errors: [
    {
      error_code: 'PASSKEY_REGISTRATION_FAILED',
      developer_message:
        'The passkey could not be registered: the answer does not match a challenge of yours that is still valid (ask for new options), ' +
        'or its origin, RP ID or attestation is wrong.',
    },
  ],
};

const SIGN_IN_FAILED = {
  message: 'The passkey could not be verified: ask for new sign-in options and try again, or sign in another way.',
  errors: [
    {
      error_code: 'PASSKEY_SIGN_IN_FAILED',
      developer_message: 'The passkey could not be verified: ask for new sign-in options and try again, or sign in another way.',
    },
  ],
};

const creationOptions = async (server: TestServer, user: ConsoleUser): Promise<PublicKeyCredentialCreationOptionsJSON> => {
  const answer = await server.call('POST', `${API}/passkeys/options`, { token: user.token });
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return answer.body.data;
};

const register = (server: TestServer, user: ConsoleUser, body: unknown): Promise<ApiResponse> =>
  server.call('POST', `${API}/passkeys`, { token: user.token, body });

const requestOptions = async (server: TestServer): Promise<PublicKeyCredentialRequestOptionsJSON> => {
  const answer = await server.call('POST', `${API}/passkey_sign_in/options`, { noAppAuthType: true });
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return answer.body.data;
};

const signIn = (server: TestServer, body: unknown): Promise<ApiResponse> =>
  server.call('POST', `${API}/passkey_sign_in`, { noAppAuthType: true, body });

const passkeysOf = async (server: TestServer, user: ConsoleUser) => {
  const answer = await server.call('GET', `${API}/passkeys`, { token: user.token });
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return answer.body.data.passkeys as { passkey_id: string; name: string; created_at: string; last_used_at: string | null }[];
};

const storedPasskeys = (server: TestServer, userId: string) =>
  server.service.ctx.db.selectFrom('passkeys').selectAll().where('user_id', '=', userId).execute();

const eventsOf = (server: TestServer, userId: string) =>
  server.service.ctx.db
    .selectFrom('security_events')
    .select(['type', 'method', 'detail', 'user_email'])
    .where('user_id', '=', userId)
    .orderBy('seq')
    .execute();

/** A passkey registered through the routes: the authenticator that holds it and its id. */
const registeredPasskey = async (server: TestServer, user: ConsoleUser, authenticator = new SoftwareAuthenticator(PUBLIC_URL)) => {
  const answer = await register(server, user, authenticator.register(await creationOptions(server, user)));
  assert.equal(answer.status, 201, JSON.stringify(answer.body));
  return { authenticator, passkeyId: answer.body.data.passkey_id as string };
};

describeOnEachDatabase(
  'Passkeys',
  (server) => {
    let accountId: string;
    let apiClientToken: string;

    before(async () => {
      const account = await server.newAccount();
      accountId = account.account_id;
      apiClientToken = account.accessToken;
    });

    it('answers creation options for the signed-in person: PUBLIC_URL as relying party, a discoverable passkey, their passkeys excluded', async () => {
      const user = await signInNewConsoleUser(server, accountId, 'sender');
      const first = await creationOptions(server, user);
      assert.deepEqual(first.rp, { name: 'Countersign', id: 'sign.acme.example' });
      assert.equal(first.user.name, user.email);
      assert.equal(Buffer.from(first.user.id, 'base64url').toString(), user.userId, 'the user handle is the id, not the address');
      assert.match(first.challenge, /^[\w-]{43}$/);
      assert.equal(first.attestation, 'none');
      assert.deepEqual(first.authenticatorSelection, { residentKey: 'required', userVerification: 'preferred', requireResidentKey: true });
      assert.equal(first.timeout, 300_000);
      assert.deepEqual(first.excludeCredentials, []);
      assert.ok(first.pubKeyCredParams.some((param) => param.alg === -7));

      const { authenticator } = await registeredPasskey(server, user);
      const next = await creationOptions(server, user);
      assert.notEqual(next.challenge, first.challenge);
      assert.deepEqual(next.excludeCredentials, [{ id: authenticator.credentialIds()[0], type: 'public-key', transports: ['internal'] }]);
    });

    it('registers a passkey (201 passkey_id, name, created_at), lists it for its person only, and logs passkey_added', async () => {
      const user = await signInNewConsoleUser(server, accountId, 'sender');
      const authenticator = new SoftwareAuthenticator(PUBLIC_URL);
      const answer = await register(server, user, {
        ...authenticator.register(await creationOptions(server, user)),
        name: '  Work laptop ',
      });
      assert.equal(answer.status, 201, JSON.stringify(answer.body));
      assert.equal(answer.body.message, 'Passkey registered.');
      assert.deepEqual(Object.keys(answer.body.data).sort(), ['created_at', 'name', 'passkey_id']);
      assert.match(answer.body.data.passkey_id, /^pky_[\w-]{22}$/);
      assert.equal(answer.body.data.name, 'Work laptop');
      assert.equal(answer.body.data.created_at, server.clock.now().toISOString());

      server.clock.advanceSeconds(1);
      const unnamed = await register(server, user, new SoftwareAuthenticator(PUBLIC_URL).register(await creationOptions(server, user)));
      assert.equal(unnamed.status, 201, JSON.stringify(unnamed.body));
      assert.equal(unnamed.body.data.name, 'Passkey 2', 'a passkey without a name is numbered');

      assert.deepEqual(await passkeysOf(server, user), [
        { passkey_id: answer.body.data.passkey_id, name: 'Work laptop', created_at: answer.body.data.created_at, last_used_at: null },
        { passkey_id: unnamed.body.data.passkey_id, name: 'Passkey 2', created_at: unnamed.body.data.created_at, last_used_at: null },
      ]);
      const colleague = await signInNewConsoleUser(server, accountId, 'admin');
      assert.deepEqual(await passkeysOf(server, colleague), [], "an admin sees only their own passkeys, not a colleague's");
      assert.deepEqual(
        (await eventsOf(server, user.userId)).filter((event) => event.type === 'passkey_added'),
        [
          { type: 'passkey_added', method: null, detail: null, user_email: user.email },
          { type: 'passkey_added', method: null, detail: null, user_email: user.email },
        ],
      );
    });

    it('signs in with the passkey alone: 200, the session cookie for its user, the counter and last use kept, sign_in (passkey) logged', async () => {
      const user = await signInNewConsoleUser(server, accountId, 'admin');
      const { authenticator, passkeyId } = await registeredPasskey(server, user);
      const options = await requestOptions(server);
      assert.deepEqual(Object.keys(options).sort(), ['challenge', 'rpId', 'timeout', 'userVerification']);
      assert.equal(options.rpId, 'sign.acme.example');
      assert.equal(options.userVerification, 'preferred');

      server.clock.advanceSeconds(60);
      const answer = await signIn(server, authenticator.authenticate(options));
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      assert.deepEqual(answer.body, { message: 'Signed in.', data: { user_id: user.userId, account_id: accountId } });
      const setCookie = answer.headers.get('set-cookie') ?? '';
      assert.match(setCookie, /^countersign_session=cs_ss_[\w-]+; Max-Age=604800; Path=\/; HttpOnly; SameSite=Strict; Secure$/);
      const exchanged = await exchangeConsoleSession(server, setCookie.split(';')[0]!);
      assert.equal(exchanged.status, 200, JSON.stringify(exchanged.body));
      assert.equal(exchanged.body.data.user.user_id, user.userId);

      const [stored] = await storedPasskeys(server, user.userId);
      assert.equal(Number(stored!.counter), 1);
      assert.equal((await passkeysOf(server, user))[0]!.last_used_at, server.clock.now().toISOString());
      assert.equal((await passkeysOf(server, user))[0]!.passkey_id, passkeyId);
      assert.deepEqual((await eventsOf(server, user.userId)).at(-1), {
        type: 'sign_in',
        method: 'passkey',
        detail: null,
        user_email: user.email,
      });
    });

    it('answers sign-in options that say nothing about users, to anyone, without app_auth_type', async () => {
      const first = await server.call('POST', `${API}/passkey_sign_in/options`, { noAppAuthType: true });
      const second = await server.call('POST', `${API}/passkey_sign_in/options`, { headers: { app_auth_type: 'anything' } });
      assert.equal(first.status, 200);
      assert.equal(second.status, 200);
      assert.equal(first.body.data.allowCredentials, undefined, 'no credential is listed');
      assert.notEqual(first.body.data.challenge, second.body.data.challenge);
      assert.deepEqual(Object.keys(first.body.data).sort(), Object.keys(second.body.data).sort());
    });

    it('answers 401 PASSKEY_SIGN_IN_FAILED to a replayed, unknown or expired challenge, and logs sign_in_failed', async () => {
      const user = await signInNewConsoleUser(server, accountId, 'sender');
      const { authenticator } = await registeredPasskey(server, user);
      const options = await requestOptions(server);
      const assertion = authenticator.authenticate(options);
      assert.equal((await signIn(server, assertion)).status, 200);

      const replayed = await signIn(server, assertion);
      assertError(replayed, 401, 'PASSKEY_SIGN_IN_FAILED');
      assert.deepEqual(replayed.body, SIGN_IN_FAILED);
      assert.equal(replayed.headers.get('set-cookie'), null, 'a refusal sets no cookie');
      const fresh = authenticator.authenticate(options);
      assert.deepEqual((await signIn(server, fresh)).body, SIGN_IN_FAILED, 'a challenge works once, even with a new signature');

      const unknown = authenticator.authenticate(options, { challenge: 'bm90LWEtY2hhbGxlbmdlLXRoZS1zZXJ2aWNlLWdhdmU' });
      assert.deepEqual((await signIn(server, unknown)).body, SIGN_IN_FAILED);

      const late = await requestOptions(server);
      server.clock.advanceSeconds(5 * 60 + 1);
      assert.deepEqual((await signIn(server, authenticator.authenticate(late))).body, SIGN_IN_FAILED);

      const failures = (await eventsOf(server, user.userId)).filter((event) => event.type === 'sign_in_failed');
      assert.deepEqual(
        failures.map((event) => [event.method, event.detail]),
        Array(4).fill(['passkey', 'unknown, used or expired challenge']),
      );
      const fine = await signIn(server, authenticator.authenticate(await requestOptions(server)));
      assert.equal(fine.status, 200, 'the refusals left the passkey working');
    });

    it('answers 400 PASSKEY_REGISTRATION_FAILED to a replayed, unknown, expired or another person’s challenge, and stores nothing', async () => {
      const user = await signInNewConsoleUser(server, accountId, 'sender');
      const other = await signInNewConsoleUser(server, accountId, 'sender');
      const authenticator = new SoftwareAuthenticator(PUBLIC_URL);
      const options = await creationOptions(server, user);
      const registration = authenticator.register(options);
      assert.equal((await register(server, user, registration)).status, 201);

      const replayed = await register(server, user, authenticator.register(options));
      assertError(replayed, 400, 'PASSKEY_REGISTRATION_FAILED');
      assert.deepEqual(replayed.body, REGISTRATION_FAILED);
      const guessed = await register(
        server,
        user,
        authenticator.register(options, { challenge: 'Z3Vlc3NlZC1jaGFsbGVuZ2UtMDAwMDAwMDAwMDAwMDA' }),
      );
      assert.deepEqual(guessed.body, REGISTRATION_FAILED);
      const othersChallenge = await register(server, user, authenticator.register(await creationOptions(server, other)));
      assert.deepEqual(othersChallenge.body, REGISTRATION_FAILED, "another person's challenge does not register a passkey for me");
      const expiring = await creationOptions(server, user);
      server.clock.advanceSeconds(5 * 60 + 1);
      assert.deepEqual((await register(server, user, authenticator.register(expiring))).body, REGISTRATION_FAILED);
      assert.deepEqual((await register(server, user, registration)).body, REGISTRATION_FAILED, 'the same credential twice');

      assert.equal((await storedPasskeys(server, user.userId)).length, 1, 'only the first registration stored a passkey');
      assert.equal((await storedPasskeys(server, other.userId)).length, 0);
      assert.equal((await eventsOf(server, user.userId)).filter((event) => event.type === 'passkey_added').length, 1);
    });

    it('answers 400 PASSKEY_REGISTRATION_FAILED to an attestation from another origin or for another RP ID', async () => {
      const user = await signInNewConsoleUser(server, accountId, 'sender');
      const authenticator = new SoftwareAuthenticator(PUBLIC_URL);
      const wrongOrigin = authenticator.register(await creationOptions(server, user), { origin: 'https://sign.acme.example.evil.test' });
      assert.deepEqual((await register(server, user, wrongOrigin)).body, REGISTRATION_FAILED);
      const plainHttp = authenticator.register(await creationOptions(server, user), { origin: 'http://sign.acme.example' });
      assert.deepEqual((await register(server, user, plainHttp)).body, REGISTRATION_FAILED);
      const wrongRp = authenticator.register(await creationOptions(server, user), { rpId: 'acme.example' });
      assert.deepEqual((await register(server, user, wrongRp)).body, REGISTRATION_FAILED);
      const good = authenticator.register(await creationOptions(server, user));
      const brokenAttestation = {
        ...good,
        response: { ...good.response, attestationObject: good.response.attestationObject.slice(0, -12) },
      };
      assert.deepEqual((await register(server, user, brokenAttestation)).body, REGISTRATION_FAILED);
      assert.equal((await storedPasskeys(server, user.userId)).length, 0);
    });

    it('answers 401 PASSKEY_SIGN_IN_FAILED to an assertion from another origin, for another RP ID, with a tampered signature or another user handle', async () => {
      const user = await signInNewConsoleUser(server, accountId, 'sender');
      const { authenticator } = await registeredPasskey(server, user);
      const wrongOrigin = authenticator.authenticate(await requestOptions(server), { origin: 'https://evil.test' });
      assert.deepEqual((await signIn(server, wrongOrigin)).body, SIGN_IN_FAILED);
      const wrongRp = authenticator.authenticate(await requestOptions(server), { rpId: 'evil.test' });
      assert.deepEqual((await signIn(server, wrongRp)).body, SIGN_IN_FAILED);
      const good = authenticator.authenticate(await requestOptions(server));
      const signature = Buffer.from(good.response.signature, 'base64url');
      signature[signature.length - 1]! ^= 0x01;
      const tampered = { ...good, response: { ...good.response, signature: signature.toString('base64url') } };
      assert.deepEqual((await signIn(server, tampered)).body, SIGN_IN_FAILED);
      const otherData = authenticator.authenticate(await requestOptions(server));
      const swapped = { ...otherData, response: { ...otherData.response, signature: good.response.signature } };
      assert.deepEqual((await signIn(server, swapped)).body, SIGN_IN_FAILED, "another assertion's signature");

      const forHandle = authenticator.authenticate(await requestOptions(server));
      const otherHandle = {
        ...forHandle,
        response: { ...forHandle.response, userHandle: Buffer.from('usr_someone_else').toString('base64url') },
      };
      assert.deepEqual((await signIn(server, otherHandle)).body, SIGN_IN_FAILED, "a user handle that is not the passkey's user's");

      const failures = (await eventsOf(server, user.userId)).filter((event) => event.type === 'sign_in_failed');
      assert.deepEqual(
        failures.map((event) => event.detail).sort(),
        [...Array(4).fill('signature not verified'), 'passkey of another user'].sort(),
      );
      const [stored] = await storedPasskeys(server, user.userId);
      assert.equal(stored!.last_used_at, null, 'no refused assertion counts as a use');
    });

    it('answers 401 PASSKEY_SIGN_IN_FAILED when the signature counter does not advance, and keeps the highest counter', async () => {
      const user = await signInNewConsoleUser(server, accountId, 'sender');
      const { authenticator } = await registeredPasskey(server, user);
      assert.equal((await signIn(server, authenticator.authenticate(await requestOptions(server), { counter: 5 }))).status, 200);
      for (const counter of [4, 5, 0]) {
        const answer = await signIn(server, authenticator.authenticate(await requestOptions(server), { counter }));
        assert.deepEqual(answer.body, SIGN_IN_FAILED, `counter ${counter} after 5`);
      }
      assert.equal(Number((await storedPasskeys(server, user.userId))[0]!.counter), 5);
      assert.deepEqual(
        (await eventsOf(server, user.userId)).filter((event) => event.type === 'sign_in_failed').map((event) => event.detail),
        Array(3).fill('signature counter did not advance'),
      );
      assert.equal((await signIn(server, authenticator.authenticate(await requestOptions(server), { counter: 6 }))).status, 200);
      assert.equal(Number((await storedPasskeys(server, user.userId))[0]!.counter), 6);
    });

    it('accepts an authenticator that keeps no counter (always 0), every time', async () => {
      const user = await signInNewConsoleUser(server, accountId, 'sender');
      const { authenticator } = await registeredPasskey(server, user, new SoftwareAuthenticator(PUBLIC_URL, 0));
      for (let i = 0; i < 3; i++)
        assert.equal((await signIn(server, authenticator.authenticate(await requestOptions(server)))).status, 200);
      assert.equal(Number((await storedPasskeys(server, user.userId))[0]!.counter), 0);
    });

    it('lets only one of two assertions carrying the same counter in, when they arrive together', async () => {
      const user = await signInNewConsoleUser(server, accountId, 'sender');
      const { authenticator } = await registeredPasskey(server, user);
      const [first, second] = [await requestOptions(server), await requestOptions(server)];
      const answers = await Promise.all([
        signIn(server, authenticator.authenticate(first, { counter: 7 })),
        signIn(server, authenticator.authenticate(second, { counter: 7 })),
      ]);
      assert.deepEqual(answers.map((answer) => answer.status).sort(), [200, 401]);
    });

    it('answers 401 PASSKEY_SIGN_IN_FAILED to a passkey nobody registered, and logs nothing', async () => {
      const stranger = new SoftwareAuthenticator(PUBLIC_URL);
      stranger.register(await creationOptions(server, await signInNewConsoleUser(server, accountId, 'sender')));
      const before = await server.service.ctx.db.selectFrom('security_events').select('id').execute();
      assert.deepEqual((await signIn(server, stranger.authenticate(await requestOptions(server)))).body, SIGN_IN_FAILED);
      const after = await server.service.ctx.db.selectFrom('security_events').select('id').execute();
      assert.equal(after.length, before.length);
    });

    it('removes a passkey (then it signs in no more, passkey_removed logged); another person’s or an unknown id is 404 PASSKEY_NOT_FOUND', async () => {
      const user = await signInNewConsoleUser(server, accountId, 'admin');
      const colleague = await signInNewConsoleUser(server, accountId, 'sender');
      const mine = await registeredPasskey(server, user);
      const theirs = await registeredPasskey(server, colleague);

      for (const id of [theirs.passkeyId, 'pky_unknown', 'x'.repeat(64)]) {
        const refused = await server.call('DELETE', `${API}/passkeys/${id}`, { token: user.token });
        const problem = assertError(refused, 404, 'PASSKEY_NOT_FOUND');
        assert.equal(problem.developer_message, `You have no passkey ${id}.`);
      }
      assert.equal((await storedPasskeys(server, colleague.userId)).length, 1, "a colleague's passkey stays, even for an admin");

      server.clock.advanceSeconds(1);
      const removed = await server.call('DELETE', `${API}/passkeys/${mine.passkeyId}`, { token: user.token });
      assert.equal(removed.status, 200, JSON.stringify(removed.body));
      assert.deepEqual(removed.body, { message: 'Passkey removed.', data: { passkey_id: mine.passkeyId } });
      assert.deepEqual(await passkeysOf(server, user), []);
      assertError(await server.call('DELETE', `${API}/passkeys/${mine.passkeyId}`, { token: user.token }), 404, 'PASSKEY_NOT_FOUND');
      assert.deepEqual((await signIn(server, mine.authenticator.authenticate(await requestOptions(server)))).body, SIGN_IN_FAILED);
      assert.deepEqual((await eventsOf(server, user.userId)).at(-1)?.type, 'passkey_removed');
      assert.equal((await signIn(server, theirs.authenticator.authenticate(await requestOptions(server)))).status, 200);
    });

    it('answers 403 PASSKEY_LIMIT_REACHED beyond 20 passkeys a person, for options and for a registration already under way', async () => {
      const user = await signInNewConsoleUser(server, accountId, 'sender');
      for (let i = 0; i < 19; i++) await registeredPasskey(server, user);
      const authenticator = new SoftwareAuthenticator(PUBLIC_URL);
      const [last, oneTooMany] = [await creationOptions(server, user), await creationOptions(server, user)];
      assert.equal((await register(server, user, authenticator.register(last))).status, 201);
      const refused = await register(server, user, authenticator.register(oneTooMany));
      const problem = assertError(refused, 403, 'PASSKEY_LIMIT_REACHED');
      assert.equal(problem.developer_message, 'A person has at most 20 passkeys: remove one first.');
      assertError(await server.call('POST', `${API}/passkeys/options`, { token: user.token }), 403, 'PASSKEY_LIMIT_REACHED');
      assert.equal((await storedPasskeys(server, user.userId)).length, 20);
      assert.equal((await passkeysOf(server, user)).length, 20);
    });

    it('keeps at most 5 registration challenges a person: a sixth replaces the oldest', async () => {
      const user = await signInNewConsoleUser(server, accountId, 'sender');
      const authenticator = new SoftwareAuthenticator(PUBLIC_URL);
      const issued: PublicKeyCredentialCreationOptionsJSON[] = [];
      for (let i = 0; i < 6; i++) {
        issued.push(await creationOptions(server, user));
        server.clock.advanceSeconds(1);
      }
      const held = await server.service.ctx.db
        .selectFrom('passkey_challenges')
        .select('challenge')
        .where('user_id', '=', user.userId)
        .execute();
      assert.equal(held.length, 5);
      assert.deepEqual((await register(server, user, authenticator.register(issued[0]!))).body, REGISTRATION_FAILED);
      assert.equal((await register(server, user, authenticator.register(issued[5]!))).status, 201);
    });

    it('prunes expired challenges when new ones are handed out', async () => {
      await requestOptions(server);
      server.clock.advanceSeconds(5 * 60 + 1);
      await requestOptions(server);
      const left = await server.service.ctx.db
        .selectFrom('passkey_challenges')
        .select('challenge')
        .where('expires_at', '<=', server.clock.now().toISOString())
        .execute();
      assert.deepEqual(left, []);
    });

    it('answers 4xx, never 500, to oversize, malformed or unknown input, and stores nothing', async () => {
      const user = await signInNewConsoleUser(server, accountId, 'sender');
      const good = new SoftwareAuthenticator(PUBLIC_URL).register(await creationOptions(server, user));
      const cases: [unknown, number, string][] = [
        [{ ...good, name: 'n'.repeat(65) }, 400, 'INVALID_FIELD'],
        [{ ...good, response: { ...good.response, clientDataJSON: 'A'.repeat(4097) } }, 400, 'INVALID_FIELD'],
        [{ ...good, response: { ...good.response, attestationObject: 'not base64url!' } }, 400, 'INVALID_FIELD'],
        [{ ...good, id: 'A'.repeat(1365) }, 400, 'INVALID_FIELD'],
        [{ ...good, type: 'password' }, 400, 'INVALID_FIELD'],
        [{ ...good, response: { ...good.response, transports: Array(9).fill('usb') } }, 400, 'INVALID_FIELD'],
        [{ ...good, extra: true }, 400, 'UNKNOWN_FIELD'],
        [{ ...good, response: { ...good.response, clientDataJSON: '' } }, 400, 'INVALID_FIELD'],
        [
          { ...good, response: { ...good.response, clientDataJSON: Buffer.from('{"type":').toString('base64url') } },
          400,
          'PASSKEY_REGISTRATION_FAILED',
        ],
        [{ ...good, response: { ...good.response, attestationObject: 'A'.repeat(16_000) } }, 400, 'PASSKEY_REGISTRATION_FAILED'],
        [{ ...good, clientExtensionResults: { padding: 'x'.repeat(70_000) } }, 413, 'PAYLOAD_TOO_LARGE'],
        [{ response: good.response }, 400, 'FIELD_REQUIRED'],
        [[good], 400, 'INVALID_FIELD'],
      ];
      for (const [body, status, code] of cases) assertError(await register(server, user, body), status, code);
      assertError(
        await server.call('POST', `${API}/passkeys`, {
          token: user.token,
          rawBody: '{"id":',
          headers: { 'content-type': 'application/json' },
        }),
        400,
        'MALFORMED_JSON',
      );
      assert.equal((await storedPasskeys(server, user.userId)).length, 0);

      const assertion = {
        id: good.id,
        rawId: good.id,
        type: 'public-key',
        response: { clientDataJSON: good.response.clientDataJSON, authenticatorData: 'AAAA', signature: 'AAAA' },
        clientExtensionResults: {},
      };
      const signInCases: [unknown, number, string][] = [
        [{ ...assertion, response: { ...assertion.response, signature: 'A'.repeat(2049) } }, 400, 'INVALID_FIELD'],
        [{ ...assertion, response: { ...assertion.response, userHandle: 'A'.repeat(129) } }, 400, 'INVALID_FIELD'],
        [{ ...assertion, rawId: 'B'.repeat(22) }, 401, 'PASSKEY_SIGN_IN_FAILED'],
        [{ ...assertion, response: { ...assertion.response, clientDataJSON: 'e30' } }, 401, 'PASSKEY_SIGN_IN_FAILED'],
        [assertion, 401, 'PASSKEY_SIGN_IN_FAILED'],
        [{ ...assertion, clientExtensionResults: { padding: 'x'.repeat(70_000) } }, 413, 'PAYLOAD_TOO_LARGE'],
        [{}, 400, 'FIELD_REQUIRED'],
      ];
      for (const [body, status, code] of signInCases) assertError(await signIn(server, body), status, code);
    });

    it('answers 403 ROLE_FORBIDDEN to an API client’s token (it has no passkeys) and 401 without a token', async () => {
      for (const [method, path] of [
        ['POST', `${API}/passkeys/options`],
        ['POST', `${API}/passkeys`],
        ['GET', `${API}/passkeys`],
        ['DELETE', `${API}/passkeys/pky_any`],
      ] as const) {
        const body =
          method === 'POST' && path.endsWith('/passkeys')
            ? {
                id: 'AA',
                rawId: 'AA',
                type: 'public-key',
                response: { clientDataJSON: 'AA', attestationObject: 'AA' },
                clientExtensionResults: {},
              }
            : undefined;
        const refused = await server.call(method, path, { token: apiClientToken, ...(body ? { body } : {}) });
        const problem = assertError(refused, 403, 'ROLE_FORBIDDEN');
        assert.equal(
          problem.developer_message,
          "Passkeys belong to a person: call this with a console user's access token, not an API client's.",
        );
        assertError(await server.call(method, path, {}), 401, 'INVALID_ACCESS_TOKEN');
      }
    });

    it('removes a removed user’s passkeys with them: their passkey signs in no more', async () => {
      const user = await signInNewConsoleUser(server, accountId, 'sender');
      const { authenticator } = await registeredPasskey(server, user);
      await creationOptions(server, user);
      const removed = await server.call('DELETE', `/api/v2.0/account/users/${user.userId}`, { token: apiClientToken });
      assert.equal(removed.status, 200, JSON.stringify(removed.body));
      assert.equal((await storedPasskeys(server, user.userId)).length, 0);
      const challenges = await server.service.ctx.db
        .selectFrom('passkey_challenges')
        .select('challenge')
        .where('user_id', '=', user.userId)
        .execute();
      assert.deepEqual(challenges, []);
      assert.deepEqual((await signIn(server, authenticator.authenticate(await requestOptions(server)))).body, SIGN_IN_FAILED);
    });

    it('answers 403 SSO_REQUIRED when the account enforces single sign-on, except to its owner', async () => {
      const account = await server.newAccount();
      const user = await signInNewConsoleUser(server, account.account_id, 'admin');
      const owner = await readUser(server.service.ctx.db, account.user_id);
      const link = await operatorLoginLink(server.service.ctx, owner!.email);
      const opened = await fetch(`${server.url}${new URL(link.url).pathname}`, { redirect: 'manual' });
      const ownerCookie = (opened.headers.get('set-cookie') ?? '').split(';')[0]!;
      const ownerToken = (await exchangeConsoleSession(server, ownerCookie)).body.data.access_token as string;
      const ownerUser: ConsoleUser = { userId: account.user_id, email: owner!.email, cookie: ownerCookie, token: ownerToken };
      const userKey = await registeredPasskey(server, user);
      const ownerKey = await registeredPasskey(server, ownerUser);

      const now = server.clock.now().toISOString();
      await insertSsoConfig(server.service.ctx.db, {
        accountId: account.account_id,
        issuer: 'https://id.acme.example',
        clientId: 'countersign',
        sealedClientSecret: 'sealed',
        metadata: { issuer: 'https://id.acme.example' } as never,
        emailDomains: ['people.test'],
        defaultRole: 'sender',
        enforced: true,
        createdAt: now,
        updatedAt: now,
      });
      server.clock.advanceSeconds(1);
      const refused = await signIn(server, userKey.authenticator.authenticate(await requestOptions(server)));
      const problem = assertError(refused, 403, 'SSO_REQUIRED');
      assert.equal(problem.developer_message, 'Your organisation signs you in through its identity provider: use single sign-on.');
      assert.equal(refused.headers.get('set-cookie'), null);
      assert.deepEqual((await eventsOf(server, user.userId)).at(-1), {
        type: 'sign_in_failed',
        method: 'passkey',
        detail: 'single sign-on required',
        user_email: user.email,
      });
      const ownerIn = await signIn(server, ownerKey.authenticator.authenticate(await requestOptions(server)));
      assert.equal(ownerIn.status, 200, 'the owner keeps a way in');
    });
  },
  { env: { PUBLIC_URL } },
);
