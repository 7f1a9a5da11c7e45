import type { AppContext } from '../../../app/context.js';
import { completeSetup } from '../../../app/setup/complete-setup.js';
import { INVALID_SETUP_TOKEN_MESSAGE, SETUP_COMPLETED_MESSAGE, assertSetupOpen } from '../../../app/setup/setup-token.js';
import { PASSWORD_RULE_SUMMARY } from '../../../domain/password-policy.js';
import type { App } from '../../app-type.js';
import { Example, errorExample } from '../../openapi-examples.js';
import { errorResponses } from '../../schema-kit.js';
import { setSessionCookie } from '../../session-cookie.js';
import { SetupBody, SetupResponse, presentSetup } from './setup.schema.js';

/** `POST /api/v2.0/setup`: the first run's form (docs/guide/getting-started.md), answered with the console's session cookie. */
export const completeSetupRoute = (app: App, ctx: AppContext) =>
  app.post(
    '/setup',
    {
      config: { access: 'public' },
      // Once there is an account every call is refused alike, before its body is judged.
      preValidation: async () => assertSetupOpen(ctx.db),
      schema: {
        operationId: 'completeSetup',
        summary: 'Set up the installation: its first account and owner',
        description:
          'Public, no `app_auth_type` header. While the installation has no account, each start of the server prints ' +
          '`{PUBLIC_URL}/setup/{setup_token}`; the page there posts its form here. Creates the account (the organisation), ' +
          'its owner (an admin who signs in with this password) and a console session: the answer sets the ' +
          '`countersign_session` cookie, so the browser continues to the console at `/`. One transaction: of two setups at ' +
          'once exactly one succeeds. A token no running start printed: 403 INVALID_SETUP_TOKEN; once any account exists ' +
          '(made here or by `countersign account create`), every call: 409 SETUP_COMPLETED. No API client is made: the ' +
          'console creates them. The per-address limit of unauthenticated calls applies.',
        tags: ['Console sign-in'],
        body: Example(SetupBody, {
          setup_token: 'cs_su_q8ZbN3vR5tLm1YxK7cW2pHd9sFg4JaUe6oTi0kBnVyE',
          organisation_name: 'Acme Ltd',
          owner: { name: 'Ada Lovelace', email: 'ada@acme.example', password: 'copper kettle orbit lantern' },
        }),
        response: {
          201: Example(SetupResponse, {
            message: 'Set up. Welcome to Countersign.',
            data: { account_id: 'acct_7Hq2LmZx9VbR4tNc1WpK0s', user_id: 'usr_3Fj8KsQw1XeL6mRt9ZbY2v' },
          }),
          ...errorResponses(400, 403, 409, 429),
          ...errorExample(
            'WEAK_PASSWORD',
            `The password is a common one, or a common one with digits or symbols added. ${PASSWORD_RULE_SUMMARY}`,
            { field: 'owner.password' },
          ),
          ...errorExample('INVALID_SETUP_TOKEN', INVALID_SETUP_TOKEN_MESSAGE),
          ...errorExample('SETUP_COMPLETED', SETUP_COMPLETED_MESSAGE),
        },
      },
    },
    async (request, reply) => {
      const { setup_token, organisation_name, owner, plan } = request.body;
      const setup = await completeSetup(ctx, {
        setupToken: setup_token,
        organisationName: organisation_name,
        owner,
        ...(plan ? { plan } : {}),
      });
      setSessionCookie(ctx, reply, setup.session.token, setup.session.expiresAt).code(201);
      return { message: 'Set up. Welcome to Countersign.', data: presentSetup(setup) };
    },
  );
