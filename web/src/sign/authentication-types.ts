import type { ApiFailure } from '../shared/api-failure.js';

/** How a signer proves who they are before signing (docs/concepts/recipients.md). */
export type AuthenticationMethod = 'access_code' | 'sms';

/** The answer of send_code. */
export interface SentCode {
  sent_to: string;
  expires_at: string;
  resend_at: string;
}

/** The method named in a RECIPIENT_AUTH_REQUIRED answer ("… (method: sms) …"), or null for any other failure. */
export const requiredAuthentication = (failure: ApiFailure): AuthenticationMethod | null => {
  const problem = failure.errors.find((error) => error.error_code === 'RECIPIENT_AUTH_REQUIRED');
  if (!problem) return null;
  return /method: sms\b/.test(problem.developer_message) ? 'sms' : 'access_code';
};
