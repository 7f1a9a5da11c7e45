import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { describeOnEachDatabase } from '../support/api-suite.js';
import { signInNewConsoleUser } from '../support/console-users.js';
import { GOOD_PASSWORD, OTHER_GOOD_PASSWORD, changePassword, newUserWithPassword, signInWithPassword } from '../support/password-users.js';
import { assertError } from '../support/test-server.js';

const EVENT_KEYS = ['at', 'detail', 'event_id', 'ip', 'method', 'type', 'user_agent', 'user_email'];

describeOnEachDatabase('The security log', (server) => {
  let accountId: string;
  let apiToken: string;
  let adminToken: string;
  let userEmail: string;

  const list = (token: string, query = '') => server.call('GET', `/api/v2.0/account/security_events${query}`, { token });

  before(async () => {
    const account = await server.newAccount();
    accountId = account.account_id;
    apiToken = account.accessToken;
    adminToken = (await signInNewConsoleUser(server, accountId, 'admin')).token;
    // The test clock stands still: every event has the same instant, and the log keeps the order they happened in.
    const user = await signInNewConsoleUser(server, accountId, 'sender');
    userEmail = user.email;
    await changePassword(server, user.token, { new_password: GOOD_PASSWORD });
    await signInWithPassword(server, user.email, 'a wrong password');
    await signInWithPassword(server, 'nobody-at-all@nowhere.test', 'a wrong password');
    await server.call('POST', '/api/v2.0/console/sign_in', {
      noAppAuthType: true,
      headers: { 'user-agent': 'SecurityLogTest/1.0' },
      body: { email: user.email, password: GOOD_PASSWORD },
    });
    await changePassword(server, user.token, { current_password: GOOD_PASSWORD, new_password: OTHER_GOOD_PASSWORD });
  });

  it('lists the account’s events newest first, in the contract’s shape', async () => {
    const answer = await list(adminToken);
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.equal(answer.body.message, 'Security events.');
    const { events, total, page, page_size } = answer.body.data;
    assert.equal(page, 1);
    assert.equal(page_size, 20);
    assert.equal(total, events.length);
    for (const event of events) {
      assert.deepEqual(Object.keys(event).sort(), EVENT_KEYS);
      assert.match(event.event_id, /^sev_/);
    }
    const ats = events.map((event: { at: string }) => event.at);
    assert.deepEqual(ats, [...ats].sort().reverse(), 'newest first');

    const mine = events.filter((event: { user_email: string }) => event.user_email === userEmail);
    assert.deepEqual(
      mine.map((event: { type: string; method: string | null }) => [event.type, event.method]),
      [
        ['password_changed', null],
        ['sign_in', 'password'],
        ['sign_in_failed', 'password'],
        ['password_changed', null],
        ['sign_in', 'email_link'],
      ],
    );
    const signIn = mine[1];
    assert.equal(signIn.user_agent, 'SecurityLogTest/1.0');
    assert.match(signIn.ip, /127\.0\.0\.1/);
    assert.equal(mine[2].detail, 'wrong password');
    assert.match(mine[0].detail, /password changed/);
    assert.match(mine[3].detail, /first password set/);
  });

  it('keeps failures for an address nobody has out of every account’s log', async () => {
    const { events } = (await list(adminToken, '?page_size=100')).body.data;
    assert.equal(
      events.some((event: { user_email: string | null }) => event.user_email === 'nobody-at-all@nowhere.test'),
      false,
    );
  });

  it('records a lock-out when it starts, for an address that is a user’s', async () => {
    const user = await newUserWithPassword(server, accountId);
    for (let i = 0; i < 10; i++) await signInWithPassword(server, user.email, `wrong ${i}`);
    await signInWithPassword(server, user.email, user.password);
    const { events } = (await list(adminToken, '?page_size=100')).body.data;
    const theirs = events.filter((event: { user_email: string }) => event.user_email === user.email);
    assert.equal(theirs.filter((event: { type: string }) => event.type === 'user_locked').length, 1);
    assert.equal(theirs.filter((event: { type: string }) => event.type === 'sign_in_failed').length, 10);
  });

  it('pages with page and page_size, and a page past the end is empty', async () => {
    const all = (await list(apiToken, '?page_size=100')).body.data;
    const first = (await list(apiToken, '?page=1&page_size=2')).body.data;
    const second = (await list(apiToken, '?page=2&page_size=2')).body.data;
    assert.equal(first.total, all.total);
    assert.deepEqual(
      [...first.events, ...second.events].map((event: { event_id: string }) => event.event_id),
      all.events.slice(0, 4).map((event: { event_id: string }) => event.event_id),
    );
    const beyond = (await list(apiToken, '?page=1000&page_size=100')).body.data;
    assert.deepEqual(beyond.events, []);
    assert.equal(beyond.total, all.total);
  });

  it('answers 400 INVALID_PAGINATION outside page ≥ 1 and page_size 1–100', async () => {
    for (const query of ['?page=0', '?page_size=0', '?page_size=101', '?page=-1', '?page=abc']) {
      assertError(await list(apiToken, query), 400, 'INVALID_PAGINATION');
    }
    assertError(await list(apiToken, '?sort=at'), 400, 'UNKNOWN_FIELD');
  });

  it('is for admins: a sender’s console token gets 403 ROLE_FORBIDDEN', async () => {
    const sender = await signInNewConsoleUser(server, accountId, 'sender');
    const refused = await list(sender.token);
    assertError(refused, 403, 'ROLE_FORBIDDEN');
    assert.deepEqual(refused.body.errors, [
      { error_code: 'ROLE_FORBIDDEN', developer_message: "Only an account's admins may do this; this token is a sender's." },
    ]);
    assertError(await list('cs_ct_unknown'), 401, 'INVALID_ACCESS_TOKEN');
  });

  it('shows no other account’s events', async () => {
    const other = await server.newAccount();
    const otherUser = await newUserWithPassword(server, other.account_id);
    const theirs = (await list(other.accessToken, '?page_size=100')).body.data;
    assert.ok(theirs.events.length > 0);
    assert.ok(theirs.events.every((event: { user_email: string }) => event.user_email === otherUser.email));
    const ours = (await list(apiToken, '?page_size=100')).body.data;
    assert.equal(
      ours.events.some((event: { user_email: string }) => event.user_email === otherUser.email),
      false,
    );
  });
});
