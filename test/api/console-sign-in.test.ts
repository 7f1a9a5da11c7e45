import assert from 'node:assert/strict';
import { beforeEach, it } from 'node:test';
import type { ParsedMail } from 'mailparser';
import { inviteUser } from '../../src/app/users/invite-user.js';
import { operatorLoginLink } from '../../src/app/users/operator-login-link.js';
import { describeOnEachDatabase } from '../support/api-suite.js';
import { linksIn } from '../support/smtp-sink.js';

const CONSOLE = { 'x-requested-with': 'countersign-console' };
const HOUR = 3_600;

const addressOf = (mail: ParsedMail) => (Array.isArray(mail.to) ? mail.to[0] : mail.to)?.text;

describeOnEachDatabase(
  'Account users and console sign-in',
  (server, sink) => {
    let accountId: string;
    let sequence = 0;
    const address = (name: string) => `${name}-${++sequence}@people.test`;

    beforeEach(async () => {
      sink.clear();
      accountId = (await server.newAccount()).account_id;
    });

    const invite = async (role: 'admin' | 'sender') => {
      const email = address(role);
      await inviteUser(server.service.ctx, { accountId, email, name: `A ${role}`, role });
      const mail = await sink.waitFor((m) => addressOf(m) === email);
      const link = linksIn(mail).find((url) => url.includes('/console/login/'));
      assert.ok(link, 'the invitation carries a sign-in link');
      return { email, link };
    };

    /** Links name PUBLIC_URL; the test server listens on a port of its own. */
    const open = (link: string) => {
      const { pathname } = new URL(link);
      return fetch(`${server.url}${pathname}`, { redirect: 'manual' });
    };

    const signIn = async (link: string): Promise<string> => {
      const opened = await open(link);
      assert.equal(opened.status, 303);
      const cookie = opened.headers.get('set-cookie') ?? '';
      return cookie.split(';')[0]!;
    };

    const exchange = (cookie: string | undefined, headers: Record<string, string> = CONSOLE) =>
      server.call('POST', '/api/v2.0/console/token', { noAppAuthType: true, headers: { ...headers, ...(cookie ? { cookie } : {}) } });

    const logout = (cookie: string, headers: Record<string, string> = CONSOLE) =>
      server.call('POST', '/api/v2.0/console/logout', { noAppAuthType: true, headers: { ...headers, cookie } });

    const errorCode = (response: { body: { errors?: { error_code: string }[] } }) => response.body.errors?.[0]?.error_code;

    it('signs an invited sender in from the mailed link, with a strict session cookie, and gives a token that reaches envelopes, templates and the account', async () => {
      const { link } = await invite('sender');
      assert.ok(link.startsWith(`${server.service.ctx.config.publicUrl}/console/login/cs_ll_`));

      const opened = await open(link);
      assert.equal(opened.status, 303);
      assert.equal(opened.headers.get('location'), '/');
      const setCookie = opened.headers.get('set-cookie') ?? '';
      const attributes = setCookie.split(';').map((part) => part.trim());
      assert.match(attributes[0]!, /^countersign_session=cs_ss_[\w-]{43}$/);
      assert.ok(attributes.includes('HttpOnly'));
      assert.ok(attributes.includes('SameSite=Strict'));
      assert.ok(attributes.includes('Path=/'));
      assert.ok(attributes.includes(`Max-Age=${7 * 24 * HOUR}`));
      assert.equal(attributes.includes('Secure'), false, 'PUBLIC_URL is http here');
      assert.equal(opened.headers.get('referrer-policy'), 'no-referrer');
      const cookie = attributes[0]!;

      const withoutHeader = await exchange(cookie, {});
      assert.equal(withoutHeader.status, 403);
      assert.equal(errorCode(withoutHeader), 'CSRF_HEADER_REQUIRED');

      const exchanged = await exchange(cookie);
      assert.equal(exchanged.status, 200);
      assert.equal(exchanged.headers.get('cache-control'), 'no-store');
      const token = exchanged.body.data.access_token as string;
      assert.match(token, /^cs_ct_/);
      assert.equal(exchanged.body.data.token_type, 'bearer');
      assert.equal(exchanged.body.data.expires_in, Math.floor(server.clock.now().getTime() / 1000) + 15 * 60);
      assert.equal(exchanged.body.data.refresh_token, undefined);

      const envelopes = await server.call('POST', '/api/v2.0/envelopes/list', { token, body: {} });
      assert.equal(envelopes.status, 200);
      const templates = await server.call('GET', '/api/v2.0/templates/list', { token });
      assert.equal(templates.status, 200);
      const account = await server.call('GET', '/api/v2.0/account', { token });
      assert.equal(account.status, 200);
      assert.equal(account.body.data.account_id, accountId);
    });

    it('ends the session and its tokens on logout (header required), clearing the cookie', async () => {
      const { link } = await invite('sender');
      const cookie = await signIn(link);
      const token = (await exchange(cookie)).body.data.access_token as string;

      const withoutHeader = await logout(cookie, {});
      assert.equal(withoutHeader.status, 403);
      assert.equal(errorCode(withoutHeader), 'CSRF_HEADER_REQUIRED');
      assert.equal((await exchange(cookie)).status, 200, 'a refused logout ends nothing');

      const out = await logout(cookie);
      assert.equal(out.status, 200);
      assert.match(out.headers.get('set-cookie') ?? '', /^countersign_session=; Max-Age=0; Path=\/; HttpOnly; SameSite=Strict/);

      const after = await exchange(cookie);
      assert.equal(after.status, 401);
      assert.equal(errorCode(after), 'SESSION_EXPIRED');
      const stale = await server.call('POST', '/api/v2.0/envelopes/list', { token, body: {} });
      assert.equal(stale.status, 401);
      assert.equal(errorCode(stale), 'INVALID_ACCESS_TOKEN');
    });

    it('answers 401 SESSION_REQUIRED without a session cookie or with an unknown one', async () => {
      const none = await exchange(undefined);
      assert.equal(none.status, 401);
      assert.equal(errorCode(none), 'SESSION_REQUIRED');
      const unknown = await exchange('countersign_session=cs_ss_nothing');
      assert.equal(unknown.status, 401);
      assert.equal(errorCode(unknown), 'SESSION_REQUIRED');
    });

    it('uses a link once: opened again it answers 410 with a page to ask a new one', async () => {
      const { link } = await invite('sender');
      await signIn(link);
      const again = await open(link);
      assert.equal(again.status, 410);
      assert.equal(again.headers.get('set-cookie'), null);
      assert.match(again.headers.get('content-type') ?? '', /^text\/html/);
      assert.match(again.headers.get('content-security-policy') ?? '', /script-src 'self'/);
      const page = await again.text();
      assert.match(page, /already used/);
      assert.match(page, /<a href="\/">Ask for a new sign-in link<\/a>/);
    });

    it('answers 404 with a page for a link it never sent', async () => {
      const unknown = await open(`${server.url}/console/login/cs_ll_${'x'.repeat(43)}`);
      assert.equal(unknown.status, 404);
      assert.match(await unknown.text(), /not valid/);
    });

    it('lets a link work for 15 minutes and no longer (410 expired)', async () => {
      const { email } = await invite('sender');
      const early = await operatorLoginLink(server.service.ctx, email);
      const late = await operatorLoginLink(server.service.ctx, email);
      server.clock.advanceSeconds(15 * 60 - 1);
      assert.equal((await open(early.url)).status, 303);
      server.clock.advanceSeconds(1);
      const expired = await open(late.url);
      assert.equal(expired.status, 410);
      assert.match(await expired.text(), /expired/);
    });

    it('ends a session unused for 12 hours; each exchange restarts the idle time', async () => {
      const { link } = await invite('sender');
      const cookie = await signIn(link);
      server.clock.advanceSeconds(12 * HOUR - 1);
      assert.equal((await exchange(cookie)).status, 200);
      server.clock.advanceSeconds(12 * HOUR - 1);
      assert.equal((await exchange(cookie)).status, 200);
      server.clock.advanceSeconds(12 * HOUR);
      const idle = await exchange(cookie);
      assert.equal(idle.status, 401);
      assert.equal(errorCode(idle), 'SESSION_EXPIRED');
    });

    it('ends a session 7 days after the sign-in however often it is used', async () => {
      const { link } = await invite('sender');
      const cookie = await signIn(link);
      for (let hours = 11; hours < 7 * 24; hours += 11) {
        server.clock.advanceSeconds(11 * HOUR);
        assert.equal((await exchange(cookie)).status, 200, `after ${hours} h`);
      }
      server.clock.advanceSeconds(7 * 24 * HOUR - Math.floor((7 * 24) / 11) * 11 * HOUR);
      const ended = await exchange(cookie);
      assert.equal(ended.status, 401);
      assert.equal(errorCode(ended), 'SESSION_EXPIRED');
    });

    it('answers a login_link request the same for a stranger as for a user, and mails only the user', async () => {
      const { email } = await invite('sender');
      sink.clear();
      const stranger = await server.call('POST', '/api/v2.0/console/login_link', {
        noAppAuthType: true,
        body: { email: address('stranger') },
      });
      const user = await server.call('POST', '/api/v2.0/console/login_link', { noAppAuthType: true, body: { email: email.toUpperCase() } });
      assert.equal(stranger.status, 200);
      assert.deepEqual(stranger.body, user.body);
      await server.service.worker.drain();
      assert.deepEqual(sink.messages.map(addressOf), [email]);
      const mailed = linksIn(sink.messages[0]!).find((url) => url.includes('/console/login/'));
      assert.equal((await open(mailed!)).status, 303);
    });

    it('mails at most 5 links per address in 15 minutes, still answering 200, and again once the window has passed', async () => {
      const { email } = await invite('sender');
      sink.clear();
      const ask = () => server.call('POST', '/api/v2.0/console/login_link', { noAppAuthType: true, body: { email } });
      for (let i = 0; i < 6; i++) {
        assert.equal((await ask()).status, 200);
        await server.service.worker.drain();
      }
      assert.equal(sink.messages.length, 4, 'the invitation was the first of five');
      server.clock.advanceSeconds(15 * 60);
      await ask();
      await server.service.worker.drain();
      assert.equal(sink.messages.length, 5);
    });

    it('answers 400 INVALID_EMAIL for a login_link request without an address', async () => {
      const bad = await server.call('POST', '/api/v2.0/console/login_link', { noAppAuthType: true, body: { email: 'not an address' } });
      assert.equal(bad.status, 400);
      assert.equal(errorCode(bad), 'INVALID_EMAIL');
    });

    it('refuses to invite an address that is already a user (in any account): EMAIL_IN_USE', async () => {
      const { email } = await invite('sender');
      const other = (await server.newAccount()).account_id;
      await assert.rejects(inviteUser(server.service.ctx, { accountId: other, email, name: 'Twin', role: 'admin' }), {
        code: 'EMAIL_IN_USE',
      });
    });
  },
  { smtpSink: true },
);
