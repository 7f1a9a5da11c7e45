import type { Problem } from '../../../domain/app-error.js';
import { noRows, type BulkRowCounts, type BulkRowState } from '../../../domain/bulk-send.js';
import type { Db } from '../database.js';
import { jsonOrNull, oneOf, rowCodec } from '../row-codec.js';
import type { BulkSendRowsTable } from '../schema.js';

/** One row of a bulk send's input (migration 0029); `I` is the shape its use cases store. */
export interface BulkSendRow<I = unknown> {
  bulkSendId: string;
  /** 1-based, in the order of the request's rows (a CSV's data rows). */
  position: number;
  state: BulkRowState;
  /** What the row asks for, until it is done. */
  input: I | null;
  envelopeId: string | null;
  /** Why it failed. */
  errors: Problem[] | null;
  doneAt: string | null;
}

const bulkSendRowCodec = rowCodec<BulkSendRow, BulkSendRowsTable>({
  bulkSendId: 'bulk_send_id',
  position: 'position',
  state: ['state', oneOf<BulkRowState>()],
  input: ['input', jsonOrNull<unknown>()],
  envelopeId: 'envelope_id',
  errors: ['errors', jsonOrNull<Problem[]>()],
  doneAt: 'done_at',
});

/** Rows per INSERT: 7 columns each stays far below SQLite's and PostgreSQL's parameter limits. */
const INSERT_CHUNK = 500;

export const insertBulkSendRows = async <I>(db: Db, rows: readonly BulkSendRow<I>[]): Promise<void> => {
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    await db
      .insertInto('bulk_send_rows')
      .values(rows.slice(start, start + INSERT_CHUNK).map((row) => bulkSendRowCodec.toRow(row)))
      .execute();
  }
};

/** The first `limit` rows still pending, in their order. */
export const readPendingRows = async <I>(db: Db, bulkSendId: string, limit: number): Promise<BulkSendRow<I>[]> => {
  const rows = await db
    .selectFrom('bulk_send_rows')
    .selectAll()
    .where('bulk_send_id', '=', bulkSendId)
    .where('state', '=', 'pending')
    .orderBy('position')
    .limit(limit)
    .execute();
  return rows.map((row) => bulkSendRowCodec.fromRow(row) as BulkSendRow<I>);
};

export const hasPendingRows = async (db: Db, bulkSendId: string): Promise<boolean> =>
  (await db
    .selectFrom('bulk_send_rows')
    .select('position')
    .where('bulk_send_id', '=', bulkSendId)
    .where('state', '=', 'pending')
    .limit(1)
    .executeTakeFirst()) !== undefined;

/**
 * Ends a pending row as created, failed or cancelled, forgetting its input. False when it was no
 * longer pending: another process created it, or the send was cancelled. On PostgreSQL a second
 * writer waits on the row's lock and then finds it done, so a row ends once.
 */
export const finishPendingRow = async (
  db: Db,
  bulkSendId: string,
  position: number,
  end: { state: Exclude<BulkRowState, 'pending'>; envelopeId?: string; errors?: Problem[]; at: string },
): Promise<boolean> => {
  const result = await db
    .updateTable('bulk_send_rows')
    .set({
      state: end.state,
      input: null,
      envelope_id: end.envelopeId ?? null,
      errors: end.errors ? JSON.stringify(end.errors) : null,
      done_at: end.at,
    })
    .where('bulk_send_id', '=', bulkSendId)
    .where('position', '=', position)
    .where('state', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
};

/** Cancels every row still pending; answers how many. */
export const cancelPendingRows = async (db: Db, bulkSendId: string, at: string): Promise<number> => {
  const result = await db
    .updateTable('bulk_send_rows')
    .set({ state: 'cancelled', input: null, done_at: at })
    .where('bulk_send_id', '=', bulkSendId)
    .where('state', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
};

/** Each send's rows by state, read from the state index. */
export const countBulkSendRows = async (db: Db, bulkSendIds: readonly string[]): Promise<Map<string, BulkRowCounts>> => {
  const counts = new Map(bulkSendIds.map((id) => [id, noRows()]));
  if (!bulkSendIds.length) return counts;
  const rows = await db
    .selectFrom('bulk_send_rows')
    .select((eb) => ['bulk_send_id', 'state', eb.fn.countAll<number | string>().as('n')])
    .where('bulk_send_id', 'in', [...bulkSendIds])
    .groupBy(['bulk_send_id', 'state'])
    .execute();
  for (const row of rows) {
    const count = counts.get(row.bulk_send_id);
    if (count) count[row.state as BulkRowState] = Number(row.n);
  }
  return counts;
};

/** The failed rows' problems, in row order. */
export const readFailedRows = async (db: Db, bulkSendId: string): Promise<{ position: number; errors: Problem[] }[]> => {
  const rows = await db
    .selectFrom('bulk_send_rows')
    .select(['position', 'errors'])
    .where('bulk_send_id', '=', bulkSendId)
    .where('state', '=', 'failed')
    .orderBy('position')
    .execute();
  return rows.map((row) => ({ position: row.position, errors: row.errors ? (JSON.parse(row.errors) as Problem[]) : [] }));
};
