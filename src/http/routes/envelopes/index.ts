import type { RouteModule } from '../route-module.js';
import { cancelEnvelopeRoute } from './cancel-envelope.js';
import { correctEnvelopeRoute } from './correct-envelope.js';
import { createEnvelopeWithFilesRoute } from './create-envelope-with-files.js';
import { createEnvelopeWithTemplateRoute } from './create-envelope-with-template.js';
import { createEnvelopeRoute } from './create-envelope.js';
import { declineForSignerRoute } from './decline-for-signer.js';
import { deleteEnvelopeRoute } from './delete-envelope.js';
import { downloadDocumentRoute } from './download-document.js';
import { extendDueDateRoute } from './extend-due-date.js';
import { getAuditLogsRoute } from './get-audit-logs.js';
import { getEnvelopeDetailsRoute } from './get-envelope-details.js';
import { getEnvelopeHistoryRoute } from './get-envelope-history.js';
import { getEnvelopeUploadDocumentRoute } from './get-upload-document.js';
import { inPersonUrlRoute } from './in-person-url.js';
import { listEnvelopesRoute } from './list-envelopes.js';
import { remindSignerRoute } from './remind-signer.js';
import { resealEnvelopeRoute } from './reseal-envelope.js';
import { resendEnvelopeRoute } from './resend-envelope.js';
import { retrieveMetadataRoute } from './retrieve-metadata.js';
import { updateMetadataRoute } from './update-metadata.js';
import { uploadEnvelopeFileRoute } from './upload-file.js';

/** The envelope operations (docs/concepts/envelopes.md, §4): creation, reading, and what the sender does after sending. */
export const envelopeRoutes: RouteModule[] = [
  createEnvelopeRoute,
  uploadEnvelopeFileRoute,
  getEnvelopeUploadDocumentRoute,
  createEnvelopeWithFilesRoute,
  createEnvelopeWithTemplateRoute,
  getEnvelopeDetailsRoute,
  getEnvelopeHistoryRoute,
  getAuditLogsRoute,
  listEnvelopesRoute,
  updateMetadataRoute,
  retrieveMetadataRoute,
  downloadDocumentRoute,
  cancelEnvelopeRoute,
  declineForSignerRoute,
  remindSignerRoute,
  deleteEnvelopeRoute,
  extendDueDateRoute,
  resealEnvelopeRoute,
  correctEnvelopeRoute,
  resendEnvelopeRoute,
  inPersonUrlRoute,
];
