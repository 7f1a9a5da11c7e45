import type { AppContext } from '../../../app/context.js';
import { viewSigningPage } from '../../../app/signing/view-signing-page.js';
import type { App } from '../../app-type.js';
import { originOf } from '../../request-origin.js';
import { Ok, errorResponses } from '../../schema-kit.js';
import { SIGNING_SESSION_NOTE, SigningSessionHeaders, requireSigningSession } from './signing-session.js';
import { SigningPage, SigningTokenParams, presentSigningPage } from './signing.schema.js';

export const viewSigningPageRoute = (app: App, ctx: AppContext) =>
  app.get(
    '/signing/:signingCode',
    {
      config: { access: 'public' },
      preHandler: requireSigningSession(ctx),
      schema: {
        operationId: 'viewSigningPage',
        summary: 'What the signing page shows to the signer of this token',
        description:
          'No headers: the token is the credential. Marks the signer Viewed on the first call. `signed_by_others` carries what every other signer who has already signed left on the documents — each field with its value, and their adopted signature and initials (the drawn PNG as base64, or the typed text) — so that a later signer of a sequential envelope sees the earlier marks in place; this token is the only way to read them, and nothing of a signer who has not signed is included. An embedded token is single use across every signing endpoint: its first use spends it, and here it is exchanged for `session_token` (only while its signer is on turn: after they signed or declined it is 404 `SIGNING_TOKEN_NOT_FOUND`). While the envelope is not Sent/InProgress (also past its due date) every signing endpoint answers 409 `ENVELOPE_NOT_ACTIVE`.' +
          ' ' +
          SIGNING_SESSION_NOTE,
        tags: ['Signing'],
        headers: SigningSessionHeaders,
        params: SigningTokenParams,
        response: { 200: Ok(SigningPage), ...errorResponses(400, 401, 404, 409, 429) },
      },
    },
    async (request) => ({
      message: 'Signing page loaded.',
      data: presentSigningPage(await viewSigningPage(ctx, request.params.signingCode, originOf(request))),
    }),
  );
