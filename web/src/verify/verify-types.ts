import type { Static } from 'typebox';
import type { FileVerdictBody, VerificationRecordBody } from '../../../src/http/routes/verification/verification.schema.js';

// The verification routes also serve the page itself and stay out of the OpenAPI document, so these bodies come
// from the routes' own schemas (the source the document is written from) instead of the generated types.

/** The public verification record of an envelope (docs/concepts/ledger.md). */
export type VerificationRecord = Static<typeof VerificationRecordBody>['data'];
export type FileVerdict = Static<typeof FileVerdictBody>['data'];
