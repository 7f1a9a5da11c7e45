import { AppError } from '../../domain/app-error.js';
import type { Db } from '../../infra/db/database.js';
import { readWebhook, type Webhook } from '../../infra/db/tables/webhooks-table.js';

/** A webhook of the caller's account; another account's answers exactly like an unknown one (404). */
export const loadWebhook = async (db: Db, accountId: string, webhookId: string, options: { lock?: boolean } = {}): Promise<Webhook> => {
  const webhook = await readWebhook(db, accountId, webhookId, options);
  if (!webhook) throw new AppError('WEBHOOK_NOT_FOUND', `No webhook ${webhookId}.`);
  return webhook;
};
