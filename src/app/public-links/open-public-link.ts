import { publicLinkClosed, publicLinkClosure, publicLinkNotFound, type PublicLinkClosure } from '../../domain/public-link.js';
import type { Db } from '../../infra/db/database.js';
import { readPublicLinkBySlug, type PublicLink } from '../../infra/db/tables/public-links-table.js';
import type { AppContext } from '../context.js';
import { readTemplate } from '../../infra/db/tables/templates-table.js';
import type { AccountTemplate } from '../templates/load-template.js';
import type { TemplateRoles } from '../templates/template-roles.js';

/** A link as a visitor reaches it: its template (undefined once deleted) and, when it takes no visitors, why. */
export interface VisitedLink {
  link: PublicLink;
  template: AccountTemplate | undefined;
  closure: PublicLinkClosure | null;
}

/** The link behind a slug, whatever its state; an unknown slug is 404 PUBLIC_LINK_NOT_FOUND. */
export const visitPublicLink = async (ctx: AppContext, db: Db, slug: string, options: { lock?: boolean } = {}): Promise<VisitedLink> => {
  const link = await readPublicLinkBySlug(db, slug, options);
  if (!link) throw publicLinkNotFound();
  const template = await readTemplate<TemplateRoles>(db, link.accountId, link.templateId);
  const closure = publicLinkClosure({ ...link, templateActive: template?.status === 'Active' }, ctx.clock.now());
  return { link, template, closure };
};

/** The link while it takes visitors: else 410 PUBLIC_LINK_CLOSED saying why. */
export const openPublicLink = async (
  ctx: AppContext,
  db: Db,
  slug: string,
  options: { lock?: boolean } = {},
): Promise<{ link: PublicLink; template: AccountTemplate }> => {
  const { link, template, closure } = await visitPublicLink(ctx, db, slug, options);
  if (closure || !template) throw publicLinkClosed(closure ?? 'template_inactive');
  return { link, template };
};
