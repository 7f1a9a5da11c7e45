import { Type, type Static } from 'typebox';
import type { BuilderView } from '../../../app/builders/open-builder.js';
import type { BuilderUrl as BuilderUrlModel } from '../../../app/builders/builder-tokens.js';
import { Email, Int, List, Nullable, Ok, Strict, Text, Timestamp } from '../../schema-kit.js';
import { FieldSchema, type FieldRequest } from '../envelopes/envelope.schema.js';
import { EditorDocument, presentEditorDocument, presentTemplateDetail, TemplateDetailData } from '../templates/template.schema.js';

/**
 * What the builder pages post to `window.parent` (docs/api/people.md), for the OpenAPI descriptions: the
 * integrator listens for them on its own page.
 */
export const BUILDER_EVENTS_NOTE =
  'The page posts these messages to `window.parent` (listen with `window.addEventListener("message", …)` and check `event.origin`): `{type: "countersign.loaded", kind}` once it has loaded, `{type: "countersign.template.saved", template_id}` after a template was saved, `{type: "countersign.envelope.sent", envelope_id}` after the composer sent its envelope, and `{type: "countersign.error", error_code}` when an operation failed (the API’s error code). Only the origins in the account’s `frame_ancestors` may frame the page (`countersign account update --frame-ancestors`).';

/** How long a builder lives besides its own clock (docs/api/embedding.md), for the OpenAPI descriptions. */
export const BUILDER_LIFETIME_NOTE =
  'A builder URL and the session opened from it live no longer than the credential that generated the URL: revoking its API client, or its login (as a reused refresh token does), ending its console session (logout, or the session running out) or removing its user ends them at once, and every builder call then answers 401 `INVALID_ACCESS_TOKEN`.';

const BuilderUrlData = Type.Object({
  url: Text(2000, { format: 'uri', description: 'The builder page, for an iFrame; single use' }),
  expires_at: Timestamp({ description: 'Ten minutes after issue' }),
});

export const BuilderUrl = Ok(BuilderUrlData, 'The builder URL');

export const presentBuilderUrl = (issued: BuilderUrlModel): Static<typeof BuilderUrlData> => ({
  url: issued.url,
  expires_at: issued.expiresAt,
});

export const BuilderTokenParams = Strict({
  builderCode: Text(200, { minLength: 1, description: 'The token of the builder URL, or the session token its first use returned' }),
});

const DraftSigner = Type.Object({
  index: Int(0, 49, { description: '0-based position of the signer in the draft; the Send names signers by it' }),
  name: Text(255),
  email: Email(),
  signing_order: Nullable(Int(1, 1000)),
  fields: List(FieldSchema, 200),
});

const DraftData = Type.Object({
  envelope: Type.Object({
    name: Text(255),
    description: Nullable(Text(2000)),
    tags: List(Text(64), 50),
    message: Nullable(Text(5000)),
  }),
  settings: Type.Object({}, { additionalProperties: true, description: 'The envelope settings as generate_sender_url gave them' }),
  documents: List(EditorDocument, 10),
  signers: List(DraftSigner, 50),
  observers: List(Type.Object({ name: Text(255), email: Email() }), 50),
  envelope_id: Nullable(Text(64), { description: 'The envelope the composer sent, once sent' }),
});

const BuilderSessionData = Type.Object({
  session_token: Text(200, {
    description:
      'Use it in place of the URL token from now on (the URL token is spent); valid one hour, and no longer than the credential that generated the URL',
  }),
  kind: Type.String({ enum: ['template', 'compose'], maxLength: 8 }),
  expires_at: Timestamp({ description: 'When the session token expires' }),
  template: Type.Optional(TemplateDetailData),
  draft: Type.Optional(DraftData),
});

export const BuilderSession = Ok(BuilderSessionData, 'The builder session and what it edits');

const personName = (person: { name?: string; firstName?: string; lastName?: string }) =>
  person.name?.trim() || [person.firstName?.trim(), person.lastName?.trim()].filter(Boolean).join(' ');

export const presentBuilderSession = (view: BuilderView): Static<typeof BuilderSessionData> => {
  const session = { session_token: view.session.sessionToken, kind: view.kind, expires_at: view.session.token.expiresAt };
  if (view.kind === 'template') return { ...session, template: presentTemplateDetail(view.template) };
  const { draft, documents } = view.draft;
  const { envelope, signers, observers } = draft.request;
  return {
    ...session,
    draft: {
      envelope: {
        name: envelope.name,
        description: envelope.description ?? null,
        tags: envelope.tags ?? [],
        message: envelope.message ?? null,
      },
      settings: envelope.settings,
      documents: documents.map(presentEditorDocument),
      signers: signers.map((signer, index) => ({
        index,
        name: personName(signer),
        email: signer.email,
        signing_order: signer.signingOrder ?? null,
        fields: (signer.fields ?? []) as FieldRequest[],
      })),
      observers: observers.map((observer) => ({ name: personName(observer), email: observer.email })),
      envelope_id: draft.envelopeId,
    },
  };
};

export const SendDraftBody = Strict({
  signers: List(
    Strict({
      index: Type.Optional(Int(0, 49, { description: 'The signer’s `index` in the draft' })),
      email: Type.Optional(Email({ description: 'Or the signer’s e-mail address' })),
      fields: List(FieldSchema, 200, { description: 'The signer’s fields; they replace those of the draft' }),
    }),
    50,
    { description: 'The fields placed, per signer; a signer not listed keeps the fields of the draft' },
  ),
});
