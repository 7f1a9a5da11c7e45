import { randomBytes } from 'node:crypto';
import {
  insertPublicLink,
  readPublicLinkOfTemplate,
  updatePublicLink,
  type PublicLink,
  type PublicLinkRecipients,
} from '../../infra/db/tables/public-links-table.js';
import { newId } from '../../infra/ids.js';
import type { AppContext, Caller } from '../context.js';
import { loadTemplate } from '../templates/load-template.js';
import { normalizeEmail } from '../users/email-address.js';
import { assertLinkFillsRoles } from './public-link-recipients.js';

/** `POST /templates/{id}/public_link`: every key given replaces the link's; optional ones left out are kept (a new link: none). */
export interface PublicLinkInput {
  enabled: boolean;
  role: string;
  maxUses?: number | null;
  expiresAt?: string | null;
  recipients?: PublicLinkRecipients;
}

/** 128 random bits, URL-safe: a link cannot be found by trying addresses. */
const newSlug = (): string => randomBytes(16).toString('base64url');

const normalized = (recipients: PublicLinkRecipients): PublicLinkRecipients => ({
  signers: recipients.signers.map((s) => ({ signerTitle: s.signerTitle.trim(), name: s.name.trim(), email: normalizeEmail(s.email) })),
  observers: recipients.observers.map((o) => ({
    observerTitle: o.observerTitle.trim(),
    name: o.name.trim(),
    email: normalizeEmail(o.email),
  })),
});

/**
 * Creates the template's public link or changes it (docs/api/public-links.md). The slug stays for
 * the link's life, so a changed link keeps its address; `created` says which happened.
 */
export const savePublicLink = async (
  ctx: AppContext,
  caller: Caller,
  templateId: string,
  input: PublicLinkInput,
): Promise<{ link: PublicLink; created: boolean }> => {
  const template = await loadTemplate(ctx.db, caller.accountId, templateId);
  const now = ctx.clock.now().toISOString();
  const expiresAt = input.expiresAt && new Date(input.expiresAt).toISOString();
  const existing = await readPublicLinkOfTemplate(ctx.db, template.id);
  const recipients = input.recipients ? normalized(input.recipients) : (existing?.recipients ?? { signers: [], observers: [] });
  const role = input.role.trim();
  assertLinkFillsRoles(template.roles, role, recipients);
  const changes = {
    enabled: input.enabled,
    roleTitle: role,
    maxUses: input.maxUses === undefined ? (existing?.maxUses ?? null) : input.maxUses,
    expiresAt: expiresAt === undefined ? (existing?.expiresAt ?? null) : expiresAt,
    recipients,
    updatedAt: now,
  };
  if (!existing) {
    const link: PublicLink = {
      id: newId('pbl'),
      accountId: caller.accountId,
      templateId: template.id,
      slug: newSlug(),
      uses: 0,
      createdAt: now,
      ...changes,
    };
    if (await insertPublicLink(ctx.db, link)) return { link, created: true };
  }
  const current = existing ?? (await readPublicLinkOfTemplate(ctx.db, template.id));
  if (!current) throw new Error(`The public link of ${template.id} vanished while it was saved.`);
  await updatePublicLink(ctx.db, current.id, changes);
  return { link: { ...current, ...changes }, created: false };
};
