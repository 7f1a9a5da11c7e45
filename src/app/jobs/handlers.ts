import type { JobHandlers } from './job-worker.js';
import { purgeUnusedUploads } from '../uploads/purge-unused-uploads.js';

/**
 * What each job kind does. Handlers must be idempotent: a job whose lease ran out (the process
 * died mid-way) runs again.
 */
export const jobHandlers: JobHandlers = {
  'send-invitation': async () => undefined,
  'send-reminder': async () => undefined,
  'send-cancellation': async () => undefined,
  'send-decline-notice': async () => undefined,
  'expire-envelope': async () => undefined,
  'auto-remind': async () => undefined,
  'complete-envelope': async () => undefined,
  'purge-uploads': (ctx) => purgeUnusedUploads(ctx),
};
