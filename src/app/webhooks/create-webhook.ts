import { AppError } from '../../domain/app-error.js';
import type { SubscribableEventType } from '../../domain/webhook-events.js';
import { readAccountForUpdate } from '../../infra/db/tables/accounts-table.js';
import { countWebhooks, insertWebhook, type Webhook } from '../../infra/db/tables/webhooks-table.js';
import { newId } from '../../infra/ids.js';
import type { AppContext } from '../context.js';
import { newWebhookSecret } from './webhook-secrets.js';
import { checkWebhookUrl } from './webhook-url.js';

export const MAX_WEBHOOKS_PER_ACCOUNT = 20;

export interface NewWebhook {
  accountId: string;
  url: string;
  events: SubscribableEventType[];
  description: string;
}

/** A new webhook and its secret, which is shown this once and stored only encrypted. */
export const createWebhook = async (ctx: AppContext, request: NewWebhook): Promise<{ webhook: Webhook; secret: string }> => {
  if (!request.events.length) throw new AppError('EVENTS_REQUIRED', 'Subscribe to at least one event type.', { field: 'events' });
  const url = await checkWebhookUrl(request.url, ctx.config.webhookAllowPrivate);
  const id = newId('whk');
  const secret = newWebhookSecret();
  const webhook: Webhook = {
    id,
    accountId: request.accountId,
    url: url.href,
    description: request.description,
    events: [...new Set(request.events)],
    enabled: true,
    secretCiphertext: ctx.webhookSecrets.seal(secret, id),
    previousSecretCiphertext: null,
    previousSecretExpiresAt: null,
    failingSince: null,
    disabledReason: null,
    createdAt: ctx.clock.now().toISOString(),
  };
  await ctx.db.transaction().execute(async (trx) => {
    // The account row's lock makes concurrent creations count one after another.
    await readAccountForUpdate(trx, request.accountId);
    if ((await countWebhooks(trx, request.accountId)) >= MAX_WEBHOOKS_PER_ACCOUNT)
      throw new AppError('WEBHOOK_LIMIT_REACHED', `An account has at most ${MAX_WEBHOOKS_PER_ACCOUNT} webhooks: delete one first.`);
    await insertWebhook(trx, webhook);
  });
  return { webhook, secret };
};
