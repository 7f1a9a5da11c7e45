import { readAccount } from '../../infra/db/tables/accounts-table.js';
import { readPublicLinkCode } from '../../infra/db/tables/public-link-codes-table.js';
import { readPublicLinkById } from '../../infra/db/tables/public-links-table.js';
import { readTemplate } from '../../infra/db/tables/templates-table.js';
import { publicLinkCodeMail } from '../../infra/mail/public-link-code-mail.js';
import type { AppContext } from '../context.js';
import type { JobPayloads } from '../outbox.js';
import { publicLinkCodeBinding } from './request-public-link-code.js';

/** Mails one public link code, unless it was used or ran out meanwhile (a retry sends nothing stale). */
export const sendPublicLinkCode = async (ctx: AppContext, { codeId, sealedCode }: JobPayloads['send-public-link-code']): Promise<void> => {
  const code = await readPublicLinkCode(ctx.db, codeId);
  if (!code || code.usedAt !== null || code.expiresAt <= ctx.clock.now().toISOString()) return;
  const link = await readPublicLinkById(ctx.db, code.publicLinkId);
  if (!link) return;
  const [template, account] = await Promise.all([
    readTemplate(ctx.db, link.accountId, link.templateId),
    readAccount(ctx.db, link.accountId),
  ]);
  if (!template || !account) return;
  await ctx.mailer.send({
    to: code.email,
    ...publicLinkCodeMail({
      visitorName: code.name,
      code: ctx.webhookSecrets.open(sealedCode, publicLinkCodeBinding(codeId)),
      documentName: template.name,
      accountName: account.name,
      language: code.language,
    }),
  });
};
