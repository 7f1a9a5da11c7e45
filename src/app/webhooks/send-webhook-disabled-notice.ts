import { readAccountWithOwner } from '../../infra/db/tables/accounts-table.js';
import { readWebhookById } from '../../infra/db/tables/webhooks-table.js';
import { webhookDisabledMail } from '../../infra/mail/webhook-disabled-mail.js';
import type { AppContext } from '../context.js';

/** E-mails the account's owner that the service disabled a failing webhook (unless it was deleted or enabled again since). */
export const sendWebhookDisabledNotice = async (ctx: AppContext, { webhookId }: { webhookId: string }): Promise<void> => {
  const webhook = await readWebhookById(ctx.db, webhookId);
  if (!webhook || webhook.enabled || !webhook.disabledReason) return;
  const found = await readAccountWithOwner(ctx.db, webhook.accountId);
  if (!found) return;
  const mail = webhookDisabledMail({
    ownerName: found.owner.name,
    webhookId: webhook.id,
    url: webhook.url,
    failingSince: new Date(webhook.failingSince ?? webhook.createdAt),
    lastError: webhook.disabledReason,
  });
  await ctx.mailer.send({ to: found.owner.email, ...mail });
};
