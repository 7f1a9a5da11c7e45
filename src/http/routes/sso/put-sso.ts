import type { AppContext } from '../../../app/context.js';
import { saveSsoSettings } from '../../../app/sso/save-sso-settings.js';
import { ssoRedirectUri } from '../../../app/sso/sso-redirect-uri.js';
import { callerOf, type App } from '../../app-type.js';
import { Example, errorExample } from '../../openapi-examples.js';
import { originOf } from '../../request-origin.js';
import { errorResponses } from '../../schema-kit.js';
import { SsoBody, SsoResponse, presentSso, ssoExample } from './sso.schema.js';

export const putSsoRoute = (app: App, ctx: AppContext) =>
  app.put(
    '/account/sso',
    {
      config: { role: 'admin' },
      schema: {
        operationId: 'putSso',
        summary: "Configure the account's single sign-on (OIDC)",
        description:
          "Admins. Sets the account's OpenID Connect provider, replacing what was there (a field left out takes its default). " +
          "The provider's discovery document is fetched now (10 s, 256 KB at most, no redirects) and must be JSON naming the " +
          'same issuer, an authorization endpoint, a token endpoint and a JWKS, and allow `client_secret_basic` or ' +
          '`client_secret_post`: otherwise 400 SSO_DISCOVERY_FAILED with the reason. The issuer must be https and resolve to ' +
          'public addresses (400 INVALID_SSO_ISSUER) unless the operator set SSO_ALLOW_PRIVATE=true. The client secret is ' +
          'stored encrypted and never answered; the first PUT needs it (400 FIELD_REQUIRED), a later one without it keeps it. ' +
          "A domain another account's single sign-on holds: 409 SSO_DOMAIN_TAKEN, and nothing is saved. Register " +
          '`redirect_uri` (`{PUBLIC_URL}/console/sso/callback`) at the provider. Recorded in the security log as `sso_changed` ' +
          '(which fields changed, never the secret).',
        tags: ['Single sign-on'],
        body: Example(SsoBody, {
          issuer: ssoExample.issuer,
          client_id: ssoExample.client_id,
          client_secret: 'Xq38Q~vN2rT5yB7kL0pW9sD4fH6jM1cZ8eA3gU',
          email_domains: ssoExample.email_domains,
          default_role: 'sender',
          enforced: false,
        }),
        response: {
          200: Example(SsoResponse, { message: 'Single sign-on saved.', data: ssoExample }),
          ...errorResponses(400, 401, 403, 409, 429),
          ...errorExample(
            'SSO_DISCOVERY_FAILED',
            "The provider's discovery document could not be used: the issuer in the document is not the one given.",
            { field: 'issuer' },
          ),
          ...errorExample('SSO_DOMAIN_TAKEN', "acme.example belongs to another account's single sign-on.", { field: 'email_domains' }),
        },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const { issuer, client_id, client_secret, email_domains, default_role, enforced } = request.body;
      const saved = await saveSsoSettings(ctx, originOf(request), {
        accountId: caller.accountId,
        actorUserId: caller.userId,
        issuer,
        clientId: client_id,
        ...(client_secret === undefined ? {} : { clientSecret: client_secret }),
        emailDomains: email_domains,
        defaultRole: default_role ?? 'sender',
        enforced: enforced ?? false,
      });
      return { message: 'Single sign-on saved.', data: presentSso(saved, ssoRedirectUri(ctx.config)) };
    },
  );
