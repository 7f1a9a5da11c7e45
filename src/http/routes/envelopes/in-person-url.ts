import { Type, type Static } from 'typebox';
import type { AppContext } from '../../../app/context.js';
import { inPersonUrl, type InPersonUrl } from '../../../app/envelopes/in-person-url.js';
import { callerOf, type App } from '../../app-type.js';
import { Example, errorExample } from '../../openapi-examples.js';
import { Ok, Strict, Text, Timestamp, errorResponses } from '../../schema-kit.js';

const InPersonUrlParams = Strict({
  envelopeId: Text(64, { minLength: 1, pattern: '^[A-Za-z0-9_-]+$', description: 'The envelope_id' }),
  recipientId: Text(64, { minLength: 1, pattern: '^[A-Za-z0-9_-]+$', description: "The in-person signer's recipient_id" }),
});

const IssuedInPersonUrl = Type.Object({
  url: Text(2000, { format: 'uri', description: "Opens the signing page on the host's device for the in-person signer; single use" }),
  expires_at: Timestamp({ description: 'Ten minutes after issue' }),
});

const presentInPersonUrl = (issued: InPersonUrl): Static<typeof IssuedInPersonUrl> => ({ url: issued.url, expires_at: issued.expiresAt });

export const inPersonUrlRoute = (app: App, ctx: AppContext) =>
  app.post(
    '/envelopes/:envelopeId/recipients/:recipientId/in_person_url',
    {
      schema: {
        operationId: 'generateInPersonUrl',
        summary: "Issue a single-use URL for an in-person signer to sign on their host's device",
        description:
          "For a recipient of role `in_person` (else 409 `NOT_IN_PERSON`), only while it is their turn (else 409 `SIGNER_NOT_ACTIVE`), by their host, an admin of the account or an API client (else 403 `ROLE_FORBIDDEN`). Valid 10 minutes; its first use is exchanged for a session, like an embedded URL's (docs/concepts/signing.md). An in-person signer has no other link: they get no invitation mail (their host is mailed when their turn comes) and no embedded URL (409 `IN_PERSON_ONLY`).",
        tags: ['Envelopes'],
        params: InPersonUrlParams,
        response: {
          201: Example(Ok(IssuedInPersonUrl, 'Created'), {
            message: 'In-person signing URL generated.',
            data: {
              url: 'https://sign.example.com/sign/cs_st_gSdppzQLhiD1dbHn-z1XrYH3l7J441FDd_Bkzhxjy2A?in_person=1',
              expires_at: '2026-03-03T09:25:27.000Z',
            },
          }),
          ...errorResponses(400, 401, 403, 404, 409, 429),
          ...errorExample(
            'NOT_IN_PERSON',
            'This recipient signs through their own link, not in person: only an in-person signer has an in-person URL.',
          ),
        },
      },
    },
    async (request, reply) =>
      reply.code(201).send({
        message: 'In-person signing URL generated.',
        data: presentInPersonUrl(await inPersonUrl(ctx, callerOf(request), request.params.envelopeId, request.params.recipientId)),
      }),
  );
