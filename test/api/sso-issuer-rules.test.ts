import { it } from 'node:test';
import { describeOnEachDatabase } from '../support/api-suite.js';
import { assertError } from '../support/test-server.js';

/** Without SSO_ALLOW_PRIVATE (the default) an issuer must be https on a public address: refused before anything is fetched. */
describeOnEachDatabase('Single sign-on issuers without SSO_ALLOW_PRIVATE', (server) => {
  const put = async (issuer: string) => {
    const account = await server.newAccount();
    return server.call('PUT', '/api/v2.0/account/sso', {
      token: account.accessToken,
      body: {
        issuer,
        client_id: 'countersign',
        client_secret: 'a secret',
        email_domains: ['acme.test'],
        default_role: 'sender',
        enforced: false,
      },
    });
  };

  it('answers 400 INVALID_SSO_ISSUER for an http issuer', async () => {
    const error = assertError(await put('http://login.example.com'), 400, 'INVALID_SSO_ISSUER');
    if (error.field !== 'issuer') throw new Error(`field ${error.field}`);
  });

  it('answers 400 INVALID_SSO_ISSUER for an https issuer on a loopback, private or metadata address', async () => {
    for (const issuer of [
      'https://127.0.0.1:8443',
      'https://10.1.2.3',
      'https://[::1]/realms/acme',
      'https://169.254.169.254',
      'https://localhost',
    ]) {
      assertError(await put(issuer), 400, 'INVALID_SSO_ISSUER');
    }
  });

  it('answers 400 INVALID_SSO_ISSUER for an issuer that is not a URL, or carries credentials or a query', async () => {
    for (const issuer of [
      'login.example.com',
      'https://user:pass@login.example.com',
      'https://login.example.com/?tenant=1',
      'ftp://login.example.com',
    ]) {
      assertError(await put(issuer), 400, 'INVALID_SSO_ISSUER');
    }
  });
});
