import { addSeconds } from '../../domain/clock.js';
import { PASSWORD_SIGN_IN } from '../../domain/password-sign-in.js';
import { readAccount } from '../../infra/db/tables/accounts-table.js';
import { countPasswordResetLinksSince } from '../../infra/db/tables/password-reset-links-table.js';
import { readUsersByEmail } from '../../infra/db/tables/users-table.js';
import { passwordResetMail } from '../../infra/mail/password-reset-mail.js';
import type { AppContext } from '../context.js';
import { ssoRequiredFor } from '../sso/sso-enforcement.js';
import { issuePasswordResetLink } from './reset-links.js';

/**
 * Mails a reset link to the user with this address, if there is exactly one, their account lets them
 * sign in by password (no enforced single sign-on) and they were sent fewer than the per-address
 * limit lately; otherwise does nothing, and nobody is told which. The mail speaks the account's
 * default language: a person's own choice of language lives in their browser.
 */
export const sendPasswordReset = async (ctx: AppContext, { email }: { email: string }): Promise<void> => {
  const mail = await ctx.db.transaction().execute(async (trx) => {
    const users = await readUsersByEmail(trx, email);
    const user = users.length === 1 ? users[0] : undefined;
    if (!user || (await ssoRequiredFor(trx, user))) return undefined;
    const since = addSeconds(ctx.clock.now(), -PASSWORD_SIGN_IN.resetLinksWindowSeconds).toISOString();
    if ((await countPasswordResetLinksSince(trx, user.id, since)) >= PASSWORD_SIGN_IN.resetLinksPerAddress) return undefined;
    const account = await readAccount(trx, user.accountId);
    if (!account) return undefined;
    const resetUrl = await issuePasswordResetLink(ctx, trx, user.id);
    return {
      to: user.email,
      content: passwordResetMail({ userName: user.name, accountName: account.name, resetUrl, language: account.defaultLanguage }),
    };
  });
  if (mail) await ctx.mailer.send({ to: mail.to, ...mail.content });
};
