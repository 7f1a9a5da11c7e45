import type { PublicLinkClosure } from '../../domain/public-link.js';
import { readAccount } from '../../infra/db/tables/accounts-table.js';
import type { AppContext } from '../context.js';
import { visitPublicLink } from './open-public-link.js';

/** What the `/p/{slug}` page shows before the visitor gives anything. */
export interface PublicLinkDescription {
  templateName: string | null;
  accountName: string;
  open: boolean;
  closure: PublicLinkClosure | null;
}

/** `GET /public/{slug}`: the document's and the organisation's names, and whether the link takes visitors (a closed link does not name its template). */
export const describePublicLink = async (ctx: AppContext, slug: string): Promise<PublicLinkDescription> => {
  const { link, template, closure } = await visitPublicLink(ctx, ctx.db, slug);
  const account = await readAccount(ctx.db, link.accountId);
  return {
    templateName: closure === null && template ? template.name : null,
    accountName: account?.name ?? '',
    open: closure === null,
    closure,
  };
};
