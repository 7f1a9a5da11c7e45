import type { ApiBody, ApiData } from '../../shared/api-types.js';

/** The envelope operations the console reads (docs/concepts/envelopes.md), as the OpenAPI document defines them. */
export type EnvelopeListRequest = ApiBody<'listEnvelopes'>;
export type EnvelopeListPage = ApiData<'listEnvelopes'>;
export type EnvelopeDetails = ApiData<'getEnvelopeDetails'>;
export type SignerDetails = EnvelopeDetails['recipients']['signers'][number];
export type EnvelopeHistory = ApiData<'getEnvelopeHistory'>;
export type AuditLogs = ApiData<'getAuditLogs'>;

type EnvelopeStatus = NonNullable<NonNullable<EnvelopeListRequest['filters']>['status']>[number];

/** The status filter's choices, in the order of an envelope's life. */
export const ENVELOPE_STATUSES = [
  'Sent',
  'InProgress',
  'Completed',
  'Declined',
  'Cancelled',
  'Expired',
] as const satisfies readonly EnvelopeStatus[];
