import type { RouteModule } from '../route-module.js';
import { approveEnvelopeRoute } from './approve-envelope.js';
import { authenticateRecipientRoute } from './authenticate-recipient.js';
import { declineAsSignerRoute } from './decline-as-signer.js';
import { reassignRecipientRoute } from './reassign-recipient.js';
import { returnEnvelopeRoute } from './return-envelope.js';
import { sendAuthenticationCodeRoute } from './send-authentication-code.js';
import { signEnvelopeRoute } from './sign-envelope.js';
import { signingDocumentRoute } from './signing-document.js';
import { uploadSignerAttachmentRoute } from './upload-signer-attachment.js';
import { viewSigningPageRoute } from './view-signing-page.js';

/** The recipients' signing API (docs/concepts/signing.md, §12): public routes, the signing token is the credential. */
export const signingApiRoutes: RouteModule[] = [
  viewSigningPageRoute,
  signingDocumentRoute,
  signEnvelopeRoute,
  declineAsSignerRoute,
  uploadSignerAttachmentRoute,
  sendAuthenticationCodeRoute,
  authenticateRecipientRoute,
  approveEnvelopeRoute,
  reassignRecipientRoute,
  returnEnvelopeRoute,
];
