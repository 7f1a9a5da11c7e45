import { addSeconds } from '../../domain/clock.js';
import { CONSOLE_SIGN_IN } from '../../domain/console-sign-in.js';
import { readAccount } from '../../infra/db/tables/accounts-table.js';
import { countLoginLinksSince } from '../../infra/db/tables/console-login-links-table.js';
import { readUsersByEmail } from '../../infra/db/tables/users-table.js';
import { loginLinkMail } from '../../infra/mail/login-link-mail.js';
import type { AppContext } from '../context.js';
import { ssoRequiredFor } from '../sso/sso-enforcement.js';
import { issueLoginLink } from './login-links.js';

/**
 * Mails a sign-in link to the user with this address, if there is exactly one and they were sent
 * fewer than the per-address limit lately and their account does not enforce single sign-on for
 * them; otherwise does nothing, and nobody is told which. (An
 * address shared by users of several accounts, possible only for owners of accounts created before
 * addresses had to be unique, signs nobody in: the operator gives one of them another address.)
 */
export const sendLoginLink = async (ctx: AppContext, { email }: { email: string }): Promise<void> => {
  const mail = await ctx.db.transaction().execute(async (trx) => {
    const users = await readUsersByEmail(trx, email);
    const user = users.length === 1 ? users[0] : undefined;
    if (!user || (await ssoRequiredFor(trx, user))) return undefined;
    const since = addSeconds(ctx.clock.now(), -CONSOLE_SIGN_IN.linksWindowSeconds).toISOString();
    if ((await countLoginLinksSince(trx, user.id, since)) >= CONSOLE_SIGN_IN.linksPerAddress) return undefined;
    const account = await readAccount(trx, user.accountId);
    if (!account) return undefined;
    const { url: loginUrl } = await issueLoginLink(ctx, trx, user.id);
    return { to: user.email, content: loginLinkMail({ userName: user.name, accountName: account.name, loginUrl }) };
  });
  if (mail) await ctx.mailer.send({ to: mail.to, ...mail.content });
};
