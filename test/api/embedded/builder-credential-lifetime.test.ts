import assert from 'node:assert/strict';
import { beforeEach, it } from 'node:test';
import { updateAccount } from '../../../src/app/accounts/update-account.js';
import { CONSOLE_SIGN_IN } from '../../../src/domain/console-sign-in.js';
import { describeOnEachDatabase } from '../../support/api-suite.js';
import { exchangeConsoleSession, logOutOfConsole, signInNewConsoleUser } from '../../support/console-users.js';
import { envelopeRequest } from '../../support/envelopes.js';
import type { ApiResponse } from '../../support/test-server.js';
import { createTemplate } from '../templates/template-requests.js';

const API = '/api/v2.0';
const FRAMER = 'https://crm.example.test';
const tokenOf = (url: string) => new URL(url).pathname.split('/').pop()!;

/** A credential that can generate builder URLs, and the way it ends. */
interface Issuer {
  token: string;
  end(): Promise<void>;
}

describeOnEachDatabase('Embedded builders live no longer than the credential that generated their URL', (server) => {
  let account: Awaited<ReturnType<typeof server.newAccount>>;

  beforeEach(async () => {
    account = await server.newAccount();
    await updateAccount(server.service.ctx, account.account_id, { frameAncestors: [FRAMER] });
  });

  const builder = (method: string, path: string, body?: unknown) =>
    server.call(method, `${API}/builder/${path}`, { noAppAuthType: true, ...(body !== undefined ? { body } : {}) });

  /** A template of the account and both builders' URLs, generated with `token`. */
  const generateUrls = async (token: string) => {
    const { template_id } = await createTemplate(server, token);
    const edit = await server.call('POST', `${API}/templates/${template_id}/generate_edit_url`, { token });
    assert.equal(edit.status, 201, JSON.stringify(edit.body));
    const compose = await server.call('POST', `${API}/envelopes/generate_sender_url`, { token, body: await envelopeRequest() });
    assert.equal(compose.status, 201, JSON.stringify(compose.body));
    return { templateId: template_id, editUrl: edit.body.data.url as string, composeUrl: compose.body.data.url as string };
  };

  /** Opens a builder URL as its page does: the session it returns. */
  const open = async (url: string) => {
    const opened = await builder('GET', tokenOf(url));
    assert.equal(opened.status, 200, JSON.stringify(opened.body));
    return opened.body.data;
  };

  /** The contract's error body (docs/api/conventions.md), whole: one INVALID_ACCESS_TOKEN that names the builder's credential. */
  const assertCredentialEnded = (response: ApiResponse) => {
    assert.equal(response.status, 401, JSON.stringify(response.body));
    assert.equal(typeof response.body.message, 'string');
    assert.deepEqual(response.body, {
      message: response.body.message,
      errors: [
        {
          error_code: 'INVALID_ACCESS_TOKEN',
          developer_message:
            'The credential that generated this builder has ended (its API client or login was revoked, or its console session ended).',
        },
      ],
    });
  };

  /** Another API client of the account, logged in; it ends when the account's admin revokes it. */
  const otherClient = async (): Promise<Issuer> => {
    const created = await server.call('POST', `${API}/account/clients`, { token: account.accessToken, body: { description: 'CRM' } });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const login = await server.call('POST', `${API}/authorization/token`, { body: { credentials: created.body.data.credentials } });
    assert.equal(login.status, 200);
    return {
      token: login.body.data.access_token,
      end: async () => {
        const revoked = await server.call('POST', `${API}/account/clients/${created.body.data.client_id}/revoke`, {
          token: account.accessToken,
        });
        assert.equal(revoked.status, 200, JSON.stringify(revoked.body));
      },
    };
  };

  const issuers: { ending: string; issue: () => Promise<Issuer> }[] = [
    { ending: 'its API client was revoked', issue: otherClient },
    {
      ending: 'its console user logged out',
      issue: async () => {
        const user = await signInNewConsoleUser(server, account.account_id, 'sender');
        return { token: user.token, end: async () => assert.equal((await logOutOfConsole(server, user.cookie)).status, 200) };
      },
    },
    {
      ending: 'its console user was removed',
      issue: async () => {
        const user = await signInNewConsoleUser(server, account.account_id, 'sender');
        return {
          token: user.token,
          end: async () =>
            assert.equal((await server.call('DELETE', `${API}/account/users/${user.userId}`, { token: account.accessToken })).status, 200),
        };
      },
    },
  ];

  for (const { ending, issue } of issuers) {
    it(`answers 401 INVALID_ACCESS_TOKEN to opening an edit or sender URL once ${ending}; the page is still served, framable, to show it`, async () => {
      const issuer = await issue();
      const { editUrl, composeUrl } = await generateUrls(issuer.token);
      await issuer.end();
      for (const url of [editUrl, composeUrl]) {
        assertCredentialEnded(await builder('GET', tokenOf(url)));
        // The page itself holds nothing: it opens the builder through the API, shows the refusal and posts countersign.error to its parent.
        const page = await server.call('GET', new URL(url).pathname, { noAppAuthType: true, headers: { accept: 'text/html' } });
        assert.equal(page.status, 200);
        assert.match(page.headers.get('content-type') ?? '', /^text\/html/);
        assert.match(page.headers.get('content-security-policy') ?? '', /frame-ancestors https:\/\/crm\.example\.test(;|$)/);
      }
    });

    it(`answers 401 INVALID_ACCESS_TOKEN to an open template editor once ${ending}: Save, reload and documents; the template stays as it was`, async () => {
      const issuer = await issue();
      const { templateId, editUrl } = await generateUrls(issuer.token);
      const session = await open(editUrl);
      const before = await server.call('GET', `${API}/templates/${templateId}`, { token: account.accessToken });
      assert.equal(before.status, 200);
      await issuer.end();
      const roles = {
        signers: [
          { signer_title: 'Client', signing_order: 1, fields: [{ type: 'signature', page: 2, x: 72, y: 600, width: 160, height: 40 }] },
        ],
        observers: [],
      };
      assertCredentialEnded(await builder('PUT', `${session.session_token}/template`, { roles }));
      assertCredentialEnded(await builder('GET', session.session_token));
      assertCredentialEnded(await builder('GET', `${session.session_token}/documents/${session.template.documents[0].document_id}`));
      const after = await server.call('GET', `${API}/templates/${templateId}`, { token: account.accessToken });
      assert.deepEqual(after.body, before.body);
    });

    it(`answers 401 INVALID_ACCESS_TOKEN to an open composer’s Send once ${ending}, creating no envelope`, async () => {
      const issuer = await issue();
      const { composeUrl } = await generateUrls(issuer.token);
      const session = await open(composeUrl);
      await issuer.end();
      assertCredentialEnded(await builder('POST', `${session.session_token}/send`, { signers: [] }));
      const listed = await server.call('POST', `${API}/envelopes/list`, { token: account.accessToken, body: {} });
      assert.equal(listed.status, 200);
      assert.equal(listed.body.data.total, 0);
    });
  }

  it('keeps the builders another API client of the account generated when one client is revoked', async () => {
    const revoked = await otherClient();
    const theirs = await generateUrls(revoked.token);
    const mine = await generateUrls(account.accessToken);
    const composer = await open(mine.composeUrl);
    await revoked.end();
    assertCredentialEnded(await builder('GET', tokenOf(theirs.composeUrl)));
    assert.equal((await builder('GET', tokenOf(mine.editUrl))).status, 200);
    const sent = await builder('POST', `${composer.session_token}/send`, { signers: [] });
    assert.equal(sent.status, 201, JSON.stringify(sent.body));
  });

  it('keeps a builder through a refresh of its login, and answers 401 INVALID_ACCESS_TOKEN once a reused refresh token revokes that login', async () => {
    const { editUrl } = await generateUrls(account.accessToken);
    const session = await open(editUrl);
    const refresh = () =>
      server.call('POST', `${API}/authorization/refresh_token`, {
        body: { access_token: account.accessToken, refresh_token: account.refreshToken },
      });
    assert.equal((await refresh()).status, 200);
    assert.equal((await builder('GET', session.session_token)).status, 200, 'a refresh keeps the login, and its builders');
    const reused = await refresh();
    assert.equal(reused.status, 401);
    assert.deepEqual(
      reused.body.errors.map((e: { error_code: string }) => e.error_code),
      ['REFRESH_TOKEN_REUSED'],
    );
    assertCredentialEnded(await builder('GET', session.session_token));
  });

  it('answers 401 INVALID_ACCESS_TOKEN to a builder whose console session reached its 7-day end, though its own hour has not passed', async () => {
    const user = await signInNewConsoleUser(server, account.account_id, 'sender');
    const sessionEnd = server.clock.now().getTime() + CONSOLE_SIGN_IN.sessionMaxSeconds * 1000;
    // Every exchange is a use, so the session lives until its absolute end; a builder opened 9 minutes before it.
    let token = user.token;
    const useAfter = async (seconds: number) => {
      server.clock.advanceSeconds(seconds);
      const exchanged = await exchangeConsoleSession(server, user.cookie);
      assert.equal(exchanged.status, 200, JSON.stringify(exchanged.body));
      token = exchanged.body.data.access_token;
    };
    const secondsLeft = () => (sessionEnd - server.clock.now().getTime()) / 1000;
    while (secondsLeft() > CONSOLE_SIGN_IN.sessionIdleSeconds) await useAfter(CONSOLE_SIGN_IN.sessionIdleSeconds - 60);
    await useAfter(secondsLeft() - 10 * 60);
    const { composeUrl } = await generateUrls(token);
    server.clock.advanceSeconds(60);
    const session = await open(composeUrl);
    server.clock.advanceSeconds(9 * 60);
    assertCredentialEnded(await builder('GET', session.session_token));
    assertCredentialEnded(await builder('POST', `${session.session_token}/send`, { signers: [] }));
  });
});
