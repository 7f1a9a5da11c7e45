import type { BulkSendStatus } from '../../../domain/bulk-send.js';
import type { Db } from '../database.js';
import { lockForUpdate } from '../lock-for-update.js';
import { json, oneOf, rowCodec } from '../row-codec.js';
import type { BulkSendsTable } from '../schema.js';

/** A bulk send (migration 0029); `E` is the shape of the envelope settings its use cases store. */
export interface BulkSend<E = unknown> {
  id: string;
  accountId: string;
  templateId: string;
  userId: string | null;
  clientId: string;
  envelope: E;
  status: BulkSendStatus;
  total: number;
  step: number;
  ipAddress: string | null;
  userAgent: string | null;
  createdAt: string;
  completedAt: string | null;
  cancelledAt: string | null;
}

const bulkSendCodec = rowCodec<BulkSend, BulkSendsTable>({
  id: 'id',
  accountId: 'account_id',
  templateId: 'template_id',
  userId: 'user_id',
  clientId: 'client_id',
  envelope: ['envelope', json<unknown>()],
  status: ['status', oneOf<BulkSendStatus>()],
  total: 'total',
  step: 'step',
  ipAddress: 'ip_address',
  userAgent: 'user_agent',
  createdAt: 'created_at',
  completedAt: 'completed_at',
  cancelledAt: 'cancelled_at',
});

export const insertBulkSend = async <E>(db: Db, send: BulkSend<E>): Promise<void> => {
  await db.insertInto('bulk_sends').values(bulkSendCodec.toRow(send)).execute();
};

/** A bulk send, only of `accountId` when given (another account's reads as missing), locked until the transaction ends with `lock`. */
export const readBulkSend = async <E>(
  db: Db,
  id: string,
  options: { accountId?: string; lock?: boolean } = {},
): Promise<BulkSend<E> | undefined> => {
  let query = db.selectFrom('bulk_sends').selectAll().where('id', '=', id);
  if (options.accountId) query = query.where('account_id', '=', options.accountId);
  if (options.lock) query = lockForUpdate(db, query);
  const row = await query.executeTakeFirst();
  return row && (bulkSendCodec.fromRow(row) as BulkSend<E>);
};

/** Changes a send still in one of the `from` statuses; false when it was not (another process or a cancel got there first). */
export const updateBulkSendIn = async (
  db: Db,
  id: string,
  from: readonly BulkSendStatus[],
  changes: Partial<BulkSend>,
): Promise<boolean> => {
  const result = await db
    .updateTable('bulk_sends')
    .set(bulkSendCodec.toColumns(changes))
    .where('id', '=', id)
    .where('status', 'in', [...from])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
};

/** Moves a running send from job step `step` to the next; false when that step was already taken (a rerun after a crash). */
export const advanceBulkSendStep = async (db: Db, id: string, step: number): Promise<boolean> => {
  const result = await db
    .updateTable('bulk_sends')
    .set({ step: step + 1 })
    .where('id', '=', id)
    .where('step', '=', step)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
};

/** One page of an account's sends, newest first, and how many it has. */
export const readBulkSendPage = async (
  db: Db,
  accountId: string,
  offset: number,
  limit: number,
): Promise<{ sends: BulkSend[]; total: number }> => {
  const rows = await db
    .selectFrom('bulk_sends')
    .selectAll()
    .where('account_id', '=', accountId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  const { n } = await db
    .selectFrom('bulk_sends')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('account_id', '=', accountId)
    .executeTakeFirstOrThrow();
  return { sends: rows.map(bulkSendCodec.fromRow), total: Number(n) };
};
