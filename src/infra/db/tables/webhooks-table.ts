import type { SubscribableEventType } from '../../../domain/webhook-events.js';
import type { Db } from '../database.js';
import { lockForUpdate } from '../lock-for-update.js';
import { bool, json, rowCodec } from '../row-codec.js';
import type { WebhooksTable } from '../schema.js';

/** An endpoint of an account that receives its events (docs/api/webhooks.md). Secrets only ever sealed (secret-box.ts). */
export interface Webhook {
  id: string;
  accountId: string;
  url: string;
  description: string;
  events: SubscribableEventType[];
  enabled: boolean;
  secretCiphertext: string;
  /** The secret before the last rotation, which still signs until previousSecretExpiresAt. */
  previousSecretCiphertext: string | null;
  previousSecretExpiresAt: string | null;
  /** When the first failed attempt since the last success happened; null while deliveries succeed. */
  failingSince: string | null;
  /** Why the service disabled it (null when enabled, or disabled through the API). */
  disabledReason: string | null;
  createdAt: string;
}

export const webhookCodec = rowCodec<Webhook, WebhooksTable>({
  id: 'id',
  accountId: 'account_id',
  url: 'url',
  description: 'description',
  events: ['events', json<SubscribableEventType[]>()],
  enabled: ['enabled', bool],
  secretCiphertext: 'secret_ciphertext',
  previousSecretCiphertext: 'previous_secret_ciphertext',
  previousSecretExpiresAt: 'previous_secret_expires_at',
  failingSince: 'failing_since',
  disabledReason: 'disabled_reason',
  createdAt: 'created_at',
});

export const insertWebhook = async (db: Db, webhook: Webhook): Promise<void> => {
  await db.insertInto('webhooks').values(webhookCodec.toRow(webhook)).execute();
};

/** A webhook of this account; undefined for an unknown id or another account's. */
export const readWebhook = async (db: Db, accountId: string, webhookId: string, options: { lock?: boolean } = {}) => {
  const query = db.selectFrom('webhooks').selectAll().where('id', '=', webhookId).where('account_id', '=', accountId);
  const row = await (options.lock ? lockForUpdate(db, query) : query).executeTakeFirst();
  return row && webhookCodec.fromRow(row);
};

export const readWebhookById = async (db: Db, webhookId: string, options: { lock?: boolean } = {}): Promise<Webhook | undefined> => {
  const query = db.selectFrom('webhooks').selectAll().where('id', '=', webhookId);
  const row = await (options.lock ? lockForUpdate(db, query) : query).executeTakeFirst();
  return row && webhookCodec.fromRow(row);
};

/** An account's webhooks, oldest first; `accountId` undefined lists every account's (the operator's CLI). */
export const readWebhooks = async (db: Db, accountId: string | undefined): Promise<Webhook[]> => {
  let query = db.selectFrom('webhooks').selectAll().orderBy('created_at').orderBy('id');
  if (accountId !== undefined) query = query.where('account_id', '=', accountId);
  return (await query.execute()).map(webhookCodec.fromRow);
};

/** What fan-out needs of an account's enabled webhooks: one read by the account's index, nothing when it has none. */
export const readEnabledSubscriptions = async (db: Db, accountId: string): Promise<{ id: string; events: SubscribableEventType[] }[]> =>
  (await db.selectFrom('webhooks').select(['id', 'events']).where('account_id', '=', accountId).where('enabled', '=', 1).execute()).map(
    (row) => ({ id: row.id, events: JSON.parse(row.events) as SubscribableEventType[] }),
  );

export const countWebhooks = async (db: Db, accountId: string): Promise<number> => {
  const row = await db
    .selectFrom('webhooks')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('account_id', '=', accountId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
};

export const updateWebhook = async (db: Db, webhookId: string, changes: Partial<Webhook>): Promise<void> => {
  await db.updateTable('webhooks').set(webhookCodec.toColumns(changes)).where('id', '=', webhookId).execute();
};

/** Forgets a webhook's failures (a delivery succeeded), and on re-enabling why it was disabled: nulls the codec's partial update leaves out. */
export const clearWebhookFailure = async (db: Db, webhookId: string, options: { reenabled?: boolean } = {}): Promise<void> => {
  await db
    .updateTable('webhooks')
    .set({ failing_since: null, ...(options.reenabled ? { disabled_reason: null } : {}) })
    .where('id', '=', webhookId)
    .execute();
};

export const deleteWebhookRow = async (db: Db, webhookId: string): Promise<void> => {
  await db.deleteFrom('webhooks').where('id', '=', webhookId).execute();
};
