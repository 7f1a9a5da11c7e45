import type { ApiData } from '../../shared/api-types.js';

/** A bulk send as `GET /bulk_sends/{id}` answers it, with its refused rows. */
export type BulkSend = ApiData<'getBulkSend'>;
/** A page of `GET /bulk_sends`. */
export type BulkSendPage = ApiData<'listBulkSends'>;
export type BulkSendStatus = BulkSend['status'];

/** Nothing more will be created: the pages stop asking. */
export const isFinished = (status: BulkSendStatus): boolean => status === 'completed' || status === 'cancelled';
