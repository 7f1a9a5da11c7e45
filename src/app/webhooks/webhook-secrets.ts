import type { Webhook } from '../../infra/db/tables/webhooks-table.js';
import { newSecret } from '../../infra/ids.js';
import type { AppContext } from '../context.js';

/** How long the secret before a rotation keeps signing, so receivers can switch without losing a delivery. */
export const ROTATION_OVERLAP_MS = 24 * 3600_000;

export const newWebhookSecret = (): string => newSecret('whsec_');

/** The secrets that sign a delivery made now: the current one, and the previous one within 24 h of a rotation. */
export const signingSecrets = (ctx: AppContext, webhook: Webhook): string[] => {
  const current = ctx.webhookSecrets.open(webhook.secretCiphertext, webhook.id);
  const previousValid =
    webhook.previousSecretCiphertext !== null &&
    webhook.previousSecretExpiresAt !== null &&
    new Date(webhook.previousSecretExpiresAt) > ctx.clock.now();
  return previousValid ? [current, ctx.webhookSecrets.open(webhook.previousSecretCiphertext!, webhook.id)] : [current];
};
