/**
 * A bulk send (docs/api/bulk-sending.md): `queued` until its first batch of rows runs, `running`
 * while rows are left, then `completed` (every row created or failed) or `cancelled` (the rows not
 * yet created were stopped).
 */
export const BULK_SEND_STATUSES = ['queued', 'running', 'completed', 'cancelled'] as const;
export type BulkSendStatus = (typeof BULK_SEND_STATUSES)[number];

/** A row: `pending` until its envelope is created (`created`), its creation refused (`failed`) or its send cancelled (`cancelled`). */
export const BULK_ROW_STATES = ['pending', 'created', 'failed', 'cancelled'] as const;
export type BulkRowState = (typeof BULK_ROW_STATES)[number];

export const BULK_SEND_LIMITS = {
  /** Rows of one send. */
  maxRows: 10_000,
  /** A row's problems kept and answered: the first ones name what to fix, a row of thousands would only bury the others. */
  maxProblemsPerRow: 10,
} as const;

/** Whether the send is over: nothing more will be created, and its `bulk_send.completed` event has gone out. */
export const isBulkSendFinished = (status: BulkSendStatus): boolean => status === 'completed' || status === 'cancelled';

/** Only a send still creating envelopes can be cancelled. */
export const isBulkSendCancellable = (status: BulkSendStatus): boolean => !isBulkSendFinished(status);

/** How many rows of a send are in each state. */
export type BulkRowCounts = Record<BulkRowState, number>;

export const noRows = (): BulkRowCounts => ({ pending: 0, created: 0, failed: 0, cancelled: 0 });
