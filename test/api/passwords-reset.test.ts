import assert from 'node:assert/strict';
import { beforeEach, it } from 'node:test';
import { describeOnEachDatabase } from '../support/api-suite.js';
import { exchangeConsoleSession, signInNewConsoleUser } from '../support/console-users.js';
import { GOOD_PASSWORD, OTHER_GOOD_PASSWORD, newUserWithPassword, passwordSession, signInWithPassword } from '../support/password-users.js';
import { linksIn, recipientOf } from '../support/smtp-sink.js';
import { assertError } from '../support/test-server.js';

const REQUESTED = {
  message: 'If this address belongs to a user, a link to choose a new password is on its way. It works once, for 15 minutes.',
  data: {},
};

describeOnEachDatabase(
  'Passwords: reset by e-mail link',
  (server, sink) => {
    let accountId: string;

    beforeEach(async () => {
      sink.clear();
      accountId = (await server.newAccount()).account_id;
    });

    const requestReset = (email: string) =>
      server.call('POST', '/api/v2.0/console/password_reset', { noAppAuthType: true, body: { email } });

    const reset = (token: string, newPassword: string) =>
      server.call('POST', `/api/v2.0/console/password_reset/${token}`, { noAppAuthType: true, body: { new_password: newPassword } });

    /** Asks for a reset and answers the mailed link's token. */
    const mailedToken = async (email: string): Promise<string> => {
      sink.clear();
      assert.equal((await requestReset(email)).status, 200);
      await server.service.worker.drain();
      const mail = await sink.waitFor((m) => recipientOf(m) === email);
      const link = linksIn(mail).find((url) => url.includes('/console/reset/'));
      assert.ok(link, 'the mail carries a reset link');
      assert.ok(link.startsWith(`${server.service.ctx.config.publicUrl}/console/reset/cs_pr_`), link);
      return new URL(link).pathname.split('/').pop()!;
    };

    it('answers a reset request the same for a stranger as for a user, and mails only the user a link', async () => {
      const user = await newUserWithPassword(server, accountId);
      sink.clear();
      const strangers = await requestReset('nobody-here@nowhere.test');
      const users = await requestReset(user.email.toUpperCase());
      assert.equal(strangers.status, 200);
      assert.deepEqual(strangers.body, REQUESTED);
      assert.deepEqual(users.body, REQUESTED);
      await server.service.worker.drain();
      assert.deepEqual(sink.messages.map(recipientOf), [user.email]);
      const mail = sink.messages[0]!;
      assert.equal(mail.subject, 'Reset your Countersign password');
      assert.match(mail.text ?? '', /works once, for 15 minutes/);
    });

    it('sets the new password with the link, ends every session and console token of the user, and signs nobody in', async () => {
      const user = await newUserWithPassword(server, accountId);
      const second = await passwordSession(server, user.email, user.password);
      const token = await mailedToken(user.email);

      const done = await reset(token, OTHER_GOOD_PASSWORD);
      assert.equal(done.status, 200, JSON.stringify(done.body));
      assert.deepEqual(done.body, { message: 'Password saved. Sign in with it now.', data: {} });
      assert.equal(done.headers.get('set-cookie'), null);

      for (const session of [user, second]) {
        assertError(await server.call('GET', '/api/v2.0/account', { token: session.token }), 401, 'INVALID_ACCESS_TOKEN');
        assertError(await exchangeConsoleSession(server, session.cookie), 401, 'SESSION_EXPIRED');
      }
      assertError(await signInWithPassword(server, user.email, user.password), 401, 'INVALID_CREDENTIALS');
      assert.equal((await signInWithPassword(server, user.email, OTHER_GOOD_PASSWORD)).status, 200);
    });

    it('gives an invited user without a password a first one too', async () => {
      const user = await signInNewConsoleUser(server, accountId, 'sender');
      assert.equal((await reset(await mailedToken(user.email), GOOD_PASSWORD)).status, 200);
      assert.equal((await signInWithPassword(server, user.email, GOOD_PASSWORD)).status, 200);
    });

    it('uses a link once: again it answers 400 INVALID_RESET_TOKEN; an older unused link is spent too', async () => {
      const user = await newUserWithPassword(server, accountId);
      const older = await mailedToken(user.email);
      const newer = await mailedToken(user.email);
      assert.equal((await reset(newer, OTHER_GOOD_PASSWORD)).status, 200);
      const again = await reset(newer, 'another fine passphrase');
      const error = assertError(again, 400, 'INVALID_RESET_TOKEN');
      assert.match(error.developer_message, /not valid/);
      assertError(await reset(older, 'another fine passphrase'), 400, 'INVALID_RESET_TOKEN');
      assert.equal((await signInWithPassword(server, user.email, OTHER_GOOD_PASSWORD)).status, 200);
    });

    it('lets a link work for 15 minutes and no longer', async () => {
      const user = await newUserWithPassword(server, accountId);
      const early = await mailedToken(user.email);
      const late = await mailedToken(user.email);
      server.clock.advanceSeconds(15 * 60 - 1);
      assert.equal((await reset(early, OTHER_GOOD_PASSWORD)).status, 200);
      const third = await mailedToken(user.email);
      server.clock.advanceSeconds(15 * 60);
      assertError(await reset(late, 'another fine passphrase'), 400, 'INVALID_RESET_TOKEN');
      assertError(await reset(third, 'another fine passphrase'), 400, 'INVALID_RESET_TOKEN');
    });

    it('answers 400 INVALID_RESET_TOKEN for a link it never sent', async () => {
      const unknown = await reset(`cs_pr_${'x'.repeat(43)}`, OTHER_GOOD_PASSWORD);
      assertError(unknown, 400, 'INVALID_RESET_TOKEN');
      assert.deepEqual(Object.keys(unknown.body).sort(), ['errors', 'message']);
    });

    it('refuses a weak new password with 400 WEAK_PASSWORD and leaves the link usable', async () => {
      const user = await newUserWithPassword(server, accountId);
      const token = await mailedToken(user.email);
      assert.equal(assertError(await reset(token, 'too short'), 400, 'WEAK_PASSWORD').field, 'new_password');
      assert.equal((await reset(token, OTHER_GOOD_PASSWORD)).status, 200);
    });

    it('mails at most 5 reset links per address in 15 minutes, still answering 200', async () => {
      const user = await newUserWithPassword(server, accountId);
      sink.clear();
      for (let i = 0; i < 6; i++) {
        assert.deepEqual((await requestReset(user.email)).body, REQUESTED);
        await server.service.worker.drain();
      }
      assert.equal(sink.messages.length, 5);
      server.clock.advanceSeconds(15 * 60);
      await requestReset(user.email);
      await server.service.worker.drain();
      assert.equal(sink.messages.length, 6);
    });

    it('lifts a lock-out of the address: the new password signs in at once', async () => {
      const user = await newUserWithPassword(server, accountId);
      for (let i = 0; i < 10; i++) await signInWithPassword(server, user.email, `wrong ${i}`);
      assertError(await signInWithPassword(server, user.email, user.password), 423, 'USER_LOCKED');
      assert.equal((await reset(await mailedToken(user.email), OTHER_GOOD_PASSWORD)).status, 200);
      assert.equal((await signInWithPassword(server, user.email, OTHER_GOOD_PASSWORD)).status, 200);
    });

    it('serves the console at /console/reset/{token} without using the link, with no-referrer and no-store', async () => {
      const user = await newUserWithPassword(server, accountId);
      const token = await mailedToken(user.email);
      const page = await fetch(`${server.url}/console/reset/${token}`);
      assert.equal(page.status, 200);
      assert.match(page.headers.get('content-type') ?? '', /^text\/html/);
      assert.equal(page.headers.get('referrer-policy'), 'no-referrer');
      assert.equal(page.headers.get('cache-control'), 'no-store');
      assert.match(page.headers.get('content-security-policy') ?? '', /frame-ancestors 'none'/);
      assert.equal((await reset(token, OTHER_GOOD_PASSWORD)).status, 200, 'opening the page spent nothing');
    });

    it('answers 400 INVALID_EMAIL for a reset request without an address, and rejects unknown fields', async () => {
      assertError(await requestReset('not an address'), 400, 'INVALID_EMAIL');
      assertError(
        await server.call('POST', '/api/v2.0/console/password_reset/cs_pr_x', {
          noAppAuthType: true,
          body: { new_password: 'x', user_id: 'u' },
        }),
        400,
        'UNKNOWN_FIELD',
      );
    });
  },
  { smtpSink: true },
);
