import type { ApiFailure } from '../shared/api-failure.js';
import type { ApiData } from '../shared/api-types.js';

/** How a signer proves who they are before signing (docs/concepts/recipients.md). */
export type AuthenticationMethod = 'access_code' | 'sms';

export type SentCode = ApiData<'sendAuthenticationCode'>;

/** The method named in a RECIPIENT_AUTH_REQUIRED answer ("… (method: sms) …"), or null for any other failure. */
export const requiredAuthentication = (failure: ApiFailure): AuthenticationMethod | null => {
  const problem = failure.errors.find((error) => error.error_code === 'RECIPIENT_AUTH_REQUIRED');
  if (!problem) return null;
  return /method: sms\b/.test(problem.developer_message) ? 'sms' : 'access_code';
};
