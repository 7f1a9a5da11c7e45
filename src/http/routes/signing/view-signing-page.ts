import type { AppContext } from '../../../app/context.js';
import { viewSigningPage } from '../../../app/signing/view-signing-page.js';
import type { App } from '../../app-type.js';
import { originOf } from '../../request-origin.js';
import { Example, errorExample } from '../../openapi-examples.js';
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
          "No headers: the token is the credential. Marks the signer Viewed on the first call (not a viewer: a viewer's step is done once every document was fetched). `signed_by_others` carries what every other signer who has already signed left on the documents — each field with its value, and their adopted signature and initials (the drawn PNG as base64, or the typed text) — so that a later signer of a sequential envelope sees the earlier marks in place; this token is the only way to read them, and nothing of a signer who has not signed is included. `signer.role` says what the step asks; `group`, `witness_for`, `names_witness` (name the witness in the sign call), `host` (in person) and `other_fields` (the values that this signer's `show_if` conditions read from other recipients) place it in the workflow (docs/concepts/signing.md). Within the signer-copy days after completion `envelope.status` is Completed and the documents are the sealed ones. An embedded or in-person token is single use across every signing endpoint: its first use spends it, and here it is exchanged for `session_token` (only while its signer is on turn: after they signed or declined it is 404 `SIGNING_TOKEN_NOT_FOUND`). While the envelope is not Sent/InProgress (also past its due date) every signing endpoint answers 409 `ENVELOPE_NOT_ACTIVE`." +
          ' ' +
          SIGNING_SESSION_NOTE,
        tags: ['Signing'],
        headers: SigningSessionHeaders,
        params: SigningTokenParams,
        response: {
          200: Example(Ok(SigningPage), {
            message: 'Signing page loaded.',
            data: {
              envelope: {
                envelope_id: 'env_zgqQWvT72rpxEKoy8-nlng',
                name: 'Employment contract – Grace Hopper',
                message: 'Please sign your contract by Friday.',
                status: 'InProgress',
                sign_process_flow: 'Sequential',
                enforce_signers_location: false,
                allow_reassign: false,
              },
              signer: {
                recipient_id: 'rcp_Qm8sT1vX4yZ7bC0dE3fG6h',
                name: 'Grace Hopper',
                email: 'grace@example.com',
                status: 'Viewed',
                role: 'signer',
              },
              documents: [{ document_id: 'doc_FDbMyONAc6X0ABi9U7b6Bg', name: 'Employment contract.pdf', pages: 4 }],
              fields: [
                {
                  field_id: 'fld_KLhEfTFTluMVHzlDRb7Atw',
                  type: 'signature',
                  placeholder: null,
                  document: 1,
                  page: 4,
                  x: 72,
                  y: 640,
                  width: 180,
                  height: 40,
                  required: true,
                  editable: true,
                  default_value: null,
                  options: null,
                  name: null,
                  show_if: null,
                },
              ],
              language: 'en',
              consent_text:
                'I agree to use electronic records and signatures for this envelope.\n\nI may ask the sender for a paper copy, and may withdraw this consent before signing.',
              signed_by_others: [],
              group: null,
              witness_for: null,
              names_witness: false,
              host: null,
              other_fields: [],
            },
          }),
          ...errorResponses(400, 401, 404, 409, 429),
          ...errorExample('SIGNING_TOKEN_NOT_FOUND', 'This signing link is unknown, has expired or was already used.'),
        },
      },
    },
    async (request) => ({
      message: 'Signing page loaded.',
      data: presentSigningPage(await viewSigningPage(ctx, request.params.signingCode, originOf(request))),
    }),
  );
