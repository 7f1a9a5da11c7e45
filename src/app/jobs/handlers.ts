import type { JobHandlers as WorkerHandlers } from '../../infra/jobs/job-worker.js';
import { completeEnvelope } from '../completion/complete-envelope.js';
import { deliverCompletion } from '../completion/deliver-completion.js';
import type { AppContext } from '../context.js';
import type { JobPayloads } from '../outbox.js';
import { autoRemind } from './auto-remind.js';
import { expireEnvelope } from './expire-envelope.js';
import { runMaintenance } from './maintenance.js';
import { runRetentionPurge } from './retention-purge.js';
import { sendAuthenticationCode } from './send-authentication-code.js';
import { sendCancellation } from './send-cancellation.js';
import { sendDeclineNotice } from './send-decline-notice.js';
import { sendGroupCompleteNotice } from './send-group-complete-notice.js';
import { sendInvitation } from './send-invitation.js';
import { sendReminder } from './send-reminder.js';
import { sendReassignNotice } from './send-reassign-notice.js';
import { sendReturnNotice } from './send-return-notice.js';
import { deliverWebhook } from '../webhooks/deliver-webhook.js';
import { sendWebhookDisabledNotice } from '../webhooks/send-webhook-disabled-notice.js';
import { sendPasswordReset } from '../passwords/send-password-reset.js';
import { sendLoginLink } from '../users/send-login-link.js';
import { sendUserInvitation } from '../users/send-user-invitation.js';
import { sendPublicLinkCode } from '../public-links/send-public-link-code.js';
import { runBulkSend } from '../bulk-sends/run-bulk-send.js';

export type JobHandlers = WorkerHandlers<AppContext, JobPayloads>;

/**
 * What each job kind does. Handlers must be idempotent: a job whose lease ran out (the process
 * died mid-way) runs again.
 */
export const jobHandlers: JobHandlers = {
  'send-invitation': sendInvitation,
  'send-reminder': sendReminder,
  'send-cancellation': sendCancellation,
  'send-decline-notice': sendDeclineNotice,
  'expire-envelope': expireEnvelope,
  'auto-remind': autoRemind,
  'complete-envelope': completeEnvelope,
  'deliver-completion': deliverCompletion,
  'purge-uploads': runMaintenance,
  'purge-documents': runRetentionPurge,
  'deliver-webhook': deliverWebhook,
  'send-webhook-disabled-notice': sendWebhookDisabledNotice,
  'send-user-invitation': sendUserInvitation,
  'send-login-link': sendLoginLink,
  'send-password-reset': sendPasswordReset,
  'send-authentication-code': sendAuthenticationCode,
  'send-reassign-notice': sendReassignNotice,
  'send-return-notice': sendReturnNotice,
  'send-public-link-code': sendPublicLinkCode,
  'send-group-complete-notice': sendGroupCompleteNotice,
  'run-bulk-send': runBulkSend,
};
