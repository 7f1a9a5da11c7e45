import { updateWebhook, type Webhook } from '../../infra/db/tables/webhooks-table.js';
import type { AppContext } from '../context.js';
import { loadWebhook } from './load-webhook.js';
import { newWebhookSecret, ROTATION_OVERLAP_MS } from './webhook-secrets.js';

/**
 * A new secret, shown this once. For 24 h the one it replaces signs too (a second `v1=`), so a
 * receiver can switch without rejecting a delivery; a secret rotated out earlier stops at once.
 */
export const rotateWebhookSecret = async (
  ctx: AppContext,
  request: { accountId: string; webhookId: string },
): Promise<{ webhook: Webhook; secret: string }> => {
  const secret = newWebhookSecret();
  const webhook = await ctx.db.transaction().execute(async (trx) => {
    const current = await loadWebhook(trx, request.accountId, request.webhookId, { lock: true });
    const changes = {
      secretCiphertext: ctx.webhookSecrets.seal(secret, current.id),
      previousSecretCiphertext: current.secretCiphertext,
      previousSecretExpiresAt: new Date(ctx.clock.now().getTime() + ROTATION_OVERLAP_MS).toISOString(),
    };
    await updateWebhook(trx, current.id, changes);
    return { ...current, ...changes };
  });
  return { webhook, secret };
};
