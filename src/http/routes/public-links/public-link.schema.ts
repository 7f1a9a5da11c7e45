import { Type, type Static } from 'typebox';
import type { AppContext } from '../../../app/context.js';
import type { PublicLinkInput } from '../../../app/public-links/save-public-link.js';
import type { PublicLink } from '../../../app/public-links/get-public-link.js';
import { Email, Id, Int, List, Nullable, RequiredText, Strict, Text, Timestamp } from '../../schema-kit.js';

const LinkSigner = Strict({
  signer_title: RequiredText(100, 'SIGNER_TITLE_IS_REQUIRED', { description: "One of the template's other signer roles" }),
  name: RequiredText(255, 'RECIPIENT_NAME_REQUIRED'),
  email: Email(),
});

const LinkObserver = Strict({
  observer_title: RequiredText(100, 'OBSERVER_TITLE_IS_REQUIRED'),
  name: RequiredText(255, 'RECIPIENT_NAME_REQUIRED'),
  email: Email(),
});

const LinkRecipients = Strict(
  { signers: List(LinkSigner, 50), observers: Type.Optional(List(LinkObserver, 50)) },
  { description: "Who fills the template's other roles on every envelope the link makes: each other signer role exactly once" },
);

export const PublicLinkBody = Strict({
  enabled: Type.Boolean({ description: 'false switches the link off (visitors get 410 `PUBLIC_LINK_CLOSED`) and keeps its address' }),
  role: RequiredText(100, 'SIGNER_TITLE_IS_REQUIRED', { description: 'The `signer_title` of the template role a visitor fills' }),
  max_uses: Type.Optional(Nullable(Int(1, 1_000_000), { description: 'How many envelopes the link may make in all; null: no limit' })),
  expires_at: Type.Optional(Nullable(Timestamp(), { description: 'From then on the link answers 410; null: never' })),
  recipients: Type.Optional(LinkRecipients),
});

export const toPublicLinkInput = (body: Static<typeof PublicLinkBody>): PublicLinkInput => ({
  enabled: body.enabled,
  role: body.role,
  maxUses: body.max_uses,
  expiresAt: body.expires_at,
  recipients: body.recipients && {
    signers: body.recipients.signers.map((s) => ({ signerTitle: s.signer_title, name: s.name, email: s.email })),
    observers: (body.recipients.observers ?? []).map((o) => ({ observerTitle: o.observer_title, name: o.name, email: o.email })),
  },
});

export const PublicLinkData = Type.Object({
  public_link_id: Id('pbl'),
  template_id: Id('tpl'),
  url: Text(2100, { description: '`{PUBLIC_URL}/p/{slug}`: the page visitors open' }),
  slug: Text(64, { description: '128 random bits, URL-safe; kept for the life of the link' }),
  enabled: Type.Boolean(),
  role: Text(100),
  max_uses: Nullable(Int(1, 1_000_000)),
  uses: Int(0, 1_000_000, { description: 'Envelopes the link has made' }),
  expires_at: Nullable(Timestamp()),
  recipients: Type.Object({
    signers: List(Type.Object({ signer_title: Text(100), name: Text(255), email: Text(320) }), 50),
    observers: List(Type.Object({ observer_title: Text(100), name: Text(255), email: Text(320) }), 50),
  }),
  created_at: Timestamp(),
  updated_at: Timestamp(),
});

export const publicLinkUrl = (ctx: AppContext, slug: string): string => `${ctx.config.publicUrl}/p/${slug}`;

export const presentPublicLink = (ctx: AppContext, link: PublicLink): Static<typeof PublicLinkData> => ({
  public_link_id: link.id,
  template_id: link.templateId,
  url: publicLinkUrl(ctx, link.slug),
  slug: link.slug,
  enabled: link.enabled,
  role: link.roleTitle,
  max_uses: link.maxUses,
  uses: link.uses,
  expires_at: link.expiresAt,
  recipients: {
    signers: link.recipients.signers.map((s) => ({ signer_title: s.signerTitle, name: s.name, email: s.email })),
    observers: link.recipients.observers.map((o) => ({ observer_title: o.observerTitle, name: o.name, email: o.email })),
  },
  created_at: link.createdAt,
  updated_at: link.updatedAt,
});

export const publicLinkExample: Static<typeof PublicLinkData> = {
  public_link_id: 'pbl_Vq2cY1m0Qz8r6XbTn4kP3w',
  template_id: 'tpl_8T2HrtYsl5XErp4YvyWFIg',
  url: 'https://sign.example.com/p/3kq9Zt0bW1xYcV7mN2pL5g',
  slug: '3kq9Zt0bW1xYcV7mN2pL5g',
  enabled: true,
  role: 'Tenant',
  max_uses: 100,
  uses: 12,
  expires_at: '2026-12-31T23:00:00.000Z',
  recipients: { signers: [{ signer_title: 'Landlord', name: 'Ada Landlord', email: 'ada@example.com' }], observers: [] },
  created_at: '2026-03-01T09:00:00.000Z',
  updated_at: '2026-03-02T10:30:00.000Z',
};

export const SlugParams = Strict({ slug: Text(64, { minLength: 1 }) });
