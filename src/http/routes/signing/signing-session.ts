import { Type } from 'typebox';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../../app/context.js';
import { requireRecipientAuthentication } from '../../../app/signing/recipient-authentication.js';
import { Text } from '../../schema-kit.js';

export const SIGNING_SESSION_HEADER = 'countersign-signing-session';

/** The header that carries the session an `authenticate` call opened (docs/concepts/recipients.md). */
export const SigningSessionHeaders = Type.Object({
  [SIGNING_SESSION_HEADER]: Type.Optional(
    Text(200, { description: 'The `signing_session` from authenticate: required when the signer has an authentication method' }),
  ),
});

export const SIGNING_SESSION_NOTE =
  'A signer with an authentication method (docs/concepts/recipients.md) must first authenticate: until then this answers 401 `RECIPIENT_AUTH_REQUIRED` (the method, `access_code` or `sms`, is in the message; `Content-Language` names the signer’s language, so a page can ask for the code in it); afterwards send the `Countersign-Signing-Session` header.';

/**
 * The route hook in front of every signing endpoint but send_code and authenticate: the use case
 * decides, before the endpoint spends an embedded token or reads its body's consequences.
 */
export const requireSigningSession =
  (ctx: AppContext) =>
  async (request: FastifyRequest): Promise<void> => {
    const { signingCode } = request.params as { signingCode: string };
    const header = request.headers[SIGNING_SESSION_HEADER];
    await requireRecipientAuthentication(ctx, signingCode, typeof header === 'string' ? header : undefined);
  };
