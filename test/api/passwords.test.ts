import assert from 'node:assert/strict';
import { beforeEach, it } from 'node:test';
import { describeOnEachDatabase } from '../support/api-suite.js';
import { exchangeConsoleSession, signInNewConsoleUser } from '../support/console-users.js';
import {
  GOOD_PASSWORD,
  OTHER_GOOD_PASSWORD,
  changePassword,
  newUserWithPassword,
  passwordSession,
  sessionCookieFrom,
  signInWithPassword,
} from '../support/password-users.js';
import { assertError } from '../support/test-server.js';

const MINUTE = 60;
const WRONG_PAIR = {
  message: 'The e-mail address or the password is wrong.',
  errors: [{ error_code: 'INVALID_CREDENTIALS', developer_message: 'The e-mail address or the password is wrong.' }],
};

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

describeOnEachDatabase(
  'Passwords: sign-in, lock-out and change',
  (server) => {
    let accountId: string;
    let sequence = 0;
    const stranger = () => `nobody-${++sequence}-${Date.now()}@nowhere.test`;

    beforeEach(async () => {
      accountId = (await server.newAccount()).account_id;
    });

    const failTimes = async (email: string, times: number) => {
      for (let i = 0; i < times; i++) {
        const wrong = await signInWithPassword(server, email, `wrong guess number ${i}`);
        assert.equal(wrong.status, 401, `failure ${i + 1}: ${JSON.stringify(wrong.body)}`);
      }
    };

    it('signs a user in with the right pair: 200 and a strict session cookie that exchanges for a console token', async () => {
      const user = await newUserWithPassword(server, accountId);
      const signedIn = await signInWithPassword(server, user.email.toUpperCase(), user.password);
      assert.equal(signedIn.status, 200, JSON.stringify(signedIn.body));
      assert.deepEqual(signedIn.body, { message: 'Signed in.', data: {} });
      const attributes = (signedIn.headers.get('set-cookie') ?? '').split(';').map((part) => part.trim());
      assert.ok(attributes.includes('HttpOnly'));
      assert.ok(attributes.includes('SameSite=Strict'));
      const exchanged = await exchangeConsoleSession(server, sessionCookieFrom(signedIn));
      assert.equal(exchanged.status, 200);
      assert.equal(exchanged.body.data.user.user_id, user.userId);
      assert.equal(exchanged.body.data.user.has_password, true);
    });

    it('answers 401 INVALID_CREDENTIALS alike for a wrong password, an unknown address and a user without a password', async () => {
      const user = await newUserWithPassword(server, accountId);
      const linkOnly = await signInNewConsoleUser(server, accountId, 'sender');
      const answers = [
        await signInWithPassword(server, user.email, 'not the right password'),
        await signInWithPassword(server, stranger(), GOOD_PASSWORD),
        await signInWithPassword(server, linkOnly.email, GOOD_PASSWORD),
      ];
      for (const answer of answers) {
        assertError(answer, 401, 'INVALID_CREDENTIALS');
        assert.deepEqual(answer.body, WRONG_PAIR);
        assert.equal(answer.headers.get('set-cookie'), null);
      }
    });

    it('takes about as long for an unknown address as for a user with a wrong password (medians within a factor of 2)', async () => {
      const user = await newUserWithPassword(server, accountId);
      const timed = async (email: string) => {
        const started = performance.now();
        assert.equal((await signInWithPassword(server, email, 'a wrong password here')).status, 401);
        return performance.now() - started;
      };
      const known: number[] = [];
      const unknown: number[] = [];
      for (let i = 0; i < 5; i++) {
        known.push(await timed(user.email));
        unknown.push(await timed(stranger()));
      }
      const ratio = median(unknown) / median(known);
      assert.ok(ratio > 0.5 && ratio < 2, `unknown ${median(unknown)} ms, known ${median(known)} ms`);
    });

    it('answers 400 for a sign-in without an address or password, and 400 UNKNOWN_FIELD for extra fields', async () => {
      assertError(
        await server.call('POST', '/api/v2.0/console/sign_in', { noAppAuthType: true, body: { password: 'x' } }),
        400,
        'FIELD_REQUIRED',
      );
      assertError(
        await server.call('POST', '/api/v2.0/console/sign_in', { noAppAuthType: true, body: { email: 'a@b.test' } }),
        400,
        'FIELD_REQUIRED',
      );
      assertError(
        await server.call('POST', '/api/v2.0/console/sign_in', {
          noAppAuthType: true,
          body: { email: 'a@b.test', password: 'x', role: 'admin' },
        }),
        400,
        'UNKNOWN_FIELD',
      );
    });

    it('locks an address after 10 failures within 15 minutes: 423 USER_LOCKED with Retry-After, even for the right password, until 15 minutes have passed', async () => {
      const user = await newUserWithPassword(server, accountId);
      await failTimes(user.email, 10);
      const locked = await signInWithPassword(server, user.email, user.password);
      const error = assertError(locked, 423, 'USER_LOCKED');
      assert.match(error.developer_message, /locked until/);
      assert.equal(locked.headers.get('retry-after'), String(15 * MINUTE));
      assert.equal(locked.headers.get('set-cookie'), null);

      server.clock.advanceSeconds(15 * MINUTE - 1);
      assertError(await signInWithPassword(server, user.email, user.password), 423, 'USER_LOCKED');
      server.clock.advanceSeconds(1);
      assert.equal((await signInWithPassword(server, user.email, user.password)).status, 200);
    });

    it('locks an address that is nobody’s the same way, so a lock reveals nothing', async () => {
      const address = stranger();
      await failTimes(address, 10);
      const locked = await signInWithPassword(server, address, GOOD_PASSWORD);
      assertError(locked, 423, 'USER_LOCKED');
      assert.equal(locked.headers.get('retry-after'), String(15 * MINUTE));
    });

    it('counts failures per normalized address: another case gives no fresh tries', async () => {
      const user = await newUserWithPassword(server, accountId);
      for (let i = 0; i < 10; i++) {
        const variant = i % 2 ? user.email.toUpperCase() : user.email;
        assert.equal((await signInWithPassword(server, variant, 'wrong password again')).status, 401);
      }
      assertError(await signInWithPassword(server, user.email, user.password), 423, 'USER_LOCKED');
    });

    it('forgets failures older than 15 minutes: nine, then a quarter of an hour, then one more do not lock', async () => {
      const user = await newUserWithPassword(server, accountId);
      await failTimes(user.email, 9);
      server.clock.advanceSeconds(15 * MINUTE);
      await failTimes(user.email, 1);
      assert.equal((await signInWithPassword(server, user.email, user.password)).status, 200);
    });

    it('does not lock one address for another’s failures', async () => {
      const user = await newUserWithPassword(server, accountId);
      await failTimes(stranger(), 10);
      assert.equal((await signInWithPassword(server, user.email, user.password)).status, 200);
    });

    it('lets an invited user with no password set a first one without current_password, then sign in with it', async () => {
      const user = await signInNewConsoleUser(server, accountId, 'sender');
      const before = await exchangeConsoleSession(server, user.cookie);
      assert.equal(before.body.data.user.has_password, false);
      const set = await changePassword(server, user.token, { new_password: GOOD_PASSWORD });
      assert.equal(set.status, 200, JSON.stringify(set.body));
      assert.deepEqual(set.body, { message: 'Password saved. Your other sessions were signed out.', data: { first_password: true } });
      const after = await exchangeConsoleSession(server, user.cookie);
      assert.equal(after.body.data.user.has_password, true);
      assert.equal((await signInWithPassword(server, user.email, GOOD_PASSWORD)).status, 200);
    });

    it('changes a password only with the right current one: missing 400 FIELD_REQUIRED, wrong 401 INVALID_CREDENTIALS', async () => {
      const user = await newUserWithPassword(server, accountId);
      const missing = assertError(await changePassword(server, user.token, { new_password: OTHER_GOOD_PASSWORD }), 400, 'FIELD_REQUIRED');
      assert.equal(missing.field, 'current_password');
      const wrong = await changePassword(server, user.token, { current_password: 'not it at all', new_password: OTHER_GOOD_PASSWORD });
      assert.equal(assertError(wrong, 401, 'INVALID_CREDENTIALS').field, 'current_password');
      assert.deepEqual(wrong.body.errors, [
        { error_code: 'INVALID_CREDENTIALS', developer_message: 'The current password is wrong.', field: 'current_password' },
      ]);
      assert.equal((await signInWithPassword(server, user.email, user.password)).status, 200, 'the old password still works');

      const changed = await changePassword(server, user.token, { current_password: user.password, new_password: OTHER_GOOD_PASSWORD });
      assert.equal(changed.status, 200);
      assert.equal(changed.body.data.first_password, false);
      assertError(await signInWithPassword(server, user.email, user.password), 401, 'INVALID_CREDENTIALS');
      assert.equal((await signInWithPassword(server, user.email, OTHER_GOOD_PASSWORD)).status, 200);
    });

    it('counts wrong current passwords toward the lock-out: the eleventh try answers 423 USER_LOCKED', async () => {
      const user = await newUserWithPassword(server, accountId);
      for (let i = 0; i < 10; i++) {
        assertError(
          await changePassword(server, user.token, { current_password: `guess ${i}`, new_password: OTHER_GOOD_PASSWORD }),
          401,
          'INVALID_CREDENTIALS',
        );
      }
      assertError(
        await changePassword(server, user.token, { current_password: user.password, new_password: OTHER_GOOD_PASSWORD }),
        423,
        'USER_LOCKED',
      );
    });

    it('refuses a weak new password with 400 WEAK_PASSWORD on new_password, keeping the old one', async () => {
      const user = await newUserWithPassword(server, accountId);
      for (const weak of ['short one', 'password1234!', user.email, 'x'.repeat(257)]) {
        const refused = await changePassword(server, user.token, { current_password: user.password, new_password: weak });
        assert.equal(assertError(refused, 400, 'WEAK_PASSWORD').field, 'new_password');
        assert.doesNotMatch(JSON.stringify(refused.body), new RegExp(weak.slice(0, 12).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
      }
      assert.equal((await signInWithPassword(server, user.email, user.password)).status, 200);
    });

    it('ends the person’s other sessions and their tokens when the password changes, keeping the one that changed it', async () => {
      const user = await newUserWithPassword(server, accountId);
      const other = await passwordSession(server, user.email, user.password);
      const changed = await changePassword(server, user.token, { current_password: user.password, new_password: OTHER_GOOD_PASSWORD });
      assert.equal(changed.status, 200);
      assertError(await server.call('GET', '/api/v2.0/account', { token: other.token }), 401, 'INVALID_ACCESS_TOKEN');
      assertError(await exchangeConsoleSession(server, other.cookie), 401, 'SESSION_EXPIRED');
      assert.equal((await server.call('GET', '/api/v2.0/account', { token: user.token })).status, 200, 'this session stays');
      assert.equal((await exchangeConsoleSession(server, user.cookie)).status, 200);
    });

    it('answers 403 ROLE_FORBIDDEN to an API client’s token, which has no person and so no password', async () => {
      const account = await server.newAccount();
      const refused = await changePassword(server, account.accessToken, { new_password: GOOD_PASSWORD });
      assertError(refused, 403, 'ROLE_FORBIDDEN');
      assert.match(refused.body.errors[0].developer_message, /API client/);
    });

    it('needs a console access token and the app_auth_type header to change a password', async () => {
      assertError(await changePassword(server, 'cs_ct_unknown', { new_password: GOOD_PASSWORD }), 401, 'INVALID_ACCESS_TOKEN');
      const user = await signInNewConsoleUser(server, accountId, 'sender');
      assertError(
        await server.call('POST', '/api/v2.0/console/password', {
          token: user.token,
          noAppAuthType: true,
          body: { new_password: GOOD_PASSWORD },
        }),
        401,
        'INVALID_AUTH_TYPE',
      );
    });

    it('never writes a password into the log', async () => {
      const user = await newUserWithPassword(server, accountId, 'sender', 'lumpy giraffe tastes sunlight');
      await signInWithPassword(server, user.email, 'lumpy giraffe tastes sunlight');
      await signInWithPassword(server, user.email, 'wrong marmalade whistle');
      await changePassword(server, user.token, {
        current_password: 'lumpy giraffe tastes sunlight',
        new_password: 'orange piano dreams loudly',
      });
      const log = server.loggedText();
      assert.ok(log.length > 0, 'the server logged its requests');
      for (const secret of ['lumpy giraffe', 'marmalade', 'orange piano']) assert.equal(log.includes(secret), false, secret);
    });
  },
  { captureLog: true },
);
