import { readAccount } from '../../infra/db/tables/accounts-table.js';
import { readUser } from '../../infra/db/tables/users-table.js';
import { loginLinkMail } from '../../infra/mail/login-link-mail.js';
import type { AppContext } from '../context.js';
import { issueLoginLink } from './login-links.js';

/**
 * Mails a new user their first sign-in link. The link commits before the mail leaves; a retried job
 * mails a fresh link (at-least-once, never a dead link).
 */
export const sendUserInvitation = async (ctx: AppContext, { userId }: { userId: string }): Promise<void> => {
  const mail = await ctx.db.transaction().execute(async (trx) => {
    const user = await readUser(trx, userId);
    const account = user && (await readAccount(trx, user.accountId));
    if (!user || !account) return undefined;
    const { url: loginUrl } = await issueLoginLink(ctx, trx, user.id);
    return {
      to: user.email,
      content: loginLinkMail({ userName: user.name, accountName: account.name, loginUrl, invitation: { role: user.role } }),
    };
  });
  if (mail) await ctx.mailer.send({ to: mail.to, ...mail.content });
};
